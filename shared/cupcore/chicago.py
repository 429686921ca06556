"""Chicago (RULES.md section 8): two dice, one roll each a round; round r pays r + 1 for that sum.

Action: roll. After the last round the highest score wins (roll-off on ties).
"""

from cupcore.dice import Table

KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"rounds": (1, 11)}


class Game(Table):
    RESERVE = 40

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.rounds = params["rounds"]

    def _roll(self):
        f = self.roll(2)
        t = self.round + 1
        self._done(t if f[0] + f[1] == t else 0)
        self.last_roll = f

    def _public(self, d):
        Table._public(self, d)
        d["target"] = None if self.over else self.round + 1
