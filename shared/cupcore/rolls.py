"""A turn of up to three rolls of five dice (RULES.md section 9: Generala, Poker Dice).

`roll` rolls every die, `roll P...` rerolls those positions in place (section 7);
the turn's first roll must be `roll`. A subclass ends the turn (a category, a
stand, the last roll) with Table._done and then sets left back to 3.
"""

from cupcore.dice import Table
from cupcore.digits import numbers

# The roll actions legal() lists (any set of positions may be rerolled; the single ones are listed), made
# once at import (legal() allocates no strings) from one string longer than a qstr: short string
# constants would be names MicroPython keeps for good, and the device's pool of them is full.
ROLLS = "roll.roll 1.roll 2.roll 3.roll 4.roll 5".split(".")


class Rolls(Table):
    def __init__(self, pack, players, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.left = 3  # rolls left to the player to act; 3: not rolled yet this turn

    def _rolls(self):
        """The roll actions legal now."""
        if self.left == 3:
            return ROLLS[:1]
        return ROLLS if self.left else []

    def _dice(self, w):
        """The five dice after the roll action w (state unchanged); ValueError when it may not be made."""
        if w[0] != "roll":
            return None
        if not self.left:
            raise ValueError("no rolls left this turn")
        if len(w) == 1:
            return self.roll(5)
        if self.left == 3:
            raise ValueError("roll every die first")
        p = numbers(w[1:], 5, True)
        f = self.roll(len(p))
        d = list(self.last_roll)
        for i in range(len(p)):
            d[p[i] - 1] = f[i]
        return d

    def _public(self, d):
        Table._public(self, d)
        d["rolls_left"] = None if self.over else self.left
