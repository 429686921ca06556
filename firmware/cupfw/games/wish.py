"""Wish: the eight piles as their top cards, the cards left under each; pick two tops of one rank to pair.

Left/right choose a pile (empty ones are skipped), A picks its top card, and A on a
second pile pairs the two; A on the picked pile, or B, lets it go. The LEDs fill up
with the cards set aside. The screen reads the engine's piles (deck, left, top(k)):
no summary fields by name, which would be names kept for good.
"""

from cupcore.wish import name
from cupfw import gfx, play
from cupfw.hal import LEFT, RIGHT, A, B


# The short texts in a constant tuple: MicroPython keeps a string literal of up to 10 characters as an interned
# name for good, but not the strings of a constant tuple.
_T = const(("pair %s %s", "Wish", "%d set aside", "Wish: won!", "No pair left", "A:menu", "A:pick B:drop",
            "A:pair  B:drop", "pairs on top: %d"))


class Screen(play.Game):
    def enter(self):
        if not hasattr(self, "sel"):
            self.sel = 0
        self.card = -1  # the pile whose top card is picked, -1 for none
        self.advance(0)

    def advance(self, d):
        """The cursor d piles on, passing over empty piles (d 0: where it is, unless that pile is empty)."""
        left = self.g.left
        for _ in range(8):
            if left[self.sel] and d == 0:
                return
            self.sel = (self.sel + d) % 8
            d = d or 1
            if left[self.sel]:
                return

    def press(self, bit):
        d = (bit == RIGHT) - (bit == LEFT)
        if d:
            self.advance(d)
        elif bit == A and self.card >= 0 and self.card != self.sel:
            g = self.g
            self.do(_T[0] % (name(g.top(self.card)), name(g.top(self.sel))))  # refused: the rule, until a key
            return
        elif bit == A:
            self.card = -1 if self.card == self.sel else self.sel
        elif bit == B:
            self.card = -1
        self.app.dirty = True

    def result(self):
        s = self.s
        return s["result"] == "won", s["score"]

    def lights(self):
        p = self.app.pattern
        n = 32 - sum(self.g.left)
        for i in range(len(p)):
            p[i] = 2 if i < n * len(p) // 32 else 0

    def paint(self, fb):
        text = gfx.text
        g = self.g
        over = self.s["over"]
        if over:
            gfx.bar(fb, _T[3] if g.winner == 0 else _T[4], _T[5])
        else:
            gfx.bar(fb, _T[1], _T[2] % (32 - sum(g.left)))
        for k in range(8):
            if g.left[k]:
                gfx.card(fb, k * 16, 12, name(g.top(k)), 1, 0 if k == self.card else 1)
        r = []  # the ranks on top, to count the pairs there (the engine's legal() makes each pair's text)
        for k in range(8):  # the counts after the cards: side by side (CircuitPython's panel draws them as one line)
            if g.left[k]:
                text(fb, b"%d" % g.left[k], k * 16 + 5, 32)
                r.append(g.top(k) & 15)
        if not over:
            fb.fill_rect(self.sel * 16 + 1, 41, 13, 2, 1)
            n = 0
            for v in r:
                n += r.count(v) - 1
            text(fb, _T[8] % (n // 2), 0, 46)
            text(fb, _T[7] if self.card >= 0 else _T[6], 0, 56)
