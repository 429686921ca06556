"""Liar's Dice, pass and peek (RULES.md section 10): every cup on one device, each shown to its owner only
while A is held, and all of them once somebody calls Liar!.

Stages: a cover at every hand-off ("Pass the cups to Player 3"; the round's
starter rolls every cup from it), the turn (up/down how many, left/right which
face; hold A: your own cup and the odds, as you see them, of the bid standing and
of the one picked), the choice (A bids, B calls Liar!, an arrow goes back) and the
reveal: every cup, the dice that count inverted, and who loses a die. The cups are
drawn in two places only, the turn with A held (its player's own) and the reveal;
the LEDs show whose turn and how many dice each holds, never a face.
"""

from cupfw import gfx, play
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B
from cupfw.app import SHAKE

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_COVER = const(0)
_TURN = const(1)
_CHOICE = const(2)
_REVEAL = const(3)
_LIFT_MS = const(1500)  # the suspense before the cups are lifted


def odds(g, q, f):
    """The chance that bid q f is true for the player to act, as "43.2%": 100% only when it is sure,
    0% only when it cannot be."""
    w, n = g.odds(q, f)
    p = min(max((w * 1000 + n // 2) // n, w > 0), 999 + (w == n))
    return "%d.%d%%" % (p // 10, p % 10)


class Screen(play.Game):
    def enter(self):
        if not hasattr(self, "ui"):
            self.ui = _COVER  # also on resume: whoever holds the device now may not be the player to act
            self.peek = False
            self.lost = None  # at the reveal: who called
        # The picker on the smallest raise: the bid's face one more, else the next face up; the first bid
        # of a round on the count a table expects of a face (a third of the dice, 1s wild). sel 0: none.
        g = self.g
        b = g.bid
        self.sel = 0
        if g.cups is None:
            return
        n, f = b if b else (sum(g.scores) // (3 if g.wild else 6), 1 + g.wild)
        for f in range(f, 7):
            if g.least(f):
                self.sel = f
                self.n = max(n, g.least(f))
                return

    def do(self, act, anim=0):
        before = self.s
        if not play.Game.do(self, act, anim):
            return
        self.peek = False
        if act == "roll":
            self.ui = _TURN  # the starter rolled: they have the device
        elif act == "liar":
            self.ui = _REVEAL
            self.lost = before["turn"]
            self.anim = self.app.b.ticks_ms() + _LIFT_MS
            self.before = before  # the LEDs keep the old counts until the cups are up
            self.lights()
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
            n = s["dice"][i]
            on = s["winner"] if s["over"] else s["turn"]
            p[i] = 5 if i == on else (0 if not n else (4 if n == 1 else (3 if n == 2 else 2)))

    def press(self, bit):
        ui = self.ui
        g = self.g
        f = self.sel
        if ui == _COVER:
            if g.cups is None and (bit == A or bit == SHAKE):
                self.do("roll", play.ROLL_MS)  # the round's starter rolls every cup
                return
            if bit == A:
                self.ui = _TURN
        elif ui == _REVEAL:
            if bit == A:
                self.ui = _COVER
        elif ui == _TURN:
            if bit == A:
                self.peek = True
            elif bit == B:
                self.peek = False
                self.ui = _CHOICE
            elif f and (bit == UP or bit == DOWN):
                self.n = max(g.least(f), min(sum(g.scores), self.n + (1 if bit == UP else -1)))
            elif f and (bit == LEFT or bit == RIGHT):
                for _ in range(6):  # the next face that may be bid, that way round
                    f = (f + (0 if bit == RIGHT else 4)) % 6 + 1
                    if g.least(f):
                        break
                self.sel = f
                self.n = max(self.n, g.least(f))
        elif bit == A:
            if f:
                self.do("bid %d %d" % (self.n, f))
                return
        elif bit == B:
            if g.bid:
                self.do("liar")
                return
        elif bit != SHAKE:  # an arrow: back to the picker
            self.ui = _TURN
        self.app.dirty = True

    def release(self, bit):
        if bit == A and self.peek:
            self.peek = False
            self.app.dirty = True

    def ended(self):
        return self.ui != _REVEAL

    def auto(self, rng):
        """The demo: a look at the cup, a random raise near the smallest, and Liar! when the bid standing
        is less likely than not, as the player to act sees it."""
        ui = self.ui
        g = self.g
        if ui == _TURN:
            if not self.peek:
                self.press(A)
                return
            self.release(A)
            for _ in range(rng.below(3)):
                self.press(RIGHT)
            if rng.below(2):
                self.press(UP)
            self.press(B)
        elif ui == _CHOICE:
            b = g.bid
            w = g.odds(b[0], b[1]) if b else None
            self.press(B if b and (not self.sel or w[0] * 2 < w[1]) else A)
        else:
            self.press(A)

    def paint(self, fb):
        s = self.s
        ui = self.ui
        g = self.g
        t = s["turn"]
        b = s["bid"]
        if s["over"] and ui != _REVEAL:
            gfx.bar(fb, "Player %d wins!" % (s["winner"] + 1))
            play.scores(fb, s["dice"], s["winner"], 14)
            gfx.text(fb, "dice left     A: menu", 0, 56)
        elif ui == _COVER:
            gfx.bar(fb, "round %d" % s["round"], "/".join([str(n) for n in s["dice"]]))
            if g.cups is None:
                gfx.center(fb, "Round %d starts with" % s["round"], 13)
            else:
                gfx.center(fb, "Pass the cups to", 13)
            gfx.center(fb, "Player %d" % (t + 1), 25, 2)
            if b and g.cups is not None:
                gfx.center(fb, "P%d bid %d x %ds" % (s["bidder"] + 1, b[0], b[1]), 44)
            gfx.text(fb, "A: roll every cup" if g.cups is None else "A: I have it", 0, 56)
        elif ui == _TURN or ui == _CHOICE:
            f = self.sel
            gfx.bar(fb, "Player %d" % (t + 1), "%d dice" % sum(s["dice"]))
            x = gfx.text(fb, "P%d bid %d x %ds" % (s["bidder"] + 1, b[0], b[1]) if b else "No bid yet", 0, 11)
            if ui == _CHOICE:
                if f:
                    gfx.text(fb, "A: bid %d x %ds" % (self.n, f), 0, 24)
                if b:
                    gfx.text(fb, "B: call Liar! on", 0, 36)
                    gfx.text(fb, "P%d's %d x %ds" % (s["bidder"] + 1, b[0], b[1]), 18, 45)
                gfx.text(fb, "an arrow: back", 0, 56)
                return
            if self.peek and b:
                gfx.text(fb, odds(g, b[0], b[1]), x + 6, 11)
            if f:
                x = gfx.text(fb, "%d x" % self.n, 0, 22, 2)
                gfx.die(fb, x + 4, 20, f, 17)
                if self.peek:
                    gfx.text(fb, "true:", 90, 21)
                    x = odds(g, self.n, f)
                    gfx.text(fb, x, 128 - 6 * len(x), 31)
                else:
                    gfx.text(fb, "^v many", 86, 21)
                    gfx.text(fb, "<> face", 86, 31)
            else:
                gfx.text(fb, "no higher bid", 0, 25)
            c = g.cups[t] if g.cups is not None else ()
            k = 11 if len(c) < 9 else 9
            if self.anim:  # the dice tumble under the cups
                for i in range(len(c)):
                    gfx.die(fb, i * (k + 3), 41 + (self.t + i) % 3, 0, k)
            elif self.peek:
                c = sorted(c)
                m = 0
                for i in range(len(c)):
                    if c[i] == f or g.wild and c[i] == 1:
                        m |= 1 << i  # the dice that count for the bid picked
                gfx.dice(fb, c, 0, 41, k, 10, 6, m)
            else:
                gfx.dice(fb, c, 0, 41, k, 10, 6, 0, 0, True)
            gfx.text(fb, "hold A:cup B:" + ("bid/call" if b and f else "bid" if f else "call"), 0, 56)
        else:
            gfx.bar(fb, "P%d: Liar!" % (self.lost + 1), "%d x %ds" % (b[0], b[1]))
            cups = s["revealed"]
            n = len(cups)
            cols = 2 if max([len(c) for c in cups]) < 6 else 1
            rows = (n + cols - 1) // cols
            h = min(11, 36 // rows)  # 6 players: 3 rows of two, dice of 9 pixels
            for i in range(n):
                x = i // rows * 64
                y = 11 + i % rows * h
                if i == s["loser"] and not self.anim:
                    fb.fill_rect(x, y - 1, 6, 9, 1)
                gfx.text(fb, str(i + 1), x, y, 1, i != s["loser"] or self.anim)
                c = cups[i]
                m = 0
                for j in range(len(c)):
                    if (c[j] == b[1] or g.wild and c[j] == 1) and not self.anim:
                        m |= 1 << j  # the dice that count, inverted
                gfx.dice(fb, c, x + 7, y - 1, min(9, h - 2), 10, 6, m, 0, self.anim)
            if self.anim:
                gfx.text(fb, "lifting" + "." * (self.t >> 1 & 3), 0, 47)  # a dot every 80 ms
            else:
                k = s["loser"]
                gfx.text(fb, "%d found: bid %s" % (s["counted"], "true" if s["counted"] >= b[0] else "false"),
                         0, 47)
                gfx.text(fb, ("P%d loses a die" if s["dice"][k] else "P%d is out") % (k + 1), 0, 56)
                gfx.text(fb, "A:on", 104, 56)
