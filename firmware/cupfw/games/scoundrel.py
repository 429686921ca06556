"""Scoundrel: the room of four cards, health, the weapon with its last slain monster, cards left.

Left/right choose a card; A takes a weapon or potion, or fights a monster with
the weapon (barehanded when the weapon cannot); B fights barehanded; down avoids
the room. The LEDs are a health bar.
"""

from cupfw import gfx, play
from cupfw.hal import LEFT, RIGHT, DOWN, A, B


class Screen(play.Game):
    def enter(self):
        if self.g.show:  # the screen shows how many cards are left, not which: no names in the summaries
            self.g.show = False
            self.s.pop("dungeon")
        self.legal = self.g.legal()
        n = len(self.s["room"])
        if not hasattr(self, "sel") or self.sel >= n:
            self.sel = 0

    def choice(self, act):
        c = self.s["room"][self.sel] if self.s["room"] else ""
        a = act + " " + c
        return a if a in self.legal else None

    def do(self, act, anim=0):
        hp = self.s["health"]
        if not play.Game.do(self, act, anim):
            return
        if self.s["health"] < hp:
            self.app.flash(4, 400)
            self.app.beep(200, 150)
        elif self.s["health"] > hp:
            self.app.flash(2, 400)

    def press(self, bit):
        n = len(self.s["room"])
        d = (bit == RIGHT) - (bit == LEFT)
        if d:
            self.sel = (self.sel + d) % max(1, n)
            self.app.dirty = True
        elif bit == A:
            a = self.choice("take") or self.choice("fight") or self.choice("bare")
            if a:
                self.do(a)
        elif bit == B:
            a = self.choice("bare")
            if a:
                self.do(a)
        elif bit == DOWN and "avoid" in self.legal:
            self.do("avoid")

    def result(self):
        return self.s["result"] == "won", self.s["score"]

    def lights(self):
        s = self.s
        p = self.app.pattern
        full = getattr(self.g, "max", 20)  # the starting health
        lit = (max(0, s["health"]) * len(p) + full - 1) // full
        colour = 2 if 2 * s["health"] > full else (3 if 4 * s["health"] > full else 4)
        for i in range(len(p)):
            p[i] = colour if i < lit else 0

    def paint(self, fb):
        s = self.s
        text = gfx.text  # (locals: shorter code than gfx's attributes each time)
        card = gfx.card
        # Short words in constant tuples are not interned (a short string constant is, for ever).
        if s["over"]:
            words = ("Slain", "Escaped!", "score %d")
            gfx.bar(fb, words[s["result"] == "won"], words[2] % s["score"])
        else:
            words = ("HP %d", "dungeon %d")
            gfx.bar(fb, words[0] % s["health"], words[1] % self.g.left)
        x = 2
        for i in range(len(s["room"])):
            card(fb, x, 10, s["room"][i])
            if i == self.sel and not s["over"]:
                fb.fill_rect(x, 43, 26, 2, 1)
            x += 31
        if s["weapon"]:
            card(fb, 0, 46, s["weapon"], 1)
            if s["slain"]:
                card(fb, 17, 46, s["slain"], 1)
        else:
            text(fb, b"no weapon", 0, 50)
        if s["over"]:
            text(fb, b"A: menu", 86, 55)
            return
        f = self.choice("fight")
        b = self.choice("bare")
        words = ("A:take", "A:weapon", "A:bare", "B:bare", "v:avoid")
        text(fb, words[0 if self.choice("take") else (1 if f else 2)], 36 if s["weapon"] else 60, 47)
        if f and b:
            text(fb, words[3], 36, 56)
        if "avoid" in self.legal:
            text(fb, words[4], 86, 56)
