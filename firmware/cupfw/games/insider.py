"""Insider, pass and peek: each player's role (and the word, for the Master and the Insider) only while
they hold A on their own turn of the deal; then the guessing clock, the flipped vote clock, the votes.

Stages: a cover per seat ("Pass the cup to Player 2", the Master named on it), that seat's peek (hold A),
the Master's start, the guessing clock (large digits, the LEDs draining, the buzzer near the end; A:
someone said it, then who), the word and the flipped vote clock, vote 1 (how many accuse the guesser),
vote 2 (where each player points), the Master's pick in a tie, and the reveal. A role or the word is
drawn in one place, the peek with A held, until the rules make it public (the word once guessed, the
roles at the end). The clocks are the device's: a resumed game starts them again (RULES.md section 13).
"""

from cupcore.insider import nth
from cupfw import gfx, play
from cupfw.hal import UP, DOWN, A, B


_COVER = const(0)
_PEEK = const(1)
_READY = const(2)
_GUESS = const(3)
_WHO = const(4)
_FLIP = const(5)
_VOTE1 = const(6)
_VOTE2 = const(7)
_TIE = const(8)
_END = const(9)
_HELP = const(b"\x05\x08\x0b\x0c\x0e\x10\x14\x17\x19\x21")  # each stage's help line, the bottom one: its text in _T
# The screen's texts in one bytes, read by nth(): one object in memory, where a tuple would be 40 strings on
# the heap, and a literal of up to 10 characters a name MicroPython keeps for good.
_T = const(b"%d:%02d/Guessing/Master P%d/Player %d/Pass the cup to/A: I have it/Master: Player %d/"
           b"hold A: your role/B: pass it on/The word:/Give the cup to the/A: start the clock/A: someone said it/"
           b"Who said the word?/A: yes     B: back/said the word/A: vote/Vote 1/Accuse Player %d?/%d of %d/"
           b"^v: count  A: enter/Vote 2/Player %d points at/^v: seat   A: next/Tie! Master picks/"
           b"^v: seat  A: accuse/The Insider wins/Master + Commons win/Time up: all lose/Insider: Player %d/"
           b"Accused: Player %d/Insider/Master/A: menu/accuse/Time is up!/MASTER/INSIDER/COMMON/start/"
           b"guessed %d %d/vote1 %d/vote2/master %d/timeout/")


