"""The plain cup (RULES.md section 8): a handful of dice of any common kind, open or hidden.

Actions: roll (every die), roll P... (reroll those positions), lift. One player,
never over. With `hidden`, each roll stays under the cup: the dice and their
total are only in view(0) (the player peeks) until `lift` shows them.
"""

from cupcore.dice import Table
from cupcore.digits import numbers
from cupcore.engine import Engine

KIND = "dice"
PLAYERS = (1, 1)
PARAMS = {"dice": (1, 10), "sides": None, "hidden": (True, False)}  # sides: checked by Game
_SIDES = const((4, 6, 8, 10, 12, 20))


class Game(Table):
    CAP = 20  # self-play stops after this many actions: the cup is never over
    RESERVE = 20

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, stack)  # a Table for its apply(); no scores to keep
        k = params["sides"]
        if type(k) is not int or k not in _SIDES:
            raise ValueError("params: sides must be one of 4, 6, 8, 10, 12, 20")
        self.sides = k
        self.n = params["dice"]
        self.hidden = params["hidden"]
        self.dice = None  # the faces in position order, once rolled
        self.under = False  # the dice are hidden under the cup
        self.rolls = 0

    def legal(self):
        """roll, each single position to reroll (any set of them may be rerolled), lift when hidden."""
        out = ["roll"]
        if self.dice:
            for i in range(self.n):
                out.append("roll %d" % (i + 1))
        if self.under:
            out.append("lift")
        return out

    def _do(self, w):
        if w == ["lift"]:
            if not self.under:
                raise ValueError("nothing is hidden under the cup")
            self.under = False
            return
        if w[0] != "roll":
            raise ValueError("unknown action; use roll, roll P... or lift")
        if len(w) == 1:
            self.dice = self.roll(self.n)
        else:
            if not self.dice:
                raise ValueError("roll every die first")
            p = numbers(w[1:], self.n, True)
            f = self.roll(len(p))
            for i in range(len(p)):
                self.dice[p[i] - 1] = f[i]
        self.rolls += 1
        self.under = self.hidden

    def _put(self, d, dice):
        d["dice"] = list(dice) if dice else None
        d["total"] = sum(dice) if dice else None
        d["last_roll"] = list(dice) if dice else None  # section 7's field: the dice as they stand
        d["rolls"] = self.rolls

    def _public(self, d):
        self._put(d, None if self.under else self.dice)
        d["scores"] = d["round"] = d["rolloff"] = None  # a cup keeps no score, rounds or roll-off

    def view(self, player):
        """The summary; player 0 also sees hidden dice (a peek under the cup)."""
        d = self.summary()
        if player == 0:
            self._put(d, self.dice)
        return d
