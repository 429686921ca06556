"""Mia and Meier, pass and play: the cup is only ever shown to the player who rolled it, while A is held.

Stages: a cover at every hand-off ("Pass the cup to Player 3"), the player's
choices, the cup (hold A to peek), the claim picker (only legal claims), and the
reveal when a challenge lifts the cup. The hidden value is drawn in one place,
the cup stage with A held; the LEDs show lives and turns, never the dice.
"""

from cupfw import gfx, play
from cupfw.hal import UP, DOWN, RIGHT, A, B
from cupfw.app import SHAKE


_COVER = const(0)
_MENU = const(1)
_CUP = const(2)
_PICK = const(3)
_REVEAL = const(4)
_LIFT_MS = const(1500)  # the suspense before the cup is lifted
# The player's choices (the engine's actions and two of the screen's own) and their labels.
_ACTS = const(("roll", "challenge", "pass", "concede", "raise", "peek"))
_LABELS = const(("Roll", "Challenge", "Pass unseen", "Concede", "Raise (no roll)", "Peek at the cup"))
# The screen's short texts, in a constant tuple too: a string literal of up to 10 characters is a name MicroPython
# keeps for good, the strings of a constant tuple are not.
_T = const(("lives %s", "Player %d", "new round", "Claim", "by P%d", "B: claim", "B: back", "Challenge!", "Conceded",
            "A: go on", "/", "!"))


