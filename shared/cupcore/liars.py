"""Liar's Dice (RULES.md section 10): every player's cup on one device; bid on all the dice, or call.

Actions: roll (the round's starter: every player still in rolls all their dice, in
seat order), bid Q F (Q dice in play show face F), liar (lift every cup). With
`wild`, 1s count for any face and bids are on faces 2-6. A raise is the same face
with more dice or a higher face with any quantity. The call's loser loses a die and
starts the next round. Secrets: a cup is only in its own player's view() until the
call lifts them all (`revealed`); never in the summary, legal() or an error.
`scores` are the dice each player holds.
"""

from cupcore.dice import ROLL, Table
from cupcore.digits import number

KIND = "dice"
PLAYERS = (2, 8)
PARAMS = {"dice": (1, 10), "wild": (True, False)}
_LIAR = ["liar"]


class Game(Table):
    RESERVE = 160

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.params = params  # the checked params, for the cup's player (cupcore.bots)
        self.scores = [params["dice"]] * players
        self.wild = params["wild"]
        self.cups = None  # this round's dice, per player, once rolled
        self.bid = None  # (quantity, face)
        self.bidder = None
        self.revealed = None
        self.counted = None
        self.loser = None
        # The actions played this game, first the six bids of one die made once (as constants they
        # would be six qstrs for good): legal() gives these very strings again, making none.
        self.seen = [None] * 24
        del self.seen[:]  # (room for a game's distinct bids without regrowing, which fragments the heap)
        for f in range(1, 7):
            self.seen.append("bid 1 %d" % f)

    def _after(self, p):
        """The next player after p who still has dice."""
        p = (p + 1) % self.players
        while not self.scores[p]:
            p = (p + 1) % self.players
        return p

    def least(self, f):
        """The smallest quantity of face f that may be bid now (0: none may)."""
        b = self.bid
        if self.cups is None or f == 1 and self.wild:
            return 0
        q = 1 if b is None or f > b[1] else b[0] + 1 if f == b[1] else 0
        return q if q <= sum(self.scores) else 0

    def legal(self):
        """roll at a round's start; then the smallest bid of each face that may be bid (any larger
        quantity of it may be bid too), then liar once there is a bid."""
        if self.over:
            return ()
        if self.cups is None:
            return ROLL
        out = []
        for f in range(1, 7):
            q = self.least(f)
            if q:
                if q == 1:
                    out.append(self.seen[f - 1])
                    continue
                a = "bid %d %d" % (q, f)
                out.append(self.seen[self.seen.index(a)] if a in self.seen else a)
        return out + _LIAR if self.bid else out

    def odds(self, q, f):
        """How likely bid (q, f) is true for the player to act, who sees only their own dice: (ways, all)
        over the 6**n equally likely faces of the n dice they cannot see. None between rounds."""
        if self.cups is None:
            return None
        own = self.cups[self.turn]
        n = sum(self.scores) - len(own)
        m = 2 if self.wild and f != 1 else 1  # faces that count for f
        need = q
        for x in own:
            if x == f or self.wild and x == 1:
                need -= 1
        ways = 0
        c = 1  # n choose j
        for j in range(n + 1):
            if j >= need:
                ways += c * m ** j * (6 - m) ** (n - j)
            c = c * (n - j) // (j + 1)
        return ways, 6 ** n

    def apply(self, action):
        """Table.apply; a game's record then holds one string per distinct bid, however often played."""
        Table.apply(self, action)
        if action not in self.seen:
            self.seen.append(action)

    def _do(self, w):
        a = w[0]
        if a == "roll" and len(w) == 1:
            if self.cups is not None:
                raise ValueError("the dice are rolled: bid or call liar")
            s = self.scores
            f = self.roll(sum(s))
            cups = []
            for p in range(self.players):
                cups.append(f[:s[p]])
                f = f[s[p]:]
            self.cups = cups
            self.bid = self.bidder = None
            return
        if a not in ("bid", "liar") or len(w) != (3 if a == "bid" else 1):
            raise ValueError("unknown action; use roll, bid Q F or liar")
        if self.cups is None:
            raise ValueError("roll first")
        t = self.turn
        if a == "bid":
            n = sum(self.scores)
            q = number(w[1], n)
            f = number(w[2], 6)
            if not q:
                raise ValueError("the quantity is 1 to %d (the dice in play)" % n)
            if not f or f == 1 and self.wild:
                raise ValueError("faces are 2 to 6 (1s are wild)" if self.wild else "faces are 1 to 6")
            m = self.least(f)
            if not m or q < m:
                raise ValueError("bid higher than %d %d" % self.bid)
            self.bid = (q, f)
            self.bidder = t
            self.turn = self._after(t)
            return
        if self.bid is None:
            raise ValueError("no bid to call yet")
        q, f = self.bid
        k = 0
        for c in self.cups:
            for x in c:
                if x == f or self.wild and x == 1:
                    k += 1
        lose = t if k >= q else self.bidder
        s = self.scores
        s[lose] -= 1
        self.revealed = self.cups
        self.cups = None
        self.counted = k
        self.loser = lose
        nxt = lose if s[lose] else self._after(lose)  # who starts the next round
        if s.count(0) == self.players - 1:
            self._win([nxt])
            return
        self.round += 1
        self.turn = nxt

    def _public(self, d):
        Table._public(self, d)
        d["dice"] = list(self.scores)
        d["bid"] = list(self.bid) if self.bid else None
        d["bidder"] = self.bidder
        r = None
        for c in self.revealed or ():
            r = r or []
            r.append(list(c))
        d["revealed"] = r
        d["counted"] = self.counted
        d["loser"] = self.loser

    def view(self, player):
        """The summary, plus "cup": the player's own dice while a round is on (else None)."""
        d = self.summary()
        c = self.cups
        d["cup"] = list(c[player]) if c is not None and c[player] else None
        return d
