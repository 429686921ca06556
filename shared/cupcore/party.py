"""The Shooting Party (RULES.md section 12): a solitaire of etiquette, 33 cards and a butler.

Actions: draw, discard C D ..., butler, butler take C, butler ace C, leave, and
spouse queen / spouse jack when the cup asks. Cards are small ints as in
cupcore.notation (suit * 16 + rank); the joker, the butler, is 64 (rank 0, no suit).
Each place is a bytearray in its own order: the draw pile (self.deck, its cards
from self.top on, top first), the hand (order of arrival), the displayed aces
(self.revealed), the discards and the score pile (self.scores). Everything the
cup does by itself (drawing, displaying aces, reshuffling, the etiquette rules)
is _after(), after the opening and after each action; what it did is kept in
self.lines for the device's screen, which says it in words.

An action is checked whole before it changes anything; the one refusal found
while it runs is a stacked shuffle that does not match the cards shuffled, and
then every place is put back as it was. Attribute names are ones the device's
other modules have already and short texts sit in constant tuples: MicroPython
keeps every name, and every string literal of up to 10 characters, for good.
"""

from cupcore.cards import name, shuffle  # (loaded with the game: its names interned now, not mid-game)
from cupcore.engine import Engine


KIND = "cards"
PLAYERS = (1, 1)  # the player counts this engine can play
PARAMS = {}
# The words of the actions (a verb's index is the action's kind) and the summary's own fields: each one string,
# split when needed (a literal of up to 10 characters would be a name kept for good, and every string of a
# constant tuple an object of its own in the heap all along).
_WORDS = const(("draw", "discard", "butler", "leave", "spouse", "queen", "jack", "take", "ace"))
_KEYS = const("hand displayed scored deck discards reshuffles choice contacts communiques score result rank")
_DRAW = const(0)
_DISCARD = const(1)
_BUTLER = const(2)
_LEAVE = const(3)
_SPOUSE = const(4)
# The rank at the end: the aces scored, then the queens; split when a game is over.
_RANK = const("inept novice competent proficient expert pencil-pusher infiltrator double-agent operative spymaster")
_JOKER = const(64)
# What the cup did by itself, in self.lines: pairs of bytes (what, card), what one of these.
_SHOWN = const(1)  # an ace displayed
_SPOUSES = const(2)  # a queen (the card) and her king discarded
_ALONE = const(3)  # anonymity: the queen that arrived first discarded
_ATTACHES = const(4)  # two jacks: the hand discarded, 4 drawn
_CONTACT = const(5)  # the queen scored
_ACE = const(6)  # her displayed ace scored with her
_RESHUFFLE = const(7)  # the draw pile rebuilt (the card: the reshuffles made)
_OUT = const(8)  # the third exhaustion: the game is lost


def full_deck(params):
    """The 33 cards: A 2 3 4 5 J Q K of each suit in card order (clubs to spades), then the joker."""
    return bytearray(b"\x01\x02\x03\x04\x05\x0b\x0c\x0d\x11\x12\x13\x14\x15\x1b\x1c\x1d!\"#$%+,-12345;<=@")


def card(cards, s):
    """The card of cards (ints) that the word s names, else 0."""
    s = s.upper()
    for c in cards:
        if name(c) == s:
            return c
    return 0


def pick(cards, r):
    """The cards of rank r among cards (ints), in their order."""
    out = []
    for c in cards:
        if c & 15 == r:
            out.append(c)
    return out


def other(cards, c):
    """cards (ints) without card c, as a bytearray."""
    out = bytearray()
    for x in cards:
        if x != c:
            out.append(x)
    return out


