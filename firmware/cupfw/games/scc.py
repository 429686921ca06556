"""Ship, Captain, Crew on the dice tray: the ship, captain and crew go aside as they come; the other two are the cargo.

In scc-classic, once the crew is aside, A rolls the cargo again and B stops and scores it.
"""

from cupfw import play
from cupfw.games import tray
from cupfw.hal import B


class Screen(tray.Screen):
    def do(self, act, anim=0):
        keep = self.show
        r = tray.Screen.do(self, act, anim)
        if act == "stop":
            self.show = keep  # the cargo that scores
        return r

    def update(self, b, act):
        s = self.s
        t = b["turn"]
        if act == "stop":
            self.mood = 1
            return "P%d stops and\nscores %d" % (t + 1, s["scores"][t] - b["scores"][t])
        a = list(b["aside"])
        rest = list(s["last_roll"])
        got = []
        for need in (6, 5, 4):  # as the engine sets them aside
            if need not in a:
                if need not in rest:
                    break
                a.append(need)
                rest.remove(need)
                got.append(("Crew!", "Captain!", "Ship!")[need - 4])
        self.show = (a, rest)
        done = s["over"] or s["turn"] != t
        top = " ".join(got) if got else ("No ship yet", "No captain yet", "No crew yet", "A new cargo")[len(a)]
        if len(a) < 3:
            self.mood = 2 if done else 0
            return ("%s\nP%d scores 0" if done else "%s\nP%d rolls again") % (top, t + 1)
        if done:
            self.mood = 1
            return "%s\nP%d scores %d" % (top, t + 1, sum(rest))
        return "%s\ncargo %d: B keeps it" % (top, sum(rest))

    def act(self, bit):
        if bit != B:
            self.do("roll", play.ROLL_MS)
        elif "stop" in self.g.legal():
            self.do("stop")
        else:
            self.text = "B keeps the cargo\nonce the crew is in"
            self.app.dirty = True

    def lines(self):
        n = self.s["rolls_left"]
        return "", "" if n is None else "%d rolls left" % n if n > 1 else "the last roll", \
            "A:roll B:stop v:score" if "stop" in self.g.legal() else "A:roll  v:scores"
