"""Computer players: move(engine, params, view) -> one legal action for the seat to act.

A player sees only what its seat may see: the engine's name, the game's checked
params and view(seat) of the seat whose turn it is (never the game object, its
RNG or stacked dice). Any chance in a choice comes from the view itself, so the
same view always gives the same action, on every port. One module per engine
(cupcore.bots.ENGINE with move(params, view)), imported only when asked for.
"""

import sys

ENGINES = ("pig", "mia")


def move(engine, params, view):
    """The action the cup's player takes; ValueError for an engine without a player."""
    if engine not in ENGINES:
        raise ValueError("no computer player for %s" % engine)
    full = "cupcore.bots." + engine
    __import__(full)
    return sys.modules[full].move(params, view)
