"""Beetle on the dice tray: each roll draws the part its face names, if the beetle may have it."""

from cupcore.beetle import _MOST, _NEEDS

from cupfw.games.tray import Tray, who, GOOD

_PART = ("eye", "antenna", "leg", "wing", "head", "body")  # by face - 1


class Screen(Tray):
    def said(self, b, act):
        f = self.s["last_roll"][0]
        t = b["turn"]
        had = b["beetles"][t][f - 1]
        part = _PART[f - 1]
        if self.s["beetles"][t][f - 1] > had:
            if self.s["over"]:
                return "%s rolls a %d: %s!\nThe beetle is whole!" % (who(t), f, part), GOOD
            return "%s rolls a %d:\n%s %s! %d of 14" % (who(t), f, "an" if f < 3 else "a", part,
                                                         self.s["scores"][t]), 0
        if had == _MOST[f - 1]:
            return "%s rolls a %d: no\nmore %s" % (who(t), f, "antennae" if f == 2 else part + "s") if f < 5 else \
                "%s rolls a %d: has\nthe %s already" % (who(t), f, part), 0
        return "%s rolls a %d: the\n%s needs the %s" % (who(t), f, part, _PART[_NEEDS[f - 1] - 1]), 0

    def info(self):
        s = self.s
        return "" if s["over"] else "%s has %d of 14 parts" % (who(s["turn"]), s["scores"][s["turn"]])
