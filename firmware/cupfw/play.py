"""What every game screen shares: the game record driven through cupcore.replay,
saving after each action, the statistics and log at the end, animations, LEDs.

A game screen subclasses Game and defines enter() (its own state, also after
each action), press(bit) for a button press, paint(fb), and may define
release(bit), ended(), result() -> (won, best score or None) and auto(rng) for the demo.
"""

from cupfw import gfx
from cupfw.app import drop
from cupfw.hal import A, B

ROLL_MS = 500  # the roll animation


class Game:
    def __init__(self, app, arg):
        self.app = app
        self.rec, mode = arg
        self.demo = mode == 1
        self.resumed = mode == 2
        self.err = None
        self.anim = 0  # ticks when the running animation ends; 0 = none
        self.t = 0  # the animation frame
        self.spin = False
        self.cup = None  # the driver of the cup's seats (cupfw.bot), when the record has any
        from cupcore import replay
        try:
            self.g = replay.load(self.rec)
        except ValueError as e:
            self.err = str(e)
            return
        finally:
            replay = None
            drop("cupcore.replay")  # the game needs only its engine now
            drop("cupcore.packs")
        self.s = self.g.summary()
        if self.rec.get("cups"):
            from cupfw.bot import Driver
            self.cup = Driver(self)
        self.enter()
        self.lights()
        if self.s["over"] and not self.demo:
            self.save()  # a power cut fell between the last save and the log

    def do(self, act, anim=0):
        """Apply one legal action, keep and save the record, and start an animation of anim ms."""
        self.g.apply(act)
        self.rec["actions"].append(act)
        self.s = self.g.summary()
        if not self.demo:
            self.save()
        if anim:
            self.anim = self.app.b.ticks_ms() + anim
        self.spin = anim == ROLL_MS  # a roll: the LEDs chase round while the dice tumble
        self.enter()
        self.lights()
        self.app.dirty = True

    def save(self):
        """game.json after every action; a finished game goes to the log and the statistics."""
        st = self.app.st
        rec = self.rec
        try:
            st.write("game.json", rec)
            if self.s["over"]:
                logs = st.logs()
                if not logs or st.read(logs[-1]) != rec:
                    st.add_log(rec)
                    stats = st.read("stats.json", {})
                    if not isinstance(stats, dict):
                        stats = {}
                    e = stats.get(rec["pack"])
                    if not isinstance(e, dict):
                        e = {"games": 0, "wins": 0, "best": None}
                    won, best = self.result()
                    e["games"] = e.get("games", 0) + 1
                    e["wins"] = e.get("wins", 0) + (1 if won else 0)
                    if best is not None and (e.get("best") is None or best > e["best"]):
                        e["best"] = best
                    stats[rec["pack"]] = e
                    st.write("stats.json", stats)
                st.remove("game.json")
        except OSError:
            pass  # full or read-only flash: the game goes on unsaved

    def result(self):
        return self.s["winner"] is not None, None

    def lights(self):
        """One LED per player: the one to act in blue, the others dim."""
        p = self.app.pattern
        turn = self.s["turn"]
        for i in range(min(len(p), self.s["players"])):
            p[i] = 5 if i == turn else (2 if i == self.s["winner"] else 1)

    def key(self, ev, bit):
        app = self.app
        if bit == B:  # B acts when let go, so that holding it can leave the game instead
            if ev == 2:
                app.go("screens.menu")  # the game stays saved: "Resume" on the menu
            if ev != 1:
                return
            ev = 0
        if self.err is not None:
            if ev == 0:
                if self.resumed:  # set the saved game aside, never delete it
                    app.st.write("game.bad.json", self.rec)
                    app.st.remove("game.json")
                app.go("screens.menu")
        elif self.anim or self.cup is not None and self.cup.acting():
            return
        elif ev == 0 and self.s["over"] and self.ended():
            if bit == A or bit == B:
                app.go("screens.menu")
        elif ev == 0:
            self.press(bit)
        elif ev == 1:
            self.release(bit)

    def release(self, bit):
        pass

    def ended(self):
        """True once the end of the game is on the screen (A or B then goes back to the menu)."""
        return True

    def tick(self, now):
        if self.cup is not None and self.cup.tick(now):
            return True
        if not self.anim:
            return False
        if self.app.b.ticks_diff(now, self.anim) >= 0:
            self.anim = 0
            self.relight(-1)
            return True
        t = now // 80
        if t != self.t:
            self.t = t
            if self.spin:
                self.relight(t)
            return True
        return False

    def relight(self, chase):
        """The screen's LEDs afresh, with one cyan LED at chase (a roll) unless chase < 0."""
        p = self.app.pattern
        for i in range(len(p)):
            p[i] = 0
        self.lights()
        if chase >= 0:
            p[chase % len(p)] = 7

    def draw(self, fb):
        if self.err is not None:
            gfx.error(fb, "Cannot resume" if self.resumed else "Cannot play", self.err)
        else:
            self.paint(fb)
            if self.cup is not None:
                self.cup.draw(fb)

    def auto(self, rng):
        """The demo's move: a random legal action."""
        legal = self.g.legal()
        self.do(legal[rng.below(len(legal))], ROLL_MS if legal[0][:4] == "roll" else 0)


def scores(fb, vals, turn, y):
    """Per-player numbers in a grid of four per line, the one to act inverted."""
    for i in range(len(vals)):
        x = (i % 4) * 32
        yy = y + (i // 4) * 9
        if i == turn:
            fb.fill_rect(x, yy - 1, 31, 9, 1)
        gfx.text(fb, "%d:%s" % (i + 1, vals[i]), x + 1, yy, 1, 0 if i == turn else 1)
