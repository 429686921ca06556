"""Dix Mille's turn, solved exactly for the most points a turn banks on average (CPython, the laptop):
the table cupcore.bots.dixmille reads (`python -m cupkit.dixsolve` prints it; a test holds them equal).

A state is a choice between rolling and banking: n dice to roll (6 after all six were kept: a free
roll), r counted rolls left, the turn total T (a multiple of 50). Rolling n dice gives each multiset
of faces its multinomial chance; a roll with nothing that scores is 0, else the best keep. A keep that
leaves no counted roll and dice unkept banks by itself. The value of a state is the larger of T and
the roll's expected value. For each (n, r, free) the table holds the turn total from which banking is
best and a straight line a * T + b fitted to the value below it.
"""

from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from cupcore.bots.dixmille import keeps as choices
from cupcore.dixmille import counts

CAP = 10000


def _outcomes(n):
    out = []
    for faces in combinations_with_replacement(range(1, 7), n):
        c = counts(faces)
        w = factorial(n)
        for f in range(1, 7):
            w //= factorial(c[f])
        k = [0] * 7
        keeps = [(sum(k), s) for s in choices(faces, k)]  # the player's own enumeration of the keeps
        out.append((w / 6 ** n, keeps))
    return out


OUT = {n: _outcomes(n) for n in range(1, 7)}


@lru_cache(maxsize=None)
def value(n, r, free, t):
    """The most a turn banks on average from here (bank or roll)."""
    if t >= CAP:
        return t
    return max(t, roll(n, r, free, t)) if t else roll(n, r, free, t)


@lru_cache(maxsize=None)
def roll(n, r, free, t):
    if not free and not r:
        return t
    r2 = r if free else r - 1
    e = 0.0
    for p, keeps in OUT[n]:
        best = 0.0
        for k, s in keeps:
            left = n - k
            if not left:
                v = value(6, r2, True, t + s)
            elif not r2:
                v = t + s
            else:
                v = value(left, r2, False, t + s)
            if v > best:
                best = v
        e += p * best
    return e


def table(rolls=3, top=4000):
    """{(n, r, free): (threshold, a per mille, b)} for the pack's counted rolls."""
    out = {}
    for free in (False, True):
        for n in ((6,) if free else range(1, 7)):
            for r in range(0 if free else 1, rolls + 1):
                ts = list(range(50, top, 50))
                vs = [value(n, r, free, t) for t in ts]
                thr = next((t for t, v in zip(ts, vs) if roll(n, r, free, t) <= t), top)
                pts = [(t, v) for t, v in zip(ts, vs) if t < thr] or [(50, vs[0])]
                m = len(pts)
                sx = sum(t for t, _ in pts)
                sy = sum(v for _, v in pts)
                sxx = sum(t * t for t, _ in pts)
                sxy = sum(t * v for t, v in pts)
                d = m * sxx - sx * sx
                a = (m * sxy - sx * sy) / d if d else 0.0
                b = (sy - a * sx) / m
                out[(n, r, free)] = (thr, round(a * 1000), round(b), round(roll(n, r, free, 0)))
    return out


if __name__ == "__main__":
    import time
    t0 = time.time()
    for k, v in sorted(table().items()):
        print(k, v)
    print(time.time() - t0)
