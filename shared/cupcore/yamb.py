"""Yamb (RULES.md section 11): five dice, up to three rolls a turn, then one cell of the player's sheet.

A sheet is 13 rows in each column of the pack's `columns`; a column says which of its empty cells are
open (up: the topmost, down: the bottommost, free: any, announce: the row announced after the turn's
first roll, hand: any while the turn has rolled once, updown: both ends, middle: outward from min/max).
13 rounds per column; the highest total wins (roll-off on ties).

Small, as self-play's heap asks: legal() alone says what may be played (_do applies what it lists,
and any reroll when it lists one); why an action is refused, and the summary's sheets, are
cupcore.yambtext's, loaded only for them. No cupcore.rolls or cupcore.digits (two more modules).
An action is a code (a byte: Game.codes, say): self-play (cupcore.codes) and a device's game
(cupfw.games.yambcode) keep a game's actions as their codes, each text made when it is read (a
record's 500 to 1,400 actions would otherwise be a list and 65 to 71 strings); a device's screen plays
from the codes.
"""

from cupcore.dice import Table


KIND = "dice"
PLAYERS = (1, 8)
# Rows (word(0, i)) and columns (word(1, i)) by their action names, in sheet order, each between spaces: no
# list of 20 strings kept while a game is up. The short words below are cut from long constants where they
# are used: as constants of their own each would be a name MicroPython keeps for good.
_ROWS = const(" ones twos threes fours fives sixes min max pairs straight full carriage yamb ")
_COLS = const(" up down free announce hand updown middle ")
_W = const("announce score %s %s")
_P = const("pairs_same carriage four announced")
PARAMS = {"columns": None, _P[:10]: (True, False), _P[11:19]: ("all", _P[20:24])}  # columns: Game checks it
# An action's code (Game.codes, say): 0 roll, 1-5 roll P (P = 1-5), 6-18 announce ROW, 19 + 13 * COL + row
# score COL ROW, 128 + the positions' bits for roll P Q... (two or more, rising): the same in every game.


def word(k, i):
    """Row i's name (k 0) or column kind i's (k 1)."""
    s = _COLS if k else _ROWS
    a = 0
    for _ in range(i + 1):
        a = s.find(" ", a) + 1
    return s[a:s.find(" ", a)]


def index(k, w):
    """The row (k 0) or column kind (k 1) named w; -1 for none."""
    s = _COLS if k else _ROWS
    i = s.find(" %s " % w) if w and w.find(" ") < 0 else -1
    return s.count(" ", 0, i) if i >= 0 else -1


