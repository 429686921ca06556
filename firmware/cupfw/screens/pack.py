"""A pack's page: start a game, choose the number of players, read the quick-reference rules, and for
the engines with a computer player (cupcore.bots) choose each seat: a person or the cup (a 4th row,
"P2 < a person >": left and right pick the seat, A hands it to the cup or back).

The cup's page (engine cup) sets the dice instead of the players: how many, their
sides, open or hidden under the cup. Its last settings are remembered (settings.json).

The first time a pack with a game is opened, a game is started on it (as cupcore.packcheck.game
does: its player range and params); if that fails the page says why, and the menu lists the pack
as unusable from then on (app.bad).
"""

from cupcore import packs

from cupfw import gfx
from cupfw.app import drop
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B


SIDES = (4, 6, 8, 10, 12, 20)
# cupcore.bots.SEATED (a test holds it): no need to load it here
_BOTS = const(("pig", "mia", "liars", "dixmille", "generala", "pokerdice", "scc", "midnight", "yamb",
               "beetle", "boston", "chicago", "dropdead", "mafia", "zambales"))
_WHO = const(("a person", "the cup"))


def why(app, pack):
    """Why the pack's game cannot be played, or None; found once, kept in app.bad."""
    pid = pack["id"]
    if pid not in app.bad:
        import cupcore
        from cupcore import replay
        try:  # cupcore.packcheck.game, without loading packcheck: the dice table's engines leave no room for it
            lo, hi = replay.engine(pack["engine"]).PLAYERS
            pl = pack["players"]
            if pl["min"] < lo or pl["max"] > hi:
                raise ValueError("players: the %s engine plays %s" % (
                    pack["engine"], "1 player" if hi == 1 else "%d to %d players" % (lo, hi)))
            replay.start({"pack": pid, "players": pl["min"]}, None, pack)  # the pack read already: not again
            app.bad[pid] = None
        except ValueError as e:
            app.bad[pid] = "pack %s: %s" % (pid, e)
        replay = None
        for m in ("replay engine rng dice digits rolls cards" + cupcore.ENGINES).split():
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
        self.cup = None  # the cup's dice, sides and hidden, as [n, index in SIDES, 0 or 1]
        if p.get("engine") == "cup":
            q = p["params"]
            c = app.cfg.get("cup")
            if not (isinstance(c, list) and len(c) == 4 and c[0] == arg and type(c[1]) is int and 1 <= c[1] <= 10
                    and type(c[2]) is int and c[2] in SIDES and type(c[3]) is bool):
                c = [arg, q.get("dice"), q.get("sides"), q.get("hidden")]
            n = c[1] if type(c[1]) is int and 1 <= c[1] <= 10 else 5
            self.cup = [n, SIDES.index(c[2]) if c[2] in SIDES else 1, 1 if c[3] is True else 0]
        # The seats the cup plays (the record's "cups"), for an engine with a computer player; else None.
        self.cups = [] if self.hi > 1 and p.get("engine") in _BOTS else None
        self.at = 1  # the seat the 4th row shows

    def lines(self):
        if self.cup:
            n, k, h = self.cup
            return ["Roll the dice", "Dice     < %s >" % n, "Sides    < d%d >" % SIDES[k],
                    "Cup      < %s >" % ("hidden" if h else "open"), "Rules"]
        if not self.hi:
            return ["(rules only)", "", "Rules"]
        rows = ["Start", "Players  < %d >" % self.n if self.lo < self.hi else "Players  %d" % self.n, "Rules"]
        if self.cups is not None:
            rows.append("P%d       < %s >" % (self.at + 1, _WHO[self.at in self.cups]))
        return rows

    def key(self, ev, bit):
        if ev:
            return
        app = self.app
        sel = self.sel
        last = 4 if self.cup else 2  # the Rules row
        if bit == B or bit == A and (self.why or sel == 0 and self.hi or sel == last):
            gfx.bar(app.fb, self.name[:17], "...")  # the key's own frame, at once, as the page is left: the next
            app.b.show()  # screen takes 100-250 ms to load on a Pico (only the title line's page is sent)
        if self.why or bit == B:
            if bit == A or bit == B:
                app.go("screens.menu", self.pid)
            return
        cups = self.cups
        d = (bit == RIGHT) - (bit == LEFT)
        if bit == UP or bit == DOWN:
            self.sel = (sel + (1 if bit == DOWN else -1)) % (last + 1 + (cups is not None))
        elif d:
            c = self.cup
            if c and 0 < sel < last:
                i = sel - 1
                c[i] = (c[i] + d) % (10, 6, 2)[i] if i else max(1, min(10, c[0] + d))
            elif sel == 1:
                self.n = min(self.hi, max(self.lo, self.n + d))
                if cups is not None:
                    while cups and cups[-1] >= self.n:  # (kept in order: the seats past the last go)
                        cups.pop()
                    self.at %= self.n
            elif sel == 3 and cups is not None:
                self.at = (self.at + d) % self.n
        elif bit == A:
            if sel == last:
                app.go("screens.text", ("rules", self.pid))
            elif sel == 3 and cups is not None:
                if self.at in cups:
                    cups.remove(self.at)
                else:
                    cups.append(self.at)
                    cups.sort()
                app.dirty = True
            elif sel == 0 and self.hi:
                rec = {"pack": self.pid, "players": self.n, "seed": app.b.seed(), "actions": []}
                if cups:
                    rec["cups"] = cups
                c = self.cup
                if c:
                    keep = [self.pid, c[0], SIDES[c[1]], c[2] == 1]
                    rec["params"] = {"dice": keep[1], "sides": keep[2], "hidden": keep[3]}
                    if app.cfg.get("cup") != keep:  # remembered for next time
                        app.cfg["cup"] = keep
                        try:
                            app.st.write("settings.json", app.cfg)
                        except OSError:
                            pass
                app.pack = self.pid
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
        gfx.menu(fb, self.lines(), self.sel, 11 if self.cup else 14)
        gfx.text(fb, "A: choose  B: back", 0, 56)
