"""The device program: a cooperative loop driving one screen at a time.

Each pass polls the buttons (debounced into press, release and long-press
events), lets the screen react and animate, redraws only when something
changed, shows the LEDs, dims and sleeps when idle, and waits for the next
tick. A screen is a module cupfw.NAME with a class Screen(app, arg) that has
key(ev, bit), tick(now) -> True to redraw, and draw(fb); only the active one
is imported, and a game's engine is dropped from memory when the game ends.

    cupfw.start.run(board, ...)   # a real board's entry file: the app on a board from cupfw.hal.*, forever
"""

import gc
import sys

import cupcore
from cupfw import gfx


_TICK = const(20)  # ms between polls (a board may poll faster: its tick_ms)
_LONG = const(700)  # ms held for a long press
_ATTRACT = const(30000)  # ms idle on the menu before the demo plays
_PRESS = const(0)
_RELEASE = const(1)
_LONGPRESS = const(2)
SHAKE = const(64)  # the shake sensor, reported as a press of this bit
# LED colours by index: off, dim white, green, amber, red, blue, magenta, cyan.
_PALETTE = const(b"\x00\x00\x00\x30\x30\x30\x00\xff\x00\xff\x90\x00\xff\x00\x00\x00\x20\xff\xff\x00\xff\x00\xff\xff")


def drop(name):
    """Forget a module: out of sys.modules and off its package, so its memory can be freed."""
    if name in sys.modules:
        del sys.modules[name]
        cut = name.rfind(".")
        try:
            delattr(sys.modules[name[:cut]], name[cut + 1:])
        except (AttributeError, KeyError):
            pass


def unread():
    """Drop the modules that read and check files (saved ones, packs): needed only for a moment."""
    for m in ("cupcore.jsonin", "cupcore.packcheck", "cupfw.logbook", "cupfw.saved"):
        drop(m)


