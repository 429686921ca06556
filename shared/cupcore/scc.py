"""Ship, Captain, Crew (RULES.md section 8): find a 6, then a 5, then a 4 in up to 3 rolls of five dice.

Actions: roll, and with `cargo_reroll` (scc-classic) stop. After each roll the ship (6),
then the captain (5), then the crew (4) are set aside as they appear, in that order.
With all three aside the other two dice (the cargo) are the score: at once, or with
`cargo_reroll` when the player stops or runs out of rolls. Without them: 0.
One turn each; the highest score wins (roll-off on ties).
"""

from cupcore.dice import ROLL, Table


KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"cargo_reroll": (True, False)}
_ROLL_STOP = const(("roll", "stop"))


class Game(Table):
    RESERVE = 16

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.params = params  # the checked params, for the cup's player (cupcore.bots)
        self.reroll = params["cargo_reroll"]
        self.aside = []  # this turn's ship, captain and crew (the last turn's once the game is over)
        self.left = 3  # rolls left to the player to act
        self.cargo = 0  # the cargo of the last roll, once the crew is aside

    def legal(self):
        if self.over:
            return ()
        return _ROLL_STOP if self.reroll and len(self.aside) == 3 else ROLL

    def _do(self, w):
        if w == ["stop"]:
            if not self.reroll:
                raise ValueError("this pack has no stop: the crew ends the turn")
            if len(self.aside) < 3:
                raise ValueError("stop once ship, captain and crew are aside")
            self._done(self.cargo)
            if not self.over:
                self.aside = []
                self.left = 3
            return
        if w != ["roll"]:
            raise ValueError("unknown action; use roll or stop" if self.reroll else "unknown action; use roll")
        a = list(self.aside)
        f = self.roll(5 - len(a))
        rest = list(f)
        for need in range(6, 3, -1):  # ship, captain, crew
            if need not in a:
                if need not in rest:
                    break
                a.append(need)
                rest.remove(need)
        cargo = sum(rest) if len(a) == 3 else 0
        left = self.left - 1
        if not left or len(a) == 3 and not self.reroll:
            self._done(cargo)
            if not self.over:
                a = []  # the next player's turn
                left = 3
        self.aside = a
        self.left = left
        self.cargo = cargo
        self.last_roll = f

    def _public(self, d):
        Table._public(self, d)
        d["aside"] = list(self.aside)
        d["rolls_left"] = None if self.over else self.left
