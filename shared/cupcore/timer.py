"""The turn timer (RULES.md section 13): a board game's turn clock, seat after seat.

Actions: next T (the player to act ends the turn T seconds in, 0 <= T < seconds), over (the
clock ran out: a turn of `seconds` and one overrun), pause, resume, end (the session stops).
Times are whole seconds the device writes into the actions; the running clock is the
device's, not state. `warn` and `penalty` are the device's (a beep, a text): no state.
legal() gives `next` at both ends of its range; any T between is legal too.
"""

from cupcore.engine import Engine


KIND = "table helper"  # no dice, no deck (cupcore.replay)
FIELDS = ()  # no stacked events
PLAYERS = (2, 8)
# The parameters' and the actions' names in constant tuples: a literal of up to 10 characters would be a
# name MicroPython keeps for good.
_P = const(("seconds", "warn", "penalty"))
PARAMS = dict(zip(_P, ((1, 3600), (0, 3600), None)))
_ACTS = const(("next", "over", "pause", "resume", "end", "next %d"))  # (the last: legal()'s)
# The summary's per-seat lists (in Game.scores, in this order) and its flag.
_KEYS = const(("turns", "total", "longest", "overruns", "paused"))


class Game(Engine):
    RESERVE = 32  # random sessions end within a few dozen actions

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, stack)
        t = params[_P[2]]
        if type(t) is not str or len(t) > 32 or t and (min(t.encode()) < 32 or max(t.encode()) > 126):
            raise ValueError("params: penalty must be 0 to 32 printable ASCII characters")
        self.params = params  # warn and penalty: the device's (a beep, a text)
        self.most = params[_P[0]]
        self.scores = []  # turns, total, longest, overruns: per seat
        for _ in range(4):
            self.scores.append([0] * players)
        self.held = False  # paused

    def legal(self):
        if self.over:
            return ()
        if self.held:
            return _ACTS[3:5]
        out = []
        for t in (0, self.most - 1)[:1 if self.most == 1 else 2]:
            out.append(_ACTS[5] % t)
        return out + list(_ACTS[1:3]) + [_ACTS[4]]

    def _do(self, w):
        a = _ACTS.index(w[0]) if w[0] in _ACTS else -1
        if a < 0 or len(w) != (2 if a == 0 else 1):
            raise ValueError("unknown action; use next T, over, pause, resume or end")
        if a == 4:
            self.over = True
            self.held = False
            return
        if self.held != (a == 3):
            raise ValueError("paused: resume or end" if self.held else "the clock is not paused")
        if a > 1:
            self.held = a == 2
            return
        t = int(w[1]) if a == 0 and w[1].isdigit() and len(w[1]) < 5 else self.most
        if a == 0 and t >= self.most:
            raise ValueError("next needs the seconds the turn took, 0 to %d" % (self.most - 1))
        s = self.scores
        p = self.turn
        s[0][p] += 1
        s[1][p] += t
        s[2][p] = max(s[2][p], t)
        s[3][p] += a
        self.turn = (p + 1) % self.players

    def _public(self, d):
        for i in range(4):
            d[_KEYS[i]] = list(self.scores[i])
        d[_KEYS[4]] = self.held