def pair(fb, v, x, y, s):
    """A Mia value as two dice, high die first."""
    gfx.die(fb, x, y, v // 10, s)
    gfx.die(fb, x + s + 3, y, v % 10, s)


class Screen(play.Game):
    def enter(self):
        s = self.s
        if not hasattr(self, "ui"):
            self.ui = _COVER  # also on resume: whoever holds the cup now may not be its roller
            self.sel = 0
            self.peek = False
            self.lost = None
        self.word = "Meier" if self.rec["pack"][:5] == "meier" else "Mia"
        self.choices = []
        for a in self.g.legal():
            if a[:5] != "claim":
                self.choices.append(a)
        if self.g.claims() and not self.g.rolled:
            self.choices.append("raise")
        if self.g.view(s["turn"])["cup"] if not s["over"] else None:
            self.choices.append("peek")

    def do(self, act, anim=0):
        before = self.s
        if not play.Game.do(self, act, anim):
            return
        s = self.s
        self.sel = 0
        self.peek = False
        if act == "roll":
            self.ui = _CUP
        elif act == "challenge" or act == "concede":
            lost = 0  # the seat that lost a life
            while s["lives"][lost] >= before["lives"][lost]:
                lost += 1
            self.lost = (act, before["claim"], lost, before["lives"][lost] - s["lives"][lost], before["owner"])
            self.ui = _REVEAL
            if act == "challenge":
                self.anim = self.app.b.ticks_ms() + _LIFT_MS
                self.before = before  # the LEDs keep the old lives until the cup is up
                self.lights()
            else:
                self.app.flash(4, 1200)
        else:
            self.ui = _COVER

    def tick(self, now):
        was = self.anim
        r = play.Game.tick(self, now)
        if was and not self.anim and self.ui == _REVEAL:
            self.lights()
            self.app.flash(4, 1200)
            self.app.beep(220, 400)
        return r

    def lights(self):
        s = self.before if self.anim and self.ui == _REVEAL else self.s
        p = self.app.pattern
        for i in range(min(len(p), s["players"])):
            n = s["lives"][i]
            p[i] = 5 if i == s["turn"] else (0 if not n else (4 if n == 1 else (3 if n == 2 else 2)))

    def press(self, bit):
        ui = self.ui
        if ui == _COVER or ui == _REVEAL:
            if bit == A:
                self.ui = _COVER if ui == _REVEAL else _MENU
        elif ui == _MENU:
            n = len(self.choices)
            if bit == UP or bit == DOWN:
                self.sel = (self.sel + (1 if bit == DOWN else -1)) % n
            elif bit == SHAKE and "roll" in self.choices:
                self.do("roll", play.ROLL_MS)
            elif bit == A:
                c = self.choices[self.sel]
                if c == "raise":
                    self.ui = _PICK
                    self.sel = len(self.g.claims()) - 1
                elif c == "peek":
                    self.ui = _CUP
                else:
                    self.do(c, play.ROLL_MS if c == "roll" else 0)
        elif ui == _CUP:
            if bit == A:
                self.peek = True
            elif bit == B or bit == RIGHT or bit == DOWN:
                self.peek = False
                self.ui = _PICK if self.g.rolled else _MENU
                self.sel = len(self.g.claims()) - 1 if self.g.rolled else 0
        else:
            vals = self.g.claims()
            if bit == UP or bit == DOWN:
                self.sel = max(0, min(len(vals) - 1, self.sel + (1 if bit == DOWN else -1)))
            elif bit == A:
                self.do("claim %d" % vals[self.sel])
            elif bit == B:
                self.ui = _CUP if self.g.rolled else _MENU
                self.sel = 0
        self.app.dirty = True

    def release(self, bit):
        if bit == A and self.peek:
            self.peek = False
            self.app.dirty = True

    def ended(self):
        return self.ui != _REVEAL

    def auto(self, rng):
        """The demo: dismiss covers, peek a moment after rolling, pick a random choice and claim."""
        ui = self.ui
        if ui == _CUP:
            if self.peek:
                self.release(A)
                self.press(B)
            else:
                self.press(A)
            return
        if ui == _MENU:
            self.sel = rng.below(len(self.choices))
        elif ui == _PICK:
            self.sel = rng.below(len(self.g.claims()))
        self.press(A)

    def paint(self, fb):
        s = self.s
        ui = self.ui
        t = s["turn"]
        text = gfx.text
        center = gfx.center
        bar = gfx.bar
        if s["over"] and ui != _REVEAL:
            bar(fb, "Player %d wins!" % (s["winner"] + 1))
            play.scores(fb, s["lives"], s["winner"], 14)
            text(fb, "lives left    A: menu", 0, 56)
        elif ui == _COVER:
            lives = _T[10].join(map(str, s["lives"]))
            bar(fb, self.word, lives if s["players"] > 4 else _T[0] % lives)
            center(fb, "Pass the cup to", 13)
            center(fb, _T[1] % (t + 1), 25, 2)
            claim = s["claim"]
            center(fb, "claim %d by P%d" % (claim, s["owner"] + 1) if claim else _T[2], 44)
            text(fb, "A: I have it", 0, 56)
        elif ui == _MENU:
            bar(fb, _T[1] % (t + 1), _T[0] % s["lives"][t])
            claim = s["claim"]
            if claim:
                text(fb, _T[3], 0, 15)
                pair(fb, claim, 34, 11, 12)
                text(fb, self.word + _T[11] if claim == 21 else _T[4] % (s["owner"] + 1), 66, 15)
            else:
                text(fb, "No claim yet: roll!", 0, 15)
            rows = []
            for c in self.choices:
                rows.append(_LABELS[_ACTS.index(c)])
            gfx.menu(fb, rows, self.sel, 28)
        elif ui == _CUP:
            bar(fb, "Player %d's cup" % (t + 1))
            if self.anim:
                for i in range(3):
                    gfx.die(fb, 30 + i * 24 + (self.t + i) % 3 * 2, 18 + (self.t * (i + 1)) % 5 * 3, 0, 15)
            elif self.peek:
                pair(fb, self.g.view(t)["cup"], 39, 14, 21)
            else:
                fb.rect(44, 14, 40, 30, 1)
                fb.fill_rect(40, 14, 48, 4, 1)
                center(fb, "hold A to peek", 47)
            if not self.anim:
                text(fb, _T[5] if self.g.rolled else _T[6], 0, 56)
        elif ui == _PICK:
            vals = self.g.claims()
            v = vals[self.sel]
            bar(fb, "Player %d claims" % (t + 1))
            pair(fb, v, 8, 14, 15)
            text(fb, self.word if v == 21 else str(v), 50, 16, 2)
            text(fb, "^ higher  v lower", 0, 36)
            if s["claim"]:
                text(fb, "must beat %d" % s["claim"], 0, 46)
            text(fb, "A: claim  B: back", 0, 56)
        else:
            act, claim, lost, n, owner = self.lost
            bar(fb, _T[7] if act == "challenge" else _T[8])
            if act == "challenge":
                text(fb, "P%d claimed" % (owner + 1), 0, 12)
                text(fb, self.word if claim == 21 else str(claim), 0, 22, 2)
                if self.anim:
                    text(fb, "lifting...."[:7 + (self.t >> 1 & 3)], 60, 22)  # a dot every 80 ms (one long constant: no name kept)
                else:
                    pair(fb, s["revealed"], 78, 11, 21)
            if not self.anim:
                text(fb, "P%d loses %d %s" % (lost + 1, n, "life" if n == 1 else "lives"), 0, 40)
                text(fb, _T[9], 0, 56)
