"""The cup's player for Midnight (RULES.md section 8).

A 1 and a 4 are needed before anything counts, and every die must be kept
sooner or later: it keeps a 1 or a 4 it still lacks first (with the `any` rule
one of each, and every 6 beside them), else its highest die. A keep is due
after an odd count of actions: every action is a roll or a keep, in turn.
"""


def move(params, view):
    if not view["actions"] % 2:
        return "roll"
    r = view["last_roll"]
    a = view["aside"]
    out = "keep"
    for f in (1, 4):
        if f not in a and f in r:
            if params["keep"] == "one":
                return "keep %d" % f
            out += " %d" % f
    if params["keep"] != "one":
        out = "keep" + " 1" * (out.find("1") > 0) + " 4" * (out.find("4") > 0) + " 6" * r.count(6)
        if out != "keep":
            return out
    return "keep %d" % max(r)
