"""Insider (RULES.md section 13): the word game's role cards, word card and sand timer.

Actions: start, guessed P T, timeout, vote1 N, vote2 P..., master P. One Master (public),
one Insider and Commons (secret); the Master and the Insider know the word. Secrets: the
Insider's seat and the word are in the summary only once the rules reveal them (the word
once guessed, the roles once over); the Insider's and the Master's view() has the word
from the deal on, each player's view() their own role. No legality test and no error
depends on a secret. Times are whole seconds the device writes into the actions.
The pack's built-in words are cupcore/insider.bin, records of _WIDTH bytes (the word, spaces,
a newline): the engine reads the one word it needs, never the list.
legal() gives `guessed P 0` for each seat that may guess (any T below `limit` is legal too)
and, for vote 2, everyone pointing at one seat, or each at themselves (all tied).
"""

from cupcore.engine import Engine


KIND = "table helper"  # no dice, no deck (cupcore.replay): the record's own stacked events are FIELDS
# The record's [Master's seat, Insider's seat] and the word's index (a tuple: cupcore.replay asks `in`).
FIELDS = const(("roles", "word"))
PLAYERS = (4, 8)  # with 3, every Common would know the Insider by elimination
_P = const(("limit", "words"))
PARAMS = dict(zip(_P, ((1, 3600), None)))  # words: None (the pack's) is the built-in list
# The engine's words in one bytes, read by nth(): the actions (0-5), the phases (6-11), the results (12-14), the
# roles (15-17), the summary's keys (18-31). One object in memory, where a tuple of them would be 32 strings on a
# device's heap, or as literals of up to 10 characters, names kept for good.
_W = const(b"start/guessed/timeout/vote1/vote2/master/deal/guess/vote1/vote2/tie/over/team/insider/nobody/master/"
           b"insider/common/phase/master/guesser/elapsed/vote_time/vote1/tally/tied/accused/result/winners/roles/word/"
           b"role/%s %d 0/%s %d/")
_WIDTH = const(12)
_MOST = const(500)  # words in a list


def nth(s, i):
    """The i-th text of s, bytes of texts each ended by a slash, as a str. (Bytes: their find from an offset
    starts there, where a str's walks it from its start on MicroPython, whose strings are UTF-8.)"""
    a = 0
    for _ in range(i):
        a = s.find(b"/", a) + 1
    return s[a:s.find(b"/", a)].decode()


def text(i):
    """The built-in list's word i (None: how many it has), read from its file alone."""
    f = open(__file__[:__file__.rfind("/") + 1] + "insider.bin", "rb")
    try:
        if i is None:
            return f.seek(0, 2) // _WIDTH
        f.seek(i * _WIDTH)
        return f.read(_WIDTH).strip().decode()
    finally:
        f.close()


def word(w):
    """w is a word a list may hold: 1..16 ASCII letters, spaces and hyphens, first and last a letter."""
    if type(w) is not str or not 0 < len(w) <= 16:
        return False
    b = w.encode()  # bytes: iterating a str interns each character on MicroPython
    for c in b:
        if not (64 < c < 91 or 96 < c < 123 or c == 32 or c == 45):
            return False
    return b[0] > 64 and b[-1] > 64