class App:
    def __init__(self, board):
        """The app on board: its settings read and the saved files checked (cupfw.begin.app, out of memory
        again after boot), then the menu, or a note of the files set aside."""
        from cupfw import begin
        begin.app(self, board)
        begin = None
        drop("cupfw.begin")

    def read(self, name, default=None, head=False):
        """A saved file (Store.read), the file readers dropped again after."""
        obj = self.st.read(name, default, head)
        unread()
        return obj

    def flush(self):
        """Run the save a screen left for after its frame: a key's frame reaches the panel before game.json
        is written (10-70 ms on a Pico's flash). Called at the end of a pass once no animation runs (a roll's
        tumble is not held up by it), as a screen is left and as the program stops. A power cut before
        leaves the game as it was before the key: the save is atomic (cupfw.store)."""
        f = self.later
        if f is not None:
            self.later = None
            f()

    def keep_ended(self):
        """Keep the game that ended in the log and the statistics (cupfw.logbook.finish: once, whatever a
        power cut left undone), then let go of the file readers. Called as its screen is left, and as
        the program stops (the host's console breaking in); a cut before leaves it saved, to resume."""
        self.flush()
        if self.ended:
            try:
                self.st.finish(*self.ended)
            except OSError:
                pass  # full or read-only flash: game.json stays, and the game is kept when resumed
            self.ended = None
        unread()  # what the last screen, or a game's end, read files with

    def contrast(self):
        return (0, 40, 100, 180, 255)[self.cfg["bright"]] if self.mode == 0 else (4 if self.mode == 1 else 0)

    def go(self, name, arg=None):
        """Make cupfw.name the active screen, once the running key handler has returned."""
        self.next = (name, arg)
        if self.scr is None:
            self.switch()

    def switch(self):
        """The screen change: the old screen, its module and any engine leave memory first."""
        self.flush()  # while the screen that asked for it is still there
        name, arg = self.next
        self.next = None
        self.scr = None
        if self.name:  # (a game after a game of the same screen too: its module comes in again after the game)
            drop("cupfw." + self.name)
        drop("cupfw.games.tray")  # the dice tray that the luck games' screens share
        drop("cupfw.games.yambsheet")  # Yamb's sheet page, imported by its screen when first opened
        for e in (cupcore.ENGINES + "dice digits rolls cards yambtext").split():
            drop("cupcore." + e)
        if name[:6] != "games.":
            for m in ("cupfw.play", "cupcore.engine", "cupcore.rng"):
                drop(m)
        gc.collect()
        self.keep_ended()
        if name[:6] == "games.":  # the game first (cupfw.begin), then its screen: the replay is gone by then
            from cupfw import begin
            arg = begin.game(self, arg)
            begin = None
            drop("cupfw.begin")
            gc.collect()  # the replay's and begin's room freed now: the screen's code fills those holes
        __import__("cupfw." + name)
        self.name = name
        for i in range(len(self.pattern)):
            self.pattern[i] = 0
        self.scr = sys.modules["cupfw." + name].Screen(self, arg)
        self.dirty = True

    def start(self, rec, mode=0):
        """Play a game record on its engine's screen; mode 0 new, 1 demo (never saved), 2 resumed."""
        from cupcore import packs
        try:
            eng = packs.load(rec.get("pack"))["engine"]
        except (ValueError, KeyError, AttributeError):
            self.go("screens.text", ("note", "Cannot play %s: no usable pack" % rec.get("pack")))
            return
        self.go("games." + eng, (rec, mode))

    def flash(self, colour, ms):
        """Every LED in one colour for ms (a bust, a lost challenge), then the screen's pattern again."""
        self.flash_colour = colour
        self.flash_until = self.b.ticks_ms() + ms

    def beep(self, hz, ms):
        if self.cfg["sound"]:
            self.b.tone(hz, ms)

    def event(self, ev, bit, now):
        self.last = now
        self.attracted = False
        if self.mode:
            woke = self.mode == 2
            self.mode = 0
            self.b.contrast(self.contrast())
            self.lstate = -1
            if woke:
                self.swallow |= bit
                return
        if self.swallow & bit:
            if ev == _RELEASE:
                self.swallow &= ~bit
            return
        if self.demo is not None:
            if ev != _PRESS:
                return
            self.swallow |= bit & ~SHAKE
            self.menu()
            return
        if ev == _PRESS and bit != SHAKE:
            self.beep(2000, 5)
        self.scr.key(ev, bit)
        if self.next:
            self.switch()

    def step(self):
        """One pass of the loop."""
        b = self.b
        now = b.ticks_ms()
        raw = b.buttons()
        # Debounced: the same on two polls running, or seen after a long pass (a redraw on a real chip).
        # Contacts bounce for a few ms, less than a poll's distance; waiting for a second poll after a
        # long pass would miss a short release between two presses, and the second press with it.
        stale = b.ticks_diff(now, self.t_poll) > 2 * _TICK
        self.t_poll = now
        if (raw == self.raw or stale) and raw != self.held:
            changed = raw ^ self.held
            self.held = raw
            bit = 1
            while bit < SHAKE:
                if changed & bit:
                    if raw & bit:
                        self.lk = bit
                        self.t_press = now
                    self.event(_PRESS if raw & bit else _RELEASE, bit, now)
                bit <<= 1
        self.raw = raw
        if self.held & self.lk and b.ticks_diff(now, self.t_press) >= _LONG:
            bit = self.lk
            self.lk = 0
            self.event(_LONGPRESS, bit, now)
        if b.shaken():
            self.event(_PRESS, SHAKE, now)
        if self.demo is not None:
            self.demo.tick(now)
        if self.next:
            self.switch()
        if self.scr.tick(now):
            self.dirty = True
        idle = b.ticks_diff(now, self.last)
        cfg = self.cfg
        if self.mode < 2 and cfg["sleep"] and idle >= cfg["sleep"] * 1000:
            self.mode = 2
            if self.demo is not None:
                self.menu()  # the demo stops at sleep: a waking key finds the menu, not a driverless demo game
            b.contrast(0)
        elif self.mode == 0 and cfg["dim"] and idle >= cfg["dim"] * 1000 and self.demo is None:
            self.mode = 1
            b.contrast(self.contrast())
        if self.name == "screens.menu" and self.mode == 0 and not self.attracted and idle >= _ATTRACT:
            self.attracted = True
            self.run_demo(False)
        drawn = self.dirty and self.mode < 2
        if drawn:
            self.dirty = False
            self.fb.fill(0)
            self.scr.draw(self.fb)
            b.show()
        self.lights(now)
        quiet = not getattr(self.scr, "anim", 0)
        if self.later is not None and quiet:
            self.flush()
        if drawn and quiet and self.room:  # a frame out, its save made: if half the threshold has been used since
            a = gc.mem_alloc()  # the last collection, one now, not in the next key's work (cupfw.begin.app)
            if a - self.used > self.room:
                gc.collect()
                self.used = gc.mem_alloc()
            elif a < self.used:  # the threshold's own came
                self.used = a

    def lights(self, now):
        """Show the screen's LED pattern (or a flash) scaled to the LED brightness, when it changed."""
        fl = self.flash_colour if self.b.ticks_diff(self.flash_until, now) > 0 else -1
        state = fl + 1 + 16 * (self.mode == 2)
        if state == self.lstate and self.pattern == self.lpat:
            return
        self.lstate = state
        self.lpat[:] = self.pattern
        n = len(self.pattern)
        out = bytearray(3 * n)
        if self.mode < 2:
            lvl = self.cfg["leds"]
            for i in range(n):
                c = (fl if fl >= 0 else self.pattern[i]) * 3
                for j in range(3):
                    out[3 * i + j] = _PALETTE[c + j] * lvl // 4
        self.b.leds(out)

    def menu(self):
        """End the demo and show the menu now."""
        self.demo = None
        drop("cupfw.demo")
        self.go("screens.menu")
        self.switch()

    def run_demo(self, once):
        """Attract mode: a short game of every pack, played by the device through the game screens."""
        from cupfw.demo import Demo
        self.demo = Demo(self, once)

    def run(self, ms=-1):
        """The main loop: forever, or (simulator) for ms of board time."""
        b = self.b
        tick = getattr(b, "tick_ms", _TICK)
        end = b.ticks_ms() + ms
        while ms < 0 or b.ticks_diff(end, b.ticks_ms()) > 0:
            self.step()
            if self.mode == 2:
                b.idle(_TICK)
            else:
                b.sleep_ms(tick)


def error(board, title, detail):
    """Show an error screen (the real boards' boot code calls this when the program cannot start)."""
    gfx.error(board.fb, title, detail)
    board.show()

