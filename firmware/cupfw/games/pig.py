"""The Pig family on the screen: whose turn, banked scores, the turn total, the dice, busts.

A (or a shake) rolls, B holds; in Hog, up/down choose the dice before the first roll.
"""

from cupfw import gfx, play
from cupfw.hal import UP, DOWN, A, B
from cupfw.app import SHAKE


# Short texts in a constant tuple: a string literal of up to 10 characters is a name MicroPython keeps for good,
# the strings of a constant tuple are not.
_T = const(("Player %d", "to %d", "P%d BUST"))


class Screen(play.Game):
    best = True

    def enter(self):
        g = self.g
        if not hasattr(self, "n"):
            self.n = min(3, g.max_dice) or g.ndice
        self.bust = False
        s = self.s
        acts = self.rec["actions"]
        if acts and acts[-1][:4] == "roll" and s["turn_total"] == 0 and s["last_roll"] is not None:
            self.bust = True  # the roll that ended the turn
            if self.anim:
                self.app.flash(4, 900)
                self.app.beep(150, 300)

    def choosing(self):
        return self.g.max_dice and self.g.turn_dice == 0

    def press(self, bit):
        if bit == A or bit == SHAKE:
            self.do("roll %d" % self.n if self.choosing() else "roll", play.ROLL_MS)
        elif bit == B and "hold" in self.g.legal():
            self.do("hold")
            self.app.beep(1200, 60)
        elif (bit == UP or bit == DOWN) and self.choosing():
            self.n = max(1, min(self.g.max_dice, self.n + (1 if bit == UP else -1)))
            self.app.dirty = True

    def auto(self, rng):
        g = self.g
        if "hold" in g.legal() and self.s["turn_total"] >= 12 + rng.below(10):
            self.do("hold")
        else:
            self.n = 1 + rng.below(g.max_dice) if self.choosing() else self.n
            self.press(A)

    def paint(self, fb):
        text = gfx.text
        s = self.s
        g = self.g
        rolling = self.anim
        if s["over"]:
            gfx.bar(fb, "Player %d wins!" % (s["winner"] + 1), str(g.goal))
        else:
            gfx.bar(fb, _T[0] % (s["turn"] + 1), _T[1] % g.goal)
        play.scores(fb, s["scores"], s["winner"] if s["over"] else s["turn"], 11)
        y = 30 if s["players"] > 4 else 22
        acts = self.rec["actions"]
        faces = s["last_roll"] if acts and acts[-1][:4] == "roll" else ()
        size = 15 if len(faces) <= 3 else 12
        x = 0
        for f in faces:
            gfx.die(fb, x, y if size == 15 else y + 2, (self.t * 7 + x) % 6 + 1 if rolling else f, size)
            x += size + 2
        if self.bust and not rolling:
            fb.fill_rect(0, y + 17, 128, 64 - y - 17, 1)
            gfx.center(fb, _T[2] % ((s["turn"] - 1) % s["players"] + 1), y + 21, 2, 0)
        elif not s["over"]:
            t = b"%d" % s["turn_total"]
            text(fb, t, 128 - len(t) * 12, y, 2)
            text(fb, "turn", 128 - 24, y + 16)
            if self.choosing():
                text(fb, "dice:%d ^v  A:roll" % self.n, 0, 56)
            else:
                text(fb, "A:roll  B:hold" if g.turn_dice else b"A:roll", 0, 56)
        else:
            text(fb, b"A: menu", 0, 56)
