"""RULES.md section 9's scoring, exact for every roll: Dix Mille's best split of the kept dice and
Poker Dice's hands (with and without wild aces), each against a second, plainly written model, over
all 6^1..6^6 (Dix Mille) and 6^5 (Poker Dice) rolls on CPython, and every multiset on the unix port.
"""

import itertools
import json
from collections import Counter
from functools import lru_cache

import pytest

from cupcore import dixmille, generala, pokerdice

from conftest import run_mp_json

# --- Dix Mille: every combination as a multiset, and a search over every way to split the dice.

COMBOS = [((1,), 100), ((5,), 50), ((1, 2, 3, 4, 5, 6), 1500)]
for _f in range(1, 7):
    for _n in range(3, 7):
        COMBOS.append(((_f,) * _n, (1000 if _f == 1 else 100 * _f) * 2 ** (_n - 3)))
    for _g in range(1, 7):
        if _g != _f:
            COMBOS.append(((_f,) * 3 + (_g,) * 2, 1500))
for _a, _b, _c in itertools.combinations(range(1, 7), 3):
    COMBOS.append(((_a, _a, _b, _b, _c, _c), 1000))


def _take(dice, combo):
    rest = list(dice)
    for f in combo:
        if f not in rest:
            return None
        rest.remove(f)
    return tuple(rest)


@lru_cache(maxsize=None)
def best_split(dice):
    """The most the sorted dice score with every die in one combination; None when they cannot."""
    if not dice:
        return 0
    best = None
    for combo, value in COMBOS:
        rest = _take(dice, combo)
        if rest is not None:
            r = best_split(rest)
            if r is not None and (best is None or value + r > best):
                best = value + r
    return best


@lru_cache(maxsize=None)
def model_scores(dice):
    """Some of the sorted dice score."""
    return any(best_split(tuple(sorted(sub))) for n in range(1, len(dice) + 1)
               for sub in itertools.combinations(dice, n))


def test_dix_mille_best_split_for_every_roll_of_one_to_six_dice():
    for n in range(1, 7):
        for roll in itertools.product(range(1, 7), repeat=n):
            want = best_split(tuple(sorted(roll))) or 0
            assert dixmille.score(dixmille.counts(roll)) == want, roll
            assert bool(dixmille.scores(dixmille.counts(roll))) == model_scores(tuple(sorted(roll))), roll


@pytest.mark.parametrize("dice,points", [
    ((1, 1, 1, 5, 5, 5), 1600),  # a full house of 5s over 1s and a single 1 beats two threes (1500)
    ((1, 1, 1, 1, 2, 2), 1600),  # full house 1-1-1 2-2 and a single 1; four 1s would leave the 2s
    ((2, 2, 2, 3, 3, 3), 500),  # two threes of a kind: no full house covers every die
    ((2, 2, 2, 2, 3, 3), 0),  # three pairs must be distinct faces; four 2s leave the 3s
    ((2, 2, 3, 3, 4, 4), 1000), ((1, 2, 3, 4, 5, 6), 1500), ((1, 1, 1, 1, 1, 1), 8000),
    ((6, 6, 6, 6, 6), 2400), ((5, 5, 5, 5), 1000), ((1, 5), 150), ((1, 5, 2), 0)])
def test_dix_mille_known_splits(dice, points):
    assert dixmille.score(dixmille.counts(dice)) == points


# --- Poker Dice: a hand as (rank, group faces), by the shape of its groups; wild aces tried as every face.

SHAPES = {(5,): 8, (4, 1): 7, (3, 2): 6, (3, 1, 1): 4, (2, 2, 1): 3, (2, 1, 1, 1): 2, (1, 1, 1, 1, 1): 1}


def model_hand(dice):
    groups = sorted(Counter(dice).items(), key=lambda fc: (fc[1], fc[0]), reverse=True)
    rank = SHAPES[tuple(n for _, n in groups)]
    if sorted(dice) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        rank = 5
    return rank, tuple(f for f, _ in groups)


def model_wild(dice):
    aces = [i for i in range(5) if dice[i] == 6]
    best = None
    for faces in itertools.product(range(1, 7), repeat=len(aces)):
        d = list(dice)
        for i, f in zip(aces, faces):
            d[i] = f
        h = model_hand(d)
        best = h if best is None or h > best else best
    return best


@pytest.mark.parametrize("wild", [False, True])
def test_poker_dice_orders_every_roll_as_the_model_does(wild):
    """The engine's score is a strictly increasing function of the model's hand, over all 6^5 rolls."""
    model = model_wild if wild else model_hand
    seen = {}
    for roll in itertools.product(range(1, 7), repeat=5):
        want = model(roll)
        got = pokerdice.hand(list(roll), wild)
        assert seen.setdefault(want, got) == got, roll
        assert pokerdice.name(got) == pokerdice.NAMES[want[0] - 1], roll
    keys = sorted(seen)
    assert [seen[k] for k in keys] == sorted(set(seen.values())), "same order, and equal only when equal"


@pytest.mark.parametrize("dice,wild,score", [
    ((5, 5, 5, 1, 1), False, 655511), ((6, 5, 4, 3, 2), False, 565432), ((1, 2, 3, 4, 5), False, 554321),
    ((1, 2, 3, 4, 6), False, 164321), ((6, 6, 6, 6, 6), True, 866666), ((6, 5, 5, 5, 2), True, 755552),
    ((6, 5, 5, 2, 2), True, 655522), ((6, 1, 2, 3, 5), True, 554321), ((6, 6, 2, 3, 4), True, 565432),
    ((6, 6, 5, 5, 5), True, 855555), ((6, 4, 4, 3, 2), True, 444432)])
def test_poker_dice_known_hands(dice, wild, score):
    assert pokerdice.hand(list(dice), wild) == score


# --- Generala's categories, against their plain definitions.

def test_generala_points_for_every_roll():
    for roll in itertools.product(range(1, 7), repeat=5):
        c = Counter(roll)
        shape = sorted(c.values())
        want = [roll.count(f) * f for f in range(1, 7)] + [
            20 if sorted(roll) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) else 0,
            30 if shape == [2, 3] else 0, 40 if max(shape) >= 4 else 0,
            60 if shape == [5] else 0, (120 if shape == [5] else 0), 0]
        got = [generala.points(roll, k, 60, 120) for k in range(11)] + [generala.points(roll, 10, 60, None)]
        assert got == want, roll


# --- The unix port gives the same scores for every multiset.

MP_SCORES = """import json
from cupcore import dixmille, pokerdice
for d in json.loads(%r):
    c = dixmille.counts(d)
    print(json.dumps([dixmille.score(c), bool(dixmille.scores(c)),
                      pokerdice.hand(d, False) if len(d) == 5 else 0, pokerdice.hand(d, True) if len(d) == 5 else 0]))
"""


def test_scores_on_micropython_match(image):
    dice = [list(m) for n in range(1, 7) for m in itertools.combinations_with_replacement(range(1, 7), n)]
    got = run_mp_json(image, MP_SCORES % json.dumps(dice))
    c = dixmille.counts
    assert got == [[dixmille.score(c(d)), bool(dixmille.scores(c(d))), pokerdice.hand(d, False) if len(d) == 5 else 0,
                    pokerdice.hand(d, True) if len(d) == 5 else 0] for d in dice]