def say(c):
    """The action of a code."""
    if 5 < c < 128:
        return _W[:9] + word(0, c - 6) if c < 19 else _W[9:] % (word(1, (c - 19) // 13), word(0, (c - 19) % 13))
    t = "roll"
    for i in range(5):
        if (c & 31 if c > 127 else 1 << c >> 1) >> i & 1:
            t += " %d" % (i + 1)
    return t


def code(w):
    """The code of an action's words (say's inverse; a roll of positions in any order 128 + their bits, one
    position its own), -1 for none; ValueError for a roll's positions that are not 1 to 5, each once."""
    if w[0] == "roll":
        c = 0
        for x in w[1:]:
            b = x.encode()
            if len(b) != 1 or not 48 < b[0] < 54 or c >> b[0] - 49 & 1:
                raise ValueError("positions are 1 to 5, each once")
            c |= 1 << b[0] - 49
        return c + 128 if len(w) > 2 else int(w[1]) if c else 0
    n = len(w)
    r = index(0, w[-1])
    k = index(1, w[1]) if n == 3 else 0
    return -1 if r < 0 or k < 0 or w[0] != (_W[9:14] if n == 3 else _W[:8]) or not 1 < n < 4 else \
        19 + 13 * k + r if n == 3 else 6 + r


def points(dice, k, x, p, c):
    """What the dice (a list) score in row k (word(0, k) names it); x: the turn's rolls so far (the
    straight's 66, 56, 46); p: pairs_same; c: carriage counts only the four dice. (No list made:
    the cup's player asks for every row. Short argument names: each is a name MicroPython keeps.)"""
    if k < 6:
        return dice.count(k + 1) * (k + 1)
    t = sum(dice)
    if k < 8:
        return t
    lo = hi = top = most = 0  # the two faces of two or more dice; the largest count and its face
    for f in range(1, 7):
        n = dice.count(f)
        if n > 1:
            lo, hi = hi, f
        if n > top:
            top, most = n, f
    if k == 8:
        return 2 * (lo + hi) + 10 if lo else 4 * hi + 10 if p and top > 3 else 0
    if k == 9:
        return 76 - 10 * x if top == 1 and not (1 in dice and 6 in dice) else 0
    if k == 10:
        return t + 30 if top == 3 and lo else 0
    if k == 11:
        return (4 * most if c else t) + 40 if top > 3 else 0
    return t + 50 if top == 5 else 0


def total(s):
    """A column's total from its 13 cells s (255: empty): upper, its bonus, minimax and lower."""
    up = t = 0
    for r in range(13):
        v = s[r] % 255  # (an empty cell counts 0)
        if r < 6:
            up += v
        elif r > 7:
            t += v
    if s[0] != 255 and s[6] != 255 and s[7] != 255:
        t += (s[7] - s[6]) * s[0]
    return t + up + (30 if up > 62 else 0)


def opens(c, s, left, said):
    """The rows open in a column of kind c (word(1, c) names it) whose cells are s (255: empty), with left
    rolls left this turn (3: none made yet) and said the row announced (or None)."""
    if left == 3 or (c == 3) != (said is not None):
        return []
    if c == 3:
        return bytes([said]) if s[said] == 255 else []
    e = bytearray()  # (no list: the replay of a long game asks for every column's at every action, on a
    s = bytes(s)  # nearly full heap; bytes: found in C, and a list of the cells too)
    if c == 2 or c == 4:  # free: every empty row; hand: the same while the turn has rolled once
        if c == 2 or left == 2:
            for r in range(13):
                if s[r] == 255:
                    e.append(r)
        return e
    if c == 6:  # middle: the bottommost empty of ones ... min, the topmost of max ... yamb
        lo = s.rfind(b"\xff", 0, 7)
        hi = s.find(b"\xff", 7)
    else:  # up: the topmost empty row; down: the bottommost; updown: both
        lo = s.find(b"\xff")
        hi = s.rfind(b"\xff")
        if c == 0 or lo == hi:
            hi = -1
        elif c == 1:
            lo = -1
    for r in (lo, hi):
        if r >= 0:
            e.append(r)
    return e


class Game(Table):
    RESERVE = 0  # self-play keeps its actions as their codes (cupcore.codes), not in a list it reserves
    sheets = True  # False: the summary leaves out `sheet` and `totals` (a device screen reads self.sheet)

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.params = params  # the checked params, for the cup's player (cupcore.bots)
        c = params["columns"]
        self.cols = k = []  # (a list: MicroPython's bytes have no `in` for ints)
        for x in c if type(c) is list and c else [0]:
            k.append(index(1, x) if type(x) is str and c.count(x) == 1 else -1)
        if -1 in k:
            raise ValueError("params: columns must be a list of%s, each once" % _COLS[:-1].replace(" ", ", ")[1:])
        self.rounds = 13 * len(k)
        self.sheet = bytearray(b"\xff" * (players * self.rounds))  # per player, column, row; 255: empty
        self.left = 3  # rolls left this turn; 3: not rolled yet
        self.said = None  # the row announced this turn

    def cells(self, p, k):
        """Player p's column k (an index of self.cols): its 13 cells, 255 empty."""
        b = (p * len(self.cols) + k) * 13
        return self.sheet[b:b + 13]

    def value(self, r):
        """What the dice on the table score in row r now."""
        p = self.params
        return points(self.last_roll, r, 3 - self.left, p[_P[:10]], p[_P[11:19]] == _P[20:24])

    def legal(self):
        return () if self.over else list(map(say, self.codes()))

    def codes(self):
        """The codes of the actions legal() lists (see say), as bytes: what a device's screen picks from
        without making every action's text. A reroll leaves something to score: not only announce or hand
        cells empty."""
        n = self.left
        if n == 3:
            return b"\x00"
        may = self.said is not None
        said = bytearray()  # the rows that may be announced
        out = bytearray()
        for k in range(len(self.cols)):
            c = self.cols[k]
            s = self.cells(self.turn, k)
            if c == 3 and n == 2 and self.said is None:
                for r in range(13):
                    if s[r] == 255:
                        said.append(6 + r)
            elif c != 3 and c != 4 and s.find(b"\xff") >= 0:
                may = True
            for r in opens(c, s, n, self.said):
                out.append(19 + 13 * c + r)
        return (b"\x01\x02\x03\x04\x05" if n and may else b"") + said + out

    def _do(self, w):
        c = code(w)
        if c < 0 or self.codes().find(bytes([1 if 0 < c < 6 or c > 127 else c])) < 0:  # (MicroPython's bytes
            from cupcore import yambtext  # have no `in` for ints)
            raise ValueError(yambtext.why(self, w))
        if c < 6 or c > 127:  # the dice at the positions, in their order, take the faces rolled
            f = self.roll(len(w) - 1 or 5)
            d = list(self.last_roll if c else f)
            for i in range(1, len(w)):
                d[int(w[i]) - 1] = f[i - 1]
            self.left -= 1
            self.last_roll = d
        elif c < 19:
            self.said = c - 6
        else:
            c -= 19
            b = (self.turn * len(self.cols) + self.cols.index(c // 13)) * 13
            s = self.sheet[b:b + 13]
            old = total(s)
            s[c % 13] = self.value(c % 13)
            self._done(total(s) - old)  # (raises, changing nothing, when a roll-off runs out of stacked dice)
            self.sheet[b:b + 13] = s
            self.said = None
            if not self.over:
                self.left = 3

    def _public(self, d):
        Table._public(self, d)
        d["rolls_left"] = None if self.over else self.left
        d[_P[25:]] = None if self.said is None else word(0, self.said)
        if self.sheets:
            from cupcore import yambtext
            yambtext.sheets(self, d)