def clock(s):
    """Seconds as m:ss."""
    return nth(_T, 0) % (s // 60, s % 60)


class Screen(play.Game):
    def enter(self):
        g = self.g
        ph = g.phase
        if ph < 3 or not hasattr(self, "ui"):  # a clock starts; also on resume: the clocks start again
            self.at = self.app.b.ticks_ms()  # when the clock on the screen started
            self.most = self.left = g.time if ph > 1 else g.most  # that clock's seconds
            self.peek = False
            self.counts = bytearray(g.players)
        self.ui = (_COVER, _GUESS, _FLIP, _VOTE2, _TIE, _END)[ph]
        self.cur = self.sel = 0  # the deal's seat, or the seat whose pointer vote 2 enters; the seat chosen

    def press(self, bit):
        g = self.g
        ui = self.ui
        n = g.players
        m = g.seats[0]
        d = (bit == DOWN) - (bit == UP)  # a step through the seats (vote 1: ^ counts up)
        if d and (ui == _WHO or _VOTE1 <= ui <= _TIE):
            if ui == _VOTE1:
                d = -d
            s = (self.sel + d) % (n + 1 if ui == _VOTE1 else len(g.tied) if ui == _TIE else n)
            self.sel = (s + d) % n if ui == _WHO and s == m else s  # who said it: not the Master
        elif bit == B:
            if ui == _PEEK:
                self.peek = False
                self.cur += 1
                self.ui = _COVER if self.cur < n else _READY
            elif ui == _WHO:
                self.ui = _GUESS
            elif ui == _VOTE2 and self.cur:
                self.cur -= 1
                self.sel = self.counts[self.cur]
        elif bit == A:
            if ui == _COVER:
                self.ui = _PEEK
            elif ui == _PEEK:
                self.peek = True
            elif ui == _READY:
                self.do(nth(_T, 39))
            elif ui == _GUESS:
                self.stop = self.most - self.left  # the seconds at which the word was said
                self.ui = _WHO
                self.sel = 1 if m == 0 else 0
            elif ui == _WHO:
                self.do(nth(_T, 40) % (self.sel, self.stop))
            elif ui == _FLIP:
                self.ui = _VOTE1
                self.sel = 0
            elif ui == _VOTE1:
                self.do(nth(_T, 41) % self.sel)
            elif ui == _VOTE2:
                self.counts[self.cur] = self.sel
                self.cur += 1
                self.sel = 0
                if self.cur == n:
                    self.do(" ".join([nth(_T, 42)] + list(map(str, self.counts))))
            elif ui == _TIE:
                self.do(nth(_T, 43) % g.tied[self.sel])
        self.app.dirty = True

    def release(self, bit):
        if bit == A and self.peek:
            self.peek = False
            self.app.dirty = True

    def tick(self, now):
        """The clocks: guessing (the buzzer near its end, then the timeout) and the flipped vote clock."""
        r = play.Game.tick(self, now)
        ui = self.ui
        if ui == _WHO or not _GUESS <= ui <= _TIE:  # no clock runs
            return r
        app = self.app
        if not self.demo:  # a running clock neither dims nor sleeps the cup (the demo's may)
            app.last = now
        left = max(0, self.most - max(0, app.b.ticks_diff(now, self.at)) // 1000)  # (a clock a key started
        # reads the board after the pass's now: 0 ms old then, not less, or one second more than its whole)
        if left == self.left:
            return r
        self.left = left
        if ui == _GUESS:
            if left == 0:
                app.beep(300, 900)
                app.flash(4, 1500)
                self.do(nth(_T, 44))
                return True
            if left == 30 or left <= 10:
                app.beep(1500 if left <= 10 else 1000, 60)
        elif left == 0:
            app.beep(300, 600)  # the vote timer ran out: a sound, nothing else
        self.lights()
        return True

    def lights(self):
        """The LEDs drain with a running clock; at the end the winners green, the others red."""
        p = self.app.pattern
        n = len(p)
        g = self.g
        ui = self.ui
        if g.over:
            i = g.seats[1]
            r = g.result()
            for k in range(n):
                p[k] = 0 if k >= g.players else (2 if r < 2 and (k == i) == (r == 1) else 4)  # (r 1: the Insider won)
        elif ui != _WHO and _GUESS <= ui <= _TIE:
            on = (self.left * n + self.most - 1) // self.most if self.most else 0
            c = (5 if ui != _GUESS else 4 if self.left <= 10 else 3 if self.left <= 30 else 2)
            for k in range(n):
                p[k] = c if k < on else 0
        else:
            play.Game.lights(self)

    def ended(self):
        return self.ui == _END

    def auto(self, rng):
        """The demo: the deal passed on unseen, a guess now and then, random votes."""
        ui = self.ui
        g = self.g
        if ui == _PEEK:
            self.press(B)
            return
        if ui == _GUESS and rng.below(3):
            return
        if ui == _WHO:
            self.sel = (g.seats[0] + 1 + rng.below(g.players - 1)) % g.players  # a seat but the Master's
        elif _VOTE1 <= ui <= _TIE:
            self.sel = rng.below(g.players + 1 if ui == _VOTE1 else len(g.tied) if ui == _TIE else g.players)
        self.press(A)

    def paint(self, fb):
        g = self.g
        ui = self.ui
        m = g.seats[0]
        s = self.sel
        c = self.cur
        p = nth(_T, 3)  # Player %d
        w = g.word
        big = clock(self.left).encode()  # bytes: gfx draws them without 1-character strings
        center = gfx.center  # (locals: shorter code than gfx's attributes each time)
        text = gfx.text
        bar = gfx.bar
        if ui == _GUESS or ui == _WHO:  # the guessing's title: the clock runs, or who said the word
            bar(fb, nth(_T, 1), nth(_T, 2) % (m + 1))
        if ui <= _READY:  # the deal: the covers, the peeks, the cup to the Master
            if ui == _READY:
                bar(fb, nth(_T, 31))
            else:
                bar(fb, p % (c + 1), nth(_T, 31))
            if ui != _PEEK:
                center(fb, nth(_T, 4 if ui == _COVER else 10), 14)
                center(fb, p % (c + 1) if ui == _COVER else nth(_T, 32), 25, 2)
                center(fb, (nth(_T, 6) if ui == _COVER else p) % (m + 1), 44)
            elif self.peek:
                who = 0 if c == m else 1 if c == g.seats[1] else 2
                center(fb, nth(_T, 36 + who), 13, 2)
                if who < 2:
                    center(fb, nth(_T, 9), 33)
                    center(fb, w, 44, 2 if len(w) <= 10 else 1)
                return  # (no help line under a role)
            else:
                fb.rect(34, 13, 60, 36, 1)
                center(fb, nth(_T, 7), 27)
        elif ui == _GUESS or ui == _FLIP:  # the clock in large digits: 4 times the size, or 3 under the word
            k = 4
            if ui == _FLIP:
                k = 3
                bar(fb, p % (g.owner + 1), nth(_T, 15))
                center(fb, w, 12, 2 if len(w) <= 10 else 1)
            text(fb, big, (128 - len(big) * 6 * k + k) // 2, 78 - 16 * k, k)  # y 14, or 30
        elif ui != _END:  # who said it, the votes, the tie: a line, then a seat (vote 1: a count) in large letters
            if ui == _WHO:
                a = nth(_T, 13)
            else:
                bar(fb, nth(_T, (17, 21, 24)[ui - _VOTE1]), clock(self.left))
                a = nth(_T, 18) % (g.owner + 1) if ui == _VOTE1 else nth(_T, 22) % (c + 1) if ui == _VOTE2 \
                    else " ".join([str(k + 1) for k in g.tied])
            center(fb, a, 14)
            if ui == _VOTE1:
                center(fb, nth(_T, 19) % (s, g.players), 26, 2)
                center(fb, nth(_T, 34), 44)
            else:
                center(fb, p % ((g.tied[s] if ui == _TIE else s) + 1), 28, 2)
        else:
            r = g.result()
            bar(fb, nth(_T, (27, 26, 35)[r]))
            text(fb, nth(_T, 28) if r == 2 else nth(_T, 30) % (g.pick + 1), 0, 12)
            text(fb, nth(_T, 29) % (g.seats[1] + 1), 0, 22)
            text(fb, nth(_T, 6) % (m + 1), 0, 32)
            if len(w) > 11:
                center(fb, w, 42)
            else:
                text(fb, nth(_T, 9), 0, 42)
                text(fb, w, 60, 42)
        text(fb, nth(_T, _HELP[ui]), 0, 56)
