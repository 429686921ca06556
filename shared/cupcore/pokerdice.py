"""Poker Dice (RULES.md section 9): five dice, up to three rolls, the best poker hand wins.

Faces 1-6 are 9, T, J, Q, K, A. Actions: roll, roll P..., stand (after any roll; the
third roll stands by itself). One hand each; exactly equal best hands roll off.
A hand's score is one number that orders hands: its rank (1 nothing ... 8 five of a
kind) then its five faces, the largest group first, groups of a size high to low
(K-K-K-9-9, a full house, is 655511). With `wild`, aces (6) count as whatever face
makes the best hand.
"""

from cupcore.rolls import Rolls

KIND = "dice"
PLAYERS = (1, 8)
PARAMS = {"wild": (True, False)}
NAMES = ("nothing.one pair.two pair.three of a kind.straight.full house.four of a kind."
         "five of a kind").split(".")  # made at import (see rolls.ROLLS)


def hand(dice, wild):
    """The score of five dice (see the module's docstring)."""
    c = bytearray(7)
    for f in dice:
        c[f] += 1
    w = c[6] if wild else 0
    c[6] -= w
    order = []  # the dice but the wild aces: largest group first, then high to low
    for n in range(5, 0, -1):
        for f in range(6, 0, -1):
            if c[f] == n:
                order += [f] * n
    if not order:
        return 866666  # five wild aces: five aces
    g = order[0]
    m = c[g]
    top = m + w  # the largest group with every wild ace in it
    rest = order[m:]
    if top >= 4:
        rank = top + 3
    elif m == 1 and (w or not (c[1] and c[6])):  # five different faces, or made so by aces
        rank = 5
        top = 0
        rest = range(5, 0, -1) if c[1] else range(6, 1, -1)
    elif top == 3:
        rank = 6 if rest[0] == rest[1] else 4
    elif top == 2:
        rank = 3 if rest[0] == rest[1] else 2
    else:
        rank = 1
    for f in [g] * top + list(rest):
        rank = rank * 10 + f
    return rank


def name(n):
    """The name of the hand the score n stands for."""
    return NAMES[n // 100000 - 1]


class Game(Rolls):
    RESERVE = 16

    def __init__(self, pack, players, params, rng, stack):
        Rolls.__init__(self, pack, players, rng, stack)
        self.params = params  # the checked params, for the cup's player (cupcore.bots)
        self.wild = params["wild"]

    def legal(self):
        if self.over:
            return ()
        return self._rolls() + (["stand"] if self.left < 3 else [])

    def _do(self, w):
        d = self._dice(w)
        if d is None and w != ["stand"]:
            raise ValueError("unknown action; use roll, roll P... or stand")
        if d is None and self.left == 3:
            raise ValueError("roll first")
        left = self.left - 1 if d else self.left
        if d is None or not left:
            self._done(hand(d or self.last_roll, self.wild))
            left = 3
        self.left = left
        if d:
            self.last_roll = d

    def _public(self, d):
        Rolls._public(self, d)
        d["hands"] = out = []
        for s in self.scores:
            out.append(name(s) if s else None)
