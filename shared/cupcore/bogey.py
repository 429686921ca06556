"""The Bogey (RULES.md section 6): a solitaire of falling single-suit columns.

Actions: play C cN, play C new, discard C, end (the player's turn), then
place cN or place new for the card the Bogey turns. Cards are small ints as in
cupcore.notation (suit * 16 + rank), named here: importing cupcore.notation
would cost the device 2 KB of heap. The table is one bytearray: for each card
the number of its column (0 while not down), then each column's last card;
summary() builds the column lists when asked. The game keeps few attributes,
because a MicroPython object with more than 17 grows a larger table.

Cases RULES.md leaves open: a draw that finds the deck and the discards both
empty leaves the hand short; `end` needs a card for the Bogey in the deck or
the discards (otherwise play or discard first), so a game always ends; after a
loss `bogey` still names the card that found no place.
"""

from cupcore.engine import Engine

KIND = "cards"
PARAMS = {"hand": (1, 10), "max_columns": (4, 12), "levels": None}
NEW = 0  # in places(): a new column may be started


def full_deck(params):
    """The 52 cards, clubs to spades, ace to king."""
    d = bytearray(52)
    for i in range(52):
        d[i] = i // 13 * 16 + i % 13 + 1
    return d


def name(c):
    return "A23456789TJQK"[(c & 15) - 1] + "CDHS"[c >> 4]


class Game(Engine):
    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, None)
        lv = params["levels"]
        if not isinstance(lv, dict) or not lv:
            lv = None
        for k in lv or ():
            if type(k) is not str or type(lv[k]) is not int or not 4 <= lv[k] <= 12:
                lv = None
                break
        if lv is None:
            raise ValueError("params: levels must map level names to column counts from 4 to 12")
        self.params = params
        if stack is None:
            self.deck = full_deck(params)
            rng.shuffle(self.deck)
        else:
            self.deck = bytearray(stack)
        self.top = 0  # the cards before it have left the deck
        self.discards = bytearray()
        self.hand = []
        self.t = bytearray(76)  # card -> its column number, 0 while not down; 63 + k -> column k's last card
        self.columns = 0
        self.bogey = 0  # the card to place, 0 for none
        self._draw()

    def places(self, c):
        """Where card c may go now: column numbers (1 is c1), then NEW if a column may be started."""
        out = []
        for k in range(1, self.columns + 1):
            t = self.t[63 + k]
            if t >> 4 == c >> 4 and t & 15 > c & 15:
                out.append(k)
        if self.columns < self.params["max_columns"]:
            out.append(NEW)
        return out

    def legal(self):
        out = []
        if self.over:
            return out
        c = self.bogey
        for c in ((c,) if c else self.hand):
            s = "place" if self.bogey else "play " + name(c)
            for k in self.places(c):
                out.append("%s c%d" % (s, k) if k else s + " new")
            if not self.bogey:
                out.append("discard " + s[5:])
        if not self.bogey and (self.top < len(self.deck) or self.discards):
            out.append("end")
        return out

    def _do(self, w):
        """Check the action, then apply it: nothing changes before the last check."""
        verb = w[0]
        n = len(w)
        if n != (3 if verb == "play" else 1 if verb == "end" else 2) or verb not in ("play", "discard", "end", "place"):
            raise ValueError("unknown action; use play C cN, play C new, discard C, end, place cN or place new")
        c = self.bogey
        if (verb == "place") != (c != 0):
            raise ValueError("place the Bogey's card %s first" % name(c) if c else "there is no Bogey card to place")
        if verb == "end":
            c = self._take()
            if not c:
                raise ValueError("the Bogey has no card to turn: play or discard first")
            self.bogey = c
            self.over = not self.places(c)
            return
        if not c:
            s = w[1].upper()
            if s[:2] == "10":
                s = "T" + s[2:]
            for c in self.hand:
                if name(c) == s:
                    break
            else:
                raise ValueError("%s is not in your hand" % s)
        if verb == "discard":
            self.discards.append(c)
            self.hand.remove(c)
            return
        word = w[-1]
        k = self.columns
        if word == "new":
            if k >= self.params["max_columns"]:
                raise ValueError("all %d columns are started" % k)
            self.columns = k = k + 1
        else:
            i = int(word[1:]) if word[:1] == "c" and word[1:].isdigit() and len(word) < 5 else 0
            if i < 1 or i > k:
                raise ValueError("there is no column %s" % word)
            k = i
            t = self.t[63 + k]
            if t >> 4 != c >> 4 or t & 15 <= c & 15:
                raise ValueError("%s cannot go below %s in c%d" % (name(c), name(t), k))
        self.t[63 + k] = c
        self.t[c] = k
        if self.bogey:
            self.bogey = 0
            self._draw()
        else:
            self.hand.remove(c)
        if not (self.hand or self.discards) and self.top == len(self.deck):
            self.over = True  # all 52 cards are down
            self.winner = 0

    def _take(self):
        """The next card of the deck, 0 if none; an empty deck is first refilled from the shuffled discards."""
        if self.top == len(self.deck):
            if not self.discards:
                return 0
            self.deck = self.discards
            self.discards = bytearray()
            self.top = 0
            self.rng.shuffle(self.deck)
        self.top += 1
        return self.deck[self.top - 1]

    def _draw(self):
        """Fill the hand up to its size, as far as the deck and the discards allow."""
        h = self.hand
        c = 1
        while c and len(h) < self.params["hand"]:
            c = self._take()
            if c:
                h.append(c)

    def _public(self, d):
        t = self.t
        cols = []
        for k in range(1, self.columns + 1):
            col = []
            for c in range(63, 0, -1):
                if t[c] == k:
                    col.append(name(c))
            cols.append(col)
        won = self.winner is not None
        d["columns"] = cols
        d["hand"] = [name(c) for c in self.hand]
        d["bogey"] = name(self.bogey) if self.bogey else None
        d["deck"] = len(self.deck) - self.top
        d["discards"] = len(self.discards)
        d["result"] = ("lost", "won")[won] if self.over else None
        best = None
        lv = self.params["levels"]
        for k in lv if won else ():
            if lv[k] >= self.columns and (best is None or (lv[k], k) < (lv[best], best)):
                best = k
        d["level"] = best
