"""Wish (RULES.md section 12): a solitaire of eight piles of four, cleared in pairs of one rank.

Action: pair C D. Cards are small ints as in cupcore.notation (suit * 16 + rank).
The state is the deal itself (pile k is deck[4k:4k+4], its top card first) and
how many cards each pile still holds: a pile's top is deck[4k + 4 - left].
Its names are ones the device's other modules have already (MicroPython keeps every
name for good), its short texts in a constant tuple.
"""

from cupcore.cards import name  # (the screen's too)
from cupcore.engine import Engine


KIND = "cards"
PLAYERS = (1, 1)  # the player counts this engine can play
PARAMS = {}
_T = const(("pair %s %s", "piles", "tops", "10", "T"))


def full_deck(params):
    """The 32 cards 7..K and A of each suit, in card order (clubs to spades, ace to king)."""
    return bytearray(b"\x01\x07\x08\t\n\x0b\x0c\r\x11\x17\x18\x19\x1a\x1b\x1c\x1d!'()*+,-1789:;<=")


class Game(Engine):
    RESERVE = 16  # the most actions a game takes

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, None)
        d = full_deck(params) if stack is None else bytearray(stack)
        if stack is None:
            rng.shuffle(d)
        self.deck = d
        self.left = bytearray(b"\x04\x04\x04\x04\x04\x04\x04\x04")  # cards in each pile
        self._after()

    def top(self, k):
        """Pile k's top card (k from 0), 0 when it is empty."""
        n = self.left[k]
        return self.deck[4 * k + 4 - n] if n else 0

    def legal(self):
        out = []
        for i in range(8 if not self.over else 0):
            a = self.top(i)
            for j in range(i + 1, 8):
                b = self.top(j)
                if a and b and a & 15 == b & 15:
                    out.append(_T[0] % (name(a), name(b)))
        return out

    def _do(self, w):
        if w[0] != "pair" or len(w) != 3:
            raise ValueError("say pair C D: two top cards of one rank")
        k = []
        for s in w[1:]:
            s = s.upper()
            s = _T[4] + s[2:] if s[:2] == _T[3] else s
            i = 0
            while i < 8 and not (self.top(i) and name(self.top(i)) == s):
                i += 1
            if i == 8:
                raise ValueError("%s is not a top card" % s)
            k.append(i)
        if k[0] == k[1]:
            raise ValueError("%s is named twice" % s)
        a = self.top(k[0])
        if a & 15 != self.top(k[1]) & 15:
            raise ValueError("%s and %s are not of one rank" % (name(a), s))
        for i in k:
            self.left[i] -= 1
        self._after()

    def _after(self):
        """Over when every pile is empty (won) or no two top cards share a rank (lost)."""
        self.over = not self.legal()
        self.winner = 0 if not sum(self.left) else None

    def _public(self, d):
        d[_T[1]] = list(self.left)
        d[_T[2]] = out = []
        for k in range(8):
            out.append(name(self.top(k)) if self.left[k] else None)
        d["score"] = 32 - sum(self.left)
        d["result"] = ("lost", "won")[self.winner == 0] if self.over else None
