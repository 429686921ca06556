"""Zambales (RULES.md section 8): two dice, up to `tries` rolls to make a pair; the highest pair wins.

Action: roll. A turn ends at the first pair or after the last try. One turn each;
among those who paired, the highest pair wins (roll-off among equal pairs); with
no pair at all the game ends without a winner. A player's score is their pair's face.
"""

from cupcore.dice import Table

KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"tries": (1, 10)}


class Game(Table):
    RESERVE = 16
    zero_wins = False

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.tries = params["tries"]
        self.left = self.tries  # rolls left to the player to act

    def _roll(self):
        f = self.roll(2)
        pair = f[0] if f[0] == f[1] else 0
        if pair or self.left == 1:
            self._done(pair)
            self.left = self.tries
        else:
            self.left -= 1
        self.last_roll = f

    def _public(self, d):
        Table._public(self, d)
        d["pairs"] = out = []
        for s in self.scores:
            out.append(s or None)
        d["tries_left"] = None if self.over else self.left
