"""Dix Mille on the dice tray: keep scoring dice, roll the rest, bank before a bust (RULES.md section 9).

A (or a shake) rolls the dice not kept. After a roll left/right move over the dice and
A marks the die under the cursor to keep; the line below says what the marked dice
score and the turn total; B keeps them. Then A rolls again or B banks. A roll with
nothing that scores is a bust: the turn total is lost, a red flash, a low beep, and
"BUST" in large letters until the next roll. (Small, as generala.py says why.)
"""

from cupfw import gfx, play
from cupfw.games import tray
from cupfw.hal import A, B
from cupfw.app import SHAKE


# The words each frame's lines take first (a str's find from an offset walks it from its start on MicroPython:
# tray.word's later words cost more), then an action's.
_W = const("keep %d  turn %d*A:mark  B:keep*A:roll B:bank v:score*A:roll  v:scores*score %d*turn %d, six dice again*"
           "turn %d, rolls: %d*score %d, enter at %d*P%d busts!\n%d points lost*P%d rolls %d dice:\nmark the ones to keep*"
           "P%d: below %d,\nnothing banked*P%d banks %d\nand wins!*P%d banks %d\nscore %d*P%d keeps %s:\n+%d*"
           "Those dice do not\nall score: mark again")


class Screen(tray.Screen):
    best = True  # the statistics keep the winner's bank

    def enter(self):
        if not hasattr(self, "mode"):  # (also resumed: the summary says what to show)
            tray.Screen.enter(self)
            s = self.s
            self.cur = 1 if self.g.rolled else 0
            if not (self.cur or s["bust"]):
                self.show = (s["aside"], ())

    def update(self, b, act):
        s = self.s
        t = b["turn"]
        p = s["scores"][t] - b["scores"][t]
        w = tray.word
        self.show = (b["aside"] + list(map(int, act.split()[1:])) if s["turn"] != t else s["aside"], ())
        if act == "roll":
            self.show = (b["aside"][:len(b["aside"]) % 6], s["last_roll"])
            if s["bust"]:
                self.mood = 2
                return w(_W, 8) % (t + 1, b["turn_total"])
            self.cur = 1
            return w(_W, 9) % (t + 1, len(s["last_roll"]))
        if s["turn"] == t:  # a keep, and the turn goes on
            return w(_W, 13) % (t + 1, act[5:], s["turn_total"] - b["turn_total"])
        self.mood = 1 if p else 2  # banked (by itself when a keep leaves no roll)
        return w(_W, 10) % (t + 1, self.g.entry) if not p else w(_W, 11) % (t + 1, p) if s["over"] else \
            w(_W, 12) % (t + 1, p, s["scores"][t])

    def choice(self):
        """The faces marked to keep, rising."""
        f = self.show[1]
        out = []
        for i in range(len(f)):
            if self.mark >> i & 1:
                out.append(f[i])
        return sorted(out)

    def act(self, bit):
        if self.cur:
            if bit == A:
                self.mark ^= 1 << (self.cur - 1)
            elif bit == B:
                from cupcore import dixmille
                f = self.choice()
                if dixmille.score(dixmille.counts(f)):  # a keep legal() lists: dice of the roll that all score
                    self.do(" ".join(["keep"] + list(map(str, f))))  # (not legal(): it lists every keep)
                    return
                self.text = tray.word(_W, 14)
            self.app.dirty = True
        elif bit == A or bit == SHAKE:
            self.do("roll", play.ROLL_MS)
        elif bit == B and self.s["turn_total"]:
            self.do("bank")

    def auto(self, rng):
        """The demo: keeps what scores most a die, banks from 300 or so (and the entry). (A game of eight
        then plays about 30 different keeps, not 45: each is a string the record holds to the end.)"""
        s = self.s
        g = self.g
        t = s["turn_total"]
        if s["over"]:
            self.press(A)
        elif g.rolled:  # the keep worth most a die (the first of those: the fewest dice), the rest rolled again
            from cupcore import dixmille
            v = -1
            for k in g.legal():
                f = list(map(int, k.split()[1:]))
                if dixmille.score(dixmille.counts(f)) * 10 // len(f) > v:
                    v = dixmille.score(dixmille.counts(f)) * 10 // len(f)
                    a = k
            self.do(a)
        elif t and t >= max(300 + 50 * rng.below(8), 0 if s["scores"][s["turn"]] else g.entry):
            self.do("bank")
        else:
            self.do("roll", play.ROLL_MS)

    def lines(self):
        from cupcore import dixmille  # here, not held by the module (generala.py says why)
        s = self.s
        t = s["turn_total"]
        w = tray.word
        top = "" if self.mode else "to %d" % self.g.goal
        if s["over"]:
            return top, "", ""
        if self.cur:
            return top, w(_W, 0) % (dixmille.score(dixmille.counts(self.choice())), t), w(_W, 1)
        p = s["scores"][s["turn"]]
        e = self.g.entry
        return top, (w(_W, 5) % t if len(s["aside"]) == 6 else w(_W, 6) % (
            t, s["rolls_left"])) if t else w(_W, 7) % (p, e) if e and not p else w(_W, 4) % p, w(_W, 2 if t else 3)

    def paint(self, fb):
        tray.Screen.paint(self, fb)
        s = self.s
        if s["bust"] and not (self.mode or self.anim or s["over"]):  # the bust, large, over the turn's lines
            fb.fill_rect(0, 47, 128, 17, 1)
            gfx.center(fb, "P%d BUST" % ((s["turn"] - 1) % s["players"] + 1), 48, 2, 0)
