"""Ship, Captain, Crew on the dice tray: the ship, captain and crew go aside as they come; the other two are the cargo.

In scc-classic, once the crew is aside, A rolls the cargo again and B stops and scores it.
"""

from cupfw import play
from cupfw.games.tray import Tray, who, GOOD, BAD
from cupfw.hal import B

_NAMES = ("Crew", "Captain", "Ship")  # by face - 4


class Screen(Tray):
    def do(self, act, anim=0):
        keep = self.show
        Tray.do(self, act, anim)
        if act == "stop":
            self.show = keep  # the cargo that scores

    def said(self, b, act):
        s = self.s
        t = b["turn"]
        if act == "stop":
            return "%s stops and\nscores %d" % (who(t), s["scores"][t] - b["scores"][t]), GOOD
        a = list(b["aside"])
        rest = list(s["last_roll"])
        got = []
        for need in (6, 5, 4):  # as the engine sets them aside
            if need not in a:
                if need not in rest:
                    break
                a.append(need)
                rest.remove(need)
                got.append(_NAMES[need - 4] + "!")
        self.show = (a, rest)
        done = s["over"] or s["turn"] != t
        if len(a) == 3:
            top = " ".join(got) if got else "New cargo"
            if done:
                return "%s\n%s scores %d" % (top, who(t), sum(rest)), GOOD
            return "%s\ncargo %d: B keeps it" % (top, sum(rest)), 0
        top = " ".join(got) if got else "No " + _NAMES[2 - len(a)].lower()
        if done:
            return "%s\n%s scores 0" % (top, who(t)), BAD
        return "%s\n%s rolls again" % (top, who(t)), 0

    def act(self, bit):
        if bit != B:
            self.do("roll", play.ROLL_MS)
        elif "stop" in self.g.legal():
            self.do("stop")
        else:
            self.msg = "B keeps the cargo\nonce the crew is in"
            self.app.dirty = True

    def info(self):
        n = self.s["rolls_left"]
        return "" if n is None else "%d %s left" % (n, "roll" if n == 1 else "rolls")

    def hint(self):
        return "A:roll B:stop v:score" if "stop" in self.g.legal() else Tray.hint(self)
