"""The dice tray: the screen every game of several dice shares (the luck games, RULES.md section 8).

Top down: whose turn it is, what the last action did in words ("P1 drops dead"),
the dice (this turn's set-aside ones on the left, apart), a line about the turn,
and the keys. A (or a shake) rolls; where the game asks for a choice, left/right
move a cursor over the roll and A picks; B is the game's other action; down
shows the scores (any key comes back). A game module subclasses Tray and writes
said(before, act): the words for what act did, and which dice show it (a turn
that just ended shows its own dice, not the next player's empty tray).
"""

from cupfw import gfx, play
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B
from cupfw.app import SHAKE

GOOD = 1  # the mood of an action: a green flash and a high beep
BAD = 2  # a red flash and a low beep


def who(p):
    return "P%d" % (p + 1)


class Tray(play.Game):
    def enter(self):
        if not hasattr(self, "page"):
            self.page = 0  # 1: the scores (the results, once over)
            self.msg = ""
            self.mood = 0
            self.cur = 0  # the cursor: 1 + the position in the roll, 0 when there is no choice
            self.mark = 0  # dice shown inverted (bit per position): picked, or the ones that did it
            self.show = (self.s.get("aside") or (), self.s["last_roll"] or ())

    def do(self, act, anim=0):
        b = self.s
        play.Game.do(self, act, anim)
        self.page = self.cur = self.mark = 0
        self.show = (self.s.get("aside") or (), self.s["last_roll"] or ())
        self.msg, self.mood = self.said(b, act)
        if not anim:
            self.feel()

    def tick(self, now):
        was = self.anim
        r = play.Game.tick(self, now)
        if was and not self.anim:
            self.feel()  # what the roll did, once the dice have stopped
        return r

    def feel(self):
        if self.mood:
            good = self.mood == GOOD
            self.app.flash(2 if good else 4, 600)
            self.app.beep(1500 if good else 150, 100 if good else 300)

    def ended(self):
        return self.page == 1

    def press(self, bit):
        if self.page and not self.s["over"]:
            self.page = 0
        elif bit == DOWN or bit == UP or self.s["over"]:
            self.page = 1
        elif self.cur and (bit == LEFT or bit == RIGHT):
            self.cur = (self.cur - (2 if bit == LEFT else 0)) % len(self.show[1]) + 1
        elif bit == A or bit == SHAKE or bit == B:
            self.act(bit)
            return
        self.app.dirty = True

    def act(self, bit):
        """A or a shake: roll. B does nothing unless the game has another action."""
        if bit != B:
            self.do("roll", play.ROLL_MS)

    def status(self):
        """The title bar's right side: the round."""
        r = self.g.rounds
        return "round %d/%d" % (self.s["round"], r) if r > 1 and not self.s["over"] else ""

    def info(self):
        """The line below the dice, about the turn in play."""
        return ""

    def hint(self):
        return "A:roll  v:scores"

    def marks(self):
        """What the scores page shows per player."""
        return self.s["scores"]

    def paint(self, fb):
        s = self.s
        if self.page:
            w = s["winner"]
            gfx.bar(fb, "Scores" if not s["over"] else "No winner" if w is None else "Player %d wins!" % (w + 1),
                    self.status())
            play.scores(fb, self.marks(), w if s["over"] else s["turn"], 12)
            ro = s["rolloff"]
            if ro:
                t = "tie, roll-off: " + ", ".join([" ".join([str(f) for f in r]) for r in ro])
                gfx.lines(fb, t, gfx.wrap(t), 0, 2, 33)
            gfx.text(fb, "A: menu" if s["over"] else "any key: back", 0, 56)
            return
        gfx.bar(fb, "Game over" if s["over"] else "Player %d" % (s["turn"] + 1), self.status())
        aside, faces = self.show
        if self.anim:
            faces = [(self.t * 7 + i * 3) % 6 + 1 for i in range(len(faces))]
        else:
            gfx.lines(fb, self.msg, gfx.wrap(self.msg), 0, 2, 11)
        n = len(aside) + len(faces)
        k = 18 if n < 7 else 14 if n < 8 else 11 if n < 10 else 7  # one line, or two of small dice
        per = 128 // (k + 3)
        gfx.dice(fb, aside, 0, 28, k, per)
        x = len(aside) * (k + 3)
        if aside and faces and n < 10:
            fb.vline(x, 28, k, 1)
            x += 4
        if n > 2 * per:  # more than two lines hold (Mafia's dice can pile up): the count of the rest
            gfx.text(fb, "+%d" % (n - 2 * per + 1), 128 - 18, 39)
            faces = faces[:2 * per - 1 - len(aside)]
        gfx.dice(fb, faces, x, 28, k, per, 6, self.mark, self.cur)
        if not self.anim:
            gfx.text(fb, self.info(), 0, 48)
        gfx.text(fb, "A: results" if s["over"] else self.hint(), 0, 56)
