"""Beetle on the dice tray: each roll draws the part its face names, if the beetle may have it."""

from cupcore.beetle import _MOST, _NEEDS

from cupfw.games import tray

# By face - 1: the part, with its article, and what a beetle with all of them has.
_PART = (("an eye", "both eyes"), ("an antenna", "both antennae"), ("a leg", "all six legs"),
         ("a wing", "both wings"), ("a head", "its head"), ("a body", "its body"))


class Screen(tray.Screen):
    def update(self, b, act):
        s = self.s
        f = s["last_roll"][0]
        t = b["turn"]
        had = b["beetles"][t][f - 1]
        part = _PART[f - 1]
        if s["beetles"][t][f - 1] > had:
            if s["over"]:
                self.mood = 1
                return "P%d: %s!\nThe beetle is whole!" % (t + 1, part[0])
            return "P%d rolls a %d:\n%s! %d of 14" % (t + 1, f, part[0], s["scores"][t])
        if had == _MOST[f - 1]:
            return "P%d rolls a %d, but\nhas %s" % (t + 1, f, part[1])
        return "P%d: %s needs\n%s first" % (t + 1, part[0], _PART[_NEEDS[f - 1] - 1][0])

    def lines(self):
        s = self.s
        return "", "" if s["over"] else "P%d has %d of 14 parts" % (s["turn"] + 1, s["scores"][s["turn"]]), \
            "A:roll  v:scores"
