"""RULES.md section 6 (The Bogey) on CPython and MicroPython, properties of random play, the greedy player."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cupcore import bogey, replay, selfplay
from cupcore.notation import card, names
from cupcore.rng import Rng

from cupkit.bench import greedy as bench_greedy
from cupkit.strategies import bogey as strategy_bogey

from conftest import load_scenarios, run_mp_json, stacked_with_shuffles

SCENARIOS = load_scenarios("bogey")
FULL = sorted(names(bogey.full_deck(None)))


def test_every_rule_has_scenarios():
    text = " ".join(s["name"] for s in SCENARIOS)
    for rule in ("opening hand is the first 5", "opening hand of 4", "seed's shuffle", "starts column c1",
                 "lower card of the suit below", "gaps are allowed", "in the order they were started",
                 "another suit", "higher card may not", "bottom of a column", "does not exist", "max_columns",
                 "only a card in the hand", "10 is accepted", "discard C", "end at once is a pass",
                 "Bogey turns the next card", "must be placed before", "place without a Bogey card",
                 "place new", "place cN", "drawn up to 5", "draws up to 4", "no legal place", "lost:",
                 "game is over", "level epic", "best one whose column count", "same column count",
                 "level null", "leaves the hand short", "end needs a card for the Bogey",
                 "discards are shuffled into a new deck", "from the seed", "deck: a missing card",
                 "next shuffles list", "is an error of the action that reshuffles", "not among the discards",
                 "a bad list is a bad record", "an old record without the field",
                 "params: levels"):
        assert rule in text, rule


def test_the_epic_deal_is_a_stacked_win():
    won = [s for s in SCENARIOS if "level epic" in s["name"]][0]
    assert len(won["record"]["deck"]) == 52 and len(won["record"]["actions"]) > 52
    assert replay.run(won["record"])["level"] == "epic"


def _state(game):
    return (bytes(game.t), bytes(game.deck), game.levels, game.over, game.winner, game.count,
            game.rng._z, game.rng._w, json.dumps(game.summary()))


BAD = ("", "jump", "play", "play KS", "play KS c1 c2", "play ZZ new", "play AS c0", "play AS c99", "play AS cx",
       "discard", "discard ZZ", "end now", "place", "place c1 c2", "place c0", "place c13", "place x", "10",
       "play 10 new", "discard 1S")


def test_rejected_action_leaves_state_untouched():
    """Mid-game, in both phases and with the deck about to be reshuffled: nothing changes on a refusal."""
    rec = selfplay.play("bogey", 1, 4)
    for n in range(len(rec["actions"]) + 1):
        game = replay.load(dict(rec, actions=rec["actions"][:n]))
        before = _state(game)
        legal = game.legal()
        hand = game.summary()["hand"]
        tries = list(BAD) + ["play %s c%d" % (h, k) for h in hand for k in range(1, 13)]
        tries += ["play %s new" % h for h in hand] + ["place c%d" % k for k in range(1, 13)] + ["place new", "end"]
        tries += ["discard %s" % c for c in FULL if c not in hand]
        for a in tries:
            if a in legal:
                continue
            with pytest.raises(ValueError):
                game.apply(a)
            assert _state(game) == before, a


def test_end_with_nothing_for_the_bogey_does_not_reshuffle():
    hold = [s for s in SCENARIOS if s["name"].startswith("end needs a card")][0]["record"]
    game = replay.load(dict(hold, actions=hold["actions"][:-1]))
    before = _state(game)
    with pytest.raises(ValueError, match="the Bogey has no card"):
        game.apply("end")
    assert _state(game) == before


def _check_invariants(game, params):
    s = game.summary()
    cols = s["columns"]
    seen = [c for col in cols for c in col] + s["hand"] + ([s["bogey"]] if s["bogey"] else [])
    assert len(seen) == len(set(seen))
    # All 52 cards are accounted for: on the table, in the hand, the Bogey's, in the deck or the discards.
    assert len(seen) + s["deck"] + s["discards"] == 52
    assert len(cols) <= params["max_columns"]
    assert len(s["hand"]) <= params["hand"]
    for col in cols:
        ints = [card(c) for c in col]
        assert len(set(c >> 4 for c in ints)) == 1, col
        assert all(a & 15 > b & 15 for a, b in zip(ints, ints[1:])), col
    if s["over"]:
        assert s["result"] in ("won", "lost") and game.legal() == []
        assert (s["result"] == "won") == (len(seen) == 52 and not s["bogey"])
    else:
        assert s["result"] is None and game.legal()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 30 - 1), hand=st.integers(1, 10), most=st.integers(4, 12),
       end_weight=st.integers(0, 3))
def test_random_legal_play_keeps_the_rules_and_ends(seed, hand, most, end_weight):
    params = {"hand": hand, "max_columns": most}
    game = replay.start({"pack": "bogey", "players": 1, "seed": seed, "params": params})
    rng = Rng(seed ^ 0x155)
    bound = 52 * (hand + 2) + hand  # each `end` puts a card down; between them each action uses a hand card
    steps = 0
    while not game.over:
        legal = game.legal()
        assert len(set(legal)) == len(legal)
        # Sometimes favour `end`, so that games with long waits and reshuffles are covered too.
        a = "end" if "end" in legal and rng.below(4) < end_weight else legal[rng.below(len(legal))]
        game.apply(a)
        steps += 1
        assert steps <= bound
        _check_invariants(game, params)


def test_places_helper_matches_legal():
    for seed in range(30):
        rec = selfplay.play("bogey-hard", 1, seed)
        game = replay.start(rec)
        for a in rec["actions"]:
            legal = set(game.legal())
            s = game.summary()
            if s["bogey"]:
                want = {"place c%d" % k if k else "place new" for k in game.places(card(s["bogey"]))}
                assert want == legal
            else:
                for h in s["hand"]:
                    want = {"play %s c%d" % (h, k) if k else "play %s new" % h for k in game.places(card(h))}
                    assert want == {x for x in legal if x.startswith("play %s " % h)}
            game.apply(a)


def test_places_and_random_play_on_micropython(image):
    """The screen helper and whole self-play games agree with CPython on the unix port."""
    code = ("import json\nfrom cupcore import replay, selfplay\n"
            "for p, s in %r:\n"
            "    rec = selfplay.play(p, 1, s)\n"
            "    g = replay.load(rec)\n"
            "    print(json.dumps([rec['actions'], g.summary(), [g.places(c) for c in range(1, 62) if c & 15 and c & 15 < 14]]))\n")
    cases = [("bogey", s) for s in range(4)] + [("bogey-hard", s) for s in range(4)]
    got = run_mp_json(image, code % cases)
    want = []
    for p, s in cases:
        rec = selfplay.play(p, 1, s)
        g = replay.load(rec)
        want.append([rec["actions"], g.summary(), [g.places(c) for c in range(1, 62) if c & 15 and c & 15 < 14]])
    assert got == json.loads(json.dumps(want))


def test_greedy_player_wins_some_and_plays_only_legal_moves():
    for pack in ("bogey", "bogey-hard"):
        r = bench_greedy.run(pack, 40)
        assert 0 < r["won"] < 40
        assert sum(r["levels"].values()) == r["won"]
        assert set(r["levels"]) <= {"epic", "legendary", "advanced", "normal", "novice"}
    game = replay.start({"pack": "bogey", "players": 1, "seed": 3})
    while not game.over:
        a = strategy_bogey.choose(game)
        assert a in game.legal()
        game.apply(a)


def _captured(pack, seed):
    """A seeded greedy game (it discards, so the deck is reshuffled), and the same game stacked: its deal and
    every reshuffle it made as lists."""
    rec = {"pack": pack, "players": 1, "seed": seed, "actions": []}
    game = replay.start(rec)
    while not game.over:
        rec["actions"].append(strategy_bogey.choose(game))
        game.apply(rec["actions"][-1])
    return rec, stacked_with_shuffles(rec, "bogey", "cupcore.cards")


def test_a_seeded_game_stacked_with_its_reshuffles_replays_alike_from_another_seed():
    n = 0
    for seed in range(12):
        rec, stacked = _captured("bogey-hard", seed)
        n += len(stacked["shuffles"])
        assert replay.run(stacked) == replay.run(rec)
    assert n


def test_a_reshuffle_that_does_not_match_changes_nothing():
    for s in SCENARIOS:
        if s["name"].startswith("shuffles:") and s.get("error", "").startswith("action"):
            rec = s["record"]
            game = replay.load(dict(rec, actions=rec["actions"][:-1]))
            before = _state(game), [bytes(x) for x in game.rng.stack]
            with pytest.raises(ValueError, match="shuffles: card"):
                game.apply(rec["actions"][-1])
            assert (_state(game), [bytes(x) for x in game.rng.stack]) == before


def test_stacked_reshuffles_replay_alike_on_micropython(image):
    recs = [_captured("bogey-hard", s)[1] for s in range(4)]
    code = "import json\nfrom cupcore import replay\nfor r in json.loads(%r):\n    print(json.dumps(replay.run(r)))\n"
    assert run_mp_json(image, code % json.dumps(recs)) == json.loads(json.dumps([replay.run(r) for r in recs]))
