"""The Bogey: every column at once (suit, last card, height), the hand, legal places highlighted.

Hand: left/right choose a card, A picks it up, down discards it, B ends the turn.
Placing (a picked card, or the card the Bogey turned): left/right go through the
legal places only, A puts it there, B puts a picked card back.
The LEDs count the columns in the colour of the level they still allow.
"""

from cupfw import gfx, play
from cupfw.hal import LEFT, RIGHT, DOWN, A, B


_W = const(9)  # column slot width: 12 columns and a new one fit across
# The short texts in a constant tuple: MicroPython keeps a string literal of up to 10 characters as an interned
# name for good, but not the strings of a constant tuple.
_T = const(("place c%d", "place new", "play %s c%d", "play %s new", "discard ", "Won: ", "A:menu", "Play ", "B:back",
      "deck %d", "disc %d"))


class Screen(play.Game):
    def enter(self):
        s = self.s
        if not hasattr(self, "sel"):
            self.sel = 0
        self.sel = min(self.sel, max(0, len(s["hand"]) - 1))
        self.card = None  # the hand card being placed
        self.pick()

    def pick(self):
        """The legal places for the card being placed (column numbers, 0 for a new one; the
        engine's, not every action's text, which a full hand would make dozens of), and which is chosen."""
        c = self.s["bogey"] or self.card
        # (slices: c[i] would be interned)
        self.places = self.g.places("CDHS".find(c[1:]) * 16 + "A23456789TJQK".find(c[:1]) + 1) if c else []
        self.at = 0

    def press(self, bit):
        s = self.s
        d = (bit == RIGHT) - (bit == LEFT)
        if self.places:
            if d:
                self.at = (self.at + d) % len(self.places)
            elif bit == A:  # the card goes to the chosen place
                k = self.places[self.at]
                if s["bogey"]:
                    self.do(_T[0] % k if k else _T[1])
                else:
                    self.do(_T[2] % (self.card, k) if k else _T[3] % self.card)
                return
            elif bit == B and not s["bogey"]:
                self.card = None
                self.places = []
        elif bit == B:
            if "end" in self.g.legal():
                self.do("end")
                return
        elif s["hand"]:
            n = len(s["hand"])
            if d:
                self.sel = (self.sel + d) % n
            elif bit == A:
                self.card = s["hand"][self.sel]
                self.pick()
                if not self.places:
                    self.card = None
            elif bit == DOWN:
                self.do(_T[4] + s["hand"][self.sel])
                return
        self.app.dirty = True

    def result(self):
        s = self.s
        n = 0
        for c in s["columns"]:
            n += len(c)
        return s["result"] == "won", n

    def lights(self):
        n = len(self.s["columns"])
        p = self.app.pattern
        colour = 2 if n <= 8 else (7 if n == 9 else (5 if n == 10 else (3 if n == 11 else 4)))
        for i in range(len(p)):
            p[i] = colour if i < n * len(p) // 12 else 0

    def paint(self, fb):
        s = self.s
        bar = gfx.bar  # (locals: shorter code than gfx's attributes each time)
        text = gfx.text
        card = gfx.card
        cols = s["columns"]
        target = self.places[self.at] if self.places else -1
        if s["over"]:
            bar(fb, _T[5] + str(s["level"]) if s["result"] == "won" else "The Bogey wins", _T[6])
        elif s["bogey"]:
            bar(fb, "The Bogey's card: <>")
        elif self.card:
            bar(fb, _T[7] + self.card, _T[8])
        else:
            bar(fb, "A:play v:disc B:end")
        n = len(cols)
        for i in range(n + 1):
            x = 1 + i * _W
            k = i + 1 if i < n else 0  # the place: a column, or 0 for a new one
            if k == target:
                fb.fill_rect(x - 1, 10, _W, 34, 1)
            elif k in self.places:
                fb.rect(x - 1, 10, _W, 34, 1)
            c = 0 if k == target else 1
            if k:
                last = cols[i][-1]
                gfx.glyph(fb, gfx.SUIT, "CDHS".find(last[-1:]) * 7, 7, x, 11, 1, c)
                text(fb, last[:1], x + 1, 20, 1, c)
                fb.fill_rect(x + 2, 42 - len(cols[i]), 3, len(cols[i]), c)
            elif k in self.places:
                text(fb, "+", x + 1, 20, 1, c)
        hand = s["hand"]
        first = max(0, self.sel - 4)
        x = 0
        for i in range(first, min(len(hand), first + 5)):
            sel = i == self.sel and not s["bogey"] and not s["over"]
            card(fb, x, 46, hand[i], 1, 0 if sel else 1)
            x += 17
        if s["bogey"]:
            card(fb, 104, 46, s["bogey"], 1)
        elif not s["over"]:
            text(fb, _T[9] % s["deck"], 86, 46)
            text(fb, _T[10] % s["discards"], 86, 55)
