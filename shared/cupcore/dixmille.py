"""Dix Mille (RULES.md section 9): six dice, keep scoring dice, bank before you bust; first to the goal.

Actions: roll (the dice not set aside; all six again once every die is aside, a roll
that does not count against `rolls`), keep F... (faces of that roll that all score),
bank. A roll with nothing that scores busts the turn. A keep with no roll left banks
by itself. A first bank below `entry` is lost. The turn total and the dice aside are
this turn's; `bust` is true after a roll that busted.
"""

from cupcore.dice import ROLL, Table

KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"goal": (50, 100000), "rolls": (1, 10), "entry": (0, 10000)}


def score(c):
    """The best split of the kept dice (c[f]: how many of face f, f = 1..6, at most 6 in all) into
    scoring combinations, every die in one; 0 when there is none.

    One function, no table and no helper: on MicroPython an engine's code is heap, and legal()
    calls this for every choice of dice of a roll."""
    k = sum(c)
    t = 0
    for f in range(1, 7):  # each face on its own: three or more of a kind, or 1s and 5s as singles
        n = c[f]
        if n >= 3:
            t += (1000 if f == 1 else 100 * f) << (n - 3)
        elif n:
            if f != 1 and f != 5:  # a die that scores no way on its own
                t = 0
                break
            t += n * (100 if f == 1 else 50)
    if k < 5:  # the combinations of two kinds need five dice or six
        return t
    if c.count(1) == 6:
        return 1500  # the straight (six dice that split no other way)
    if c.count(2) == 3:
        return 1000  # three pairs (the same: no face is three of a kind, one pair is not 1s or 5s)
    for f in range(1, 7):  # a full house: three of f and two of another face, then the die left (if any) alone
        if c[f] >= 3:
            c[f] -= 3
            for g in range(1, 7):
                if c[g] >= 2 and g != f:
                    c[g] -= 2
                    r = score(c)  # the die left: at most one, so no full house again
                    c[g] += 2
                    if r or k == 5:  # the die left scores, or there is none
                        t = max(t, 1500 + r)
            c[f] += 3
    return t


def scores(c):
    """True when some of the dice score (a roll that does not bust)."""
    return c[1] or c[5] or max(c) >= 3 or sum(c) == 6 and c.count(2) == 3


def counts(seq):
    """How many of each face of seq (index 1..6); a list, as MicroPython's bytearray has no count().
    (seq: a parameter name the core already has; on MicroPython each new name is a qstr, kept for good.)"""
    c = [0] * 7
    for f in seq:
        c[f] += 1
    return c


class Game(Table):
    RESERVE = 528  # random 3-player games run to about 520 actions
    rounds = 1 << 29  # no last round: the goal ends the game

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.params = params  # the checked params, for the cup's player (cupcore.bots)
        self.goal = params["goal"]
        self.entry = params["entry"]
        self.rolls_left = params["rolls"]  # counted rolls left this turn (attributes named as the summary's
        self.turn_total = 0  # fields: no more qstrs)
        self.seen = [None] * 36  # the actions played this game: legal() gives these very strings again
        del self.seen[:]  # (room for a 3-player game's 20 to 35 without regrowing, which fragments the heap)
        self.aside = []  # this turn's kept faces
        self.rolled = False  # the player to act has rolled and must keep
        self.bust = False

    def legal(self):
        if self.over:
            return ()
        if not self.rolled:
            return ["roll", "bank"] if self.turn_total else ROLL
        r = counts(self.last_roll)
        c = [0] * 7
        out = []
        while True:  # every choice of dice, by how many of each face (an odometer), keeping those that score
            f = 1
            while f < 7 and c[f] == r[f]:
                c[f] = 0
                f += 1
            if f == 7:
                return out
            c[f] += 1
            if score(c):
                k = "keep"
                for f in range(1, 7):  # (a loop, not a comprehension: that is one more function)
                    k += " %d" % f * c[f]
                out.append(self.seen[self.seen.index(k)] if k in self.seen else k)

    def apply(self, action):
        """Table.apply; a game's record then holds one string per distinct keep, however often played."""
        Table.apply(self, action)
        if action not in self.seen:
            self.seen.append(action)

    def _do(self, w):
        a = w[0]
        if a not in ("roll", "keep", "bank") or a != "keep" and len(w) > 1:
            raise ValueError("unknown action; use roll, keep F... or bank")
        if self.rolled and a != "keep":
            raise ValueError("keep scoring dice from this roll first")
        if not self.rolled and a != "roll" and (a == "keep" or not self.turn_total):
            raise ValueError("roll first")  # a keep before a roll, or a bank of nothing
        if a == "roll":
            n = 6 - len(self.aside)
            f = self.roll(n or 6)
            self.last_roll = f
            self.bust = not scores(counts(f))
            if not self.bust:
                if n:
                    self.rolls_left -= 1  # all six again after every die was aside: a roll that does not count
                else:
                    self.aside = []
                self.rolled = True
                return
        elif a == "keep":
            k = []  # the faces: ASCII digits, 1 to 6, read as cupcore.digits reads them but here (that module
            for x in w[1:]:  # is 0.7 KB of heap on MicroPython, which Dix Mille's self-play cannot spare)
                f = 0
                for b in x.encode():  # bytes: MicroPython interns each character it iterates, for good
                    f = f * 10 + b - 48 if 47 < b < 58 and f < 7 else 7  # 7: no face, whatever follows
                if not 0 < f < 7:
                    raise ValueError("faces are 1 to 6")
                k.append(f)
            c = counts(k)
            r = counts(self.last_roll)
            for f in range(1, 7):
                if c[f] > r[f]:
                    raise ValueError("keep only faces of this roll")
            p = score(c)
            if not p:
                raise ValueError("keep dice that all score")
            self.aside += k
            self.turn_total += p
            self.rolled = False
            if self.rolls_left or len(self.aside) == 6:
                return
        # The turn ends (a bust, a bank, a keep with no roll left): the turn total is banked, but not
        # after a bust nor as a first bank below entry; the next player's turn starts. (Here, not in a
        # method of its own: each function is heap on MicroPython.)
        t = self.turn
        s = self.scores[t]
        p = 0 if self.bust or not s and self.turn_total < self.entry else self.turn_total
        if s + p >= self.goal:
            self.scores[t] = s + p
            self._win([t])
            return
        self._done(p)
        self.rolls_left = self.params["rolls"]
        self.turn_total = 0
        self.aside = []
        self.rolled = False

    def _public(self, d):
        Table._public(self, d)
        d["turn_total"] = self.turn_total
        d["aside"] = list(self.aside)
        d["rolls_left"] = None if self.over else self.rolls_left
        d["bust"] = self.bust