class Game(Engine):
    RESERVE = 8  # a game is at most five actions

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, stack)
        words = params[_P[1]]
        n = len(words) if type(words) is list else 0
        for w in words if n else ():  # (never a str: iterating one interns each character)
            if not word(w):
                n = 0
        if words is None:
            n = text(None)
        if not 0 < n <= _MOST:
            raise ValueError("params: words must be 1 to 500 words of 1 to 16 letters, spaces or hyphens, "
                             "first and last a letter")
        roles = stack.get(FIELDS[0])
        i = stack.get(FIELDS[1])
        if roles is not None:
            ok = type(roles) is list and len(roles) == 2 and roles[0] != roles[1]
            for p in roles if ok else ():
                ok = ok and type(p) is int and 0 <= p < players
            if not ok:
                raise ValueError("roles: [Master, Insider] must be two different seats from 0 to %d" % (players - 1))
        if i is not None and (type(i) is not int or not 0 <= i < n):
            raise ValueError("word: an index into words, from 0 to %d" % (n - 1))
        if roles is None:
            m = rng.below(players)
            p = rng.below(players - 1)
            roles = (m, p + (p >= m))
        if i is None:
            i = rng.below(n)
        self.seats = bytes(roles)  # the Master's seat (public) and the Insider's (secret)
        self.word = text(i) if words is None else words[i]
        self.most = params[_P[0]]  # the limit: seconds of guessing
        self.turn = roles[0]
        self.phase = 0
        # The guesser, the seconds at which the clock stopped, vote 1's players who accused the guesser, vote 2's
        # pointers each seat got and the seats tied, the accused seat.
        self.owner = self.time = self.counted = self.scores = self.tied = self.pick = None

    def legal(self):
        ph = self.phase
        n = self.players
        if ph == 5:
            return ()
        out = [nth(_W, 0)] if ph == 0 else []
        a = nth(_W, ph if ph < 2 else ph + 1)  # the phase's action (as _do reads it)
        for p in range(n + 1) if ph else ():
            if ph == 1 and p < n and p != self.seats[0]:
                out.append(nth(_W, 32) % (a, p))
            elif ph == 2 or ph == 4 and p in self.tied:
                out.append(nth(_W, 33) % (a, p))
            elif ph == 3:  # everyone points at seat p, and (p = n) each at themselves
                g = [a]
                for k in range(n):
                    g.append(str(p if p < n else k))
                out.append(" ".join(g))
        if ph == 1:
            out.append(nth(_W, 2))
        return out

    def _do(self, w):
        a = 5
        while a >= 0 and nth(_W, a) != w[0]:
            a -= 1
        if a < 0:
            raise ValueError("unknown action; use start, guessed P T, timeout, vote1 N, vote2 P..., master P")
        ph = self.phase
        n = self.players
        if a != (ph if ph < 2 else ph + 1) and not (a == 2 and ph == 1):
            raise ValueError("not now: the phase is %s" % nth(_W, 6 + ph))
        nums = []
        for x in w[1:]:
            nums.append(int(x) if x.isdigit() and len(x) < 5 else -1)
        want = (0, 2, 0, 1, n, 1)[a]
        if len(nums) != want or -1 in nums:
            raise ValueError("%s takes %d number%s" % (w[0], want, "" if want == 1 else "s"))
        p = nums[0] if nums else None
        if a == 1:
            t = nums[1]
            if p >= n or p == self.seats[0]:
                raise ValueError("the guesser is a seat from 0 to %d but the Master's (%d)" % (n - 1, self.seats[0]))
            if t >= self.most:
                raise ValueError("the time is the seconds since start, 0 to %d" % (self.most - 1))
            self.owner = p
            self.time = t
        elif a == 3:
            if p > n:
                raise ValueError("vote1 counts the players who accuse, 0 to %d" % n)
            self.counted = p
            p = self.owner if 2 * p > n else None  # a majority accuses the guesser
        elif a == 4:
            if max(nums) >= n:
                raise ValueError("vote2 names the seat each player points at, 0 to %d" % (n - 1))
            tally = [0] * n
            for k in nums:
                tally[k] += 1
            top = max(tally)
            self.scores = tally
            self.tied = t = []
            for k in range(n):
                if tally[k] == top:
                    t.append(k)
            p = t[0]
            if len(t) == 1:
                self.tied = None
            else:
                p = None
                self.phase = 4
        elif a == 5 and p not in self.tied:
            raise ValueError("the Master picks one of the tied seats: %s" % " ".join(map(str, self.tied)))
        if a == 0 or a == 1 or a == 3 and p is None:
            self.phase = ph + 1
        elif a == 2 or p is not None:  # over: the clock ran out, or a seat is accused
            if a == 2:
                self.time = self.most
            self.pick = p
            if p is not None and p != self.seats[1]:
                self.winner = self.seats[1]
            self.phase = 5
            self.over = True

    def result(self):
        """0 team, 1 insider, 2 nobody, or None before the end."""
        p = self.pick
        return None if not self.over else 2 if p is None else 0 if p == self.seats[1] else 1

    def _public(self, d):
        ph = self.phase
        r = self.result()
        i = self.seats[1]
        win = roles = None
        if r is not None:
            win = []
            roles = []
            for p in range(self.players):
                if r < 2 and (p == i) == (r == 1):  # (r 1: the Insider won)
                    win.append(p)
                roles.append(nth(_W, 15 if p == self.seats[0] else 16 if p == i else 17))
        for k, v in enumerate((nth(_W, 6 + ph), self.seats[0], self.owner, self.time,
                                self.time if self.owner is not None else None, self.counted,
                                self.scores and list(self.scores), self.tied and list(self.tied), self.pick,
                                None if r is None else nth(_W, 12 + r), win, roles,
                                self.word if ph > 1 else None)):
            d[nth(_W, 18 + k)] = v

    def view(self, player):
        """The summary, plus player's own role, and the word for the Master and the Insider."""
        d = self.summary()
        s = self.seats
        d[nth(_W, 31)] = nth(_W, 15 if player == s[0] else 16 if player == s[1] else 17)
        if player == s[0] or player == s[1]:
            d[nth(_W, 30)] = self.word
        return d
