"""Yamb's actions as their codes in a game's record on the device (Actions), imported by its screen for a
game that is not the demo: 8 players' 1,400 actions kept as 1,400 bytes, none of their 71 texts
(4 KB). Not in the engine nor in cupfw.play: self-play and the demo never read a text back into its code.
"""

from cupcore import yamb
from cupcore.yamb import say
from cupfw import play
from cupfw.app import drop


def record(arg):
    """The record's actions (arg: as cupfw.play.Game takes it, the game built; its actions a cupfw.play.Actions,
    new or read) as their codes, with room for 4 a turn still to play; left as texts when one has no code.
    This module out of sys.modules again (its Actions keep what they need)."""
    old = arg[0]["actions"]
    t = bytearray()  # the code of each of the record's different texts (255: none)
    for a in old.words:
        t.append(code(a) & 255)
    c = old.codes
    if type(c) is bytearray and t.find(b"\xff") < 0:
        n = 0  # room for 4 actions a turn still to play
        for v in arg[2].sheet:
            if v == 255:
                n += 4
        for i in range(len(c)):  # (in place)
            c[i] = t[c[i]]
        old.words = None  # (the texts freed before the room is made)
        new = arg[0]["actions"] = Actions(n and len(c) + n)
        if n:
            new.codes.extend(c)
        else:  # a game over: its codes as they are, no room
            new.codes = c
    drop("cupfw.games.yambcode")


def code(a):
    """The code of the action a (say's inverse), or -1 when none says it (a roll's positions not rising)."""
    try:
        c = yamb.code(a.split())
    except (ValueError, IndexError):
        return -1
    return c if c >= 0 and say(c) == a else -1


class Actions(play.Actions):
    """A game's actions as cupfw.play.Actions keeps them, but each byte the action's code and no text kept.
    After a text no code says (none the screen makes) every action is a text, as cupfw.play.Actions has it."""

    def __init__(self, room):
        """room: the actions to make room for at once (appended one by one, the bytes would move through a
        nearly full heap, leaving holes)."""
        self.words = None  # (a list of the texts from such a text on)
        self.codes = bytearray(room)
        self.codes[:] = b""  # (its room kept)

    def append(self, a):
        c = -1 if self.words is not None else code(a)
        if c >= 0:
            self.codes.append(c)
            return
        if self.words is None:
            old = self.codes
            self.words = []
            self.codes = bytearray()
            for c in old:
                play.Actions.append(self, say(c))
        play.Actions.append(self, a)

    def __getitem__(self, i):
        if self.words is not None:
            return play.Actions.__getitem__(self, i)
        return say(self.codes[i]) if type(i) is int else list(map(say, self.codes[i]))
