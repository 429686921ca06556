"""Computer players: move(engine, params, view) -> one legal action for the seat to act.

A player sees only what its seat may see: the engine's name, the game's checked
params and view(seat) of the seat whose turn it is (never the game object, its
RNG or stacked dice). Any chance in a choice comes from the view itself, so the
same view always gives the same action, on every port. One module per engine
(cupcore.bots.ENGINE with move(params, view)), imported only when asked for.
"""

import sys

ENGINES = ("pig", "mia", "liars", "dixmille", "generala", "pokerdice", "scc", "midnight", "yamb")
# The luck games (RULES.md section 8): roll is their only action, so their seats need no module.
LUCK = ("beetle", "boston", "chicago", "dropdead", "mafia", "zambales")
SEATED = ENGINES + LUCK  # the engines whose records may give seats to the cup (cupfw.bot plays them)


def check(cups, n, pack):
    """ValueError unless cups, a record's, names seats of a game of n players on pack, each once, and the
    pack's engine seats the cup (SEATED: not the solitaires; cupcore.replay asks, for a record that has cups)."""
    ok = type(cups) is list
    for c in cups if ok else ():
        ok = ok and type(c) is int and 0 <= c < n and cups.count(c) == 1
    if not ok:
        raise ValueError("cups: the cup's seats, each once, from 0 to %d" % (n - 1))
    if cups and pack["engine"] not in SEATED:
        raise ValueError("cups: %s has no computer player" % pack["id"])


def move(engine, params, view):
    """The action the cup's player takes; ValueError for an engine without a player."""
    if engine in LUCK:
        return "roll"
    if engine not in ENGINES:
        raise ValueError("no computer player for %s" % engine)
    full = "cupcore.bots." + engine
    __import__(full)
    return sys.modules[full].move(params, view)


def binom(m, j, r, half=False):
    """Per mille, rounded down (half: half up): exactly j of m rerolled dice show a given face within r rolls
    (hits kept), for the dice players (Generala's, Yamb's). Its division digit by digit keeps every step a
    small int on a 32-bit board (36 ** 5 * 1000 is not)."""
    a = 6 if r == 1 else 11  # of 36: a die shows the face on one roll, or on one of two
    c = 1
    for i in range(j):
        c = c * (m - i) // (i + 1)
    x = c * a ** j * (36 - a) ** (m - j)  # of 36 ** m: at most all of them
    d = 36 ** m
    p = 0
    for _ in range(3):
        x *= 10
        p = p * 10 + x // d
        x %= d
    return p + 1 if half and 2 * x >= d else p
