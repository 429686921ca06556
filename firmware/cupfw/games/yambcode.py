"""Yamb's actions as their codes in a game's record on the device (Actions), imported by its screen for a
game that is not the demo: 8 players' 1,400 actions kept as 1,400 bytes, none of their 71 texts
(4 KB). Not in the engine nor in cupfw.play: self-play and the demo never read a text back into its code.
"""

from cupcore import yamb
from cupcore.yamb import say
from cupfw import play
from cupfw.app import drop


def record(arg):
    """The record's actions (arg: as cupfw.play.Game takes it, the game built) as their codes, room made
    for 4 a turn; this module out of sys.modules again (its Actions keep what they need)."""
    arg[0]["actions"] = Actions(arg[0]["actions"], 4 * len(arg[2].sheet))
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

    def __init__(self, acts, room):
        """room: the actions to make room for at once (appended one by one, the bytes would move through a
        nearly full heap, leaving holes)."""
        self.words = None  # (a list of the texts from such a text on)
        self.codes = bytearray(room)
        self.codes[:] = b""  # (its room kept)
        for a in acts:
            self.append(a)

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
        if type(i) is int:
            return say(self.codes[i])
        return [say(c) for c in self.codes[i]]
