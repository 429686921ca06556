"""The game menu: resume, the packs on the device (built in and synced), statistics, settings, demo."""

from cupcore import packs

from cupfw import gfx
from cupfw.hal import UP, DOWN, A

_END = ("Statistics", "Settings", "Demo")


class Screen:
    def __init__(self, app, arg):
        self.app = app
        rec = app.st.read("game.json")
        self.rec = {"pack": rec.get("pack")} if isinstance(rec, dict) else None  # the game screen reads it
        labels = ["Resume " + str(self.rec.get("pack"))] if self.rec else []
        self.ids = packs.ids()
        self.bad = {}  # pack id -> why it cannot be used
        for pid in self.ids:
            try:
                labels.append(packs.load(pid)["name"])
            except ValueError as e:
                labels.append(pid + " (unusable)")
                self.bad[pid] = str(e)
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
                if pid in self.bad:
                    app.go("screens.text", ("note", self.bad[pid]))
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
