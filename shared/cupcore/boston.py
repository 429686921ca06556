"""Going to Boston (RULES.md section 8): three rolls a turn, each setting aside its highest die.

Action: roll (no choices): 3 dice, then the 2 left, then the last one. The three
set-aside dice are the turn's score. `rounds` turns each; highest total wins (roll-off).
"""

from cupcore.dice import Table

KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"rounds": (1, 20)}


class Game(Table):
    RESERVE = 32

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.rounds = params["rounds"]
        self.aside = []  # this turn's set-aside faces (the last turn's once the game is over)

    def _roll(self):
        f = self.roll(3 - len(self.aside))
        a = self.aside + [max(f)]
        if len(a) == 3:
            self._done(sum(a))
            if not self.over:
                a = []  # the next player's turn
        self.aside = a
        self.last_roll = f

    def _public(self, d):
        Table._public(self, d)
        d["aside"] = list(self.aside)
