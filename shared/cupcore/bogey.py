"""The Bogey (RULES.md section 6): a solitaire of falling single-suit columns.

Actions: play C cN, play C new, discard C, end (the player's turn), then
place cN or place new for the card the Bogey turns. Cards are small ints as in
cupcore.notation (suit * 16 + rank), named here: importing cupcore.notation
would cost the device 2 KB of heap (and cupcore.cards, loaded only for a reshuffle, some more).

The state is two bytearrays, so that a game fits a small heap: the deck (the
cards before t[_TOP] have left it; the shuffled discards are written back at its
end) and t: for each card where it is (its column number, _HAND, _DISCARDS, or 0
for the deck and the Bogey's card), then each column's last card, then the
counters. The hand and the discards are listed in card order. (Each attribute
past 12 would also cost a larger attribute table on MicroPython.)

Cases RULES.md leaves open: a draw that finds the deck and the discards both
empty leaves the hand short; `end` needs a card for the Bogey in the deck or
the discards (otherwise play or discard first), so a game always ends; after a
loss `bogey` still names the card that found no place.
"""

from cupcore.engine import Engine


KIND = "cards"
PLAYERS = (1, 1)  # the player counts this engine can play
PARAMS = {"hand": (1, 10), "max_columns": (4, 12), "levels": None}
_HAND = const(13)  # places in t after the column numbers 1..12
_DISCARDS = const(14)
_TOP = const(76)  # t[_TOP]: cards dealt from the deck; t[_COLUMNS]: columns started; t[_BOGEY]: the card to place or 0
_COLUMNS = const(77)
_BOGEY = const(78)
_SIZE = const(79)  # the hand size and max_columns
_MOST = const(80)
# Short texts in a constant tuple: MicroPython keeps a string literal of up to 10 characters as an interned name
# for good, but not the strings of a constant tuple.
_T = const(("place c%d", "place new", "discard %s", "%02d%s"))


def full_deck(params):
    """The 52 cards, clubs to spades, ace to king."""
    d = bytearray(52)
    for i in range(52):
        d[i] = i // 13 * 16 + i % 13 + 1
    return d


def name(c):
    r = c & 15
    return "A23456789TJQK"[r - 1:r] + "CDHS"[c >> 4:(c >> 4) + 1]  # slices: MicroPython interns a str's s[i] for good


