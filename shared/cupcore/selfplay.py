"""Self-play: a complete game of uniformly random legal actions, as a game record."""

import sys

from cupcore import replay
from cupcore.rng import Rng

CAP = 10000  # actions; random play ends long before this in every pack
RESERVE = 256


def play(pack_id, players, seed, where=None, cap=CAP):
    """A game record whose actions are drawn uniformly from legal(); replay.run reproduces it.

    Play stops when the game is over or after cap actions (or the engine's Game.CAP, if smaller).

    The choices come from their own stream (seed bits flipped), apart from the
    game's dice and deck, so the record stays a plain seeded record.
    """
    # Reserve the actions list's room before the game takes its pieces of the heap:
    # MicroPython keeps a list's capacity when it is emptied, so appends later need
    # no ever larger contiguous blocks mid-game (the difference is a few KB of heap).
    # An engine whose random games are short sets a smaller Game.RESERVE.
    rec = {"pack": pack_id, "players": players, "seed": seed}
    from cupcore import packs
    pack = packs.load(pack_id, where)
    if sys.implementation.name != "cpython":  # the pack reader out of a small heap before the game comes in
        packs = None
        del sys.modules["cupcore.packs"]
        import cupcore
        del cupcore.packs
        import gc
        gc.collect()  # the reader's garbage freed now: the engine fills its holes, not the room after it
    if "engine" in pack:  # (else replay.start says there is no game)
        acts = [None] * getattr(replay.engine(pack["engine"]).Game, "RESERVE", RESERVE)
        del acts[:]
    game = replay.start(rec, where, pack)
    pack = None
    rec["actions"] = acts
    chooser = Rng(seed ^ 0x2AAAAAAA)
    cap = min(cap, getattr(game, "CAP", cap))  # a game that never ends (the plain cup) sets its own
    while not game.over and len(acts) < cap:
        legal = game.legal()
        a = legal[chooser.below(len(legal))]
        game.apply(a)
        acts.append(a)
    return rec
