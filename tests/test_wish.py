"""RULES.md section 12 (Wish) on CPython and MicroPython: its rules, refusals and random play."""

import json

import pytest

from cupcore import replay, selfplay, wish
from cupcore.notation import names

from cupkit.bench import greedy as bench_greedy
from cupkit.strategies import wish as strategy_wish

from conftest import load_scenarios, run_mp_json

SCENARIOS = load_scenarios("wish")


def _record(name):
    return [s for s in SCENARIOS if s["name"].startswith(name)][0]["record"]


def test_every_rule_has_scenarios():
    text = " ".join(s["name"] for s in SCENARIOS)
    for rule in ("the deal: eight piles", "pile 8 takes", "seeded deal", "cards under them turn up", "either order",
                 "10 is accepted", "face-down card", "set-aside card", "not in the pack", "unknown card",
                 "different ranks", "named twice", "unknown action", "three tops of one rank", "four tops",
                 "won: all eight piles", "empty pile shows no top", "lost: after a pair", "lost with no action",
                 "after the game is over", "after a win", "deck:", "params:", "dice are not taken"):
        assert rule in text, rule


def test_the_deck_is_32_cards_seven_to_ace():
    assert sorted(names(wish.full_deck(None))) == sorted(r + u for r in "789TJQKA" for u in "CDHS")


def test_three_tops_of_one_rank_give_every_two_of_them():
    game = replay.start(_record("three tops of one rank"))
    assert game.legal() == ["pair 9C 9D", "pair 9C 9H", "pair 9D 9H", "pair AD AS"]


def _state(game):
    return (bytes(game.deck), bytes(game.left), game.over, game.winner, game.count, json.dumps(game.summary()))


def test_rejected_action_leaves_state_untouched():
    full = names(wish.full_deck(None))
    for seed in range(6):
        rec = selfplay.play("wish", 1, seed)
        for n in range(len(rec["actions"]) + 1):
            game = replay.load(dict(rec, actions=rec["actions"][:n]))
            before = _state(game)
            legal = game.legal()
            for a in ["", "pair", "pair AC", "pair 2C 2D", "pair ZZ AC", "wish", "pair AC AD AH"] + \
                    ["pair %s %s" % (a, b) for a in full for b in full]:
                w = a.split()
                if len(w) == 3 and ("pair %s %s" % (w[1], w[2]) in legal or "pair %s %s" % (w[2], w[1]) in legal):
                    continue  # legal, in either order
                with pytest.raises(ValueError):
                    game.apply(a)
                assert _state(game) == before, a


def test_random_play_keeps_the_rules():
    for seed in range(300):
        rec = selfplay.play("wish", 1, seed)
        game = replay.start(rec)
        seen = set()
        for a in rec["actions"]:
            s = game.summary()
            assert not s["over"] and a in game.legal()
            game.apply(a)
            gone = a.split()[1:]
            assert not seen & set(gone) and gone[0][:1] == gone[1][:1]
            seen |= set(gone)
        s = game.summary()
        assert s["over"] and s["score"] == len(seen) == 32 - sum(s["piles"])
        tops = [t for t in s["tops"] if t]
        assert len(tops) == len([k for k in s["piles"] if k])
        assert (s["result"] == "won") == (s["score"] == 32) == (s["winner"] == 0)
        assert s["result"] == "won" or len(set(t[0] for t in tops)) == len(tops)


def test_records_replay_identically_on_micropython(image):
    code = ("import json\nfrom cupcore import replay, selfplay\n"
            "for s in range(%d):\n"
            "    rec = selfplay.play('wish', 1, s)\n"
            "    print(json.dumps([rec['actions'], replay.run(rec)]))\n")
    got = run_mp_json(image, code % 12)
    want = []
    for s in range(12):
        rec = selfplay.play("wish", 1, s)
        want.append([rec["actions"], replay.run(rec)])
    assert got == json.loads(json.dumps(want))


def test_greedy_player_wins_some_and_plays_only_legal_moves():
    r = bench_greedy.run("wish", 200)
    assert 0 < r["won"] < 200 and r["levels"] == {} and r["ranks"] == {}
    assert sum(r["scores"].values()) == 200 and r["scores"][32] == r["won"]
    game = replay.start({"pack": "wish", "players": 1, "seed": 3})
    while not game.over:
        a = strategy_wish.choose(game)
        assert a in game.legal()
        game.apply(a)
