"""The cup's own players on the device: the seats a record lists in "cups".

When such a seat is to act (and the screen is not showing something a person
must dismiss first, such as Mia's reveal), the cup thinks for _THINK ms with its
dice tumbling on the bottom line, then asks cupcore.bots for the action, given
only that seat's view, and plays it through the screen like a button would:
so it is an ordinary action in the record, the save and the log. The bottom
line then says what it did, in words ("P2 (cup) holds at 22"), for _SAY ms.
A person's keys do nothing while the cup is to act (locked); a long B still leaves.

cupfw.play loads this module only for a game whose record has seats of the cup,
and drops it from sys.modules at once. The driver (Screen) hooks itself into that one
screen (its key, tick and draw, as the screen's own attributes), so the screens
of every other game carry nothing of it. cupcore.bots is loaded for each of
the cup's actions and dropped after it (a read of the flash while the cup thinks).
"""

import gc
import sys

from cupfw import gfx, play
from cupfw.app import drop
from cupfw.hal import B


_THINK = const(700)  # ms before each action of the cup
_SAY = const(2000)  # ms its words stay after it acted


def unload():
    """cupcore.bots and its players out of memory (replay's check of the record loaded it too)."""
    for m in list(sys.modules):
        if m[:12] == "cupcore.bots":
            drop(m)


class Screen:
    """The driver of the cup's seats: the screen interface (key, tick, draw) over a game's screen. (Named as
    every screen is: a name the firmware has interned anyway.)"""

    def __init__(self, screen):
        self.scr = screen
        self.cups = screen.rec["cups"]
        self.engine = screen.app.name[6:]  # the screen is cupfw.games.ENGINE
        self.at = 0  # when the cup acts; 0 = not thinking
        self.frame = 0  # the tumbling dice's frame
        self.said = None
        self.until = 0
        screen.cup = self
        screen.key = self.key
        screen.tick = self.tick
        screen.draw = self.draw
        unload()

    def locked(self):
        """True while a seat of the cup is to act (a person's keys are ignored)."""
        s = self.scr.s
        return not s["over"] and s["turn"] in self.cups and self.scr.ended()

    def key(self, ev, bit):
        """The screen's key, but while the cup is to act only a long B (leave) or a key that dismisses
        a note."""
        scr = self.scr
        if scr.note is None and not (bit == B and ev == 2) and self.locked():
            return
        type(scr).key(scr, ev, bit)

    def tick(self, now):
        """Think, then act; then the screen's own tick. True when the screen must be redrawn."""
        scr = self.scr
        return self.step(now) | type(scr).tick(scr, now)

    def step(self, now):
        scr = self.scr
        b = scr.app.b
        if self.said is not None and b.ticks_diff(now, self.until) >= 0:
            self.said = None
            scr.app.dirty = True
        if scr.anim or scr.note is not None or not self.locked():
            self.at = 0
            return False
        if not self.at:
            self.at = now + _THINK
            return True
        if b.ticks_diff(now, self.at) < 0:
            f = now // 40  # the dice tumble a frame every 40 ms, as a roll's
            if f == self.frame:
                return False
            self.frame = f
            return True
        self.at = 0
        s = scr.s
        t = s["turn"]
        gc.collect()  # the garbage of the game so far freed first: the player's code fills its holes
        g = scr.g
        e = self.engine
        if e == "generala":  # its player reads its sheet, which the device's screen keeps out of the summary
            g.sheets = True
            v = g.view(t)
            g.sheets = False
        elif e == "yamb":  # the same, its own sheet only
            v = g.view(t)
            from cupcore import yambtext
            yambtext.sheets(g, v, t)
            yambtext = None
            drop("cupcore.yambtext")
        else:
            v = g.view(t)
        from cupcore import bots
        act = bots.move(e, getattr(g, "params", None), v)  # (the luck games keep none: their seats only roll)
        bots = v = None
        unload()
        self.said = "P%d (cup) %s" % (t + 1, words(act, s, e))
        self.until = now + _SAY
        scr.do(act, play.ROLL_MS if act[:4] == "roll" else 0)
        return True

    def draw(self, fb):
        scr = self.scr
        type(scr).draw(scr, fb)
        if scr.err is not None or scr.note is not None or self.said is None and not self.at:
            return
        fb.fill_rect(0, 55, 128, 9, 1)
        if self.at:
            t = self.frame
            gfx.text(fb, "P%d (cup)" % (scr.s["turn"] + 1), 2, 56, 1, 0)
            for i in range(2):
                gfx.die(fb, 100 + i * 12, 55, (t * (i + 3)) % 6 + 1, 9)
        else:
            gfx.text(fb, self.said, 2, 56, 1, 0)


def words(act, s, engine):
    """What the cup did, for people, in the 12 characters the bottom line has after "P2 (cup) " (s: the
    summary before it). (The words in one long string: no name is interned for them.)"""
    w = act.split()
    ws = ("hold holds_at_%d roll rolls claim claims_%s challenge challenges pass passes concede concedes "
          "bid bids_%s_x_%ss liar calls_Liar! keep keeps_%s bank banks_%d stand stands stop stops "
          "announce for_%s").split()
    if w[0] == "score":
        return w[-1]  # Generala's box, Yamb's row (the tray's words say what it wrote there)
    said = ws[ws.index(w[0]) + 1].replace("_", " ")
    if w[0] == "roll" and len(w) > 1:  # Hog: how many dice; Generala, Poker Dice: the dice rolled again
        n = int(w[1]) if engine == "pig" else len(w) - 1
        return "rolls %d %s" % (n, "die" if n == 1 else "dice")
    if "%d" in said:
        return said % s["turn_total"]
    if w[0] == "bid":
        return said % (w[1], w[2])
    if "%s" in said:
        return said % "".join(w[1:])  # a claim, or the faces kept: 11155
    return said
