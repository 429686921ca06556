"""Generala (RULES.md section 9): five dice, up to three rolls a turn, then a category of the sheet.

Actions: roll, roll P..., score CAT (a category not yet used; 0 when the dice do not
make it). One round per category; the highest total wins (roll-off on ties). Five of
a kind on a turn's first roll (a served Generala) wins at once.
`double` scores only after `generala` scored its points.
"""

from cupcore.rolls import Rolls

KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"generala": [50, 60], "double": [100, 120]}  # lists: the numbers allowed (a tuple is a range)
# The score actions, in the sheet's order; a category's name is its action's [6:]. Made once at import
# from one long string (no short string constant: each would be a name MicroPython keeps for good).
_SCORE = ("score ones.score twos.score threes.score fours.score fives.score sixes.score straight."
          "score full.score four.score generala.score double").split(".")


def points(dice, cat, generala, double):
    """What the dice (a list) score in category cat (an index of the sheet); double: None unless `generala`
    has points."""
    if cat < 6:
        return dice.count(cat + 1) * (cat + 1)  # (counted in C: the device's sheet asks for eleven boxes a frame)
    c = [0] * 7  # a list: MicroPython's bytearray has no count() or `in` for ints
    for f in dice:
        c[f] += 1
    top = max(c)
    if cat == 6:
        return 20 if top == 1 and not (c[1] and c[6]) else 0
    if cat == 7:
        return 30 if top == 3 and 2 in c else 0
    if cat == 8:
        return 40 if top >= 4 else 0
    if top < 5:
        return 0
    return generala if cat == 9 else double or 0


class Game(Rolls):
    RESERVE = 112  # 3 players: 33 turns of 2 to 4 actions
    rounds = 11  # a round per box of the sheet
    sheets = True  # False: the summary leaves out `sheet` (a device screen reads the bytes of self.sheet instead)

    def __init__(self, pack, players, params, rng, stack):
        Rolls.__init__(self, pack, players, rng, stack)
        self.params = params  # the checked params, for the cup's player (cupcore.bots)
        self.pay = (params["generala"], params["double"])
        self.sheet = bytearray(b"\xff" * (players * 11))  # per player, per category; 255: free

    def legal(self):
        if self.over:
            return ()
        out = self._rolls()
        if self.left < 3:
            b = self.turn * 11
            out = list(out)
            for i in range(11):
                if self.sheet[b + i] == 255:
                    out.append(_SCORE[i])
        return out

    def _do(self, w):
        d = self._dice(w)
        if d is not None:
            if self.left == 3 and d.count(d[0]) == 5:
                self.over = True  # a served Generala
                self.winner = self.turn
            self.left -= 1
            self.last_roll = d
            return
        a = "score " + w[-1]
        if w[0] != "score" or len(w) != 2 or a not in _SCORE:
            raise ValueError("unknown action; use roll, roll P... or score CAT (%s)"
                             % ", ".join(_SCORE).replace("score ", ""))
        if self.left == 3:
            raise ValueError("roll first")
        k = _SCORE.index(a)
        b = self.turn * 11
        s = self.sheet
        if s[b + k] != 255:
            raise ValueError("%s is already scored" % w[1])
        g = s[b + 9]
        p = points(self.last_roll, k, self.pay[0], self.pay[1] if g != 255 and g else None)
        self._done(p)
        s[b + k] = p
        if not self.over:
            self.left = 3

    def _public(self, d):
        Rolls._public(self, d)
        if not self.sheets:
            return
        s = self.sheet
        names = []  # once per summary, not once per player: a box's name is a new string
        for a in _SCORE:
            names.append(a[6:])
        out = []
        for p in range(self.players):
            sheet = dict.fromkeys(names)  # sized once (grown a key at a time, each dict is built three times)
            for i in range(11):
                v = s[p * 11 + i]
                if v != 255:
                    sheet[names[i]] = v
            out.append(sheet)
        d["sheet"] = out
