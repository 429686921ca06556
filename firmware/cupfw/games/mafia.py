"""Mafia on the dice tray: roll every die you hold; 1s leave, 6s go to the next player (both shown
inverted); the first with no dice starts the showdown, where the highest die loses a token."""

from cupfw.games import tray


class Screen(tray.Screen):
    def update(self, b, act):
        s = self.s
        t = b["turn"]
        f = s["last_roll"]
        if b["phase"] == "play":
            for i in range(len(f)):
                if f[i] == 1 or f[i] == 6:
                    self.mark |= 1 << i
            if s["phase"] == "showdown":
                self.mood = 1
                return "P%d is out of dice!\nShowdown: high loses" % (t + 1)
            nxt = (t + 1) % s["players"]  # the next seat with tokens: the 6s go there
            while not b["tokens"][nxt]:
                nxt = (nxt + 1) % s["players"]
            ones = 1 in f
            sixes = 6 in f
            return ("P%d: no 1s or 6s", "P%d: 1s leave play", "P%d: 6s go to P%d",
                    "P%d: 1s leave play,\n6s go to P%d")[ones + 2 * sixes] % ((t + 1, nxt + 1) if sixes else t + 1)
        for p in range(s["players"]):  # the seat that lost a token, if any
            if s["tokens"][p] < b["tokens"][p]:
                self.mood = 2
                return ("P%d rolls a %d:\nP%d is out of tokens", "P%d rolls a %d:\nP%d loses a token")[
                    s["tokens"][p] > 0] % (t + 1, f[0], p + 1)
        if s["showdown"][s["turn"]]:
            return "P%d rolls a %d:\na tie, roll again" % (t + 1, f[0])
        return "P%d rolls a %d" % (t + 1, f[0])

    def lines(self):
        s = self.s
        if s["over"]:
            return "", "", ""
        t = s["turn"]
        n = s["dice_held"][t]
        k = s["tokens"][t]
        info = "showdown: one die" if s["phase"] == "showdown" else \
            ("%d dice, %d tokens", "%d die, %d tokens", "%d dice, %d token", "%d die, %d token")[(n == 1) + 2 * (k == 1)] % (n, k)
        return "", info, "A:roll  v:scores"

    def values(self):
        return self.s["tokens"]
