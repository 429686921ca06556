"""Yamb's actions as their codes in a game's record on the device (Actions), made by cupfw.begin for a game
that is not the demo, before its replay: 8 players' 1,400 actions kept as 1,400 bytes, none of their 71
texts (4 KB). Not in the engine nor in cupfw.play: self-play and the demo never read a text back into its code.
"""

import gc

from cupcore import yamb
from cupcore.yamb import say
from cupfw import play
from cupfw.app import drop


def record(rec):
    """rec's actions (a list, or a cupfw.play.Actions read) as their codes, in place, their texts freed: before
    the replay (cupfw.begin.game), so that they are never in memory with it; left as texts when one has no
    code. This module out of sys.modules after it, and this function out of memory (its Actions keep the rest)."""
    old = rec.get("actions") if type(rec) is dict else None
    if type(old) is list:
        old = play.Actions(old)
    if type(old) is play.Actions:  # (not yet as codes)
        t = bytearray()  # the code of each of the record's different texts (255: none)
        for a in old.words:
            t.append(code(a) & 255)
        c = old.codes
        if type(c) is bytearray and t.find(b"\xff") < 0:
            for i in range(len(c)):
                c[i] = t[c[i]]
            rec["actions"] = Actions(c)
    old = None
    del globals()["record"]
    drop("cupfw.games.yambcode")
    gc.collect()  # (the texts freed before the replay comes in)


def code(a):
    """The code of the action a (say's inverse), or -1 when none says it (a roll's positions not rising)."""
    if type(a) is not str:
        return -1
    try:
        c = yamb.code(a.split())
    except (ValueError, IndexError):
        return -1
    return c if c >= 0 and say(c) == a else -1


class Actions(play.Actions):
    """A game's actions as cupfw.play.Actions keeps them, but each byte the action's code and no text kept,
    in pieces of 128 bytes after those read (codes, a list of bytearrays): a new piece needs 128 free bytes
    in a row, where one bytearray of the game's size, grown or made at once, needs up to 1.5 KB of a nearly
    full heap. After a text no code says (none the screen makes) every action is a text, as
    cupfw.play.Actions has it (codes one bytearray)."""

    def __init__(self, c):
        """c: the codes so far, a bytearray (kept, not copied)."""
        self.words = None  # (a list of the texts from such a text on)
        self.codes = [c]

    def append(self, a):
        c = -1 if self.words is not None else code(a)
        if c >= 0:
            k = self.codes[-1]
            if len(k) >= 128:  # full (or read): a new piece, its room made at once
                k = bytearray(128)
                k[:] = b""
                self.codes.append(k)
            k.append(c)
            return
        if self.words is None:
            old = self.codes
            self.words = []
            self.codes = bytearray()
            for k in old:
                for c in k:
                    play.Actions.append(self, say(c))
        play.Actions.append(self, a)

    def __len__(self):
        return len(self.codes) if self.words is not None else sum(map(len, self.codes))

    def __getitem__(self, i):
        if self.words is not None:
            return play.Actions.__getitem__(self, i)
        if type(i) is not int:  # a slice, as a list of them reads (cupfw.store writes them one at a time)
            return list(map(self.__getitem__, range(len(self))[i]))
        if i < 0:
            i += len(self)
        for k in self.codes:
            if 0 <= i < len(k):
                return say(k[i])
            i -= len(k)
        raise IndexError