class Game(Engine):
    RESERVE = 80  # self-play's room for actions: random games stay under it

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, None)
        # The levels as one string, best first ("08epic 09legendary ..."), not the pack's dict.
        lv = params["levels"]
        ok = isinstance(lv, dict) and lv
        out = []
        for k in lv if ok else ():
            w = k.encode() if type(k) is str else b""  # one word of printable ASCII: self.levels is split
            ok = ok and w and min(w) > 32 and max(w) < 127 and type(lv[k]) is int and 4 <= lv[k] <= 12
            if ok:
                out.append(_T[3] % (lv[k], k))
        if not ok:
            raise ValueError("params: levels must map names to 4..12")
        out.sort()
        self.levels = " ".join(out)
        if stack is None:
            stack = full_deck(params)
            rng.shuffle(stack)
        self.deck = bytearray(stack)
        self.t = bytearray(81)  # card -> where it is; 63 + k -> the last card of column k; the counters
        self.t[_SIZE] = params["hand"]
        self.t[_MOST] = params["max_columns"]
        self._draw()

    def cards(self, where):
        """The cards at where (_HAND, _DISCARDS or a column number), in card order, as bytes."""
        t = self.t
        out = bytearray()
        for c in range(64):
            if t[c] == where:
                out.append(c)
        return out

    def places(self, c):
        """Where card c may go now: column numbers (1 is c1), then 0 if it may start a new column."""
        t = self.t
        out = []
        for k in range(1, t[_COLUMNS] + 1):
            if t[63 + k] >> 4 == c >> 4 and t[63 + k] & 15 > c & 15:
                out.append(k)
        if t[_COLUMNS] < t[_MOST]:
            out.append(0)
        return out

    def legal(self):
        b = self.t[_BOGEY]
        if self.over:
            return []
        cards = (b,) if b else self.cards(_HAND)
        n = 1
        for c in cards:
            n += len(self.places(c)) + 1
        out = [None] * n  # sized at once, and no string made twice: the heap stays in few pieces
        i = 0
        for c in cards:
            r = name(c)  # (a slice, a str of its own: s[i] would intern the letter for good on MicroPython)
            for k in self.places(c):
                if b:
                    out[i] = _T[0] % k if k else _T[1]
                else:
                    out[i] = "play %s c%d" % (r, k) if k else "play %s new" % r
                i += 1
            if not b:
                out[i] = _T[2] % r
                i += 1
        if not b and (self.t[_TOP] < 52 or self.cards(_DISCARDS)):
            out[i] = "end"
            i += 1
        del out[i:]
        return out

    def _do(self, w):
        """Check the action, then apply it: nothing changes before the last check."""
        t = self.t
        verb = w[0]
        n = len(w)
        if n != (3 if verb == "play" else 1 if verb == "end" else 2) or verb not in ("play", "discard", "end", "place"):
            raise ValueError("say play C cN/new, discard C, end or place cN/new")
        c = t[_BOGEY]
        if (verb == "place") != (c != 0):
            raise ValueError("place %s first" % name(c) if c else "no Bogey card to place")
        if verb == "end":
            c = self._take()
            if not c:
                raise ValueError("the Bogey has no card: play or discard")
            t[_BOGEY] = c
            self.over = not self.places(c)
            return
        if not c:
            s = w[1].upper()
            r = s[:-1]  # the rank: 10 or T, or another one letter
            r = 10 if r.isdigit() and int(r) == 10 else "A23456789TJQK".find(r) + 1 if len(r) == 1 else 0
            c = "CDHS".find(s[-1:]) * 16 + r if r else -1
            if c < 0 or t[c] != _HAND:
                raise ValueError("%s is not in your hand" % s)
            if verb == "discard":
                t[c] = _DISCARDS
                return
        s = w[-1]
        k = 0 if s == "new" else (int(s[1:]) or -1) if s[:1] == "c" and s[1:].isdigit() else -1
        if k not in self.places(c):
            last = t[63 + k] if 0 < k <= t[_COLUMNS] else 0
            raise ValueError("no place %s for %s%s" % (s, name(c), " (%s ends in %s)" % (s, name(last)) if last
                                                      else "" if k else " (no new column left)"))
        keep = bytes(t) if t[_BOGEY] and t[_TOP] + t[_SIZE] > 52 else None  # the draw after it may reshuffle
        if not k:
            t[_COLUMNS] = k = t[_COLUMNS] + 1
        t[63 + k] = c
        t[c] = k
        if t[_BOGEY]:
            t[_BOGEY] = 0
            try:
                self._draw()
            except ValueError:  # a stacked shuffle that is not the discards: the action has no effect
                t[:] = keep
                raise
        if t[_TOP] == 52 and not self.cards(_HAND) and not self.cards(_DISCARDS):
            self.over = True  # all 52 cards are down
            self.winner = 0

    def _take(self):
        """The next card of the deck, 0 if none; an empty deck is first refilled from the shuffled discards (in card
        order before the shuffle)."""
        t = self.t
        if t[_TOP] == 52:
            d = self.cards(_DISCARDS)
            if not d:
                return 0
            from cupcore.cards import shuffle  # (loaded only now: most games on the device never reshuffle)
            shuffle(self.rng, d)  # the record's next shuffles list, else the seed's (RULES.md section 12)
            t[_TOP] = 52 - len(d)
            self.deck[t[_TOP]:] = d
            for c in d:
                t[c] = 0
        t[_TOP] += 1
        return self.deck[t[_TOP] - 1]

    def _draw(self):
        """Fill the hand up to its size, as far as the deck and the discards allow."""
        n = len(self.cards(_HAND))
        while n < self.t[_SIZE]:
            c = self._take()
            if not c:
                return
            self.t[c] = _HAND
            n += 1

    def _public(self, d):
        t = self.t
        cols = []
        for k in range(t[_COLUMNS] + 1):
            cols.append([])
        for c in range(63, 0, -1):
            if 0 < t[c] <= _HAND:  # the hand is cols[-1]
                cols[t[c] - 1 if t[c] < _HAND else -1].append(name(c))
        won = self.winner is not None
        d["hand"] = cols.pop()
        d["hand"].reverse()
        d["columns"] = cols
        d["bogey"] = name(t[_BOGEY]) if t[_BOGEY] else None
        d["deck"] = 52 - t[_TOP]
        d["discards"] = len(self.cards(_DISCARDS))
        d["result"] = ("lost", "won")[won] if self.over else None
        best = None
        lv = self.levels  # "08epic 09legendary ...": the first whose columns are at least the game's
        i = 0
        while won and best is None and i < len(lv):
            j = lv.find(" ", i)
            j = len(lv) if j < 0 else j
            if int(lv[i:i + 2]) >= t[_COLUMNS]:
                best = lv[i + 2:j]
            i = j + 1
        d["level"] = best
