"""Drop Dead on the dice tray: A rolls until the player drops dead; the 2s and 5s that did it are shown inverted."""

from cupfw.games import tray


class Screen(tray.Screen):
    def update(self, b, act):
        s = self.s
        t = b["turn"]
        f = s["last_roll"]
        for i in range(len(f)):
            if f[i] == 2 or f[i] == 5:
                self.mark |= 1 << i
        if s["over"] or s["turn"] != t:
            self.mood = 2
            return "P%d drops dead!\nscore %d" % (t + 1, s["scores"][t])
        if self.mark:
            n = b["dice_left"] - s["dice_left"]
            return "P%d: %d of the dice\ndrop dead, %d left" % (t + 1, n, s["dice_left"])
        return "P%d adds %d" % (t + 1, sum(f))

    def lines(self):
        s = self.s
        if s["over"]:
            return "", "", ""
        n = s["dice_left"]
        return "", "score %d, %d %s" % (s["scores"][s["turn"]], n, "die" if n == 1 else "dice"), "A:roll  v:scores"
