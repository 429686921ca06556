"""Attract mode: the device plays a short game of every pack by itself, through the real game screens.

Any button ends it, and so does sleep (a waking key finds the menu). Games
are shortened by parameters (Pig to 30, Mia with one life, Liar's Dice with a die each, Yamb one column), capped at CAP
actions, and never saved.
"""

import cupcore
from cupcore.rng import Rng

CAP = 40  # actions per game


class Demo:
    def __init__(self, app, once):
        self.app = app
        self.once = once  # one cycle, then back to the menu (cupkit sim --demo)
        from cupcore import packs
        # The packs are read once, now: none is read while a game is up. What is kept of them is small:
        # their ids in one string, and two small ints each in a bytearray made before the readings
        # (where its engine's name is in cupcore.ENGINES, 0 for no game, and its players), not objects
        # left scattered among the readings' garbage.
        ids = packs.ids()
        self.games = bytearray(2 * len(ids))
        for i in range(len(ids)):
            try:
                p = packs.load(ids[i])
            except ValueError:
                continue
            if "engine" in p:
                self.games[2 * i] = cupcore.ENGINES.find(" %s " % p["engine"]) + 1
                self.games[2 * i + 1] = min(p["players"]["max"], max(2, p["players"]["min"]))
            p = None
        self.ids = " ".join(ids) + " "
        ids = None
        self.rng = Rng(app.b.seed())
        self.i = -1  # the pack on now, and where its id is in ids
        self.at = 0
        self.wait = 0
        self.next = app.b.ticks_ms()
        self.advance()

    def advance(self):
        """The next pack with a game, or the menu after the last one (once)."""
        app = self.app
        g = self.games
        ids = self.ids
        n = len(g) // 2
        for _ in range(n):
            self.i += 1
            self.at = ids.find(" ", self.at) + 1 if self.i else 0
            if self.i == n:
                if self.once:
                    break
                self.i = self.at = 0
            e = g[2 * self.i]
            if e:
                eng = cupcore.ENGINES[e:cupcore.ENGINES.find(" ", e)]
                rec = {"pack": ids[self.at:ids.find(" ", self.at)], "players": g[2 * self.i + 1],
                       "seed": self.rng.next30(), "actions": []}
                if eng == "pig":
                    rec["params"] = {"goal": 30}
                elif eng == "mia":
                    rec["params"] = {"lives": 1}
                elif eng == "liars":
                    rec["params"] = {"dice": 1}  # a whole game, to its winner, inside CAP
                elif eng == "yamb":
                    rec["params"] = {"columns": ["up"]}  # one column: its 40 actions make few different texts
                app.go("games." + eng, (rec, 1))  # the engine is known: no pack read while the last game is up
                self.wait = 0
                return
        app.menu()

    def tick(self, now):
        app = self.app
        if app.next is not None or app.b.ticks_diff(now, self.next) < 0:
            return  # the game screen is not up yet, or not time to move
        self.next = now + 400  # ms between the demo's moves
        if self.once:
            app.last = now  # a whole cycle (cupkit sim --demo, the benchmarks): it neither dims nor sleeps
        scr = app.scr
        if scr.err is not None or scr.s["over"] or len(scr.rec["actions"]) >= CAP:
            self.wait += 1
            if self.wait > 4:
                scr = None
                self.advance()
        elif not scr.anim:
            scr.auto(self.rng)
