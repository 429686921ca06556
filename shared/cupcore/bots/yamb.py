"""The cup's player for Yamb (RULES.md section 11).

A heuristic by expected value, in integers (the same choice on every port), cheap enough for the device.
Writing v into a row is worth v less the row's par (_PAR: about what the row scores when kept for later;
min the other way round, a low min being the good one); a cell of a column that takes any row (free,
hand) costs a little more (_LOOSE), as it is the sheet's spare. With rolls left it weighs the best cell
now against a few rerolls, each toward the open cells it could fill:
- keep every die of one face and chase more of it (that face's row, carriage, yamb), the count it ends
  with binomial from the chance a rerolled die shows the face within the rolls left;
- keep one die of each face of 1-5 or 2-6 and chase the straight (_STRAIGHT);
- keep two pairs and chase the full house (_FULL);
- keep the high dice (4-6) for max, or the low ones (1-3) for min.
Right after a turn's first roll it announces the row of the best cell now when that row's announce cell
is empty (the announce column filled with a good roll, the other columns kept), or, when only announce
cells are left, the row its best chase aims at.
"""

from cupcore import yamb
from cupcore.bots import binom
from cupcore.yamb import opens, points

# The rows' and columns' names as lists while the cup's player is loaded (cupcore.yamb keeps them as strings):
# made once, not a string each per cell a decision reads (by map(): a comprehension is one more function).
ROWS = list(map(yamb.word, [0] * 13, range(13)))
COLS = list(map(yamb.word, [1] * 7, range(7)))

_PAR = const((2, 5, 8, 11, 14, 17, -12, 24, 18, 40, 35, 40, 30))  # per row; min's is negative: 12 less it is worth
_LOOSE = const(3)
_STRAIGHT = const(((1000, 167, 56, 28, 19, 15), (1000, 306, 164, 115, 96, 89)))  # per mille: m faces missing, r rolls
_FULL = const((333, 556))  # per mille: two pairs become a full house within r rolls
# Per mille times 1/6: the sum a rerolled die ends with within r rolls, rerolled while below (4, 3 for min).
_HIGH = const((3500, 4250))
_LOW = const((3500, 2750))


def move(params, view):
    left = view["rolls_left"]
    if left == 3:
        return "roll"
    said = view["announced"]
    said = None if said is None else ROWS.index(said)
    d = view["last_roll"]
    four = params["carriage"] == "four"
    # The cells open now, and those still open after a reroll (the same but hand's), as column kind * 16
    # + row in bytes: one decision allocates little.
    now = bytearray(80)  # now's in [:40], later's in [40:] (sized once: growing would leave garbage behind)
    n = k = 0  # how many of now's and later's are set
    empty = 0  # the rows whose announce cell is empty, a bit each, while the player may announce
    s = bytearray(13)
    for name in params["columns"]:
        col = view["sheet"][view["turn"]][name]
        c = COLS.index(name)
        for r in range(13):
            s[r] = 255 if col[ROWS[r]] is None else 0
        for r in opens(c, s, left, said):
            now[n] = c * 16 + r
            n += 1
            if left and c != 4:
                now[40 + k] = c * 16 + r
                k += 1
        if c == 3 and said is None and left == 2:
            for r in range(13):
                if s[r]:
                    empty |= 1 << r
    later = now[40:40 + k]
    now = now[:n]
    pts = bytearray(13)  # what the dice score in each row
    for r in range(13):
        pts[r] = points(d, r, 3 - left, params["pairs_same"], four)
    best = -1000
    act = -1
    for x in now:
        v = _worth(x, pts[x & 15])
        if v > best:
            best, act = v, x
    if act >= 0 and best > 0 and empty >> (act & 15) & 1:
        return "announce " + ROWS[act & 15]  # a good roll into the announce column: the others kept
    if not left or not len(later) and not empty:
        return _score(act)
    forced = not len(later)  # only announce cells are left: announce the row of the best chase
    if forced:
        later = bytearray()
        for r in range(13):
            if empty >> r & 1:
                later.append(48 + r)
    best *= 1000
    keep = target = None
    c6 = [0] * 7
    for y in d:
        c6[y] += 1
    scratch = -1000
    for x in later:
        scratch = max(scratch, _worth(x, 0))
    scratch *= 1000
    for f in range(1, 7):
        k = c6[f]
        if not k:
            continue
        m = 5 - k
        e = 0
        aim = None  # the row a full chase fills best (what to announce)
        for j in range(m + 1):
            v = scratch
            for x in later:
                r = x & 15
                p = _chase(r, f, k + j, four)
                if p is not None:
                    p = _worth(x, p) * 1000
                    if p > v:
                        v = p
                        if j == m:
                            aim = r
            e += binom(m, j, left) * v // 1000
        if e > best:
            best, keep, target = e, _dice(d, f, f), aim
    for x in later:
        r = x & 15
        if r == 9:
            for lo in (1, 2):
                miss = 0
                for f in range(lo, lo + 5):
                    miss += not c6[f]
                p = _STRAIGHT[left - 1][miss]
                e = p * _worth(x, 56 - 10 * (left - 1)) + (1000 - p) * scratch // 1000
                if e > best:
                    best, keep, target = e, _dice(d, lo, lo + 4, True), 9
        elif r == 10 and sorted(c6)[-2:] == [2, 2]:
            p = _FULL[left - 1]
            e = p * _worth(x, sum(d) + 30) + (1000 - p) * scratch // 1000
            if e > best:
                best, keep, target = e, _dice(d, 0, 6, False, c6), 10
        elif r == 6 or r == 7:
            k = _dice(d, 4, 6) if r == 7 else _dice(d, 1, 3)
            e = 0
            t = (_HIGH if r == 7 else _LOW)[left - 1]
            for i in range(5):
                e += 1000 * d[i] if k >> i & 1 else t
            e = _worth(x, e // 1000) * 1000
            if e > best:
                best, keep, target = e, k, r
    if forced:
        return "announce " + ROWS[later[0] & 15 if target is None else target]
    if keep is None or keep == 31:
        return _score(act)
    out = ["roll"]
    for i in range(5):
        if not keep >> i & 1:
            out.append(str(i + 1))
    return " ".join(out)


def _dice(d, lo, hi, once=False, pairs=None):
    """The dice to keep, a bit per position: those showing lo to hi (once: the first of each face; pairs:
    those whose face shows twice, by the counts per face)."""
    k = 0
    for i in range(5):
        f = d[i]
        if lo <= f <= hi and (not once or d.index(f) == i) and (pairs is None or pairs[f] == 2):
            k |= 1 << i
    return k


def _score(x):
    """The score action of an open cell (column kind * 16 + row)."""
    return "score %s %s" % (COLS[x >> 4], ROWS[x & 15])


def _worth(x, v):
    """Writing v into the open cell x (column kind * 16 + row), against the row's par."""
    r = x & 15
    w = _PAR[r] - v if r == 6 else v - _PAR[r]
    return w - _LOOSE if x >> 4 == 2 or x >> 4 == 4 else w


def _chase(r, f, n, four):
    """What row r scores with n dice of face f (the others averaged), or None when it does not aim at f."""
    if r == f - 1:
        return n * f
    if r == 11 and n >= 4:
        return (4 * f if four else n * f + (5 - n) * 7 // 2) + 40
    if r == 12 and n == 5:
        return 5 * f + 50
    return None
