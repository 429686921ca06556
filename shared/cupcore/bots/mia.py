"""The cup's player for Mia and Meier (RULES.md section 4).

It weighs each choice by the lives it expects to lose, from the exact odds of
two dice under the pack's ranking and from what was said in this round (the
view's "round": rolls, claims and passes):
- the chance that the standing claim is true comes from Bayes' rule over the 36
  rolls, given the claim the cup was rolled against and what its roller claimed,
  with a roller who tells the truth when it can, else claims just above, and
  sometimes (one time in five) claims anything higher;
- a bluff of its own is lifted about as often as a roll fails to reach it;
- the truth, once claimed, can never lose.
After rolling it claims the truth when the truth is high enough, else the least
claim that is; bluff (per 100) is how often it claims higher than it must.
"""

from cupcore.rng import Rng

BLUFF = 10
_LOOSE = 0.2  # the share of claims the model of the roller leaves to "anything higher"


def move(params, view, bluff=BLUFF):
    r = params["ranking"]
    said = view["round"]
    c = view["claim"]
    cup = view["cup"]
    if not said:
        return "roll"
    if said[-1] == "roll":  # our roll: claim
        low = r.index(c) if c else 21  # the claims allowed are r[:low]
        x = r.index(cup)
        v = x if x < low else low - 1
        if _chance(view).below(100) < bluff:
            v -= 1
        return "claim %d" % r[max(0, v)]
    top = c == r[0]
    knower = cup is not None
    m = None if top else r[r.index(c) - 1]  # the least claim above c
    if knower:
        true = 1.0 if r.index(cup) <= r.index(c) else 0.0
    else:
        true = _true(r, said, c, bluff)
    best = "challenge"
    risk = true * _cost(params, c)
    if params["pass"] and not knower:
        best, risk = _better(best, risk, "pass", (1.0 - true) * _caught(r, c) * _cost(params, c))
    if top:
        roll = 0.0  # a roll against the top claim clears it: the truth can then be claimed
    else:
        roll = (1.0 - _above(r, c) / 36.0) * _caught(r, m) * _cost(params, m)
    best, risk = _better(best, risk, "roll", roll)
    if not top and (knower or params["blind_raise"]):
        if knower and r.index(cup) < r.index(c):
            best, risk = _better(best, risk, "claim %d" % cup, 0.0)
        else:
            lie = 1.0 if knower else 1.0 - _true(r, said, m, bluff)
            best, risk = _better(best, risk, "claim %d" % m, lie * _caught(r, m) * _cost(params, m))
    if params["concede"] and c == 21 and not knower:
        best, risk = _better(best, risk, "concede", 1.0)
    return best


def _better(best, risk, act, r):
    return (act, r) if r < risk else (best, risk)


def _cost(params, v):
    return params["mia_penalty"] if v == 21 else 1


def _ways(v):
    return 1 if v % 11 == 0 else 2  # a pair is one roll of 36, any other value two


def _above(r, v):
    """The rolls of 36 that rank strictly higher than v."""
    n = 0
    for x in r[:r.index(v)]:
        n += _ways(x)
    return n


def _caught(r, v):
    """How often a claim of v is lifted: as often as a roll would fall short of it."""
    return 1.0 - (_above(r, v) + _ways(v)) / 36.0


def _true(r, said, v, bluff):
    """The chance that the cup ranks v or higher, given this round's claims (the roller's model above)."""
    last = len(said) - 1
    while said[last] != "roll":
        last -= 1
    before = None  # the claim the cup was rolled against
    for a in said[:last]:
        if a != "roll" and a != "pass":
            before = int(a[6:])
    low = 21 if before is None or before == r[0] else r.index(before)  # the claims allowed: r[:low]
    said_v = int(said[last + 1][6:])  # what the roller claimed
    k = r.index(said_v)
    b = bluff / 100.0
    yes = total = 0.0
    for x in range(21):
        if x < low:  # the truth could be told
            like = (1.0 - b) * (x == k) + b * (x - 1 == k or x == 0 == k)
        else:
            like = (1.0 - b) * (k == low - 1) + b * (k == max(0, low - 2))
        like = (1.0 - _LOOSE) * like + _LOOSE / low
        p = _ways(r[x]) * like
        total += p
        if x <= r.index(v):
            yes += p
    return yes / total


def _chance(view):
    """A draw fixed by the view alone (the same view, the same choice, on every port)."""
    s = view["actions"] * 8 + view["turn"]
    for n in view["lives"]:
        s = (s * 10 + n) & 0x3FFFFFF
    return Rng(s)
