"""The Shooting Party (RULES.md section 12): a solitaire of etiquette, 33 cards and a butler.

Actions: draw, discard C D ..., butler, butler take C, butler ace C, leave, and
spouse queen / spouse jack when the cup asks. Cards are small ints as in
cupcore.notation (suit * 16 + rank); the joker, the butler, is 64 (rank 0, no suit).
Each place is a bytearray in its own order: the draw pile (its cards from
self.top on, top first), the hand (order of arrival), the displayed aces, the
discards and the score pile. Everything the cup does by itself (drawing,
displaying aces, reshuffling, the etiquette rules) is settle() after the opening
and after each action.

An action is checked whole before it changes anything; the one refusal found
while it runs is a stacked shuffle that does not match the cards shuffled, and
then every place is put back as it was.
"""

from cupcore.engine import Engine, name

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

KIND = "cards"
PLAYERS = (1, 1)  # the player counts this engine can play
PARAMS = {}
# The rank at the end: the aces scored, then the queens. One constant string, split when a game is over: a
# string literal of up to 10 characters would be an interned name, kept for good on MicroPython.
_RANK = const("inept novice competent proficient expert pencil-pusher infiltrator double-agent operative spymaster")
_BUTLER = const(64)


def full_deck(params):
    """The 33 cards: A 2 3 4 5 J Q K of each suit in card order (clubs to spades), then the joker."""
    return bytearray([u * 16 + r for u in range(4) for r in (1, 2, 3, 4, 5, 11, 12, 13)] + [_BUTLER])


def _find(cards, s):
    """The card of cards (ints) that the word s names, else 0."""
    s = s.upper()
    for c in cards:
        if name(c) == s:
            return c
    return 0


def _discards(cards):
    """Whether cards (two or more, ints) may be discarded together: two of one suit, or all of one rank."""
    r = cards[0] & 15
    return r and (len(cards) == 2 and cards[0] >> 4 == cards[1] >> 4 or not [c for c in cards if c & 15 != r])


