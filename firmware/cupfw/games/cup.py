"""The plain cup: 1 to 10 dice of 4 to 20 sides, open or hidden under the cup.

A (or a shake) rolls; left/right move a cursor from "roll" over the dice, and A
(or up/down) marks the die under it to be rolled again, so the next roll takes
only the marked dice. Hidden, the dice stay under the cup: holding A on a die
peeks (left/right and up/down still move and mark while it is held), B lifts the
cup. The dice are drawn in one place, with the cup lifted or A held; the LEDs
never show them.

The cup is a tool, not a game: it is never over, keeps no score, and saves
nothing (it would replace a saved game in progress, and no record of it is kept).
"""

from cupfw import gfx, play
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B
from cupfw.app import SHAKE


class Screen(play.Game):
    def enter(self):
        if not hasattr(self, "cur"):
            self.cur = 0  # 0: the roll; 1..n: a die
            self.mark = 0  # the dice to roll again, a bit per position
            self.peek = False

    def save(self):
        """Nothing: the cup keeps no record (see above)."""

    def do(self, act, anim=0):
        if play.Game.do(self, act, anim) is False:  # refused: nothing changed
            return False
        self.mark = 0
        self.peek = False
        self.cur = 1 if self.g.under else 0  # hidden: A on a die peeks at once
        if not self.demo:
            self.rec["actions"] = []  # nothing is saved, and a cup can roll all evening
        return True

    def press(self, bit):
        g = self.g
        n = g.n
        if bit == SHAKE or bit == A and not self.cur:
            pos = []
            for i in range(n):
                if self.mark >> i & 1:
                    pos.append(str(i + 1))
            self.do(" ".join(["roll"] + pos), play.ROLL_MS)
            return
        if not g.dice:
            return
        if bit == LEFT or bit == RIGHT:
            self.cur = (self.cur + (n if bit == LEFT else 1)) % (n + 1)
        elif bit == A and g.under:
            self.peek = True
        elif (bit == A or bit == UP or bit == DOWN) and self.cur:
            self.mark ^= 1 << (self.cur - 1)
        elif bit == B:
            if g.under:
                self.do("lift")
                return
            self.mark = 0
        self.app.dirty = True

    def release(self, bit):
        if bit == A and self.peek:
            self.peek = False
            self.app.dirty = True

    def auto(self, rng):
        """The demo: roll, peek at a hidden cup, mark a die or two and roll them again, lift."""
        g = self.g
        if self.peek:
            self.release(A)
            self.press(B)
        elif g.under and not rng.below(3):
            self.press(A)
        elif g.dice and rng.below(2):
            self.cur = rng.below(g.n) + 1
            self.mark ^= 1 << (self.cur - 1)
            self.app.dirty = True
        else:
            self.cur = 0
            self.press(A)

    def paint(self, fb):
        text = gfx.text
        g = self.g
        n = g.n
        gfx.bar(fb, ("%dd%d in the cup", "%dd%d under the cup")[g.hidden] % (n, g.sides))
        hide = g.under and not self.peek or not g.dice
        faces = g.view(0)["dice"] if not hide else [0] * n
        if self.anim:
            hide = g.under
            faces = []
            for i in range(n):
                faces.append((self.t * 7 + i * 3) % g.sides + 1)
        small = n > 5
        k = 14 if small else 20
        per = (n + 1) // 2 if small else n
        gfx.dice(fb, faces, 2 if small else (131 - n * 23) // 2, 11 if small else 12, k, per, g.sides,
                 self.mark, self.cur, hide)
        if self.anim:
            return
        down = g.under and not self.peek
        word = "cup down" if down else str(sum(faces)) if g.dice else ""
        if not small:
            gfx.center(fb, word, 38, 2)
        elif down:
            text(fb, word[:3], 98, 20)
            text(fb, word[4:], 92, 30)
        else:
            text(fb, word, 128 - 12 * len(word), 22, 2)
        if not g.dice:
            keys = "A or shake: roll"
        elif not self.cur:
            m = 0
            for i in range(n):
                m += self.mark >> i & 1
            keys = ("A:reroll %d  B:lift" if g.under else "A:reroll %d  </>:pick") % m if m else \
                "A:roll all  B:lift" if g.under else "A:roll all  </>:pick"
        else:
            keys = "</>:move  ^:mark" if self.peek else "hold A:peek  B:lift" if g.under else "A:mark  </>:move"
        text(fb, keys, 0, 56)
