"""Midnight (RULES.md section 8): six dice, kept one roll at a time; a 1 and a 4 qualify the other four.

Actions: roll (the dice not set aside), then keep F... (faces from that roll; `keep`
one: exactly one die, any: at least one), until all six are kept.
Score: with a 1 and a 4 among the six kept, the sum of the other four, else 0.
One turn each; the highest score wins (roll-off on ties).
"""

from cupcore.dice import ROLL, Table
from cupcore.digits import numbers


KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"keep": ("one", "any")}
_KEEP = const(("keep 1", "keep 2", "keep 3", "keep 4", "keep 5", "keep 6"))


class Game(Table):
    RESERVE = 48

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.params = params  # the checked params, for the cup's player (cupcore.bots)
        self.one = params["keep"] == "one"
        self.aside = []  # this turn's kept faces (the last turn's once the game is over)
        self.rolled = False  # the player to act has rolled and must keep

    def legal(self):
        if self.over:
            return ()
        if not self.rolled:
            return ROLL
        r = self.last_roll
        out = []
        if self.one:
            for f in range(1, 7):
                if f in r:
                    out.append(_KEEP[f - 1])
            return out
        ks = [""]  # every choice of at least one die: by how many of each face
        for f in range(1, 7):
            was = ks
            ks = []
            for k in was:
                for n in range(r.count(f) + 1):
                    ks.append(k + " %d" % f * n)
        for k in ks[1:]:
            out.append("keep" + k)
        return out

    def _do(self, w):
        if w == ["roll"]:
            if self.rolled:
                raise ValueError("keep dice from this roll first")
            self.last_roll = self.roll(6 - len(self.aside))
            self.rolled = True
            return
        if w[0] != "keep":
            raise ValueError("unknown action; use roll or keep F...")
        if not self.rolled:
            raise ValueError("roll first")
        k = numbers(w[1:], 6, False)
        if not k or self.one and len(k) > 1:
            raise ValueError("keep exactly one die" if self.one else "keep at least one die")
        for f in k:
            if k.count(f) > self.last_roll.count(f):
                raise ValueError("keep only faces of this roll")
        a = self.aside + k
        if len(a) == 6:
            self._done(sum(a) - 5 if 1 in a and 4 in a else 0)
            if not self.over:
                a = []  # the next player's turn
        self.aside = a
        self.rolled = False

    def _public(self, d):
        Table._public(self, d)
        d["aside"] = list(self.aside)
