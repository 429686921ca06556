"""The dice tray: the screen every game of several dice shares (the luck games, RULES.md section 8).

Top down: whose turn it is, what the last action did in words ("P1 drops dead!"),
the dice (this turn's set-aside ones on the left, apart), a line about the turn,
and the keys. A (or a shake) rolls; where the game asks for a choice, left/right
move a cursor over the roll and A picks; B is the game's other action; down
shows the scores (any key comes back). A game's screen subclasses Screen and
writes update(before, act): the words for what act did (mood 1 when it went well,
2 when badly: a green or red flash and a beep as the dice stop), and which dice
show it (a turn that just ended shows its own dice, not the next player's tray).

MicroPython never frees a qstr, and every module loaded adds its names and short
strings: so the hooks reuse names the firmware has already (update, lines,
values, mode, text), and the words are long strings or constant tuples.
"""

from cupfw import gfx, play
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B
from cupfw.app import SHAKE


# The tray's words in one string (a string constant is an object of its own), taken out with word().
_W = const("Scores so far*Nobody wins*Player %d wins!*A: menu*any key: back*The game is over*Player %d*"
           "A: see the results*A:roll  v:scores*round %d/%d*tie, roll-off: ")


def word(s, i):
    """The i-th of the words of s between "*"s (a name MicroPython has built in: "|" would be one more
    interned for good), made on its own: splitting s would make them all, and on the chip's heap."""
    a = 0
    while i:
        a = s.find("*", a) + 1
        i -= 1
    i = s.find("*", a)
    return s[a:i if i >= 0 else len(s)]


class Screen(play.Game):
    def enter(self):
        if not hasattr(self, "mode"):
            self.mode = 0  # 1: the scores page (the results, once over)
            self.text = ""  # what the last action did
            self.mood = 0
            self.mark = 0  # dice shown inverted (bit per position): picked, or the ones that did it
            # Generala's and Yamb's turns (their engines' sheets; also resumed): rolls left, 3 before the first
            n = self.g.left if hasattr(self.g, "sheets") else 0
            self.cur = 1 if 0 < n < 3 else 0  # the cursor: 1 + the position in the roll, 0 when there is no choice
            self.show = ((), ()) if n == 3 else (self.s.get("aside") or (), self.s["last_roll"] or ())

    def do(self, act, anim=0):
        b = self.s
        if play.Game.do(self, act, anim) is False:  # refused: nothing changed
            return False
        self.mode = self.cur = self.mark = self.mood = 0
        self.show = (self.s.get("aside") or (), self.s["last_roll"] or ())
        self.text = self.update(b, act).encode()  # bytes: each frame cuts its lines from it (a str made costs more)
        if not anim:
            self.anim = self.app.b.ticks_ms()  # no roll to wait for: the flash at the next tick
        return True

    def tick(self, now):
        was = self.anim
        r = play.Game.tick(self, now)
        if was and not self.anim and self.mood:  # the dice have stopped: how it went
            good = self.mood == 1
            self.app.flash(2 if good else 4, 600)
            self.app.beep(1500 if good else 150, 100 if good else 300)
        return r

    def ended(self):
        """Over: the results are on the screen. Before: the dice are (not the scores page or a sheet,
        which a seat of the cup waits for a person to leave)."""
        return self.mode == 1 if self.s["over"] else not self.mode

    def press(self, bit):
        if self.mode and not self.s["over"]:
            self.mode = 0
        elif bit == DOWN or bit == UP or self.s["over"]:
            self.mode = 1
        elif self.cur and (bit == LEFT or bit == RIGHT):
            self.cur = (self.cur - (2 if bit == LEFT else 0)) % len(self.show[1]) + 1
        else:
            self.act(bit)
            return
        self.app.dirty = True

    def act(self, bit):
        """A or a shake rolls; B does nothing unless the game has another action."""
        if bit != B:
            self.do("roll", play.ROLL_MS)

    def auto(self, rng):
        """The demo's move; at the end, the results."""
        if self.s["over"]:
            self.press(A)
        else:
            play.Game.auto(self, rng)

    def lines(self):
        """The title bar's right side (the round), the line below the dice, the keys."""
        r = self.g.rounds
        return word(_W, 9) % (self.s["round"], r) if r > 1 and not self.s["over"] else "", "", word(_W, 8)

    def values(self):
        """What the scores page shows per player (wider than 3 characters: fewer to a line)."""
        return self.s["scores"]

    def paint(self, fb):
        s = self.s
        top, info, keys = self.lines()
        if self.mode:
            w = s["winner"]
            gfx.bar(fb, word(_W, 0) if not s["over"] else word(_W, 1) if w is None else word(_W, 2) % (w + 1))  # (no round:
            # "Scores so far" and "round 2/3" are 22 characters of a 21-character line)
            v = self.values()
            wide = max([len(str(x)) for x in v]) > 3  # thousands, names: one to a line, two for five players or more
            play.scores(fb, v, w if s["over"] else s["turn"], 12, (1 if len(v) < 5 else 2) if wide else 4)
            ro = s["rolloff"]
            if ro:
                t = word(_W, 10) + ", ".join([" ".join([str(f) for f in r]) for r in ro])
                gfx.lines(fb, t, gfx.wrap(t), 0, 1 if wide else 2, 48 if wide else 33)
            gfx.text(fb, word(_W, 3) if s["over"] else word(_W, 4), 0, 56)
            return
        gfx.bar(fb, word(_W, 5) if s["over"] else word(_W, 6) % (s["turn"] + 1), top)
        aside, faces = self.show
        if self.anim:
            faces = [(self.t * 7 + i * 3) % 6 + 1 for i in range(len(faces))]
        else:
            gfx.lines(fb, self.text, gfx.wrap(self.text), 0, 2, 11)
            gfx.text(fb, info, 0, 48)
        n = len(aside) + len(faces)
        k = 18 if n < 7 else 14 if n < 8 else 11 if n < 10 else 7  # one line, or two of small dice
        per = 128 // (k + 3)
        gfx.dice(fb, aside, 0, 28, k, per)
        x = len(aside) * (k + 3)
        if aside and faces and n < 10:
            fb.vline(x, 28, k, 1)
            x += 4
        if n > 2 * per:  # more than two lines hold (Mafia's dice can pile up): the count of the rest
            gfx.text(fb, "+" + str(n - 2 * per + 1), 128 - 18, 39)
            faces = faces[:2 * per - 1 - len(aside)]
        gfx.dice(fb, faces, x, 28, k, per, 6, self.mark, self.cur)
        gfx.text(fb, word(_W, 7) if s["over"] else keys, 0, 56)
