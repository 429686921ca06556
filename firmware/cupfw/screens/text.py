"""Scrolling text: a pack's quick-reference rules, the statistics, or a notice (a damaged file set aside)."""

import gc

from cupfw import gfx
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B


class Screen:
    def __init__(self, app, arg):
        self.app = app
        self.kind, what = arg
        if self.kind == "rules":
            from cupcore import packs, packtext
            self.title = packs.load(what)["name"] + " rules"
            gc.collect()
            with open(packs.path(what), "rb") as f:  # the rules as one bytearray (up to 4,000 bytes)
                self.text = packtext.rules(f)
            self.back = what
        elif self.kind == "stats":
            self.title = "Statistics"
            stats = app.read("stats.json", {})  # checked in shape when read (cupfw.saved)
            lines = []
            for pid in sorted(stats):
                s = stats[pid]
                best = s.get("best")
                seats = s.get("seats", [])
                lines.append("%s: %d games" % (pid, s.get("games", 0)))
                won = "  %d won" % s.get("wins", 0)
                lines.append(won if best is None else "%s, best %d" % (won, best))
                if len(seats) > 1:
                    lines.append("  seats: %s" % " ".join(map(str, seats)))
            self.text = "\n".join(lines) or "No games yet."
        else:
            self.title = "Notice"
            self.text = what
        self.breaks = gfx.wrap(self.text)
        self.top = 0

    def key(self, ev, bit):
        if ev:
            return
        step = (bit == DOWN) - (bit == UP) + 6 * ((bit == RIGHT) - (bit == LEFT))  # a line, or a page of 6
        if step:
            self.top = max(0, min(len(self.breaks) // 2 - 6, self.top + step))
            self.app.dirty = True
        elif bit == A or bit == B:
            if self.kind == "rules":
                self.app.go("screens.pack", self.back)
            else:
                self.app.go("screens.menu")

    def tick(self, now):
        return False

    def draw(self, fb):
        n = len(self.breaks) // 2
        gfx.bar(fb, self.title, "%d/%d" % (min(n, self.top + 6), n) if n > 6 else "")
        gfx.lines(fb, self.text, self.breaks, self.top, 6, 10)
