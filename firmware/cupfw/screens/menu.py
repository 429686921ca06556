"""The game menu: resume, the packs on the device in groups, statistics, settings, demo.

The top level lists the groups, the table tools (the dice cup, the turn timer) first;
A opens a group, the list of its packs (B goes back), so every pack is two levels down; a group of one pack
opens that pack's page at once. The menu opens on the saved game, or
else on the group of the last game started, and that group opens on it (until power-off: from a
fresh start the menu is always the same, so a key script does the same every time).

A pack the device cannot play is listed under Unusable, and A shows why. Listing
reads every pack as a game start does (cupcore.packs.load) and checks all its
fields (cupcore.packcheck.fields); a pack whose game cannot start (its page
finds out, cupfw.screens.pack) is listed as unusable from then on (app.bad).
"""

import gc

from cupfw import gfx
from cupfw.app import drop
from cupfw.hal import UP, DOWN, A, B


# Groups in menu order: the line on the menu, and the engines of its packs, each between spaces. An
# engine that is listed nowhere goes to More games, a reference pack (no engine) to Rules, one that
# cannot be read to Unusable. (One constant tuple: its strings cost the device no qstrs.)
_GROUPS = (("Table tools         >", " cup timer "),
           ("Luck games          >", " beetle chicago dropdead boston midnight scc zambales mafia "),
           ("Push your luck      >", " pig "), ("Bluffing            >", " mia insider "),
           ("Solitaire           >", " scoundrel bogey wish party "), ("More games          >", ""),
           ("Rules               >", ""), ("Unusable            >", ""))
_END = const(("Statistics", "Settings", "Demo"))


def group(engine):
    """The group (index in _GROUPS) of a pack whose engine is engine (None: a reference pack)."""
    for j in range(5):
        if " %s " % engine in _GROUPS[j][1]:
            return j
    return 6 if engine is None else 5


class Screen:
    def __init__(self, app, arg):
        self.app = app
        rec = app.read("game.json", None, True)  # its head: the pack
        self.rec = {"pack": rec.get("pack")} if isinstance(rec, dict) else None  # the game screen reads it
        from cupcore import packcheck, packs
        self.ids = packs.ids()
        names = self.names = []
        self.group = bytearray(len(self.ids))  # the group of each pack, by index in _GROUPS
        bad = app.bad  # pack id -> why it cannot be used (None: it can), kept between screens
        for i, pid in enumerate(self.ids):
            g = 7
            if not bad.get(pid):
                try:
                    p = packcheck.fields(packs.load(pid))
                    names.append(p["name"])
                    g = group(p.get("engine"))
                except ValueError as e:
                    bad[pid] = str(e)
            if g == 7:
                names.append(pid[:24] + " (unusable)")
            self.group[i] = g
        p = packcheck = packs = None  # not needed again before a pack's page: let go of them, then drop
        drop("cupcore.packcheck")
        gc.collect()  # the packs read for the list leave their garbage here, not in the next screen's way
        self.top = sorted(set(self.group))  # the groups that have packs, in order
        last = app.pack
        if arg in self.ids:  # back from a pack's page: on it, in its group
            self.at(arg)
        else:
            self.show(-1, arg if type(arg) is int else
                      self.home(self.group[self.ids.index(last)]) if self.rec is None and last in self.ids else 0)

    def members(self, g):
        out = []
        for i in range(len(self.ids)):
            if self.group[i] == g:
                out.append(i)
        return out

    def home(self, g):
        """The top-level line of group g."""
        return self.top.index(g) + (1 if self.rec else 0)

    def at(self, pid):
        """Show the pack pid in its group's list (at the top level, a group of one)."""
        i = self.ids.index(pid)
        g = self.group[i]
        m = self.members(g)
        if len(m) == 1:
            self.show(-1, self.home(g))
        else:
            self.show(g, m.index(i))

    def show(self, g, sel):
        """List group g (-1: the top level) with the line sel selected."""
        self.open = g
        self.sel = sel
        out = self.labels = []
        if g >= 0:
            for i in self.members(g):
                out.append(self.names[i])
            return
        if self.rec:
            out.append("Resume " + str(self.rec.get("pack")))
        for g in self.top:
            m = self.members(g)
            out.append(self.names[m[0]] if len(m) == 1 else _GROUPS[g][0])
        out += _END

    def key(self, ev, bit):
        if ev:
            return
        app = self.app
        d = (bit == DOWN) - (bit == UP)
        if d:
            self.sel = (self.sel + d) % len(self.labels)
        elif bit == B and self.open >= 0:
            self.show(-1, self.home(self.open))
        elif bit == A:
            i = self.sel - (1 if self.rec else 0)
            top = self.top
            n = len(top)  # the groups' lines; then statistics, settings, the demo
            if self.open >= 0 or not 0 <= i < n or len(self.members(top[i])) == 1:
                gfx.bar(app.fb, self.title()[:17], "...")  # the key's own frame, at once (all but a group's opening,
                app.b.show()  # which is this screen's): the next screen takes 100-250 ms to load on a Pico
            if self.open >= 0:
                self.pack(self.members(self.open)[self.sel])
                return
            if i < 0:
                app.pack = self.rec.get("pack")
                app.start(self.rec, 2)
            elif i < n:
                m = self.members(top[i])
                if len(m) == 1:
                    self.pack(m[0])
                    return
                ids = self.ids
                last = app.pack
                self.show(top[i], m.index(ids.index(last)) if last in ids and ids.index(last) in m else 0)
            elif i == n:
                app.go("screens.text", ("stats", None))
            elif i == n + 1:
                app.go("screens.settings")
            else:
                app.run_demo(False)
        else:
            return
        app.dirty = True

    def pack(self, i):
        pid = self.ids[i]
        why = self.app.bad.get(pid)
        if why:
            self.app.go("screens.text", ("note", why))
        else:
            self.app.go("screens.pack", pid)

    def tick(self, now):
        return False

    def title(self):
        return "cupkit" if self.open < 0 else _GROUPS[self.open][0][:-1].strip()

    def draw(self, fb):
        gfx.bar(fb, self.title())
        gfx.menu(fb, self.labels, self.sel)
