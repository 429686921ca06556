"""Mafia (RULES.md section 8): shed your dice first; in the showdown the highest die loses a token.

Action: roll. A round: every player with tokens holds `dice` dice; from the round's
starter on, each rolls all they hold: 1s leave play, 6s go to the next player in the
round. The first player left with no dice ends the round; each other player in it,
from the next seat on, rolls one die (the showdown): the highest loses a token, those
tied roll again in seat order. No tokens: out. The last player with tokens wins.
`scores` are the tokens; `showdown` is each player's latest showdown die (null if none).
"""

from cupcore.dice import Table

KIND = "dice"
PLAYERS = (2, 8)
PARAMS = {"dice": (1, 10), "tokens": (1, 9)}


class Game(Table):
    RESERVE = 264  # random 3-player games run to about 260 actions

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.n = params["dice"]
        self.scores = [params["tokens"]] * players  # tokens
        self.dice = bytearray([self.n] * players + [0] * players)  # dice held, then showdown faces (0 = none)
        self.starter = 0
        self.show = None  # in a showdown: the seats rolling in it, in order (at most 17 attributes in all)

    def _next(self, p):
        """The next seat after p that still has tokens."""
        p = (p + 1) % self.players
        while not self.scores[p]:
            p = (p + 1) % self.players
        return p

    def _roll(self):
        t = self.turn
        d = self.dice
        n = self.players
        if self.show:
            f = self.roll(1)
            d[n + t] = f[0]
            self.last_roll = f
            self._showdown(self.show, self.show.index(t) + 1)
            return
        f = self.roll(d[t])
        nxt = self._next(t)
        six = f.count(6)
        d[t] -= six + f.count(1)
        d[nxt] += six
        self.last_roll = f
        if d[t]:
            self.turn = nxt
            return
        show = []  # t ends the round: the others roll, from the next seat on
        while nxt != t:
            show.append(nxt)
            nxt = self._next(nxt)
        for p in range(n):
            d[n + p] = 0
        self._showdown(show, 0)

    def _showdown(self, show, k):
        """k of the seats in show have rolled: the next one rolls, or the highest loses a token."""
        d = self.dice
        n = self.players
        if k < len(show):
            self.show = show
            self.turn = show[k]
            return
        hi = 0
        for p in show:
            hi = max(hi, d[n + p])
        tied = []
        for p in show:
            if d[n + p] == hi:
                tied.append(p)
        if len(tied) > 1:
            tied.sort()
            self._showdown(tied, 0)
            return
        self.show = None
        s = self.scores
        s[tied[0]] -= 1
        if s.count(0) == n - 1:
            self.over = True
            self.winner = s.index(max(s))
            return
        self.starter = self._next(self.starter)
        for p in range(n):
            d[p] = self.n if s[p] else 0
        self.round += 1
        self.turn = self.starter

    def _public(self, d):
        Table._public(self, d)
        n = self.players
        d["tokens"] = list(self.scores)
        d["dice_held"] = list(self.dice[:n])
        d["phase"] = "showdown" if self.show else "play"
        d["showdown"] = out = []
        for f in self.dice[n:]:
            out.append(f or None)