class Game(Engine):
    RESERVE = 56  # self-play's room for actions: random games stay under it

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, None)
        d = full_deck(params) if stack is None else bytearray(stack)
        if stack is None:
            rng.shuffle(d)
        self.deck = d
        self.top = 0  # cards taken from the draw pile
        self.hand = bytearray()
        self.revealed = bytearray()  # the displayed aces
        self.discards = bytearray()
        self.scores = bytearray()  # the score pile
        self.rounds = 0  # reshuffles made
        self.choosing = -1  # the suit whose spouse the player chooses, -1 for none
        self.lines = bytearray()
        self._draw(4)
        self._after()

    def legal(self):
        if self.over:
            return []
        t = _WORDS
        if self.choosing >= 0:
            return [t[4] + " " + t[5], t[4] + " " + t[6]]
        h = self.hand
        n = len(h)
        out = [t[_DRAW]] if n < 6 else []
        ms = []  # the discards as sets of the hand's cards (bit i: its card i), found at once and in their order
        for i in range(n):
            g = 0  # the cards of card i's rank
            for j in range(n):
                if h[j] & 15 == h[i] & 15:
                    g |= 1 << j
                elif j > i and h[j] >> 4 == h[i] >> 4:  # two of one suit (the joker's, 4, is its own)
                    ms.append(1 << i | 1 << j)
            m = g if h[i] & 15 and g & -g == 1 << i else 0  # two or more of one rank, from its first card
            while m:
                if m & (m - 1):
                    ms.append(m)
                m = (m - 1) & g
        ms.sort()
        for m in ms:
            g = [t[1]]
            for i in range(n):
                if m >> i & 1:
                    g.append(name(h[i]))
            out.append(" ".join(g))
        if _JOKER in list(h):
            out.append(t[_BUTLER])
            for c in self.discards:
                out.append(" ".join((t[2], t[7], name(c))))
            for c in sorted(self.deck[self.top:]):
                if c & 15 == 1:
                    out.append(" ".join((t[2], t[8], name(c))))
        out.append(t[_LEAVE])
        return out

    def _do(self, w):
        """Check the action, then apply it and what follows; a stacked shuffle that fails puts every place back."""
        n = len(w)
        t = _WORDS
        verb = t.index(w[0]) if w[0] in t[:5] else -1
        how = t.index(w[1]) if n == 3 and w[1] in t[7:9] else 0  # the butler's use: 7 take, 8 ace
        h = self.hand
        c = 0
        if self.choosing >= 0:
            if verb != _SPOUSE or n != 2 or w[1] not in t[5:7]:
                raise ValueError("say spouse queen or spouse jack")
            c = self.choosing * 16 + 12
            cards = (c, c + 1) if w[1] == t[5] else (c - 1, c + 1)
        elif verb == _DISCARD and n > 2:
            cards = []
            for s in w[1:]:
                cards.append(card(h, s))
            for i in range(n - 1):
                if not cards[i]:
                    raise ValueError("%s is not in your hand" % w[i + 1].upper())
                if cards[i] in cards[:i]:
                    raise ValueError("%s is named twice" % name(cards[i]))
            r = cards[0] & 15  # two of one suit, or all of one rank (not the joker's, 0)
            if not r or not (n == 3 and cards[0] >> 4 == cards[1] >> 4 or len(pick(cards, r)) == n - 1):
                raise ValueError("discard two of one suit, or two or more of one rank (the butler goes alone)")
        elif verb == _BUTLER and (n == 1 or how):
            if _JOKER not in list(h):
                raise ValueError("%s is not in your hand" % name(_JOKER))
            if how:
                c = card(self.discards if how == 7 else self.deck[self.top:], w[2])
                if not c or how == 8 and c & 15 != 1:
                    raise ValueError(w[2].upper() + (" is not in the discard pile" if how == 7
                                                     else " is not an ace in the draw pile"))
        elif verb == _DRAW and n == 1:
            if len(h) > 5:
                raise ValueError("draw only with 5 cards or fewer")
        elif verb == _SPOUSE:
            raise ValueError("no spouse to choose")
        elif verb != _LEAVE or n != 1:
            raise ValueError("say draw, discard C D.., butler (take C, ace C) or leave")
        keep = (bytearray(self.deck), self.top, bytearray(h), bytearray(self.revealed), bytearray(self.discards),
                bytearray(self.scores), self.rounds, self.choosing)
        self.lines = bytearray()
        try:
            if self.choosing >= 0 or verb == _DISCARD:
                self.choosing = -1
                self._put(cards)
            elif verb == _BUTLER:
                self._put([_JOKER])
                if how == 7:
                    self.discards = other(self.discards, c)
                    self.hand.append(c)
                elif how:  # the ace is displayed, the draw pile shuffled without it
                    d = other(self.deck[self.top:], c)
                    shuffle(self.rng, d)
                    self.deck = d
                    self.top = 0
                    self.revealed.append(c)
            else:
                if verb == _LEAVE:
                    self._put(list(h))
                self._draw(2 if verb == _DRAW else 4)
            self._after()
        except ValueError:
            self.deck, self.top, self.hand, self.revealed, self.discards, self.scores, self.rounds, self.choosing = keep
            raise

    def _put(self, cards):
        """The cards (a list or tuple) leave the hand for the discards, in hand order."""
        keep = bytearray()
        for c in self.hand:
            (self.discards if c in cards else keep).append(c)
        self.hand = keep

    def _take(self):
        """The draw pile's top card, now last in the hand; an empty pile is first rebuilt from the discards
        and the displayed aces, shuffled (twice at most). 0 when the third exhaustion ends the game, lost."""
        while self.top == len(self.deck):
            if self.rounds == 2:
                self.over = True
                self.lines.extend([_OUT, 0])
                return 0
            d = self.discards + self.revealed
            shuffle(self.rng, d)
            self.deck = d
            self.top = 0
            self.discards = bytearray()
            self.revealed = bytearray()
            self.rounds += 1
            self.lines.extend((_RESHUFFLE, self.rounds))
        c = self.deck[self.top]
        self.top += 1
        self.hand.append(c)
        return c

    def _draw(self, n):
        """Draw n cards, then display the hand's aces one at a time, each replaced by a card drawn the same way."""
        while n:
            n -= 1
            if not self._take():
                return
        a = pick(self.hand, 1)
        while a:
            self.hand = other(self.hand, a[0])
            self.revealed.append(a[0])
            self.lines.extend((_SHOWN, a[0]))
            if not self._take():
                return
            a = pick(self.hand, 1)

    def _after(self):
        """The rules the cup applies by itself, the first that holds each time, until none does or the
        player must choose a spouse: spouses, anonymity, attaches, contact."""
        lines = self.lines  # (the same bytearray all along: _draw extends it too)
        while not self.over:
            h = list(self.hand)
            qs = pick(h, 12)
            q = qs[0] if qs else 0  # the queen that arrived first
            wed = 0  # the first queen whose king is in the hand
            for c in qs:
                if not wed and c + 1 in h:
                    wed = c
            if wed and wed - 1 in h:
                self.choosing = wed >> 4
                return
            if wed:
                self._put((wed, wed + 1))
                lines.extend((_SPOUSES, wed))
            elif len(qs) > 1:
                self._put((q,))
                lines.extend((_ALONE, q))
            elif len(pick(h, 11)) > 1:
                self._put(h)
                lines.extend([_ATTACHES, 0])
                self._draw(4)
            elif q and len(h) == 1:
                self.hand = bytearray()
                self.scores.append(q)
                lines.extend((_CONTACT, q))
                q -= 11  # her ace
                if q in list(self.revealed):
                    self.revealed = other(self.revealed, q)
                    self.scores.append(q)
                    lines.extend((_ACE, q))
                if len(pick(self.scores, 12)) == 4:
                    self.over = True
                    self.winner = 0
                    return
                self._draw(4)
            else:
                return

    def _public(self, d):
        q = len(pick(self.scores, 12))
        a = len(self.scores) - q
        r = w = None
        if self.over:
            w = _RANK.split()
            w = w[a] + " " + w[5 + q]
            r = ("lost", "won")[self.winner == 0]
        for k, v in zip(_KEYS.split(), (self.hand, self.revealed, self.scores, len(self.deck) - self.top,
                                         len(self.discards), self.rounds, "CDHS"[self.choosing:self.choosing + 1] or None,
                                         q, a, q + a, r, w)):
            d[k] = list(map(name, v)) if type(v) is bytearray else v
