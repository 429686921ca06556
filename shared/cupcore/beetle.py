"""Beetle (RULES.md section 8): roll one die a turn and draw the part it names; first whole beetle wins.

Action: roll. Face -> part (most a beetle has): 1 eye (2), 2 antenna (2), 3 leg (6),
4 wing (2), 5 head (1), 6 body (1). With `order`, a part needs its prerequisite
drawn first (body; head after body; eyes and antennae after head; legs and wings after body).
"""

from cupcore.dice import Table

KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"order": (True, False)}
# Module globals, not const(): cupfw.games.beetle imports both.
_MOST = b"\x02\x02\x06\x02\x01\x01"  # by face - 1
_NEEDS = b"\x05\x05\x06\x06\x06\x00"  # by face - 1: the face whose part must be drawn first (0: none)


class Game(Table):
    RESERVE = 128

    def __init__(self, pack, players, params, rng, stack):
        Table.__init__(self, pack, players, rng, stack)
        self.order = params["order"]
        self.parts = bytearray(6 * players)  # per player, the count for faces 1..6

    def _roll(self):
        f = self.roll(1)
        t = self.turn
        b = self.parts
        i = f[0] - 1
        need = _NEEDS[i]
        if b[t * 6 + i] < _MOST[i] and not (self.order and need and not b[t * 6 + need - 1]):
            b[t * 6 + i] += 1
            self.scores[t] += 1
            if self.scores[t] == 14:
                self.over = True
                self.winner = t
        self.last_roll = f
        if not self.over:
            self.turn = (t + 1) % self.players
            if not self.turn:
                self.round += 1

    def _public(self, d):
        Table._public(self, d)
        b = self.parts
        d["beetles"] = out = []
        for i in range(0, len(b), 6):  # (a loop: a comprehension is one more function)
            out.append(list(b[i:i + 6]))
