"""The cup's player for Liar's Dice (RULES.md section 10).

It knows its own cup and the public count of dice in play; every other die is
unknown, so the number of them showing a face (or a wild 1) is binomial: n dice,
each counting with chance m/6 (m = 2 for a face with wild 1s, else 1). The
tail of that law is worked out in fixed point (integers scaled by 2**20, the
same on every port) once a decision:
- a bid's chance to be true is the chance that the unknown dice make up what
  its own cup lacks;
- facing a bid it weighs calling (it loses if the bid is true) against its
  best raise (it loses if that raise is called and false, which happens about
  _CALLED in 100 times it is false);
- its raise (or opening bid) is the boldest bid still true at least _SAFE per
  mille of the time, else the likeliest one.
No chance: the same view gives the same bid on every port.
"""


_SAFE = const(850)  # per mille: the least chance to be true of a bold bid
_CALLED = const(50)  # per 100: how often a false raise is taken to be called
_ONE = const(1 << 20)


def tails(n, m):
    """t[k]: the chance (of _ONE) that at least k of n unknown dice count, each with chance m/6; t has n + 2
    entries, the last 0."""
    d = [0] * (n + 2)
    d[0] = _ONE
    for i in range(n):
        j = i + 1
        while j > 0:
            d[j] = (d[j] * (6 - m) + d[j - 1] * m) // 6
            j -= 1
        d[0] = d[0] * (6 - m) // 6
    s = 0
    j = n
    while j >= 0:  # cumulative from the top: d[j] becomes the chance of j or more
        s += d[j]
        d[j] = s
        j -= 1
    d[0] = _ONE
    return d


def _p(t, need):
    """Per mille: the chance the unknown dice make up need more (t: their tails)."""
    return 1000 if need <= 0 else t[need] * 1000 // _ONE if need < len(t) else 0


def move(params, view):
    cup = view["cup"]
    if cup is None:
        return "roll"
    wild = params["wild"]
    total = sum(view["dice"])
    lo = 2 if wild else 1
    own = [0] * 7
    for x in cup:
        if wild and x == 1:
            for f in range(2, 7):
                own[f] += 1
        else:
            own[x] += 1
    t = tails(total - len(cup), 2 if wild else 1)  # the dice the player cannot see
    bid = view["bid"]
    best = None
    bp = -1  # the chance (per mille) of the likeliest bid
    bold = None  # the boldest bid at least _SAFE likely
    for f in range(lo, 7):
        if bid is None or f > bid[1]:
            q = 1
        elif f == bid[1]:
            q = bid[0] + 1
        else:
            continue
        while q <= total:
            p = _p(t, q - own[f])
            if p > bp or p == bp and q > best[0]:
                best, bp = (q, f), p
            if p >= _SAFE and (bold is None or q > bold[0] or q == bold[0] and f > bold[1]):
                bold = (q, f)
            if p < _SAFE:
                break  # larger quantities are less likely still
            q += 1
    if bold is not None:
        best, bp = bold, _p(t, bold[0] - own[bold[1]])
    if bid is not None:
        true = _p(t, bid[0] - own[bid[1]])
        if best is None or true * 100 < (1000 - bp) * _CALLED:
            return "liar"
    return "bid %d %d" % best
