"""The Shooting Party: the hand, the displayed aces, the score pile, and in words what the cup did by itself.

Left/right choose a card of the hand, A marks it (inverted) and B discards the
marked cards; down draws two; up offers the other actions (leave the room, the
butler's three uses) one at a time: left/right go through them, A does it, B goes
back. When a queen, her king and her jack meet, A sends the queen away with the
king, B the jack. What the cup did by itself is said in words below the table (its
third line the keys' line until a card is marked). The title says the cards left in
the draw pile and the reshuffles left; the queens met are shown by suit, inverted
with their ace; the end says the rank. The LEDs count the queens met.

The screen reads the engine's places (hand, revealed, scores, lines): no summary
fields by name, which would be names kept for good. Its texts are one string, split
when one is needed: a constant tuple's strings would each be an object in the heap
for as long as the screen is up.
"""

from cupcore.party import name
from cupfw import gfx, play
from cupfw.hal import LEFT, RIGHT, UP, DOWN, A, B


# Bytes, whose find from an offset starts there (a str's walks it from its start on MicroPython: its strings
# are UTF-8). 0-10: the texts drawn in every frame, first; 11 the action of down; 12-19: what the cup did (the
# engine's lines: 11 + what, card): %s the card's suit (1, 2, 5), %d the reshuffles left (7); 20-23 the suits;
# then the other texts.
_TEXT = const(b"pile %d  shuffles %d\nWon!\nOver\nA:menu\naces\nmet\nB:discard  A:mark\nA:mark v:draw ^:more\n"
              b"A:mark  ^:more\nA:do it  <>  B:back\nA:queen B:jack goes\ndraw\nthe ace of %s is shown\n"
              b"the King of %s takes the Queen away\ntwo queens: the first goes\n"
              b"two attaches: you leave the room\ncontact! the Queen of %s\n and her ace\nreshuffled: %d left\n"
              b"the pile is out a third time\nclubs\ndiamonds\nhearts\nspades\ndiscard \n. \n"
              b"Queen, King and Jack of %s meet\nrank\n")


def word(i):
    """Text i of _TEXT (found, not split: a list of all of them would be 28 strings at once)."""
    j = -1
    for _ in range(i):
        j = _TEXT.find(b"\n", j + 1)
    return _TEXT[j + 1:_TEXT.find(b"\n", j + 1)].decode()


class Screen(play.Game):
    def enter(self):
        g = self.g
        self.sel = min(getattr(self, "sel", 0), max(0, len(g.hand) - 1))
        self.mark = 0  # the marked cards of the hand, a bit each
        self.choices = []  # the other actions offered (up), and the one shown
        self.at = 0
        say = []
        lines = g.lines
        for i in range(0, len(lines), 2):
            what = lines[i]
            c = lines[i + 1]
            if what == 6:  # her ace, with the queen met
                say[-1] += word(17)
            elif what != 1 or len(lines) < 3:  # (an ace shown among other news: the table shows it)
                t = word(11 + what)
                say.append(t % (2 - c) if what == 7 else t % word(20 + (c >> 4)) if what in (1, 2, 5) else t)
        if g.choosing >= 0:
            say.append(word(26) % word(20 + g.choosing))
        if g.over:
            say.append(self.s[word(27)])
        self.words = word(25).join(say) if len(say) > 1 else "".join(say)  # (word(25): 25 finds)
        self.breaks = gfx.wrap(self.words)

    def press(self, bit):
        g = self.g
        d = (bit == RIGHT) - (bit == LEFT)  # a step through the hand, or the actions offered
        if g.choosing >= 0:
            if bit == A or bit == B:
                self.do(g.legal()[bit == B])  # spouse queen, spouse jack
        elif self.choices:
            if d:
                self.at = (self.at + d) % len(self.choices)
            elif bit == A:
                self.do(self.choices[self.at])
            elif bit == B or bit == UP:
                self.choices = []
        elif d:
            self.sel = (self.sel + d) % max(1, len(g.hand))
        elif bit == A and g.hand:
            self.mark ^= 1 << self.sel
        elif bit == B and self.mark:
            h = g.hand
            c = []
            for i in range(len(h)):
                if self.mark >> i & 1:
                    c.append(name(h[i]))
            self.do(word(24) + " ".join(c))
        elif bit == DOWN and len(g.hand) < 6:
            self.do(word(11))  # draw (the engine's legal() would make every discard's text too)
        elif bit == UP:
            a = g.legal()
            self.choices = a[-1:]  # leave, the butler's uses
            for b in a:
                if len(b) > 5 and b[:4] != word(24)[:4]:
                    self.choices.append(b)
        self.app.dirty = True

    def result(self):
        s = self.s
        return s["result"] == "won", s["score"]

    def lights(self):
        p = self.app.pattern
        n = 0  # the queens scored
        for c in self.g.scores:
            if c & 15 == 12:
                n += 1
        for i in range(len(p)):
            p[i] = 2 if i < n * len(p) // 4 else 0

    def paint(self, fb):
        g = self.g
        text = gfx.text  # (a local: shorter code than gfx's attribute each time)
        if g.over:
            gfx.bar(fb, word(1) if g.winner == 0 else word(2), word(3))
        else:
            gfx.bar(fb, word(0) % (len(g.deck) - g.top, 2 - g.rounds))
        h = g.hand
        for i in range(len(h)):
            x = i * 16
            if h[i] & 15:
                gfx.card(fb, x, 10, name(h[i]), 1, 0 if self.mark >> i & 1 else 1)
            else:  # the joker, the butler: no suit
                fb.rect(x, 10, 15, 18, 1)
                text(fb, name(h[i]), x + 2, 12)
            if i == self.sel and not g.over and g.choosing < 0 and not self.choices:
                fb.fill_rect(x + 1, 28, 13, 2, 1)
        x = text(fb, word(4), 0, 31) + 2
        for c in g.revealed:
            gfx.glyph(fb, gfx.SUIT, (c >> 4) * 7, 7, x, 31)
            x += 9
        x = text(fb, word(5), 68, 31) + 2
        sc = g.scores
        for i in range(len(sc)):  # each queen met by her suit, inverted when her ace came with her
            if sc[i] & 15 == 12:
                ace = i + 1 < len(sc) and sc[i + 1] & 15 == 1
                if ace:
                    fb.fill_rect(x - 1, 30, 9, 9, 1)
                gfx.glyph(fb, gfx.SUIT, (sc[i] >> 4) * 7, 7, x, 31, 1, 0 if ace else 1)
                x += 10
        if self.choices:
            text(fb, self.choices[self.at], 0, 39)
            text(fb, word(9), 0, 57)
            return
        keys = g.choosing >= 0 or self.mark or not self.words  # else the news may take the keys' line too
        n = 2 if keys else 3
        gfx.lines(fb, self.words, self.breaks, max(0, len(self.breaks) // 2 - n), n, 39)  # the latest news
        if keys and not g.over:
            text(fb, word(10 if g.choosing >= 0 else 6 if self.mark else 7 if len(h) < 6 else 8), 0, 57)
