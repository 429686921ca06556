"""Liar's Dice (RULES.md section 10) beyond the scenarios: no cup but a player's own reaches them before
the call, and the odds of a bid are exact."""

import itertools
from fractions import Fraction
from math import comb

import pytest

from cupcore import replay, selfplay

WRONG = ("roll", "bid", "bid 0 4", "bid 21 4", "bid 3 7", "bid 3 1", "bid 1 2", "bid x 4", "liar 2", "call", "")


def _errors(game):
    out = []
    for bad in WRONG:
        if bad in game.legal():
            continue
        try:
            game.apply(bad)
            out.append(None)
        except ValueError as e:
            out.append(str(e))
    return out


def _with_cup(dice, seat, faces):
    """The stacked dice with seat's cup (5 dice each, rolled in seat order) replaced."""
    d = list(dice)
    d[seat * 5:seat * 5 + 5] = faces
    return d


@pytest.mark.parametrize("seed", range(6))
def test_a_round_in_progress_shows_each_player_only_their_own_cup(seed):
    """Changing one player's cup changes nothing another player can see, do or be told before the call."""
    rec = selfplay.play("liars-dice", 4, seed)
    acts = rec["actions"]
    end = acts.index("liar")  # the first round, up to the call
    first = replay.load(dict(rec, actions=acts[:1]))
    dice = [f for c in first.cups for f in c]
    for other in range(4):
        a = replay.start({"pack": "liars-dice", "players": 4, "dice": dice, "actions": []})
        b = replay.start({"pack": "liars-dice", "players": 4, "dice": _with_cup(dice, other, [6, 1, 6, 1, 6]),
                          "actions": []})
        for act in acts[:end]:
            a.apply(act)
            b.apply(act)
            assert a.summary() == b.summary() and a.legal() == b.legal()
            assert _errors(a) == _errors(b)
            for seat in range(4):
                if seat != other:
                    assert a.view(seat) == b.view(seat)
                    if a.turn == seat:
                        assert a.odds(4, 3) == b.odds(4, 3)
            assert "cup" not in a.summary() and a.summary()["revealed"] is None
        assert a.view(other)["cup"] == dice[other * 5:other * 5 + 5]
        assert b.view(other)["cup"] == [6, 1, 6, 1, 6]
        a.apply("liar")
        b.apply("liar")
        assert a.summary()["revealed"][other] == dice[other * 5:other * 5 + 5]
        assert b.summary()["revealed"][other] == [6, 1, 6, 1, 6]


def test_the_summary_of_a_game_in_progress_never_holds_a_cup():
    for seed in range(20):
        rec = selfplay.play("liars-dice", 4, seed)
        game = replay.start(rec)
        for act in rec["actions"]:
            game.apply(act)
            s = game.summary()
            assert s["last_roll"] is None and "cup" not in s
            if game.cups is not None and not game.over:
                assert s["revealed"] is None or s["revealed"] != game.cups


def _brute(own, n, q, f, wild):
    """The share of all 6^n faces of the unseen dice for which the bid holds, by listing them."""
    hit = lambda x: x == f or wild and x == 1  # noqa: E731
    k = sum(map(hit, own))
    ways = sum(1 for faces in itertools.product(range(1, 7), repeat=n) if k + sum(map(hit, faces)) >= q)
    return ways, 6 ** n


@pytest.mark.parametrize("wild", [True, False])
def test_odds_are_exact(wild):
    for players, dice in ((2, 2), (2, 3), (3, 2)):
        n = players * dice
        for seed in range(4):
            g = replay.start({"pack": "liars-dice", "players": players, "seed": seed,
                              "params": {"dice": dice, "wild": wild}, "actions": []})
            g.apply("roll")
            own = g.view(g.turn)["cup"]
            for q in range(1, n + 1):
                for f in range(2 if wild else 1, 7):
                    assert g.odds(q, f) == _brute(own, n - dice, q, f, wild), (own, q, f)


def test_odds_for_a_full_table_by_the_binomial_formula():
    g = replay.load({"pack": "liars-dice", "players": 6, "seed": 3, "actions": ["roll"]})
    own = g.view(0)["cup"]
    for q in (1, 5, 10, 15, 30):
        k = q - sum(1 for x in own if x in (4, 1))
        p = Fraction(1, 3)
        want = sum(comb(25, j) * p ** j * (1 - p) ** (25 - j) for j in range(max(k, 0), 26))
        ways, total = g.odds(q, 4)
        assert Fraction(ways, total) == want
    assert replay.start({"pack": "liars-dice", "players": 2, "actions": []}).odds(1, 4) is None
