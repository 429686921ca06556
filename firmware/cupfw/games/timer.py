"""The turn timer: the seconds left of the turn in large digits, the LEDs draining, a beep at `warn`.

A: my turn is over (next T, T the whole seconds it took, paused time not counted). B pauses; paused,
A or B resumes and down ends the session. At 0 the cup sounds and the whole screen says "time" and
the pack's penalty; A then hands on (over). At the end, each seat's turns, time, longest and overruns.
The running clock is the device's (RULES.md section 13): a resumed session starts the turn's clock at 0.
"""

from cupfw import gfx, play
from cupfw.hal import UP, DOWN, A, B


_RUN = const(0)
_TIME = const(1)  # the turn ran out: the penalty on the screen until A
_A = const(("next %d", "over", "pause", "resume", "end"))  # the actions
_K = const(("warn", "penalty"))  # the params the screen reads (a constant tuple: no names kept)
_T = const(("Player %d", "turn %d", "A: next   B: pause", "PAUSED", "A: resume  v: end", "TIME", "A: next player",
            "Session over", "%d:%02d", "P%d %2d %6s %5s %2d", "    #  total  long ov"))


def clock(s):
    """Seconds as m:ss, or plain seconds below 100."""
    return _T[8] % (s // 60, s % 60) if s >= 100 else str(s)


class Screen(play.Game):
    def enter(self):
        if not hasattr(self, "ui"):
            self.ui = _RUN
            self.sel = 0
            self.begin(self.app.b.ticks_ms())

    def begin(self, now):
        """A turn's clock from 0 (a new turn, or the turn of a resumed session)."""
        self.at = now  # when the clock last started running
        self.ms = 0  # the turn's ms before that (pauses not counted)
        self.once = False  # the warning beep is sounded
        self.left = self.g.most

    def total(self, now):
        """The turn's ms so far, paused time not counted. (A key reads the clock after the pass's own now: a
        turn started by it is 0 ms old then, not less, or its first frame would show one second more.)"""
        return self.ms + (0 if self.g.held else max(0, self.app.b.ticks_diff(now, self.at)))

    def press(self, bit):
        g = self.g
        now = self.app.b.ticks_ms()
        if self.ui == _TIME:
            if bit == A:
                self.ui = _RUN
                self.begin(now)
                self.do(_A[1])
        elif g.held:
            if bit == A or bit == B:
                self.at = now
                self.do(_A[3])
            elif bit == DOWN:
                self.do(_A[4])
        elif bit == A:
            t = self.total(now) // 1000
            self.begin(now)
            self.do(_A[0] % t)
        elif bit == B:
            self.ms = self.total(now)
            self.do(_A[2])

    def key(self, ev, bit):
        """Over, up and down scroll the seats' times (the play's key handler takes A and B)."""
        d = (bit == DOWN) - (bit == UP)
        if self.s["over"] and ev == 0 and d:
            self.sel = max(0, min(self.s["players"] - 1, self.sel + d))
            self.app.dirty = True
            return
        play.Game.key(self, ev, bit)

    def tick(self, now):
        r = play.Game.tick(self, now)
        g = self.g
        if g.over or g.held or self.ui == _TIME:
            return r
        if not self.demo:  # a running clock neither dims nor sleeps the cup (the demo's may: it is no one's turn)
            self.app.last = now
        left = g.most - self.total(now) // 1000
        if left <= 0:
            self.ui = _TIME
            self.left = 0
            self.app.beep(880, 700)
            self.lights()
            return True
        if not self.once and left <= g.params[_K[0]]:
            self.once = True
            self.app.beep(1200, 120)
        if left != self.left:
            self.left = left
            self.lights()
            return True
        return r

    def lights(self):
        """The LEDs drain with the turn: green, amber from the warning on, blue paused, all red at the time."""
        p = self.app.pattern
        n = len(p)
        g = self.g
        most = g.most
        on = 0 if g.over else (self.left * n + most - 1) // most
        colour = 5 if g.held else (3 if self.left <= g.params[_K[0]] else 2)
        for i in range(n):
            p[i] = 4 if self.ui == _TIME and not g.over else (colour if i < on else 0)

    def auto(self, rng):
        """The demo: mostly hands on, now and then pauses, and ends the session from a pause."""
        if self.ui == _TIME:
            self.press(A)
        elif self.g.held:
            self.press(DOWN if rng.below(3) == 0 else A)
        else:
            self.press(B if rng.below(5) == 0 else A)

    def paint(self, fb):
        g = self.g
        text = gfx.text  # (locals: shorter code than gfx's attributes each time)
        center = gfx.center
        if g.over:
            gfx.bar(fb, _T[7])
            text(fb, _T[10], 0, 11)
            t = g.scores
            rows = []
            for p in range(g.players):
                rows.append(_T[9] % (p + 1, t[0][p], clock(t[1][p]), clock(t[2][p]), t[3][p]))
            gfx.menu(fb, rows, self.sel, 20)
            return
        if self.ui == _TIME:
            fb.fill(1)
            center(fb, _T[5], 4, 3, 0)
            pen = g.params[_K[1]]
            br = gfx.wrap(pen)
            for i in range(0, min(len(br), 6), 2):
                center(fb, pen[br[i]:br[i + 1]], 30 + i * 9 // 2, 1, 0)
            text(fb, _T[6], 0, 56, 1, 0)
            return
        gfx.bar(fb, _T[0] % (g.turn + 1), _T[1] % (g.scores[0][g.turn] + 1))
        big = clock(self.left).encode()  # bytes: gfx draws them without 1-character strings
        text(fb, big, (128 - len(big) * 24 + 4) // 2, 14, 4)
        if g.held:
            center(fb, _T[3], 47)
        text(fb, _T[4] if g.held else _T[2], 0, 56)
