"""Drop Dead (RULES.md section 8): roll until you drop dead; each surviving roll adds its total.

Action: roll (the player has no choice). `remove` false (the seed): a 2 or a 5 among
the dice, or a total of 2 or 5, drops dead and ends the turn. `remove` true (classic):
a roll with a 2 or 5 scores nothing and loses those dice; the turn ends with no dice left.
One turn each; the highest score wins (roll-off on ties).
"""

from cupcore.dice import Table

KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"dice": (1, 10), "remove": (True, False)}


class Game(Table):
    RESERVE = 32

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.n = params["dice"]
        self.remove = params["remove"]
        self.left = self.n  # dice the player to act rolls

    def _roll(self):
        f = self.roll(self.left)
        s = sum(f)
        dead = f.count(2) + f.count(5)
        left = self.left - dead if self.remove else 0 if dead or s == 2 or s == 5 else self.left
        if left:
            self.scores[self.turn] += 0 if dead else s
        else:
            self._done(0)  # the roll that ends a turn always drops dead: it scores nothing
            left = self.n
        self.left = left
        self.last_roll = f

    def _public(self, d):
        Table._public(self, d)
        d["dice_left"] = None if self.over else self.left
