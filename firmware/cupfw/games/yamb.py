"""Yamb on the dice tray, with its sheet (RULES.md section 11).

The dice as in Generala: A (or a shake) rolls all five; then left/right move over the dice, A marks
the die under the cursor, B rolls the marked dice again (a shake too, all five when none is marked).
B with none marked, or down, opens the sheet of the player to act (cupfw.games.yambsheet: imported,
and its page made, after a person's roll once the dice have stopped, so that the key that opens it does
not wait for them; the demo never opens one); an announced row is named below the dice.

Small, as generala.py says why: the engine module is imported where it is used, the words are one
string cut where they are used, and the sheet's state is the tray's own attributes.
"""

from cupfw import play
from cupfw.games import tray
from cupfw.hal import UP, DOWN, A, B
from cupfw.app import SHAKE


# The rolls left and the keys (split at "*": tray.word).
_W = const("no rolls left: B*1 roll left*2 rolls left*A:roll  v:sheet*A:mark B:sheet*A:mark B:roll v:sheet*"
           "announced: ")


class Screen(tray.Screen):
    def __init__(self, app, arg):
        # No summary of the game builds the sheets' dicts (56 for eight players of seven columns): the
        # screen reads the engine's cells.
        if len(arg) > 2 and arg[2] is not None:
            arg[2].sheets = False
        tray.Screen.__init__(self, app, arg)

    def update(self, b, act):
        g = self.g
        self.sheet = None  # the sheet's page (cupfw.games.yambsheet) is for the game before this action
        w = act.split()
        t = b["turn"] + 1
        if w[0] == "score":  # the points read back from the sheet (0 is a scratch)
            from cupcore import yamb
            c = yamb.code(w) - 19  # (13 * the column's kind + the row)
            p = g.sheet[((t - 1) * len(g.cols) + g.cols.index(c // 13)) * 13 + c % 13]
            self.mood = 2 if not p else 1 if c % 13 > 8 else 0
            return "P%d writes %d\nin %s %s" % (t, p, w[1], w[2])
        if w[0] != "roll":  # announce ROW
            self.cur = 1  # back to the dice, to roll for it
            return "P%d announces\n%s" % (t, w[1])
        n = self.s["rolls_left"]
        self.cur = 1 if n else 0
        return "P%d rolls\n%s" % (t, tray.word(_W, n))

    def act(self, bit):
        g = self.g
        m = self.mark & 31  # (the bits above are the sheet's)
        w = None  # a roll: the turn's first, or of the marked dice (all five when none is marked)
        if g.left == 3:
            if bit == A or bit == SHAKE:
                w = "roll"
        elif bit == A and self.cur:
            self.mark ^= 1 << (self.cur - 1)
            self.app.dirty = True
        elif g.codes()[:1] == b"\x01" and (m and bit == B or bit == SHAKE):  # a reroll is legal
            from cupcore import yamb
            w = yamb.say(128 | (m or 31))
        elif bit == A or bit == B:
            self.press(DOWN)
        if w and self.do(w, play.ROLL_MS) and not self.demo:
            def later():  # the roll saved once the dice have stopped, then the sheet's page made (its module
                self.save()  # imported the first time) for the keys to come, unless the game is being left;
                if self.app.next is None:  # a person's roll: the demo and the memory bench play without keys
                    from cupfw.games import yambsheet
                    yambsheet.sheet(self)
            self.app.later = later

    def auto(self, rng):
        """The demo's move: play.Game's (a random legal action, the same one), from the engine's codes:
        legal() would make the text of every action it lists."""
        g = self.g
        if self.s["over"]:
            self.press(A)
            return
        from cupcore import yamb
        c = g.codes()
        self.do(yamb.say(c[rng.below(len(c))]), play.ROLL_MS if c[0] < 6 else 0)

    def press(self, bit):
        if self.s["over"] or not self.mode and bit != DOWN and bit != UP:
            tray.Screen.press(self, bit)
        else:
            from cupfw.games import yambsheet
            yambsheet.press(self, bit)

    def lines(self):
        g = self.g
        n = g.left
        m = 0  # the dice marked
        for i in range(5):
            m += self.mark >> i & 1
        info = "B rolls %d again" % m if m else ""
        if g.said is not None:
            from cupcore import yamb
            info = tray.word(_W, 6) + yamb.word(0, g.said)
        return tray.Screen.lines(self)[0], info, \
            "" if self.s["over"] else tray.word(_W, 5 if m else 3 if n > 2 else 4 if n else 0)

    def paint(self, fb):
        if not self.mode or self.s["over"]:
            tray.Screen.paint(self, fb)
        else:
            from cupfw.games import yambsheet
            yambsheet.paint(self, fb)
