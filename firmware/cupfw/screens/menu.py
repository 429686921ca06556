"""The game menu: resume, the packs on the device (built in and synced), statistics, settings, demo.

A pack the device cannot play is listed as unusable, and A shows why. Listing
reads every pack as a game start does (cupcore.packs.load) and checks all its
fields (cupcore.packcheck.fields); choosing one with a game starts one on it,
once (packcheck.game), before its page opens, and a pack that fails is listed as
unusable from then on.
"""

import gc

from cupfw import gfx
from cupfw.app import drop
from cupfw.hal import UP, DOWN, A

_END = ("Statistics", "Settings", "Demo")


def why(app, pid, game):
    """Why the pack cannot be played, or None; what choosing it found is kept in app.bad."""
    if game and pid not in app.bad:
        import cupcore
        from cupcore import packcheck, packs
        try:
            packcheck.game(packs.load(pid))
            app.bad[pid] = None
        except ValueError as e:
            app.bad[pid] = str(e)
        for m in ("packcheck", "replay", "engine", "rng") + cupcore.ENGINES:
            drop("cupcore." + m)
    return app.bad.get(pid)


class Screen:
    def __init__(self, app, arg):
        self.app = app
        self.rec = app.read("game.json")
        if not isinstance(self.rec, dict):
            self.rec = None
        from cupcore import packcheck, packs
        self.ids = packs.ids()
        labels = ["Resume " + self.rec["pack"]] if self.rec else []
        self.games = []  # the ids of the packs with a game
        for pid in self.ids:
            label = pid[:24] + " (unusable)"
            if not app.bad.get(pid):
                try:
                    p = packcheck.fields(packs.load(pid))
                    label = p["name"]
                    if "engine" in p:
                        self.games.append(pid)
                except ValueError as e:
                    app.bad[pid] = str(e)
                p = None
            labels.append(label)
        packcheck = None
        drop("cupcore.packcheck")
        gc.collect()  # the packs read for the list leave their garbage here, not in the next screen's way
        self.labels = labels + list(_END)
        self.sel = arg or 0

    def key(self, ev, bit):
        if ev:
            return
        n = len(self.labels)
        if bit == UP or bit == DOWN:
            self.sel = (self.sel + (1 if bit == DOWN else -1)) % n
            self.app.dirty = True
        elif bit == A:
            app = self.app
            i = self.sel - (1 if self.rec else 0)
            if i < 0:
                app.start(self.rec, 2)
            elif i < len(self.ids):
                pid = self.ids[i]
                if why(app, pid, pid in self.games):
                    app.go("screens.text", ("note", app.bad[pid]))
                else:
                    app.go("screens.pack", pid)
            elif i == len(self.ids):
                app.go("screens.text", ("stats", None))
            elif i == len(self.ids) + 1:
                app.go("screens.settings")
            else:
                app.run_demo(False)

    def tick(self, now):
        return False

    def draw(self, fb):
        gfx.bar(fb, "cupkit")
        gfx.menu(fb, self.labels, self.sel)
