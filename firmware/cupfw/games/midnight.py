"""Midnight on the dice tray: roll the dice not kept, then keep from the roll (left/right pick, A keeps;
with keep `any`, A marks and B keeps the marked ones); a 1 and a 4 qualify the other four."""

from cupfw import play
from cupfw.games.tray import Tray, who, GOOD, BAD
from cupfw.hal import A, B


def need(a):
    """What the kept dice a still lack to qualify, in words."""
    if 1 in a and 4 in a:
        return "has the 1 and the 4"
    return "needs " + " and ".join(["a %d" % f for f in (1, 4) if f not in a])


class Screen(Tray):
    def enter(self):
        first = not hasattr(self, "page")
        Tray.enter(self)
        if first and self.g.rolled:
            self.cur = 1  # resumed while choosing

    def said(self, b, act):
        s = self.s
        t = b["turn"]
        if act == "roll":
            self.cur = 1
            return "%s rolls %d dice:\nkeep %s" % (who(t), len(s["last_roll"]), "one" if self.g.one else "1 or more"), 0
        kept = [int(w) for w in act.split()[1:]]
        a = b["aside"] + kept
        if len(a) < 6:
            self.show = (a, ())
            return "%s keeps %s" % (who(t), " ".join([str(f) for f in kept])), 0
        self.show = (a, ())
        if 1 in a and 4 in a:
            return "%s has 1 and 4:\nscores %d" % (who(t), sum(a) - 5), GOOD
        return "%s: no 1 and 4,\nscores 0" % who(t), BAD

    def act(self, bit):
        if not self.cur:
            if bit != B:
                self.do("roll", play.ROLL_MS)
            return
        f = self.show[1]
        if self.g.one:
            if bit == A:
                self.do("keep %d" % f[self.cur - 1])
            return
        if bit == A:
            self.mark ^= 1 << (self.cur - 1)
        elif bit == B:
            kept = [str(f[i]) for i in range(len(f)) if self.mark >> i & 1]
            if kept:
                self.do("keep " + " ".join(kept))
                return
            self.msg = "A marks the dice\nto keep, B keeps them"
        self.app.dirty = True

    def info(self):
        s = self.s
        return "" if s["over"] else "%s %s" % (who(s["turn"]), need(s["aside"]))

    def hint(self):
        if not self.cur:
            return Tray.hint(self)
        return "</>:pick  A:keep" if self.g.one else "A:mark  B:keep"
