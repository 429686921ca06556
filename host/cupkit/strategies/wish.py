"""A simple greedy player for Wish, for `cupkit bench greedy` (CPython only).

It sees only what the player sees (the top cards and how many cards each pile
holds) and pairs the two tops of one rank whose piles hold the most cards
together: tall piles are the ones that may strand cards at the end, and of three
tops of one rank the one on the shortest pile waits for the fourth.
"""


def choose(game):
    s = game.summary()
    where = {c: k for k, c in enumerate(s["tops"]) if c}
    return max(game.legal(), key=lambda a: sum(s["piles"][where[c]] for c in a.split()[1:]))
