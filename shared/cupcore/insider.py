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

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

KIND = "table"  # no dice, no deck (cupcore.replay): the record's own stacked events are FIELDS
# Texts in constant tuples: a literal of up to 10 characters would be a name MicroPython keeps for good.
FIELDS = const(("roles", "word"))  # the record's [Master's seat, Insider's seat] and the word's index
PLAYERS = (4, 8)  # with 3, every Common would know the Insider by elimination
_P = const(("limit", "words"))
PARAMS = dict(zip(_P, ((1, 3600), None)))  # words: None (the pack's) is the built-in list
_ACTS = const(("start", "guessed", "timeout", "vote1", "vote2", "master"))
_PHASES = const(("deal", "guess", "vote1", "vote2", "tie", "over"))
_RESULTS = const(("team", "insider", "nobody"))
_ROLES = const(("master", "insider", "common"))
_KEYS = const(("phase", "master", "guesser", "elapsed", "vote_time", "vote1", "tally", "tied", "accused", "result",
               "winners", "roles", "word", "role"))
_WIDTH = const(12)
_MOST = const(500)  # words in a list


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


def _ok(w):
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
        if words is None:
            count = text(None)
        elif type(words) is list and 0 < len(words) <= _MOST and not [w for w in words if not _ok(w)]:
            count = len(words)
        else:
            raise ValueError("params: words must be 1 to 500 words of 1 to 16 letters, spaces or hyphens, "
                             "first and last a letter")
        roles, i = stack or (None, None)
        n = players
        if roles is not None and (type(roles) is not list or len(roles) != 2 or [p for p in roles if type(p) is not int
                                                                                  or not 0 <= p < n]
                                  or roles[0] == roles[1]):
            raise ValueError("roles: [Master, Insider] must be two different seats from 0 to %d" % (n - 1))
        if i is not None and (type(i) is not int or not 0 <= i < count):
            raise ValueError("word: an index into words, from 0 to %d" % (count - 1))
        if roles is None:
            m = rng.below(n)
            k = rng.below(n - 1)
            roles = [m, k + (k >= m)]
        if i is None:
            i = rng.below(count)
        self.seats = bytes(roles)  # the Master's seat (public) and the Insider's (secret)
        self.word = text(i) if words is None else words[i]
        self.most = params[_P[0]]  # the limit: seconds of guessing
        self.turn = roles[0]
        self.phase = 0
        self.owner = None  # the guesser
        self.time = None  # the seconds at which the clock stopped
        self.counted = None  # vote 1: the players who accused the guesser
        self.scores = None  # vote 2: the pointers each seat got
        self.tied = None
        self.pick = None  # the accused seat
        self.result = None

    def legal(self):
        ph = self.phase
        n = self.players
        a = _ACTS[ph]
        if ph == 0:
            return _ACTS[:1]
        if ph == 1:
            return ["%s %d 0" % (a, p) for p in range(n) if p != self.seats[0]] + [_ACTS[2]]
        if ph == 2:
            return ["%s %d" % (_ACTS[3], k) for k in range(n + 1)]
        if ph == 3:
            out = [" ".join([_ACTS[4]] + [str(k)] * n) for k in range(n)]
            return out + [" ".join([_ACTS[4]] + [str(k) for k in range(n)])]
        if ph == 4:
            return ["%s %d" % (_ACTS[5], p) for p in self.tied]
        return ()

    def _do(self, w):
        a = _ACTS.index(w[0]) if w[0] in _ACTS else -1
        if a < 0:
            raise ValueError("unknown action; use start, guessed P T, timeout, vote1 N, vote2 P..., master P")
        ph = self.phase
        n = self.players
        if a != (ph if ph < 2 else ph + 1) and not (a == 2 and ph == 1):
            raise ValueError("not now: the phase is %s" % _PHASES[ph])
        nums = [int(x) if x.isdigit() and len(x) < 5 else -1 for x in w[1:]]
        want = (0, 2, 0, 1, n, 1)[a]
        if len(nums) != want or [k for k in nums if k < 0]:
            raise ValueError("%s takes %d number%s" % (_ACTS[a], want, "" if want == 1 else "s"))
        if a == 0:
            self.phase = 1
            return
        if a == 2:
            self._end(2, None, self.most)
            return
        if a == 1:
            p, t = nums
            if p >= n or p == self.seats[0]:
                raise ValueError("the guesser is a seat from 0 to %d but the Master's (%d)" % (n - 1, self.seats[0]))
            if t >= self.most:
                raise ValueError("the time is the seconds since start, 0 to %d" % (self.most - 1))
            self.owner = p
            self.time = t
            self.phase = 2
            return
        if a == 3:
            k = nums[0]
            if k > n:
                raise ValueError("vote1 counts the players who accuse, 0 to %d" % n)
            self.counted = k
            if 2 * k > n:
                self._end(0 if self.owner == self.seats[1] else 1, self.owner)
            else:
                self.phase = 3
            return
        if a == 4:
            if max(nums) >= n:
                raise ValueError("vote2 names the seat each player points at, 0 to %d" % (n - 1))
            tally = [0] * n
            for p in nums:
                tally[p] += 1
            top = max(tally)
            tied = [p for p in range(n) if tally[p] == top]
            self.scores = tally
            if len(tied) > 1:
                self.tied = tied
                self.phase = 4
            else:
                self._end(0 if tied[0] == self.seats[1] else 1, tied[0])
            return
        p = nums[0]
        if p not in self.tied:
            raise ValueError("the Master picks one of the tied seats: %s" % " ".join([str(k) for k in self.tied]))
        self._end(0 if p == self.seats[1] else 1, p)

    def _end(self, result, accused, time=None):
        """Over with result (an index of _RESULTS), the accused seat, and the clock's time if it stopped now."""
        self.result = result
        self.pick = accused
        if time is not None:
            self.time = time
        if result == 1:
            self.winner = self.seats[1]
        self.phase = 5
        self.over = True

    def _public(self, d):
        ph = self.phase
        r = self.result
        i = self.seats[1]
        win = None
        if ph == 5:
            win = [i] if r == 1 else [p for p in range(self.players) if r == 0 and p != i]
        roles = None
        if ph == 5:
            roles = [_ROLES[2]] * self.players
            roles[self.seats[0]] = _ROLES[0]
            roles[i] = _ROLES[1]
        for k, v in zip(_KEYS, (_PHASES[ph], self.seats[0], self.owner, self.time,
                                self.time if self.owner is not None else None, self.counted,
                                self.scores and list(self.scores), self.tied and list(self.tied), self.pick,
                                None if r is None else _RESULTS[r], win, roles,
                                self.word if ph > 1 else None)):
            d[k] = v

    def view(self, player):
        """The summary, plus player's own role, and the word for the Master and the Insider."""
        d = self.summary()
        s = self.seats
        d[_KEYS[13]] = _ROLES[0 if player == s[0] else 1 if player == s[1] else 2]
        if player == s[0] or player == s[1]:
            d[_KEYS[12]] = self.word
        return d
