"""The cup's player for Dix Mille (RULES.md section 9).

It plays for the most points a turn banks on average, from a table solved
exactly on the laptop (cupkit.dixsolve): for n dice to roll and r counted
rolls left, the expected value of rolling on with the best play is close to a
straight line in the turn total T, a * T / 1000 + b, and banking is best once T
is above it. A keep is the one whose state after it is worth the most (all six
kept: a free roll of six); a roll or a bank whichever is worth more. A bank
that wins is always made, and a first bank below the pack's entry is worth 0.
"""

from cupcore.dixmille import counts, score

# (a per mille, b) per n = 1..6 dice to roll (rows) and r = 1..3 counted rolls left: cupkit.dixsolve.table().
_LINE = ((325, 229, 308, 272, 290, 283),
         (553, 118, 253, 210, 237, 232),
         (721, 120, 590, 167, 524, 196),
         (842, 168, 811, 194, 799, 203),
         (921, 295, 910, 324, 909, 328),
         (974, 614, 939, 731, 934, 744))


def rolled(params, view):
    """True when the player to act has rolled and must keep: the roll was of the dice not aside, and the
    turn did not just start (a bust has ended the turn; the view need not say more)."""
    r = view["last_roll"]
    if r is None or view["bust"] or not view["turn_total"] and view["rolls_left"] == params["rolls"]:
        return False
    return len(view["aside"]) + len(r) == 6


def keeps(roll, c):
    """The points of every choice of dice of roll that all score, one after another, each choice's counts
    per face written into c (seven zeros to begin with: one list for all, no garbage per choice)."""
    r = counts(roll)
    while True:  # an odometer over how many of each face, as the engine's legal()
        f = 1
        while f < 7 and c[f] == r[f]:
            c[f] = 0
            f += 1
        if f == 7:
            return
        c[f] += 1
        s = score(c)
        if s:
            yield s


def keep(c):
    """The action keeping c (counts per face), faces in rising order."""
    k = "keep"
    for f in range(1, 7):
        k += " %d" % f * c[f]
    return k


def _worth(n, r, t):
    """What rolling on is worth with n dice to roll (0: all six aside, a free roll) and r counted rolls
    left, from turn total t; -1 when no roll is left."""
    if not n:
        n = 6
        r = min(r + 1, 3)  # a free roll of six is about worth one counted roll more
    if not r:
        return -1
    i = (r - 1) * 2
    line = _LINE[n - 1]
    return line[i] * t // 1000 + line[i + 1]


def move(params, view):
    s = view["scores"][view["turn"]]
    t = view["turn_total"]
    goal = params["goal"]
    entry = params["entry"] if not s else 0
    r = view["rolls_left"]
    if rolled(params, view):
        n = len(view["last_roll"])
        best = [0] * 7
        bv = bp = -1
        c = [0] * 7
        for p in keeps(view["last_roll"], c):
            k = t + p
            if s + k >= goal and k >= entry:
                v = 1 << 28  # a win: keep, then bank
            else:
                v = _worth(n - sum(c), r, k)  # the dice left to roll
                if v < 0:  # the keep banks by itself
                    v = k if k >= entry else 0
            if v > bv or v == bv and p > bp:
                bv, bp = v, p
                for f in range(7):  # copied in place: a string or a list per better keep is garbage
                    best[f] = c[f]
        return keep(best)
    if not t:
        return "roll"
    if s + t >= goal and t >= entry:
        return "bank"
    bank = t if t >= entry else 0
    return "bank" if bank >= _worth(6 - len(view["aside"]), r, t) else "roll"
