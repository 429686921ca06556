"""Poker Dice on the dice tray: three rolls at most to make a poker hand (RULES.md section 9).

A (or a shake) rolls all five. Then left/right move over the dice and A marks the die
under the cursor; B rolls the marked dice again (a shake too, all five when none is
marked), and B with none marked stands. The tray names the hand of each roll and of
each stand, and the best hand so far; down shows every player's hand.
"""

from cupfw import play
from cupfw.games import tray
from cupfw.hal import A, B
from cupfw.app import SHAKE


# The hands, shorter than the engine's names, in its order: for the line about the best hand, and for
# two of them to a line (more than four players). One string (generala.py says why).
_HANDS = const("nothing*one pair*two pair*3 of a kind*straight*full house*4 of a kind*5 of a kind*"
               "nothing*one pair*two pair*3 kind*straight*full*4 kind*5 kind")


class Screen(tray.Screen):
    def enter(self):
        if not hasattr(self, "mode"):  # (also resumed: a turn's start shows no dice, a roll its cursor)
            tray.Screen.enter(self)
            if self.g.left == 3:
                self.show = ((), ())
            else:
                self.cur = 1

    def update(self, b, act):
        from cupcore import pokerdice  # here, not held by the module (generala.py says why)
        s = self.s
        t = b["turn"]
        if s["over"] or s["turn"] != t:  # a stand, or the third roll: the hand is made
            v = s["scores"]
            self.mood = 1 if v[t] == max(v) else 0
            return ("P%d stands on\n%s" if act == "stand" else "P%d has\n%s") % (t + 1, s["hands"][t])
        self.cur = 1
        n = s["rolls_left"]
        return "P%d: %s\n%d roll%s left" % (t + 1, pokerdice.name(pokerdice.hand(s["last_roll"], self.g.wild)),
                                         n, "s" if n > 1 else "")

    def act(self, bit):
        m = self.mark
        if self.g.left == 3:  # a turn's first roll: all five
            if bit == A or bit == SHAKE:
                self.do("roll", play.ROLL_MS)
        elif bit == A:
            self.mark ^= 1 << (self.cur - 1)
            self.app.dirty = True
        elif m and bit == B or bit == SHAKE:
            a = "roll"
            for i in range(5):
                if m >> i & 1:
                    a += " %d" % (i + 1)
            self.do(a, play.ROLL_MS)
        elif bit == B:
            self.do("stand")

    def lines(self):
        s = self.s
        v = s["scores"]
        best = max(v)
        m = 0  # the dice marked
        for i in range(5):
            m += self.mark >> i & 1
        return "", "best: P%d, %s" % (v.index(best) + 1, tray.word(_HANDS, best // 100000 - 1)) if best else "", \
            "" if s["over"] else "A:roll  v:hands" if self.g.left == 3 else \
            "A:mark  B:roll %d" % m if m else "A:mark  B:stand"

    def values(self):
        """The hands made so far: the whole names in one column, short ones in two for more than four."""
        s = self.s
        k = 0 if s["players"] <= 4 else 8
        out = []
        for v in s["scores"]:
            out.append(tray.word(_HANDS, v // 100000 - 1 + k) if v else "-")
        return out
