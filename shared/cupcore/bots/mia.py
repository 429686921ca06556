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
_LOOSE = const(20)  # per 100: the share of claims the model of the roller leaves to "anything higher"
# Risks are in lives times 1,296,000 (per mille of a chance, times 36 * 36): small ints on every port.


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
        true = 1000 if r.index(cup) <= r.index(c) else 0
    else:
        true = _true(r, said, c, bluff)
    best = "challenge"
    risk = true * 1296 * _cost(params, c)
    if params["pass"] and not knower:
        best, risk = _better(best, risk, "pass", (1000 - true) * 36 * _caught(r, c) * _cost(params, c))
    if top:
        roll = 0  # a roll against the top claim clears it: the truth can then be claimed
    else:
        roll = 1000 * (36 - _above(r, c)) * _caught(r, m) * _cost(params, m)
    best, risk = _better(best, risk, "roll", roll)
    if not top and (knower or params["blind_raise"]):
        if knower and r.index(cup) < r.index(c):
            best, risk = _better(best, risk, "claim %d" % cup, 0)
        else:
            lie = 1000 if knower else 1000 - _true(r, said, m, bluff)
            best, risk = _better(best, risk, "claim %d" % m, lie * 36 * _caught(r, m) * _cost(params, m))
    if params["concede"] and c == 21 and not knower:
        best, risk = _better(best, risk, "concede", 1296000)
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
    for i in range(r.index(v)):
        n += _ways(r[i])
    return n


def _caught(r, v):
    """How often (of 36) a claim of v is lifted: as often as a roll would fall short of it."""
    return 36 - _above(r, v) - _ways(v)


def _true(r, said, v, bluff):
    """The chance (per mille) that the cup ranks v or higher, given this round's claims (the roller's
    model above)."""
    last = len(said) - 1
    while said[last] != "roll":
        last -= 1
    low = 21  # the claims allowed to the roller: r[:low]
    for i in range(last):
        a = said[i]
        if a != "roll" and a != "pass":
            low = r.index(int(a[6:])) or 21  # after the top claim a roll may claim anything
    k = r.index(int(said[last + 1][6:]))  # what the roller claimed
    top = r.index(v)
    yes = total = 0
    for x in range(21):
        if x < low:  # the truth could be told: x, or one higher as a bluff
            like = (100 - bluff) * (x == k) + bluff * (x - 1 == k or x == 0 == k)
        else:  # must bluff: the least claim allowed, or one higher
            like = (100 - bluff) * (k == low - 1) + bluff * (k == max(0, low - 2))
        p = _ways(r[x]) * ((100 - _LOOSE) * low * like + 100 * _LOOSE)
        total += p
        if x <= top:
            yes += p
    return yes * 1000 // total


def _chance(view):
    """A draw fixed by the view alone (the same view, the same choice, on every port)."""
    s = view["actions"] * 8 + view["turn"]
    for n in view["lives"]:
        s = (s * 10 + n) & 0x3FFFFFF
    return Rng(s)
