"""The game menu: resume, the packs on the device (built in and synced), statistics, settings, demo.

A pack the device cannot play is listed as unusable, and A shows why.
"""

import gc

from cupfw import gfx
from cupfw.app import drop
from cupfw.hal import UP, DOWN, A

_END = ("Statistics", "Settings", "Demo")


def unusable(ids, names):
    """{pack id: why} of the packs the device cannot play (cupcore.packcheck), and their names in
    names; in steps, so that the JSON checker, the parser of a pack and an engine are each in
    memory alone, one engine at a time."""
    import cupcore
    from cupcore import packcheck, packs
    bad = {}
    for pid in ids:
        try:
            packcheck.grammar(pid)
        except ValueError as e:
            bad[pid] = str(e)
    drop("cupcore.jsonin")
    games = []
    for pid in ids:
        names.append(None)
        if pid not in bad:
            try:
                p = packs.load(pid)
                packcheck.fields(p)
                names[-1] = p["name"]
                if "engine" in p:
                    games.append(pid)
            except ValueError as e:
                bad[pid] = str(e)
            p = None
    for pid in games:
        gc.collect()
        try:
            packcheck.game(packs.load(pid))
        except ValueError as e:
            bad[pid] = str(e)
        for e in cupcore.ENGINES:
            drop("cupcore." + e)
    for m in ("replay", "engine", "rng", "packcheck"):
        drop("cupcore." + m)
    return bad


class Screen:
    def __init__(self, app, arg):
        self.app = app
        self.rec = app.read("game.json")
        if not isinstance(self.rec, dict):
            self.rec = None
        from cupcore import packs
        self.ids = packs.ids()
        names = []
        if app.bad is None:
            app.bad = unusable(self.ids, names)  # once a boot: the packs do not change while it runs
        else:
            for pid in self.ids:
                try:
                    names.append(packs.load(pid)["name"])
                except ValueError:
                    names.append(None)
        self.bad = app.bad
        for i in range(len(names)):
            if self.ids[i] in self.bad or names[i] is None:
                names[i] = self.ids[i][:24] + " (unusable)"
        self.labels = (["Resume " + self.rec["pack"]] if self.rec else []) + names + list(_END)
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
