"""The Pig family (RULES.md section 3): Pig, Big Pig and Hog.

Actions: roll, roll N (Hog), hold.
"""

from cupcore.engine import Engine

KIND = "dice"
PLAYERS = (1, 8)  # the player counts this engine can play
PARAMS = {
    "goal": (1, 10000),
    "dice": (1, 2),
    "bust": ("one", "double-one"),
    "doubles": (1, 10),
    "max_dice": (0, 10),
}


class Game(Engine):
    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, stack)
        self.params = params  # the checked params, for the cup's player (cupcore.bots)
        self.goal = params["goal"]
        self.ndice = params["dice"]
        self.double_one = params["bust"] != "one"  # (not "double-one": no short string constant of its own)
        self.doubles = params["doubles"]
        self.max_dice = params["max_dice"]
        self.scores = [0] * players
        self.turn_total = 0
        self.last_roll = None
        self.turn_dice = 0  # dice used this turn; 0 = not rolled yet

    def legal(self):
        if self.over:
            return ()
        if self.turn_dice == 0:
            # Hog's choices made here: ten constants would be ten qstrs, interned for good on MicroPython
            if not self.max_dice:
                return ("roll",)
            out = []
            for n in range(1, self.max_dice + 1):
                out.append("roll %d" % n)
            return out
        return ("roll", "hold")

    def _do(self, w):
        if w == ["hold"]:
            if self.turn_dice == 0:
                raise ValueError("roll at least once before holding")
            t = self.turn
            s = self.scores
            s[t] += self.turn_total
            if s[t] >= self.goal:
                self.over = True
                self.winner = t
                self.turn_total = 0
            else:
                self._next()
            return
        if w[0] != "roll" or len(w) > 2:
            raise ValueError("unknown action; use roll N or hold" if self.max_dice
                             else "unknown action; use roll or hold")
        d = self.turn_dice  # the turn's dice, 0 before its first roll
        n = d or self.ndice
        top = self.max_dice
        if len(w) == 2:
            if not top:
                raise ValueError("this pack always rolls %d; say just roll" % self.ndice)
            n = int(w[1]) if w[1].isdigit() and len(w[1]) < 3 else 0
            if d and n != d:
                raise ValueError("this turn rolls %d dice; a later roll may not change it" % d)
            if n < 1 or n > top:
                raise ValueError("roll N needs N from 1 to %d" % top)
        elif top and not d:
            raise ValueError("choose the dice for this turn: roll N, N from 1 to %d" % top)
        faces = self.roll(n)
        self.last_roll = faces
        ones = faces.count(1)
        if (ones == 2 and n == 2) if self.double_one else ones:
            self._next()
            return
        total = sum(faces)
        if n == 2 and faces[0] == faces[1]:
            total *= self.doubles
        self.turn_total += total
        self.turn_dice = n

    def _next(self):
        self.turn_total = 0
        self.turn_dice = 0
        self.turn = (self.turn + 1) % self.players

    def _public(self, d):
        d["scores"] = list(self.scores)
        d["turn_total"] = self.turn_total
        d["last_roll"] = list(self.last_roll) if self.last_roll is not None else None
