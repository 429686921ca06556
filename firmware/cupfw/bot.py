"""The cup's own players on the device: the seats a record lists in "cups".

When such a seat is to act (and the screen is not showing something a person
must dismiss first, such as Mia's reveal), the cup thinks for THINK ms with its
dice tumbling on the bottom line, then asks cupcore.bots for the action, given
only that seat's view, and plays it through the screen like a button would:
so it is an ordinary action in the record, the save and the log. The bottom
line then says what it did, in words ("P2 (cup) holds at 22"), for SAY ms.
A person's keys do nothing while the cup is acting; a long B still leaves.
"""

from cupfw import gfx, play

THINK = 700  # ms before each action of the cup
SAY = 2000  # ms its words stay after it acted


class Driver:
    def __init__(self, screen):
        self.scr = screen
        self.cups = screen.rec["cups"]
        self.engine = type(screen).__module__.split(".")[-1]
        self.at = 0  # when the cup acts; 0 = not thinking
        self.frame = 0  # the tumbling dice's frame
        self.said = None
        self.until = 0

    def acting(self):
        """True while a seat of the cup is to act (a person's keys are ignored)."""
        s = self.scr.s
        return not s["over"] and s["turn"] in self.cups and self.scr.ended()

    def tick(self, now):
        """Think, then act; True when the screen must be redrawn."""
        scr = self.scr
        b = scr.app.b
        if self.said is not None and b.ticks_diff(now, self.until) >= 0:
            self.said = None
            scr.app.dirty = True
        if scr.anim or scr.err is not None or not self.acting():
            self.at = 0
            return False
        if not self.at:
            self.at = now + THINK
            return True
        if b.ticks_diff(now, self.at) < 0:
            f = now // 80
            if f == self.frame:
                return False
            self.frame = f  # the dice tumble
            return True
        self.at = 0
        s = scr.s
        t = s["turn"]
        from cupcore import bots
        act = bots.move(self.engine, scr.g.params, scr.g.view(t))
        self.said = "P%d (cup) %s" % (t + 1, words(act, s))
        self.until = now + SAY
        scr.do(act, play.ROLL_MS if act[:4] == "roll" else 0)
        return True

    def draw(self, fb):
        if self.said is None and not self.at:
            return
        fb.fill_rect(0, 55, 128, 9, 1)
        if self.at:
            t = self.frame
            gfx.text(fb, "P%d (cup)" % (self.scr.s["turn"] + 1), 2, 56, 1, 0)
            for i in range(2):
                gfx.die(fb, 100 + i * 12, 55, (t * (i + 3)) % 6 + 1, 9)
        else:
            gfx.text(fb, self.said, 2, 56, 1, 0)


def words(act, s):
    """What the cup did, for people (s: the summary before it)."""
    w = act.split()
    if w[0] == "hold":
        return "holds at %d" % s["turn_total"]
    if w[0] == "roll":
        return "rolls %s dice" % w[1] if len(w) > 1 else "rolls"
    if w[0] == "claim":
        return "claims %s" % w[1]
    return {"challenge": "challenges", "pass": "passes", "concede": "concedes"}[w[0]]
