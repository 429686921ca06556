"""Chicago on the dice tray: one roll each a round; a sum equal to the round's target scores it."""

from cupfw.games.tray import Tray, who, GOOD


class Screen(Tray):
    def said(self, b, act):
        f = self.s["last_roll"]
        n = f[0] + f[1]
        t = b["target"]
        if n == t:
            return "%s rolls %d: hit!\n+%d points" % (who(b["turn"]), n, t), GOOD
        return "%s rolls %d,\nneeded %d" % (who(b["turn"]), n, t), 0

    def info(self):
        t = self.s["target"]
        return "aim for %d" % t if t else ""
