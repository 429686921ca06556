"""RULES.md section 12 (The Shooting Party) on CPython and MicroPython: rules, refusals, stacked shuffles."""

import json

import pytest

from cupcore import party, replay, selfplay
from cupcore.notation import names

from cupkit.bench import greedy as bench_greedy
from cupkit.strategies import party as strategy_party

from conftest import load_scenarios, run_mp_json, stacked_with_shuffles

SCENARIOS = load_scenarios("party")
FULL = names(party.full_deck(None))


def _record(name):
    return [s for s in SCENARIOS if s["name"].startswith(name)][0]["record"]


def test_every_rule_has_scenarios():
    text = " ".join(s["name"] for s in SCENARIOS)
    for rule in ("33 cards", "6 is not", "second joker", "seed's shuffle", "first 4 cards", "ace drawn is displayed",
                 "a replacement ace too", "displayed before any etiquette", "spouses: a queen and the king",
                 "waits for the player's choice", "spouse queen:", "spouse jack:", "any other action is refused",
                 "no spouse waits", "the one that arrived first", "spouses come before anonymity",
                 "anonymity: of two queens", "higher in the draw pile", "attaches: two jacks", "joker is not a jack",
                 "anonymity comes before attaches", "contact: a lone queen", "ace of her suit goes with her",
                 "another suit stays", "contact is automatic", "draw: with 5 or fewer", "grow to 7",
                 "refused with 6", "once both cards are in the hand", "exactly two cards of one suit",
                 "two cards of one rank", "three cards of one rank", "legal discards", "three cards of one suit",
                 "different suits and ranks", "one card is refused", "not in the hand", "named twice",
                 "never part of a discard", "stays empty", "butler: the joker is discarded alone",
                 "joker is not in the hand", "butler take C: the joker", "before the action", "settled like any",
                 "butler ace C: the joker", "shuffle comes from the seed", "not in the draw pile", "not an ace",
                 "exactly the draw pile's cards", "missing a card", "leave: the whole hand", "empty hand too",
                 "refused while a spouse", "unknown actions", "params:", "dice are not taken", "reshuffle: the draw",
                 "reshuffle: with no shuffles list", "is an error of the action", "this very draw",
                 "not rebuilt while", "third exhaustion: the game is over", "no action after the game is over",
                 "no etiquette rule applies after it", "score pile with her queen", "expert spymaster",
                 "left over at the end", "novice double-agent", "shuffles: not a list", "shuffles: an unknown",
                 "shuffles: a card not in", "shuffles: a card twice", "never a shuffles list"):
        assert rule in text, rule


def test_the_deck_is_33_cards():
    assert sorted(FULL) == sorted([r + u for r in "A2345JQK" for u in "CDHS"] + ["JK"])


def _state(game):
    return (bytes(game.deck), game.top, bytes(game.hand), bytes(game.revealed), bytes(game.discards),
            bytes(game.scores), game.rounds, game.choosing, game.over, game.winner, game.count, game.rng._z, game.rng._w,
            [bytes(s) for s in game.rng.stack], json.dumps(game.summary()))


BAD = ["", "draw 2", "discard", "discard ZZ", "discard JK", "butler take", "butler take ZZ", "butler ace",
       "butler ace 2C", "butler ace ZZ", "butler jack", "spouse", "spouse king", "leave now", "shoot"]


def _tries(game):
    s = game.summary()
    out = list(BAD) + ["spouse queen", "spouse jack", "draw", "butler", "leave"]
    out += ["discard %s %s" % (a, b) for a in FULL for b in FULL]
    out += ["discard %s %s %s" % (a, b, c) for a in s["hand"] for b in s["hand"] for c in FULL]
    out += ["butler take " + c for c in FULL] + ["butler ace " + c for c in FULL]
    return out


def test_rejected_action_leaves_state_untouched():
    for seed in (0, 5):
        rec = selfplay.play("shooting-party", 1, seed)
        for n in range(0, len(rec["actions"]) + 1, 3):
            game = replay.load(dict(rec, actions=rec["actions"][:n]))
            before = _state(game)
            legal = game.legal()
            for a in _tries(game):
                w = a.split()
                if w[:1] == ["discard"] and sorted(w) != w and "discard " + " ".join(sorted(w[1:])) in legal:
                    continue
                if a in legal or (w[:1] == ["discard"] and any(sorted(x.split()) == sorted(w) for x in legal)):
                    continue
                with pytest.raises(ValueError):
                    game.apply(a)
                assert _state(game) == before, a


