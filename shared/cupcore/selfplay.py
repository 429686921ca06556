"""Self-play: a complete game of uniformly random legal actions, as a game record."""

from cupcore import packs, replay
from cupcore.rng import Rng

CAP = 10000  # actions; random play ends long before this in every pack
RESERVE = 256


def play(pack_id, players, seed, where=None, cap=CAP):
    """A game record whose actions are drawn uniformly from legal(); replay.run reproduces it.

    The choices come from their own stream (seed bits flipped), apart from the
    game's dice and deck, so the record stays a plain seeded record.
    """
    # Reserve the actions list's room before the game takes its pieces of the heap:
    # MicroPython keeps a list's capacity when it is emptied, so appends later need
    # no ever larger contiguous blocks mid-game (the difference is a few KB of heap).
    # An engine whose random games are short sets a smaller Game.RESERVE.
    rec = {"pack": pack_id, "players": players, "seed": seed}
    pack = packs.load(pack_id, where)
    if "engine" in pack:  # (else replay.start says there is no game)
        acts = [None] * getattr(replay.engine(pack["engine"]).Game, "RESERVE", RESERVE)
        del acts[:]
    game = replay.start(rec, where, pack)
    pack = None
    rec["actions"] = acts
    chooser = Rng(seed ^ 0x2AAAAAAA)
    while not game.over and len(acts) < cap:
        legal = game.legal()
        a = legal[chooser.below(len(legal))]
        game.apply(a)
        acts.append(a)
    return rec
