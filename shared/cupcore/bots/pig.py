"""The cup's player for the Pig family (RULES.md section 3).

Two-player Pig to 100 (one die, a 1 busts) plays the optimal policy (Neller and
Presser), read from pig.bin beside this module: one row of two bytes per score
pair, so a choice costs one seek and a read of at most four bytes. The format
is cupkit.pigsolve.table's, and `cupkit bots pig-table` writes it.

Every other game (more players, Big Pig, Hog, another goal) uses "keep pace,
end race", Neller and Presser's simple rule made general: once anyone is within
_RACE of the goal, roll until the goal; else hold once the turn total reaches
the point where a roll's expected gain no longer pays for its risk of a bust,
plus an eighth of how far the leading opponent is ahead. Hog picks the dice
that score most a roll, or in a race one die.
"""


_RACE = const(29)  # per 100 of the goal: "either score 71 or more" in the original rule


def move(params, view):
    t = view["turn"]
    scores = view["scores"]
    i = scores[t]
    j = 0
    for p in range(len(scores)):
        if p != t and scores[p] > j:
            j = scores[p]
    k = view["turn_total"]
    goal = params["goal"]
    race = max(i, j) >= goal - goal * _RACE // 100
    if k == 0:  # a turn starts with a roll: no turn total is 0 after a roll that did not bust
        top = params["max_dice"]
        return "roll %d" % _dice(top, race) if top else "roll"
    if i + k >= goal:
        return "hold"
    if len(scores) == 2 and goal == 100 and params["dice"] == 1 and params["bust"] == "one" \
            and not params["max_dice"]:
        return "roll" if _exact(i, j, k) else "hold"
    if race:
        return "roll"
    return "roll" if k < _threshold(params, view) + (j - i) // 8 else "hold"


def _exact(i, j, k):
    """The optimal choice at (i, j, k) from the table: True to roll."""
    f = open(__file__[:__file__.rfind("/") + 1] + "pig.bin", "rb")
    try:
        f.seek((i * 100 + j) * 2)
        row = f.read(2)
        if row[0] == 255:
            f.seek(20000 + row[1] * 4)
            row = f.read(4)
    finally:
        f.close()
    flips = 0
    for x in row:
        if x and x <= k:
            flips += 1
    return not flips & 1


def _threshold(params, view):
    """The turn total at which a roll's expected gain equals its expected loss, plus one."""
    n = len(view["last_roll"])  # the dice of this turn (the turn total is not 0: the last roll was ours)
    if n != 2:
        if params["bust"] != "one":
            return params["goal"]  # nothing busts: roll to the goal
        keep = 5 ** n  # rolls with no 1; their dice average 4
        return keep * 4 * n // (6 ** n - keep) + 1
    keep = gain = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == 1 and b == 1 or params["bust"] == "one" and (a == 1 or b == 1):
                continue
            keep += 1
            gain += (a + b) * (params["doubles"] if a == b else 1)
    return gain // (36 - keep) + 1


def _dice(top, race):
    """Hog's dice for the turn. In a race one: rolled one at a time the same dice reach any total more
    surely, as no turn rolls more than it needs. Else five, which with six scores the most in one roll
    (8.04 on average; any 1 busts)."""
    return 1 if race else min(5, top)
