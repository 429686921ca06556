"""The game menu: resume, the packs on the device (built in and synced), statistics, settings, demo.

A pack the device cannot play is listed as unusable, and A shows why. Listing
reads every pack as a game start does (cupcore.packs.load) and checks all its
fields (cupcore.packcheck.fields); a pack whose game cannot start (its page
finds out, cupfw.screens.pack) is listed as unusable from then on.
"""

import gc

from cupfw import gfx
from cupfw.app import drop
from cupfw.hal import UP, DOWN, A

_END = ("Statistics", "Settings", "Demo")


class Screen:
    def __init__(self, app, arg):
        self.app = app
        rec = app.read("game.json")
        self.rec = {"pack": rec.get("pack")} if isinstance(rec, dict) else None  # the game screen reads it
        from cupcore import packcheck, packs
        self.ids = packs.ids()
        labels = ["Resume " + self.rec["pack"]] if self.rec else []
        for pid in self.ids:
            label = pid[:24] + " (unusable)"
            if not app.bad.get(pid):
                try:
                    label = packcheck.fields(packs.load(pid))["name"]
                except ValueError as e:
                    app.bad[pid] = str(e)
            labels.append(label)
        packcheck = None  # not needed again before a pack's page: let go of it, then drop it
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
                if app.bad.get(pid):
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
