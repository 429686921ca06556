"""Scoundrel (RULES.md section 5): a solo dungeon crawl through 44 cards.

Clubs and spades are monsters (2..10, J 11, Q 12, K 13, A 14), diamonds
weapons and hearts potions (2..10); cards are small ints as in
cupcore.notation (suit * 16 + rank). The room is four places: the card left
from a room keeps its place and new cards fill the empty ones, so "room order"
is place order. The dungeon is a 44-byte ring (top card at self.top), so
dealing and avoiding allocate nothing. Card names are made here rather than by
cupcore.notation, whose import would cost the device 2 KB of heap.

Actions: avoid, take C, fight C, bare C.
"""

from cupcore.engine import Engine


KIND = "cards"
PLAYERS = (1, 1)  # the player counts this engine can play
PARAMS = {"health": (1, 99), "weapon_rule": ("le", "lt")}
# Short texts in a constant tuple: MicroPython keeps a string literal of up to 10 characters as an interned name
# for good, but not the strings of a constant tuple.
_T = const(("take ", "fight ", "bare ", "up to", "10", "T"))


def full_deck(params):
    """The 44 cards: clubs and spades A..K, diamonds and hearts 2..10."""
    d = []
    for u in range(4):
        for r in range(1, 14):
            if u % 3 == 0 or 1 < r < 11:
                d.append(u * 16 + r)
    return d


def value(c):
    """A card's value: its rank, with a monster's ace worth 14."""
    return ((c & 15) + 11) % 13 + 2


def name(c):
    """The card's name, as cupcore.notation.name prints it ("TD", "AS")."""
    r = c & 15
    return "A23456789TJQK"[r - 1:r] + "CDHS"[c >> 4:(c >> 4) + 1]  # slices: MicroPython interns a str's s[i] for good


class Game(Engine):
    RESERVE = 58  # the most actions a game takes: 44 cards faced, at most 14 rooms avoided
    show = True  # False: the summary leaves out `dungeon` (a device screen shows the count, self.left)

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, None)
        self.max = params["health"]
        self.health = self.max
        self.lt = params["weapon_rule"] == "lt"
        d = bytearray(full_deck(params) if stack is None else stack)
        if stack is None:
            rng.shuffle(d)
        self.dungeon = d
        self.top = 0
        self.left = 44  # cards in the dungeon
        self.room = bytearray(4)  # the places; 0 = empty
        self.n = 0  # cards in the room
        self.weapon = 0
        self.slain = 0  # the last monster the weapon slew, 0 = none yet
        self.avoided = False  # the last room was avoided
        self.result = None
        self.score = None
        self._deal()

    def _deal(self):
        """Fill the room's empty places from the top of the dungeon: a new room."""
        room = self.room
        for i in range(4):
            if not room[i] and self.left:
                room[i] = self.dungeon[self.top]
                self.top = (self.top + 1) % 44
                self.left -= 1
                self.n += 1
        self.faced = 0  # cards faced in this room
        self.healed = False  # a potion was faced in this room

    def _blocked(self, c):
        """Why the weapon may not fight monster c, or None if it may."""
        s = self.slain
        if not self.weapon:
            return "no weapon equipped"
        if s and value(c) + self.lt > value(s):
            return "the weapon last slew %s, so it fights only monsters %s %d" % (
                name(s), "below" if self.lt else _T[3], value(s))
        return None

    def legal(self):
        if self.over:
            return ()
        out = ["avoid"] if self.n == 4 and not self.faced and not self.avoided else []
        for c in self.room:
            if c and (c >> 4) % 3:
                out.append(_T[0] + name(c))
            elif c:
                if self._blocked(c) is None:
                    out.append(_T[1] + name(c))
                out.append(_T[2] + name(c))
        return out

    def _do(self, w):
        room = self.room
        if w == ["avoid"]:
            if self.n < 4 or self.faced:
                raise ValueError("avoid only a full room of 4, before facing any of its cards")
            if self.avoided:
                raise ValueError("the last room was avoided; this one must be faced")
            for i in range(4):
                self.dungeon[(self.top + self.left) % 44] = room[i]
                self.left += 1
                room[i] = 0
            self.n = 0
            self._deal()
            self.avoided = True
            return
        verb = w[0]
        if len(w) != 2 or verb not in ("take", "fight", "bare"):
            raise ValueError("unknown action; use avoid, take C, fight C or bare C")
        t = w[1].upper()
        t = _T[5] + t[2:] if t[:2] == _T[4] else t
        i = 0
        while i < 4 and not (room[i] and name(room[i]) == t):
            i += 1
        if i == 4:
            raise ValueError("%s is not in the room" % t)
        c = room[i]
        v = value(c)
        if (c >> 4) % 3:
            if verb != "take":
                raise ValueError("%s is not a monster; take it" % t)
            if c >> 4 == 1:
                self.weapon = c
                self.slain = 0
            else:
                if not self.healed:
                    self.health = min(self.max, self.health + v)
                self.healed = True
        elif verb == "take":
            raise ValueError("%s is a monster; fight it or bare it" % t)
        elif verb == "fight":
            why = self._blocked(c)
            if why:
                raise ValueError(why)
            self.health -= max(0, v - (self.weapon & 15))
            self.slain = c
        else:
            self.health -= v
        room[i] = 0
        self.n -= 1
        self.faced += 1
        h = self.health
        if h <= 0:
            self.result = "lost"
            for i in range(-4, self.left):  # less every monster left, in the room and in the dungeon
                c = room[i] if i < 0 else self.dungeon[(self.top + i) % 44]
                if c and not (c >> 4) % 3:
                    h -= value(c)
            self.score = h
        elif not self.n:
            self.result = "won"
            self.winner = 0
            self.score = h + v if h == self.max and c >> 4 == 2 else h  # a last potion at full health counts
        elif self.n == 1 and self.faced == 3:
            self.avoided = False
            self._deal()
        self.over = self.result is not None

    def _public(self, d):
        d["health"] = self.health
        d["weapon"] = name(self.weapon) if self.weapon else None
        d["slain"] = name(self.slain) if self.slain else None
        d["room"] = out = []
        for c in self.room:
            if c:
                out.append(name(c))
        if self.show:  # (44 names: 9 ms of a key's 50 on the chip)
            d["dungeon"] = out = []
            for i in range(self.left):
                out.append(name(self.dungeon[(self.top + i) % 44]))
        d["result"] = self.result
        d["score"] = self.score
