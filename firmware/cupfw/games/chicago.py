"""Chicago on the dice tray: one roll each a round; a sum equal to the round's target scores it."""

from cupfw.games import tray


class Screen(tray.Screen):
    def update(self, b, act):
        f = self.s["last_roll"]
        n = f[0] + f[1]
        t = b["target"]
        if n == t:
            self.mood = 1
            return "P%d rolls %d: hit!\n+%d points" % (b["turn"] + 1, n, t)
        return "P%d rolls %d,\nneeded %d" % (b["turn"] + 1, n, t)

    def lines(self):
        top, _, keys = tray.Screen.lines(self)
        t = self.s["target"]
        return top, "aim for a %d" % t if t else "", keys
