"""The cup's player for Generala (RULES.md section 9).

A heuristic by expected value, cheap enough for the device. Each free box has a
par (_PAR: about what it is worth when kept for later); writing the dice into a
box is worth its points less its par. With rolls left it weighs standing (the
best box now) against a few ways to reroll:
- keep every die of one face and chase more of it (its box, four of a kind,
  Generala), the count it ends with binomial from the chance a rerolled die
  shows the face within the rolls left (cupcore.bots.binom, per mille);
- keep one die of each face of 1-5 or 2-6 and chase the straight (_STRAIGHT:
  the chance to fill m missing faces within the rolls left);
- keep two pairs and chase the full house.
No chance: the same view gives the same action on every port.
"""

from cupcore.bots import binom
from cupcore.generala import _SCORE


_PAR = const((2, 5, 8, 11, 14, 17, 12, 18, 14, 12, 5))  # per box, in the sheet's order
_STRAIGHT = const(((1000, 167, 56, 28, 19, 15), (1000, 306, 164, 115, 96, 89)))  # per mille, m missing, r rolls
_FULL = const((333, 556))  # per mille: two pairs become a full house within r rolls


def move(params, view):
    left = view["rolls_left"]
    if left == 3:
        return "roll"
    sheet = view["sheet"][view["turn"]]
    d = view["last_roll"]
    free = [False] * 11
    for k in sheet:  # (no slice of a box's action per box: each would be a new string)
        if sheet[k] is None:
            for i in range(11):
                if len(_SCORE[i]) == len(k) + 6 and _SCORE[i].endswith(k):
                    free[i] = True
    dbl = params["double"] if sheet["generala"] else None
    c = [0] * 7
    for f in d:
        c[f] += 1
    best = -1000
    act = None
    scratch = -1000  # the best a box is worth for dice that make nothing (a scratch)
    for i in range(11):
        if free[i]:
            v = _points(c, max(c), i, params["generala"], dbl) - _PAR[i]
            if v > best:
                best, act = v, _SCORE[i]
            scratch = max(scratch, -_PAR[i])
    if not left:
        return act
    best *= 1000  # expected values from here on per mille
    keep = 0  # the faces kept, as a bit per face (bit 7: the straight's dice, bit 8: two pairs)
    for f in range(1, 7):
        k = c[f]
        if not k:
            continue
        e = 0
        m = 5 - k
        for j in range(m + 1):
            n = k + j
            v = scratch
            if free[f - 1]:
                v = max(v, n * f - _PAR[f - 1])
            if n >= 4 and free[8]:
                v = max(v, 40 - _PAR[8])
            if n == 5:
                if free[9]:
                    v = max(v, params["generala"] - _PAR[9])
                if free[10]:  # (no double: 0 - its par is below the scratch, which counts that box)
                    v = max(v, (dbl or 0) - _PAR[10])
            e += binom(m, j, left, True) * v  # (rounded: the per-mille table it had)
        if e > best:
            best, keep = e, 1 << f
    if free[6]:
        for lo in (1, 2):
            m = 0
            for f in range(lo, lo + 5):
                if not c[f]:
                    m += 1
            p = _STRAIGHT[left - 1][m]
            e = p * (20 - _PAR[6]) + (1000 - p) * scratch
            if e > best:
                best, keep = e, 128 | lo
    if free[7] and c.count(2) == 2:
        p = _FULL[left - 1]
        e = p * (30 - _PAR[7]) + (1000 - p) * scratch
        if e > best:
            best, keep = e, 256
    if not keep:
        return act
    out = "roll"
    for i in range(5):
        f = d[i]
        if keep & 128:
            lo = keep & 7
            if lo <= f < lo + 5 and d.index(f) == i:  # the first die of each face of the straight stays
                continue
        elif keep & 256:
            if c[f] == 2:
                continue
        elif keep & (1 << f):
            continue
        out += " %d" % (i + 1)
    if out == "roll":  # nothing to reroll after all: stand on the dice
        return act
    return "roll" if out == "roll 1 2 3 4 5" else out


def _points(c, top, cat, generala, double):
    """cupcore.generala.points from the counts per face c (top: the largest), making no list."""
    if cat < 6:
        return c[cat + 1] * (cat + 1)
    if cat == 6:
        return 20 if top == 1 and not (c[1] and c[6]) else 0
    if cat == 7:
        return 30 if top == 3 and 2 in c else 0
    if cat == 8:
        return 40 if top >= 4 else 0
    if top < 5:
        return 0
    return generala if cat == 9 else double or 0
