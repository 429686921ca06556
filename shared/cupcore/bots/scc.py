"""The cup's player for Ship, Captain, Crew (RULES.md section 8).

The only choice is in scc-classic: with ship, captain and crew aside, stop on
the cargo or roll it again. It works out exactly (36 rolls of the two cargo
dice, over the rolls left) the chance to end above the best score made so far
(a tie counts half), playing the rest of its turn the same way; when nobody
has a score to beat yet, or on equal chances, it goes by the cargo expected
(stop on 9 or more with two rolls left, on 7 or more with one).
"""


def move(params, view):
    if not params["cargo_reroll"] or len(view["aside"]) < 3:
        return "roll"
    left = view["rolls_left"]
    me = view["turn"]
    top = 0
    sc = view["scores"]
    for i in range(len(sc)):
        if i != me and sc[i] > top:
            top = sc[i]
    cargo = _cargo(view)
    if not left:
        return "stop"
    stop = _win(cargo, top)
    roll = _go(left, top)
    if roll != stop:
        return "roll" if roll > stop else "stop"
    return "roll" if cargo < (9 if left == 2 else 7) else "stop"


def _cargo(view):
    """The cargo: the dice of the last roll that are not ship, captain or crew set aside by it."""
    r = view["last_roll"]
    s = sum(r)
    n = 5 - len(r)  # set aside before this roll: a 6, a 5, a 4 in order
    for need in range(6 - n, 3, -1):
        s -= need
    return s


def _win(c, top):
    """Per 72: ending on c against the best score made so far."""
    return 72 if c > top else 36 if c == top else 0


def _go(left, top):
    """Per 72 * 36**(rolls): rolling the cargo with left rolls, best play after; scaled to per 72."""
    t = 0
    for a in range(1, 7):
        for b in range(1, 7):
            w = _win(a + b, top)
            if left > 1:
                g = _go(left - 1, top)
                if g > w:
                    w = g
            t += w
    return t // 36