class Game(Engine):
    RESERVE = 56  # self-play's room for actions: random games stay under it

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, None)
        d = full_deck(params) if stack is None else bytearray(stack)
        if stack is None:
            rng.shuffle(d)
        self.pile = d
        self.top = 0  # cards taken from the draw pile
        self.hand = bytearray()
        self.shown = bytearray()  # the displayed aces
        self.out = bytearray()  # the discards
        self.scored = bytearray()
        self.passes = 0  # reshuffles made
        self.choice = -1  # the suit whose spouse the player chooses, -1 for none
        self._draw(4)
        self._settle()

    def legal(self):
        if self.over:
            return []
        if self.choice >= 0:
            return ["spouse queen", "spouse jack"]
        h = self.hand
        n = len(h)
        out = ["draw"] if n < 6 else []
        for m in range(3, 1 << n):  # every set of two or more cards of the hand (bit i: its card i)
            g = [h[i] for i in range(n) if m >> i & 1]
            if len(g) > 1 and _discards(g):
                out.append("discard " + " ".join([name(c) for c in g]))
        if _find(h, "JK"):
            out.append("butler")
            for c in self.out:
                out.append("butler take " + name(c))
            for c in sorted(self.pile[self.top:]):
                if c & 15 == 1:
                    out.append("butler ace " + name(c))
        out.append("leave")
        return out

    def _do(self, w):
        """Check the action, then apply it and settle; a stacked shuffle that fails puts every place back."""
        verb = w[0]
        n = len(w)
        h = self.hand
        c = 0
        if self.choice >= 0:
            if verb != "spouse" or n != 2 or w[1] not in ("queen", "jack"):
                raise ValueError("say spouse queen or spouse jack")
            c = self.choice * 16 + 12
            cards = (c, c + 1) if w[1] == "queen" else (c - 1, c + 1)
        elif verb == "discard" and n > 2:
            cards = [_find(h, s) for s in w[1:]]
            for i in range(n - 1):
                if not cards[i]:
                    raise ValueError("%s is not in your hand" % w[i + 1].upper())
                if cards[i] in cards[:i]:
                    raise ValueError("%s is named twice" % name(cards[i]))
            if not _discards(cards):
                raise ValueError("discard two cards of one suit, or two or more of one rank (the butler goes alone)")
        elif verb == "butler" and (n == 1 or n == 3 and w[1] in ("take", "ace")):
            if not _find(h, "JK"):
                raise ValueError("the butler is not in your hand")
            if n == 3:
                c = _find(self.out if w[1] == "take" else self.pile[self.top:], w[2])
                if not c or w[1] == "ace" and c & 15 != 1:
                    raise ValueError("%s is not %s" % (w[2].upper(), "in the discard pile" if w[1] == "take"
                                                       else "an ace in the draw pile"))
        elif verb == "draw" and n == 1:
            if len(h) > 5:
                raise ValueError("draw only with 5 or fewer cards in the hand")
        elif verb == "spouse":
            raise ValueError("no spouse to choose")
        elif verb != "leave" or n != 1:
            raise ValueError("say draw, discard C D .., butler, butler take C, butler ace C or leave")
        keep = (bytearray(self.pile), self.top, bytearray(h), bytearray(self.shown), bytearray(self.out),
                bytearray(self.scored), self.passes, self.choice)
        try:
            if self.choice >= 0 or verb == "discard":
                self.choice = -1
                self._discard(cards)
            elif verb == "butler":
                self._discard((_BUTLER,))
                if n == 3 and w[1] == "take":
                    self.out = bytearray([x for x in self.out if x != c])
                    self.hand.append(c)
                elif n == 3:  # the ace is displayed, the draw pile shuffled without it
                    d = bytearray([x for x in self.pile[self.top:] if x != c])
                    self.shuffle(d)
                    self.pile = d
                    self.top = 0
                    self.shown.append(c)
            else:
                if verb == "leave":
                    self._discard(list(h))
                self._draw(2 if verb == "draw" else 4)
            self._settle()
        except ValueError:
            self.pile, self.top, self.hand, self.shown, self.out, self.scored, self.passes, self.choice = keep
            raise

    def _discard(self, cards):
        """The cards (a list or tuple) leave the hand for the discards, in hand order."""
        keep = bytearray()
        for c in self.hand:
            (self.out if c in cards else keep).append(c)
        self.hand = keep

    def _take(self):
        """The draw pile's top card, now last in the hand; an empty pile is first rebuilt from the discards
        and the displayed aces, shuffled (twice at most). 0 when the third exhaustion ends the game, lost."""
        while self.top == len(self.pile):
            if self.passes == 2:
                self.over = True
                return 0
            d = self.out + self.shown
            self.shuffle(d)
            self.pile = d
            self.top = 0
            self.out = bytearray()
            self.shown = bytearray()
            self.passes += 1
        c = self.pile[self.top]
        self.top += 1
        self.hand.append(c)
        return c

    def _draw(self, n):
        """Draw n cards, then display the hand's aces one at a time, each replaced by a card drawn the same way."""
        while n:
            n -= 1
            if not self._take():
                return
        a = [c for c in self.hand if c & 15 == 1]
        while a:
            self.hand = bytearray([c for c in self.hand if c != a[0]])
            self.shown.append(a[0])
            if not self._take():
                return
            a = [c for c in self.hand if c & 15 == 1]

    def _settle(self):
        """The rules the cup applies by itself, the first that holds each time, until none does or the
        player must choose a spouse: spouses, anonymity, attaches, contact."""
        while not self.over:
            h = list(self.hand)
            qs = [c for c in h if c & 15 == 12]
            wed = [q for q in qs if q + 1 in h]
            if wed and wed[0] - 1 in h:
                self.choice = wed[0] >> 4
                return
            if wed:
                self._discard((wed[0], wed[0] + 1))
            elif len(qs) > 1:
                self._discard(qs[:1])
            elif len([c for c in h if c & 15 == 11]) > 1:
                self._discard(h)
                self._draw(4)
            elif qs and len(h) == 1:
                self.hand = bytearray()
                self.scored.append(qs[0])
                if qs[0] - 11 in list(self.shown):
                    self.shown = bytearray([c for c in self.shown if c != qs[0] - 11])
                    self.scored.append(qs[0] - 11)
                if len([c for c in self.scored if c & 15 == 12]) == 4:
                    self.over = True
                    self.winner = 0
                    return
                self._draw(4)
            else:
                return

    def _public(self, d):
        d["hand"] = [name(c) for c in self.hand]
        d["displayed"] = [name(c) for c in self.shown]
        d["scored"] = [name(c) for c in self.scored]
        d["deck"] = len(self.pile) - self.top
        d["discards"] = len(self.out)
        d["reshuffles"] = self.passes
        d["choice"] = "CDHS"[self.choice:self.choice + 1] if self.choice >= 0 else None
        q = len([c for c in self.scored if c & 15 == 12])
        a = len(self.scored) - q
        d["contacts"] = q
        d["communiques"] = a
        d["score"] = q + a
        d["result"] = ("lost", "won")[self.winner == 0] if self.over else None
        w = _RANK.split()
        d["rank"] = w[a] + " " + w[5 + q] if self.over else None
