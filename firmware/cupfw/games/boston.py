"""Going to Boston on the dice tray: each roll sets aside its highest die (shown inverted); three make the score."""

from cupfw.games.tray import Tray, who


class Screen(Tray):
    def said(self, b, act):
        f = self.s["last_roll"]
        hi = max(f)
        self.mark = 1 << f.index(hi)
        a = b["aside"]
        self.show = (a, f)
        if len(a) == 2:
            return "%s scores %d\n(%d+%d+%d)" % (who(b["turn"]), sum(a) + hi, a[0], a[1], hi), 0
        return "%s sets aside a %d" % (who(b["turn"]), hi), 0

    def info(self):
        s = self.s
        return "" if s["over"] else "roll %d of 3" % (len(s["aside"]) + 1)
