"""The dice table (RULES.md section 7): what the dice games of sections 8-11 share.

Table(Engine) seats the players in order (seat 0 starts) and keeps the summary
fields of section 7: scores, last_roll, round (1-based) and rolloff. A game
whose only action is `roll` implements _roll(); a game ends its player's turn
with _done(points), which after the last turn of the last round ends the game
and rolls off a tied top automatically. An action may fail after its own roll
(a roll-off short of stacked dice): apply then gives those dice back, so
engines compute first and change their state only after _done.

Actions are plain ASCII (Table.apply refuses anything else, so that every port
reads them alike); numbers in them are read by cupcore.digits (but for Dix Mille's keep, whose
faces its engine reads itself, as digits does: that module would not fit its self-play's heap).
"""

from cupcore.engine import Engine

ROLL = ("roll",)


class Table(Engine):
    rounds = 1  # turns each player takes; a game with more sets it from its params
    zero_wins = True  # False: a top score of 0 wins nothing (the game ends without a winner)

    def __init__(self, pack, players, rng, stack):
        Engine.__init__(self, pack, players, rng, stack)
        self.scores = [0] * players
        self.last_roll = None
        self.round = 1
        self.rolloff = None

    def apply(self, action):
        """Engine.apply; an action that fails after drawing stacked dice (a roll-off short of dice) gives them back."""
        used = self.used
        if isinstance(action, str):
            # CPython's lower() and split() read beyond ASCII, MicroPython's do not. Bytes, not
            # characters: MicroPython interns each character it iterates, for good.
            for c in action.encode("utf-8", "surrogatepass"):
                if c < 32 or c > 126:
                    raise ValueError("an action is plain ASCII text")
        try:
            Engine.apply(self, action)
        except ValueError:
            self.used = used
            raise

    def legal(self):
        return () if self.over else ROLL

    def _do(self, w):
        if len(w) > 1 or w[0] != "roll":
            raise ValueError("unknown action; use roll")
        self._roll()

    def _done(self, points):
        """The player to act ends their turn with points more; after the last turn of the last round
        the game is over. Raises (dice stack exhausted in the roll-off) before changing anything."""
        t = self.turn
        s = self.scores
        nxt = (t + 1) % self.players
        if nxt or self.round < self.rounds:
            s[t] += points
            self.turn = nxt
            if not nxt:
                self.round += 1
            return
        s = list(s)
        s[t] += points
        top = max(s)
        tied = []
        for i in range(self.players) if top or self.zero_wins else ():
            if s[i] == top:
                tied.append(i)
        self._win(tied)
        self.scores = s

    def _win(self, tied):
        """Game over: the one seat in tied wins; several roll off, one die each in seat order, until
        one is highest; none: no winner. Raises (dice stack exhausted) before changing anything."""
        rounds = None
        while len(tied) > 1:
            f = self.roll(len(tied))
            rounds = rounds or []
            rounds.append(f)
            hi = max(f)
            was = tied
            tied = []
            for i in range(len(f)):
                if f[i] == hi:
                    tied.append(was[i])
        self.rolloff = rounds
        self.winner = tied[0] if tied else None
        self.over = True

    def _public(self, d):
        d["scores"] = list(self.scores)
        d["last_roll"] = list(self.last_roll) if self.last_roll else None
        d["round"] = self.round
        d["rolloff"] = self.rolloff
