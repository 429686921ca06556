"""Zambales on the dice tray: up to five rolls of two dice to make a pair; the highest pair wins."""

from cupfw.games import tray


class Screen(tray.Screen):
    def update(self, b, act):
        f = self.s["last_roll"]
        t = b["turn"] + 1
        if f[0] == f[1]:
            self.mood = 1
            return "P%d: a pair of %ds!" % (t, f[0])
        if b["tries_left"] == 1:
            self.mood = 2
            return "P%d: no pair at all" % t
        return "P%d: no pair yet" % t

    def lines(self):
        n = self.s["tries_left"]
        return "", "" if n is None else "%d tries left" % n if n > 1 else "the last try", "A:roll  v:scores"

    def values(self):
        out = []
        for p in self.s["pairs"]:
            out.append(p or "-")
        return out
