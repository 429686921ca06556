"""What every game screen shares: the game record driven through cupcore.replay,
saving after each action (once its frame is out), the statistics and log at the end, animations, LEDs.

A game screen subclasses Game and defines enter() (its own state, also after
each action), press(bit) for a button press, paint(fb), and may define
release(bit), ended(), result() -> (won, best score or None) and auto(rng) for the demo.
The seats a record gives the cup ("cups") are played by cupfw.bot, loaded only then.
"""

from cupfw import gfx
from cupfw.hal import A, B

ROLL_MS = 500  # the roll animation


class Actions:
    """A game's actions, read as a list of them is, a byte each: the action's place among the game's
    different actions. (Mafia's 900 rolls for 6 players, a list, would be one 7 KB block of a
    64-bit heap; here 900 bytes.) cupfw.store's pieces() writes it as the record's JSON
    list; cupfw.saved reads a record's actions into one, one by one."""

    def __init__(self, acts):
        self.words = []
        self.codes = bytearray()
        for a in acts:
            self.append(a)

    def append(self, a):
        w = self.words
        if a not in w:
            w.append(a)
            if len(w) == 257:  # more than a byte tells apart: a list of numbers from here on
                self.codes = list(self.codes)
        self.codes.append(w.index(a))

    def __len__(self):
        return len(self.codes)

    def __eq__(self, other):
        return list(self) == other

    def __getitem__(self, i):
        """An action, or a list of them for a slice (as a list of them reads; cupfw.store writes them one at a time)."""
        if type(i) is int:
            return self.words[self.codes[i]]
        return [self.words[c] for c in self.codes[i]]


class Game:
    def __init__(self, app, arg):
        """arg: (record, mode) as cupfw.begin.game made them (record, mode, game, why not); mode 0 new,
        1 demo, 2 resumed."""
        self.app = app
        if len(arg) == 2:  # (App.switch makes the game before it imports the screen)
            from cupfw import begin
            arg = begin.game(app, arg)
        self.rec, mode, self.g, self.err = arg
        self.demo = mode == 1
        self.resumed = mode == 2
        self.note = None  # why the last action was refused, on the screen until a key
        self.anim = 0  # ticks when the running animation ends; 0 = none
        self.t = 0  # the animation frame
        self.spin = False
        if self.err is not None:
            return
        self.s = self.g.summary()
        if self.rec.get("cups"):
            from cupfw.app import drop
            from cupfw.bot import Screen
            Screen(self)  # the cup's seats, hooked into this screen
            drop("cupfw.bot")  # the driver holds what it needs, and goes with the game
        self.enter()
        self.lights()
        if self.s["over"] and not self.demo:
            self.save(True)  # a power cut fell between the last save and the log

    def do(self, act, anim=0):
        """Apply one legal action, keep the record (saved once its frame is shown and the animation has
        run: App.flush), and start an animation of anim ms.

        False if the engine refuses it (the stacked dice have run out): the reason is on the
        screen until a key, and the game and its record are as they were."""
        try:
            self.g.apply(act)
        except ValueError as e:
            self.note = "%s: %s" % (act, e)
            self.app.dirty = True
            return False
        self.rec["actions"].append(act)
        self.s = None  # the last summary free for the collector as the next is made (the Bogey's names 52 cards)
        self.s = self.g.summary()
        if not self.demo:
            self.app.later = self.save  # once the frame is out and the animation over (App.flush)
        if anim:
            self.anim = self.app.b.ticks_ms() + anim
        self.spin = anim == ROLL_MS  # a roll: the LEDs chase round while the dice tumble
        self.enter()
        self.lights()
        self.app.dirty = True
        return True

    def save(self, written=False):
        """game.json after every action (written: it holds the record already). A finished game goes to
        the log and the statistics when its screen is left (App.keep_ended), its engine out of memory by then."""
        try:
            if not written:
                self.app.st.write("game.json", self.rec)
        except OSError:
            pass  # full or read-only flash: the game goes on unsaved
        if self.s["over"]:
            won, best = self.result()
            self.app.ended = (self.rec, won, best, self.s["winner"])

    best = False  # True: the statistics keep the winner's score as the pack's best (Pig, Generala, Dix Mille)

    def result(self):
        w = self.s["winner"]
        return w is not None, self.s["scores"][w] if self.best and w is not None else None

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
                    if isinstance(self.rec, dict):
                        app.st.write("game.bad.json", self.rec)
                    app.st.remove("game.json")
                app.go("screens.menu")
        elif self.note is not None:
            if ev == 0:  # any key: back to the game as it was
                self.note = None
                app.dirty = True
        elif self.anim:
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
        """Over: True once the end of the game is on the screen (A or B then goes back to the menu).
        Before: False while it shows what a person must see first (a reveal): the cup's seats wait."""
        return True

    def tick(self, now):
        if not self.anim:
            return False
        if self.app.b.ticks_diff(now, self.anim) >= 0:
            self.anim = 0
            self.relight(-1)
            return True
        t = now // 40  # a frame every 40 ms: 25 a second (the dice are the pages that change)
        if t != self.t:
            self.t = t
            if self.spin:
                self.relight(t >> 1)  # the LEDs chase a step every 80 ms
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
        elif self.note is not None:
            gfx.error(fb, "Not possible", self.note)
        else:
            self.paint(fb)

    def auto(self, rng):
        """The demo's move: a random legal action."""
        legal = self.g.legal()
        self.do(legal[rng.below(len(legal))], ROLL_MS if legal[0][:4] == "roll" else 0)


def scores(fb, vals, turn, y, per=4):
    """Per-player values in a grid of per to a line (four, or two for wide ones), the one to act inverted."""
    w = 128 // per
    for i in range(len(vals)):
        x = i % per * w
        yy = y + i // per * 9
        if i == turn:
            fb.fill_rect(x, yy - 1, w - 1, 9, 1)
        gfx.text(fb, "%d:%s" % (i + 1, vals[i]), x + 1, yy, 1, 0 if i == turn else 1)
