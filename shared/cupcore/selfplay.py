"""Self-play: a complete game of uniformly random legal actions, as a game record."""

import gc
import sys

from cupcore.rng import Rng

CAP = 10000  # actions; random play ends long before this in every pack
RESERVE = 256


def play(pack, players, seed, where=None, cap=CAP):
    """A game record whose actions are drawn uniformly from legal(); replay.run reproduces it.

    Play stops when the game is over or after cap actions (or the engine's Game.CAP, if smaller).

    The choices come from their own stream (seed bits flipped), apart from the
    game's dice and deck, so the record stays a plain seeded record.
    """
    # On MicroPython each reader is dropped once it has done its part, and the actions list's room is
    # reserved between them: after the pack reader has gone and before the record reader and the game
    # come in, when the heap has the most room in one piece. MicroPython keeps a list's capacity when it
    # is emptied, so appends later need no ever larger contiguous blocks mid-game. An engine whose
    # random games are short sets a smaller Game.RESERVE.
    rec = {"pack": pack, "players": players, "seed": seed}
    from cupcore import packs
    pack = packs.load(pack, where)
    packs = None
    small = hasattr(gc, "mem_free")  # MicroPython or CircuitPython (no new qstr, as "cpython" would be)
    if small:
        _drop("packs")
    acts = []
    if "engine" in pack:  # (else replay.start says there is no game; packs.load checked the name)
        name = "cupcore." + pack["engine"]
        __import__(name)
        acts = [None] * getattr(sys.modules[name].Game, "RESERVE", RESERVE)
        del acts[:]
        if hasattr(sys.modules[name], "say"):  # an engine whose actions have codes (Yamb): a byte each
            from cupcore.codes import Codes
            acts = Codes(sys.modules[name].say)
    from cupcore import replay
    game = replay.start(rec, where, pack)
    pack = replay = None
    if small:  # the game needs only its engine now (as on the device)
        _drop("replay")
    rec["actions"] = acts
    chooser = Rng(seed ^ 0x2AAAAAAA)
    cap = min(cap, getattr(game, "CAP", cap))  # a game that never ends (the plain cup) sets its own
    if type(acts) is not list:
        acts.play(game, chooser, cap)
    while not game.over and len(acts) < cap:
        legal = game.legal()
        a = legal[chooser.below(len(legal))]
        game.apply(a)
        acts.append(a)
    return rec


def _drop(name):
    """A cupcore module out of memory: out of sys.modules and off the package, then collected."""
    import cupcore
    del sys.modules["cupcore." + name]
    delattr(cupcore, name)
    gc.collect()
