"""Mafia on the dice tray: roll every die you hold; 1s leave, 6s go to the next player (both shown
inverted); the first with no dice starts the showdown, where the highest die loses a token."""

from cupfw.games.tray import Tray, who, GOOD, BAD


def after(tokens, p):
    """The next seat after p that still has tokens."""
    p = (p + 1) % len(tokens)
    while not tokens[p]:
        p = (p + 1) % len(tokens)
    return p


class Screen(Tray):
    def said(self, b, act):
        s = self.s
        t = b["turn"]
        f = s["last_roll"]
        if b["phase"] == "play":
            for i in range(len(f)):
                if f[i] == 1 or f[i] == 6:
                    self.mark |= 1 << i
            if s["phase"] == "showdown":
                return "%s is out of dice!\nShowdown: high loses" % who(t), GOOD
            out = []
            for face, where in ((1, "out"), (6, "to " + who(after(b["tokens"], t)))):
                n = f.count(face)
                if n:
                    out.append("%d %s %s" % (n, "die" if n == 1 else "dice", where))
            return "%s: %s" % (who(t), ",\n".join(out) or "no 1s or 6s"), 0
        lost = [p for p in range(s["players"]) if s["tokens"][p] < b["tokens"][p]]
        if lost:
            p = lost[0]
            return "%s rolls a %d: %s\n%s" % (who(t), f[0], who(p), "is out!" if not s["tokens"][p]
                                               else "loses a token"), BAD
        if s["showdown"][s["turn"]]:
            return "%s rolls a %d:\na tie, roll again" % (who(t), f[0]), 0
        return "%s rolls a %d" % (who(t), f[0]), 0

    def status(self):
        return "" if self.s["over"] else "round %d" % self.s["round"]

    def info(self):
        s = self.s
        if s["over"]:
            return ""
        t = s["turn"]
        if s["phase"] == "showdown":
            return "showdown: one die"
        n = s["dice_held"][t]
        return "%d %s, %d tokens" % (n, "die" if n == 1 else "dice", s["tokens"][t])

    def marks(self):
        return self.s["tokens"]
