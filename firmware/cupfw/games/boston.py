"""Going to Boston on the dice tray: each roll sets aside its highest die (shown inverted); three make the score."""

from cupfw.games import tray


class Screen(tray.Screen):
    def update(self, b, act):
        f = self.s["last_roll"]
        hi = max(f)
        self.mark = 1 << f.index(hi)
        a = b["aside"]
        self.show = (a, f)
        if len(a) == 2:
            return "P%d scores %d\n(%d+%d+%d)" % (b["turn"] + 1, sum(a) + hi, a[0], a[1], hi)
        return "P%d sets aside a %d" % (b["turn"] + 1, hi)

    def lines(self):
        top, _, keys = tray.Screen.lines(self)
        s = self.s
        return top, "" if s["over"] else "roll %d of 3" % (len(s["aside"]) + 1), keys
