"""Computer players: move(engine, params, view) -> one legal action for the seat to act.

A player sees only what its seat may see: the engine's name, the game's checked
params and view(seat) of the seat whose turn it is (never the game object, its
RNG or stacked dice). Any chance in a choice comes from the view itself, so the
same view always gives the same action, on every port. One module per engine
(cupcore.bots.ENGINE with move(params, view)), imported only when asked for.
"""

import sys

ENGINES = ("pig", "mia", "liars", "dixmille", "generala", "pokerdice", "scc", "midnight")
# The engines whose records may give seats to the cup: those the device's driver (cupfw.bot) plays. The
# dice table's players are in the core and the host's bench; their seats wait for the device's memory.
SEATED = ("pig", "mia")


def check(cups, n, pack):
    """ValueError unless cups, a record's, names seats of a game of n players on pack, each once, and the
    pack's engine seats the cup (SEATED; cupcore.replay asks, for a record that has cups)."""
    if type(cups) is not list or [c for c in cups if type(c) is not int or c < 0 or c >= n or cups.count(c) > 1]:
        raise ValueError("cups: the cup's seats, each once, from 0 to %d" % (n - 1))
    if cups and pack["engine"] not in SEATED:
        raise ValueError("cups: %s has no computer player%s" % (pack["id"], " on the device" if pack["engine"] in ENGINES else ""))


def move(engine, params, view):
    """The action the cup's player takes; ValueError for an engine without a player."""
    if engine not in ENGINES:
        raise ValueError("no computer player for %s" % engine)
    full = "cupcore.bots." + engine
    __import__(full)
    return sys.modules[full].move(params, view)
