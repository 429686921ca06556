"""A simple greedy player for The Bogey, for `cupkit bench greedy` (CPython only).

It never looks at the deck, and it only ever plays cards that cost nothing:
a card below a column whose skipped ranks are all on the table already, or a
card that needs a new column whatever comes (every higher card of its suit is
down). Every other card is discarded, lowest first, so that it comes back
later when more of its suit is down; then the turn ends. The Bogey's card goes
where it skips the fewest ranks that are not down yet (a new column only when
no column takes it). When the deck and the discards are empty, the cheapest
play is made, else a card is discarded.
"""

from cupcore.notation import card, name

NEW_COLUMN = 100  # the cost of starting a column that was not needed


def _cost(c, tail, down):
    """What putting c somewhere costs: the ranks it skips below tail (0: a new column) not yet down."""
    top = tail % 16 if tail else 14
    skipped = [c - c % 16 + r for r in range(c % 16 + 1, top)]
    missing = len([s for s in skipped if s not in down])
    return NEW_COLUMN if not tail and missing else missing


def _best(game, c, tails, down):
    """(cost, place word) of card c's cheapest legal place, or None if it has none."""
    best = None
    for k in game.places(c):
        cost = _cost(c, tails[k - 1] if k else 0, down)
        if best is None or cost < best[0]:
            best = (cost, "c%d" % k if k else "new")
    return best


def choose(game):
    s = game.summary()
    cols = [[card(n) for n in col] for col in s["columns"]]
    tails = [col[-1] for col in cols]
    down = set(c for col in cols for c in col)
    if s["bogey"] is not None:
        return "place " + _best(game, card(s["bogey"]), tails, down)[1]
    plays = []
    for c in (card(n) for n in s["hand"]):
        best = _best(game, c, tails, down)
        if best is not None:
            plays.append((best[0], -(c % 16), c, best[1]))  # cheapest first, then the highest rank
    plays.sort()
    if plays and plays[0][0] == 0:
        return "play %s %s" % (name(plays[0][2]), plays[0][3])
    end = "end" in game.legal()
    if s["hand"] and end:
        return "discard " + min(s["hand"], key=lambda n: card(n) % 16)
    if end:
        return "end"
    if plays:
        return "play %s %s" % (name(plays[0][2]), plays[0][3])
    return "discard " + s["hand"][0]