def test_a_shuffle_that_does_not_match_changes_nothing():
    """The action that makes a mismatched shuffle has no effect at all, and its list stays unused."""
    for name in ("reshuffle: a shuffles list that is not", "butler ace C: the shuffles list must",
                 "butler ace C: a shuffles list missing"):
        rec = _record(name)
        game = replay.load(dict(rec, actions=rec["actions"][:-1]))
        before = _state(game)
        with pytest.raises(ValueError, match="shuffles: card"):
            game.apply(rec["actions"][-1])
        assert _state(game) == before


def _check(game):
    s = game.summary()
    places = s["hand"] + s["displayed"] + s["scored"]
    assert len(set(places)) == len(places) and len(places) + s["deck"] + s["discards"] == 33
    assert sorted(names(game.deck[game.top:]) + names(game.discards) + places) == sorted(FULL)
    assert 0 <= s["reshuffles"] <= 2 and s["communiques"] <= s["contacts"] <= 4
    sc = s["scored"]
    for i, c in enumerate(sc):
        assert c[0] == "Q" or (c[0] == "A" and i and sc[i - 1] == "Q" + c[1])
    assert s["score"] == len(sc) and s["contacts"] == len([c for c in sc if c[0] == "Q"])
    assert all(c[0] == "A" for c in s["displayed"])
    hand = s["hand"]
    if s["over"]:
        assert s["result"] == ("won" if s["contacts"] == 4 else "lost") and game.legal() == []
        assert s["rank"].count(" ") == 1 and (s["result"] == "won") == (s["winner"] == 0)
        return
    assert s["result"] is None and s["rank"] is None and "A" not in [c[0] for c in hand] and len(hand) <= 7
    queens = [c for c in hand if c[0] == "Q"]
    if s["choice"] is not None:
        u = s["choice"]
        assert {"Q" + u, "K" + u, "J" + u} <= set(hand) and game.legal() == ["spouse queen", "spouse jack"]
        return
    assert len(queens) <= 1 and len([c for c in hand if c[0] == "J" and c != "JK"]) <= 1 and (hand != queens or not hand)
    assert not [q for q in queens if "K" + q[1] in hand]
    assert game.legal()[-1] == "leave"


def test_random_play_keeps_the_rules():
    for seed in range(200):
        rec = selfplay.play("shooting-party", 1, seed)
        game = replay.start(rec)
        _check(game)
        for a in rec["actions"]:
            legal = game.legal()
            assert len(set(legal)) == len(legal) and a in legal
            game.apply(a)
            _check(game)


def _captured(seed):
    """A seeded random game, and the same game stacked: its deal and every shuffle it made as lists."""
    rec = selfplay.play("shooting-party", 1, seed)
    return rec, stacked_with_shuffles(rec, "party", "cupcore.party")


def test_a_seeded_game_stacked_with_its_shuffles_replays_alike_from_another_seed():
    for seed in range(20):
        rec, stacked = _captured(seed)
        assert stacked["shuffles"]
        assert replay.run(stacked) == replay.run(rec)


def test_records_replay_identically_on_micropython(image):
    recs = [selfplay.play("shooting-party", 1, s) for s in range(10)] + [_captured(s)[1] for s in range(3)]
    recs += [s["record"] for s in SCENARIOS if "expect" in s]
    code = ("import json\nfrom cupcore import replay, selfplay\n"
            "for s in range(10):\n"
            "    print(json.dumps(selfplay.play('shooting-party', 1, s)))\n"
            "for r in json.loads(%r):\n"
            "    print(json.dumps(replay.run(r)))\n")
    got = run_mp_json(image, code % json.dumps(recs))
    assert got[:10] == json.loads(json.dumps(recs[:10]))
    assert got[10:] == json.loads(json.dumps([replay.run(r) for r in recs]))


def test_greedy_player_wins_some_and_plays_only_legal_moves():
    r = bench_greedy.run("shooting-party", 300)
    assert 0 < r["won"] < 300 and sum(r["ranks"].values()) == 300
    assert r["ranks"].get("expert spymaster", 0) + r["ranks"].get("proficient spymaster", 0) <= r["won"]
    for seed in range(20):
        game = replay.start({"pack": "shooting-party", "players": 1, "seed": seed})
        while not game.over:
            a = strategy_party.choose(game)
            assert a in game.legal()
            game.apply(a)
