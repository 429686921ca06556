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
# The rank at the end: the aces scored, then the queens. Short texts in a constant tuple: MicroPython keeps a
# string literal of up to 10 characters as an interned name for good, but not the strings of a constant tuple.
_T = const(("inept", "novice", "competent", "proficient", "expert",
            "pencil-pusher", "infiltrator", "double-agent", "operative", "spymaster",
            "spouse queen", "spouse jack", "draw", "leave", "butler", "butler take ", "butler ace "))
_BUTLER = const(64)


def full_deck(params):
    """The 33 cards: A 2 3 4 5 J Q K of each suit in card order (clubs to spades), then the joker."""
    return bytearray([u * 16 + r for u in range(4) for r in (1, 2, 3, 4, 5, 11, 12, 13)] + [_BUTLER])


def _card(s):
    """The card a word names ("QS", "jk"), or -1."""
    s = s.upper()
    if s == "JK":
        return _BUTLER
    r = "A2345JQK".find(s[:-1]) if len(s) == 2 else -1
    u = "CDHS".find(s[1:])
    return u * 16 + r + 1 + (r > 4) * 5 if r >= 0 and u >= 0 else -1


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
        self.choice = None  # the suit whose spouse the player chooses
        self._draw(4)
        self._settle()

    def legal(self):
        if self.over:
            return []
        if self.choice is not None:
            return [_T[10], _T[11]]
        h = list(self.hand)
        out = [_T[12]] if len(h) < 6 else []
        for i in range(len(h)):  # two of one suit
            for b in h[i + 1:]:
                if h[i] >> 4 == b >> 4 < 4:
                    out.append("discard %s %s" % (name(h[i]), name(b)))
        for r in range(1, 14):  # two or more of one rank: every such set, in hand order
            g = [c for c in h if c & 15 == r]
            for m in range(3, 1 << len(g)):
                if m & (m - 1):
                    out.append("discard " + " ".join([name(g[i]) for i in range(len(g)) if m >> i & 1]))
        if _BUTLER in h:
            out.append(_T[14])
            for c in self.out:
                out.append(_T[15] + name(c))
            for c in sorted(self.pile[self.top:]):
                if c & 15 == 1:
                    out.append(_T[16] + name(c))
        out.append(_T[13])
        return out

    def _do(self, w):
        verb = w[0]
        n = len(w)
        h = list(self.hand)
        cards = [_card(s) for s in w[1:]]
        if self.choice is not None:
            if verb != "spouse" or n != 2 or w[1] not in ("queen", "jack"):
                raise ValueError("say spouse queen or spouse jack")
            q = self.choice * 16 + 12
            cards = (q, q + 1) if w[1] == "queen" else (q - 1, q + 1)
        elif verb in ("draw", "leave") and n == 1:
            if verb == "draw" and len(h) > 5:
                raise ValueError("draw only with 5 or fewer cards in the hand")
        elif verb == "discard" and n > 2:
            for i in range(n - 1):
                if cards[i] not in h:
                    raise ValueError("%s is not in your hand" % w[i + 1].upper())
                if cards[i] in cards[:i]:
                    raise ValueError("%s is named twice" % name(cards[i]))
                if cards[i] == _BUTLER:
                    raise ValueError("the butler leaves alone: say butler")
            if not (n == 3 and cards[0] >> 4 == cards[1] >> 4) and [c for c in cards if c & 15 != cards[0] & 15]:
                raise ValueError("discard two cards of one suit, or two or more of one rank")
        elif verb == "butler" and (n == 1 or n == 3 and w[1] in ("take", "ace")):
            if _BUTLER not in h:
                raise ValueError("the butler is not in your hand")
            c = cards[-1] if cards else 0
            if n == 3 and w[1] == "take" and c not in list(self.out):
                raise ValueError("%s is not in the discard pile" % w[2].upper())
            if n == 3 and w[1] == "ace" and (c & 15 != 1 or c not in list(self.pile[self.top:])):
                raise ValueError("%s is not an ace in the draw pile" % w[2].upper())
        elif verb == "spouse":
            raise ValueError("no spouse to choose")
        else:
            raise ValueError("say draw, discard C D .., butler, butler take C, butler ace C or leave")
        keep = (bytearray(self.pile), self.top, bytearray(self.hand), bytearray(self.shown), bytearray(self.out),
                bytearray(self.scored), self.passes, self.choice)
        try:
            if self.choice is not None:
                self.choice = None
                self._discard(cards)
            elif verb == "draw":
                self._draw(2)
            elif verb == "leave":
                self._discard(h)
                self._draw(4)
            elif verb == "discard":
                self._discard(cards)
            else:
                self._discard((_BUTLER,))
                if n == 3 and w[1] == "take":
                    self.out = bytearray([x for x in self.out if x != c])
                    self.hand.append(c)
                elif n == 3:
                    d = bytearray([x for x in self.pile[self.top:] if x != c])
                    self.shuffle(d)
                    self.pile = d
                    self.top = 0
                    self.shown.append(c)
            self._settle()
        except ValueError:
            (self.pile, self.top, self.hand, self.shown, self.out, self.scored, self.passes, self.choice) = keep
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
        d["choice"] = None if self.choice is None else "CDHS"[self.choice:self.choice + 1]
        q = len([c for c in self.scored if c & 15 == 12])
        a = len(self.scored) - q
        d["contacts"] = q
        d["communiques"] = a
        d["score"] = q + a
        d["result"] = ("lost", "won")[self.winner == 0] if self.over else None
        d["rank"] = _T[a] + " " + _T[5 + q] if self.over else None
