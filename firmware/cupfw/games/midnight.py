"""Midnight on the dice tray: roll the dice not kept, then keep from the roll (left/right pick, A keeps;
with keep `any`, A marks and B keeps the marked ones); a 1 and a 4 qualify the other four."""

from cupfw import play
from cupfw.games import tray
from cupfw.hal import A, B


class Screen(tray.Screen):
    def enter(self):
        first = not hasattr(self, "mode")
        tray.Screen.enter(self)
        if first and self.g.rolled:
            self.cur = 1  # resumed while choosing

    def update(self, b, act):
        s = self.s
        t = b["turn"] + 1
        if act == "roll":
            self.cur = 1
            return ("P%d rolls %d dice:\nkeep 1 or more", "P%d rolls %d dice:\nkeep one of them")[self.g.one] \
                % (t, len(s["last_roll"]))
        kept = act.split()[1:]
        a = b["aside"] + list(map(int, kept))
        self.show = (a, ())
        if len(a) < 6:
            return "P%d keeps %s" % (t, " ".join(kept))
        if 1 in a and 4 in a:
            self.mood = 1
            return "P%d has 1 and 4:\nscores %d" % (t, sum(a) - 5)
        self.mood = 2
        return "P%d: no 1 and 4,\nscores 0" % t

    def act(self, bit):
        if not self.cur:
            if bit != B:
                self.do("roll", play.ROLL_MS)
            return
        f = self.show[1]
        if self.g.one:
            if bit == A:
                self.do(" ".join(["keep", str(f[self.cur - 1])]))
            return
        if bit == A:
            self.mark ^= 1 << (self.cur - 1)
        elif bit == B:
            kept = []
            for i in range(len(f)):
                if self.mark >> i & 1:
                    kept.append(str(f[i]))
            if kept:
                self.do(" ".join(["keep"] + kept))
                return
            self.text = "A marks the dice\nto keep, B keeps them"
        self.app.dirty = True

    def lines(self):
        s = self.s
        a = s["aside"]
        info = "" if s["over"] else ("P%d needs a 1 and a 4", "P%d needs a 4", "P%d needs a 1",  # (21 characters a line)
                                     "P%d has the 1 and 4")[(1 in a) + 2 * (4 in a)] % (s["turn"] + 1)
        return "", info, "A:roll  v:scores" if not self.cur else "</>:pick  A:keep" if self.g.one else "A:mark  B:keep"
