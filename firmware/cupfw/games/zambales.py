"""Zambales on the dice tray: up to five rolls of two dice to make a pair; the highest pair wins."""

from cupfw.games.tray import Tray, who, GOOD, BAD


class Screen(Tray):
    def said(self, b, act):
        f = self.s["last_roll"]
        t = b["turn"]
        if f[0] == f[1]:
            return "%s: a pair of %ds!" % (who(t), f[0]), GOOD
        if b["tries_left"] == 1:
            return "%s: no pair" % who(t), BAD
        return "%s: no pair yet" % who(t), 0

    def info(self):
        n = self.s["tries_left"]
        return "" if n is None else "%d %s left" % (n, "try" if n == 1 else "tries")

    def marks(self):
        return [p or "-" for p in self.s["pairs"]]
