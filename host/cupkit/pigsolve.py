"""Optimal two-player Pig (one die, a 1 busts, goal G), after Neller & Presser, "Optimal Play of the
Dice Game Pig" (2004), solved exactly enough to fix every decision, and the packed table the cup reads.

W(i, j, k) is the chance that the player to move wins, holding score i against j with turn total k:
  roll: (1 - W(j, i, 0)) / 6 + sum over r in 2..6 of W(i, j, k + r) / 6   (W = 1 once i + k >= G)
  hold: 1 - W(j, i + k, 0)
Instead of sweeping value iteration over every state, the states are solved by score sum i + j from the
top down: a row (i, j, k = 0..) depends on rows with a larger sum, and on W(j, i, 0) of the same sum
through a bust. For each pair (i, j), (j, i) this is policy iteration on two unknowns: fix the rows'
roll/hold choices, solve the two linear equations, choose again, until the choices stand. The values it
reaches are the fixed point value iteration converges to, and it takes seconds in plain Python.

evaluate() gives the exact win chance of any two policies against each other the same way.
"""

def _rows(goal):
    return [[None] * goal for _ in range(goal)]


def _row(goal, i, j, y, hold_val, choose, fixed):
    """Row (i, j) as (a, b) pairs, W(i, j, k) = a[k] + b[k] * y, y = W(j, i, 0); and its choices.

    choose(k, roll, hold) -> True to roll, with roll and hold as numbers at the current y; fixed is the
    row's choices from the last pass (used as they are when choose is None)."""
    n = goal - i  # k from 0 to n - 1; i + k >= goal is a win
    a = [0.0] * (n + 6)
    b = [0.0] * (n + 6)
    for k in range(n, n + 6):
        a[k] = 1.0
    rolls = bytearray(n)
    for k in range(n - 1, -1, -1):
        ra = (1.0 + a[k + 2] + a[k + 3] + a[k + 4] + a[k + 5] + a[k + 6]) / 6.0
        rb = (-1.0 + b[k + 2] + b[k + 3] + b[k + 4] + b[k + 5] + b[k + 6]) / 6.0
        if k == 0:
            roll = True  # a turn starts with a roll
        elif choose is None:
            roll = fixed[k]
        else:
            roll = choose(k, ra + rb * y, hold_val[k])
        if roll:
            a[k] = ra
            b[k] = rb
        else:
            a[k] = hold_val[k]
            b[k] = 0.0
        rolls[k] = roll
    return a[0], b[0], rolls


def _sweep(goal, choose_me, choose_other, pol_me, pol_other):
    """W(i, j, 0) for every i, j: w_me with the first policy to move, w_other with the second. A policy
    with a choose function is chosen afresh into its rows; one without is read from them."""
    same = pol_other is pol_me
    w_me = _rows(goal)
    w_other = w_me if same else _rows(goal)
    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), min(goal - 1, s) + 1):
            j = s - i
            if same and i > j:
                continue  # (j, i) was solved with (i, j)
            x, y, ri, rj = _pair(goal, w_me, w_other, pol_me, pol_other, i, j, choose_me, choose_other)
            w_me[i][j] = x
            w_other[j][i] = y
            if choose_me is not None:
                pol_me[i][j] = ri
            if choose_other is not None:
                pol_other[j][i] = rj
    return w_me, w_other


def _pair(goal, w_me, w_other, pol_me, pol_other, i, j, choose_me, choose_other):
    """W(i, j, 0) for me and W(j, i, 0) for the other, and the choices of both rows, by policy iteration."""
    hi = [0.0] * (goal - i)
    for k in range(1, goal - i):
        hi[k] = 1.0 - w_other[j][i + k]
    hj = [0.0] * (goal - j)
    for k in range(1, goal - j):
        hj[k] = 1.0 - w_me[i][j + k]
    x = y = 0.5
    ri = rj = None
    for _ in range(100):
        a, b, new_i = _row(goal, i, j, y, hi, choose_me, pol_me[i][j])
        c, d, new_j = _row(goal, j, i, x, hj, choose_other, pol_other[j][i])
        nx = (a + b * c) / (1.0 - b * d)
        ny = c + d * nx
        if new_i == ri and new_j == rj:
            return nx, ny, new_i, new_j
        x, y, ri, rj = nx, ny, new_i, new_j
    raise RuntimeError("policy iteration did not settle at (%d, %d)" % (i, j))


def _best(k, roll, hold):
    return roll > hold


def solve(goal=100):
    """(policy, w): policy[i][j] a bytearray, 1 = roll at turn total k; w[i][j] = W(i, j, 0)."""
    pol = _rows(goal)
    w, _ = _sweep(goal, _best, _best, pol, pol)
    return pol, w


def hold_at(t, goal=100):
    """The policy "hold once the turn total reaches t (or wins)", as rows like solve()'s."""
    pol = _rows(goal)
    for i in range(goal):
        row = bytearray(goal - i)
        for k in range(goal - i):
            row[k] = 1 if k == 0 or k < t else 0
        for j in range(goal):
            pol[i][j] = row
    return pol


def evaluate(first, second, goal=100):
    """The exact chance that policy first, moving first from 0-0, beats policy second."""
    w_first, _ = _sweep(goal, None, None, first, second)
    return w_first[0][0]


def table(policy):
    """The packed policy the cup reads (cupcore.bots.pig): per row (i, j) in order i * goal + j, two
    bytes, the turn totals at which the choice flips (roll first; 0 = no flip). A row with more flips
    holds 255 and an index n instead, and its four flips are at goal * goal * 2 + 4 * n."""
    goal = len(policy)
    rows = bytearray()
    more = bytearray()
    for i in range(goal):
        for j in range(goal):
            r = policy[i][j]
            flips = [k for k in range(1, len(r)) if r[k] != r[k - 1]]
            if len(flips) <= 2:
                rows += bytes(flips + [0] * (2 - len(flips)))
            else:
                if len(flips) > 4 or len(more) // 4 > 254:
                    raise RuntimeError("row (%d, %d) does not fit the table's format" % (i, j))
                rows += bytes((255, len(more) // 4))
                more += bytes(flips + [0] * (4 - len(flips)))
    return bytes(rows + more)

