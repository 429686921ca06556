"""Yamb's words (RULES.md section 11), loaded only when they are asked for: why an action is refused,
and the summary's `sheet` and `totals`. (cupcore.yamb plays what its legal() lists and nothing else.)"""

from cupcore import yamb

# Every yamb.word(1, i) and yamb.word(0, i), as lists while this module is loaded (refusals and sheets are
# rare); by map(): a comprehension is one more function in the .mpy.
COLS = list(map(yamb.word, [1] * 7, range(7)))
ROWS = list(map(yamb.word, [0] * 13, range(13)))


def why(g, w):
    """Why game g refuses the action of words w (which its legal() does not list)."""
    n = len(w)
    if w[0] == "roll":
        if g.left == 3:
            return "roll every die first"
        if n == 1:
            return "name the dice to roll again: roll P..."
        return "only announce or hand cells are empty: announce or score" if g.left else "no rolls left this turn"
    c = 3 if n == 2 else COLS.index(w[1]) if n == 3 and w[1] in COLS else -1
    if w[-1] not in ROWS or c < 0 or w[0] != ("announce" if n == 2 else "score"):
        return "unknown action; use roll, roll P..., announce ROW or score COL ROW (rows: %s)" % " ".join(ROWS)
    if c not in g.cols:
        return "no %s column" % COLS[c]
    if g.left == 3:
        return "roll first"
    if g.cells(g.turn, g.cols.index(c))[ROWS.index(w[-1])] != 255:
        return "%s %s is filled" % (COLS[c], w[-1])
    if n == 2:
        return "announce once, right after the turn's first roll"
    if g.said is not None:
        return "%s is announced: score announce %s" % (ROWS[g.said], ROWS[g.said])
    if c == 3:
        return "announce first"
    return "%s %s is not open now" % (w[1], w[2])


def sheets(g, d, seat=None):
    """The summary's `sheet` (per player: column -> row -> points or None) and `totals` (per player:
    column -> its total) of game g, into d; seat: only that player's (the others None: the device's
    player reads its own, where eight sheets of seven columns would be 56 dictionaries)."""
    d["sheet"] = [None] * g.players
    d["totals"] = [None] * g.players
    for p in range(g.players) if seat is None else (seat,):
        one = {}
        t = {}
        for k in range(len(g.cols)):
            s = g.cells(p, k)
            col = {}
            for r in range(13):
                col[ROWS[r]] = None if s[r] == 255 else s[r]
            c = COLS[g.cols[k]]
            one[c] = col
            t[c] = yamb.total(s)
        d["sheet"][p] = one
        d["totals"][p] = t
