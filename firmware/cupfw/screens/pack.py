"""A pack's page: start a game, choose the number of players, read the quick-reference rules, and for
the engines with a computer player (cupcore.bots) choose each seat: a person or the cup.

The first time a pack with a game is opened, a game is started on it (cupcore.packcheck.game:
its player range and params); if that fails the page says why, and the menu lists the pack
as unusable from then on (app.bad).
"""

from cupcore import bots, packs

from cupfw import gfx
from cupfw.app import drop
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B


def why(app, pack):
    """Why the pack's game cannot be played, or None; found once, kept in app.bad."""
    pid = pack["id"]
    if pid not in app.bad:
        import cupcore
        from cupcore import packcheck
        try:
            packcheck.game(pack)
            app.bad[pid] = None
        except ValueError as e:
            app.bad[pid] = str(e)
        for m in ("packcheck", "replay", "engine", "rng") + cupcore.ENGINES:
            drop("cupcore." + m)
    return app.bad[pid]


class Screen:
    def __init__(self, app, arg):
        self.app = app
        self.pid = arg
        p = packs.load(arg)
        self.name = p["name"]
        self.why = why(app, p) if "engine" in p else None
        if self.why:
            self.breaks = gfx.wrap(self.why)
        pl = p.get("players")
        self.lo = pl["min"] if pl else 0
        self.hi = pl["max"] if pl else 0
        self.n = min(self.hi, max(self.lo, 2))
        self.sel = 0 if pl else 2
        self.seats = 3 + (self.hi > 1 and p["engine"] in bots.ENGINES)  # the rows; the 4th: who plays a seat
        self.seat = 1  # the seat that row shows
        self.cups = []

    def key(self, ev, bit):
        if ev:
            return
        app = self.app
        if self.why:
            if bit == A or bit == B:
                app.go("screens.menu")
            return
        if bit == UP or bit == DOWN:
            self.sel = (self.sel + (1 if bit == DOWN else -1)) % self.seats
        elif bit == LEFT or bit == RIGHT:
            if self.sel == 1:
                self.n = min(self.hi, max(self.lo, self.n + (1 if bit == RIGHT else -1)))
                self.cups = [c for c in self.cups if c < self.n]
            elif self.sel == 3:
                self.seat = (self.seat + (1 if bit == RIGHT else -1)) % self.n
        elif bit == B:
            app.go("screens.menu")
            return
        elif bit == A:
            if self.sel == 2:
                app.go("screens.text", ("rules", self.pid))
            elif self.sel == 3:
                c = self.seat % self.n
                if c in self.cups:
                    self.cups.remove(c)
                else:
                    self.cups.append(c)
                    self.cups.sort()
                app.dirty = True
            elif self.hi:
                rec = {"pack": self.pid, "players": self.n, "seed": app.b.seed(), "actions": []}
                if self.cups:
                    rec["cups"] = self.cups
                app.start(rec)
            return
        app.dirty = True

    def tick(self, now):
        return False

    def draw(self, fb):
        gfx.bar(fb, self.name)
        if self.why:
            gfx.lines(fb, self.why, self.breaks, 0, 5, 11)
            gfx.text(fb, "B: back", 0, 56)
            return
        if self.hi:
            rows = ["Start", "Players  < %d >" % self.n if self.lo < self.hi else "Players  %d" % self.n, "Rules"]
            if self.seats > 3:
                c = self.seat % self.n
                rows.append("P%d < %s >" % (c + 1, "the cup" if c in self.cups else "a person"))
        else:
            rows = ["(rules only)", "", "Rules"]
        gfx.menu(fb, rows, self.sel, 14)
        gfx.text(fb, "A: choose  B: back", 0, 56)
