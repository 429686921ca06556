"""Drop Dead on the dice tray: A rolls until the player drops dead; the 2s and 5s that did it are shown inverted."""

from cupfw.games.tray import Tray, who, BAD


class Screen(Tray):
    def said(self, b, act):
        s = self.s
        t = b["turn"]
        f = s["last_roll"]
        for i in range(len(f)):
            if f[i] == 2 or f[i] == 5:
                self.mark |= 1 << i
        if s["over"] or s["turn"] != t:
            return "%s drops dead!\nscore %d" % (who(t), s["scores"][t]), BAD
        if self.mark:
            n = b["dice_left"] - s["dice_left"]
            return "%s: %d %s dead,\n%d left" % (who(t), n, "die" if n == 1 else "dice", s["dice_left"]), 0
        return "%s: +%d" % (who(t), sum(f)), 0

    def info(self):
        s = self.s
        if s["over"]:
            return ""
        n = s["dice_left"]
        return "score %d, %d %s" % (s["scores"][s["turn"]], n, "die" if n == 1 else "dice")
