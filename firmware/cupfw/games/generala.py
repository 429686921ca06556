"""Generala on the dice tray, with its score sheet (RULES.md section 9).

A (or a shake) rolls all five. Then left/right move over the dice and A marks the
die under the cursor; B rolls the marked dice again (a shake too, all five when none
is marked). B with none marked, or down, opens the sheet: the eleven boxes of the
player to act, each free one with what these dice would write there (+N), the used
ones greyed with what was written. Up/down pick a free box, A writes the dice in it,
left/right show the other players' sheets, B goes back to the dice. A served Generala
(five of a kind on a turn's first roll) wins at once.

Small, as every game's screen must be (RULES.md's engines are larger than the luck games'):
the engine module is imported where it is used (the demo plays two games of an engine in
a row, each with an engine module of its own), and the words are one string, each taken out where it is
used (tray.word; a string constant is an object of its own).
"""

from cupfw import gfx, play
from cupfw.games import tray
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B
from cupfw.app import SHAKE


# The keys (a frame takes one: first, as a str's find from an offset walks it from its start on MicroPython),
# the boxes in the engine's order, then the rolls left. (Split at "*", a name MicroPython has built in: "|"
# would be one more interned for good.)
_W = const("A:roll  v:sheet*A:mark B:sheet*A or B: the sheet*A:mark B:roll v:sheet*A:score B:dice*B:dice </>:who*"
           "1s*2s*3s*4s*5s*6s*Straight*Full*Four*Generala*Double*no rolls left: B*1 roll left*2 rolls left")


class Screen(tray.Screen):
    """No attributes beyond the tray's (17 fit the smallest dict that holds them; 19 take one of 37):
    on the sheet, mode is 1 + the player whose sheet is shown and the box picked is mark >> 8."""
    best = True  # the statistics keep the winner's total

    def __init__(self, app, arg):
        # No summary of the game App.switch made builds the sheets' dicts (3 KB for eight players), not even
        # the first: the screen reads the engine's bytes.
        if len(arg) > 2 and arg[2] is not None:
            arg[2].sheets = False
        tray.Screen.__init__(self, app, arg)

    def update(self, b, act):
        from cupcore import generala
        s = self.s
        t = b["turn"] + 1
        w = tray.word
        if act[0] == "s":  # score CAT: the box written (0 is a scratch)
            i = generala._SCORE.index(act)
            p = self.g.sheet[t * 11 - 11 + i]
            self.mood = 0 if p else 2
            return "P%d writes %d\nin %s" % (t, p, w(_W, 6 + i))
        if s["over"]:
            self.mood = 1
            return "Served Generala!\nP%d wins" % t
        n = s["rolls_left"]
        self.cur = 1 if n else 0
        return "P%d rolls\n%s" % (t, w(_W, 17 + n))

    def act(self, bit):
        g = self.g
        m = self.mark & 31  # (the bits above are the sheet's)
        if g.left == 3:  # a turn's first roll: all five
            if bit == A or bit == SHAKE:
                self.do("roll", play.ROLL_MS)
        elif bit == A and self.cur:
            self.mark ^= 1 << (self.cur - 1)
            self.app.dirty = True
        elif g.left and (m and bit == B or bit == SHAKE):
            a = "roll"
            for i in range(5):
                if m >> i & 1:
                    a += " %d" % (i + 1)
            self.do(a, play.ROLL_MS)
        elif bit == A or bit == B:
            self.press(DOWN)

    def press(self, bit):
        g = self.g
        t = g.turn
        free = []
        for i in range(11):
            if g.sheet[t * 11 + i] == 255:
                free.append(i)
        if self.s["over"] or not self.mode and bit != DOWN and bit != UP:
            tray.Screen.press(self, bit)
            return
        k = self.mark >> 8  # the box picked
        if not self.mode:  # the sheet, on the free box these dice score most in
            p = self.points()
            k = free[0]
            for i in free:
                if p[i] > p[k]:
                    k = i
        elif bit == UP or bit == DOWN:
            k = free[(free.index(k) + (1 if bit == DOWN else -1)) % len(free)]
        elif bit == LEFT or bit == RIGHT:
            t = (self.mode + (0 if bit == RIGHT else -2)) % g.players
        elif bit == B:
            t = -1
        elif self.mode == t + 1 and g.left < 3 and bit == A:
            from cupcore import generala
            self.do(generala._SCORE[k])
            return
        self.mode = t + 1  # A on another player's sheet: back to one's own
        self.mark = self.mark & 31 | k << 8
        self.app.dirty = True

    def points(self):
        """What the dice on the table would write in each free box of the player to act (0 before a roll, and
        in a used box): the engine's module imported once for the eleven."""
        from cupcore import generala
        g = self.g
        t = g.turn * 11
        d = g.sheet[t + 9]
        d = g.pay[1] if d != 255 and d else None
        out = []
        for i in range(11):
            out.append(generala.points(g.last_roll, i, g.pay[0], d) if g.left < 3 and g.sheet[t + i] == 255 else 0)
        return out

    def lines(self):
        n = self.g.left
        m = 0  # the dice marked
        for i in range(5):
            m += self.mark >> i & 1
        return tray.Screen.lines(self)[0], "B rolls %d again" % m if m else "", \
            "" if self.s["over"] else tray.word(_W, 3 if m else 0 if n > 2 else 1 if n else 2)

    def paint(self, fb):
        s = self.s
        if not self.mode or s["over"]:
            tray.Screen.paint(self, fb)
            return
        g = self.g
        p = self.mode - 1
        me = p == g.turn and g.left < 3
        gfx.bar(fb, b"Player %d's sheet" % (p + 1), b"%d" % s["scores"][p])
        w = _W.encode()  # the boxes' names cut from bytes (a str made costs more)
        q = self.points() if me else None
        k = self.mark >> 8 if p == g.turn else -1  # the box picked, inverted
        if k >= 0:
            fb.fill_rect(0 if k < 6 else 44, 9 + k % 6 * 9, 42 if k < 6 else 84, 9, 1)
        at = [w.find(b"*1s*") + 1]  # where each box's name begins in w (after the keys')
        for i in range(11):
            at.append(w.find(b"*", at[i]) + 1)
        for i in (0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5):  # a row at a time, both columns: a row's texts are drawn
            v = g.sheet[p * 11 + i]  # side by side (CircuitPython's panel draws them as one line)
            x = 0 if i < 6 else 44
            y = 10 + i % 6 * 9
            c = 0 if i == k else 1
            t = b"%d" % v if v != 255 else b"+%d" % q[i] if me else b""
            gfx.text(fb, w[at[i]:at[i + 1] - 1], x + 1, y, 1, c)
            gfx.text(fb, t, x + (42 if i < 6 else 84) - 6 * len(t), y, 1, c)
        gfx.text(fb, tray.word(_W, 4 if me else 5), 44, 55)
        for i in range(11):
            if g.sheet[p * 11 + i] != 255:  # used: greyed, every other row of its pixels off
                for r in (11, 13, 15):
                    fb.hline(0 if i < 6 else 44, r + i % 6 * 9, 42 if i < 6 else 84, 0)
