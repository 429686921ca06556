"""Attract mode: the device plays a short game of every pack by itself, through the real game screens.

Any button ends it, and so does sleep (a waking key finds the menu). Games
are shortened by parameters (Pig to 30, Mia with one life), capped at CAP
actions, and never saved.
"""

from cupcore.rng import Rng

STEP = 400  # ms between the demo's moves
CAP = 40  # actions per game


class Demo:
    def __init__(self, app, once):
        self.app = app
        self.once = once  # one cycle, then back to the menu (cupkit sim --demo)
        from cupcore import packs
        self.games = []
        for pid in packs.ids():
            try:
                p = packs.load(pid)
            except ValueError:
                continue
            if "engine" in p:
                self.games.append((pid, p["engine"], min(p["players"]["max"], max(2, p["players"]["min"]))))
        self.rng = Rng(app.b.seed())
        self.i = -1
        self.wait = 0
        self.next = app.b.ticks_ms()
        self.advance()

    def advance(self):
        app = self.app
        self.i += 1
        if self.i >= len(self.games):
            if self.once:
                app.menu()
                return
            self.i = 0
        pid, eng, n = self.games[self.i]
        rec = {"pack": pid, "players": n, "seed": self.rng.next30(), "actions": []}
        if eng == "pig":
            rec["params"] = {"goal": 30}
        elif eng == "mia":
            rec["params"] = {"lives": 1}
        app.go("games." + eng, (rec, 1))  # the engine is known: no pack read while the last game is up
        self.wait = 0

    def tick(self, now):
        app = self.app
        if app.next is not None or app.b.ticks_diff(now, self.next) < 0:
            return  # the game screen is not up yet, or not time to move
        self.next = now + STEP
        scr = app.scr
        if scr.err is not None or scr.s["over"] or len(scr.rec["actions"]) >= CAP:
            self.wait += 1
            if self.wait > 4:
                scr = None
                self.advance()
        elif not scr.anim:
            scr.auto(self.rng)
