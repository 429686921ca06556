"""Mia and Meier (RULES.md section 4): the bluffing dice game with a hidden cup.

Actions: roll, claim V, challenge, pass, concede. A value is two digits, high
die first (65); the pack's ranking lists the 21 values, highest first.
The cup value is known only to the player who last rolled it: it is in that
player's view() as "cup" and nowhere else (not in summary(), legal() or an
error message) until a challenge lifts it ("revealed").
"Mia" is the value 21 (the Mia penalty, concede); "nothing is higher" means the
top of the ranking (the knower cannot raise it; a reroll against it resets the claim).
Memory: the instance keeps at most 17 attributes (a bigger attribute table costs
a larger block) and the checked params dict itself rather than copies of it.
"""

from cupcore.engine import Engine

KIND = "dice"
PLAYERS = (2, 8)  # the player counts this engine can play
PARAMS = {
    "lives": (1, 9),
    "ranking": None,  # checked by Game: the 21 values, each once
    "mia_penalty": (1, 9),
    "pass": (True, False),
    "blind_raise": (True, False),
    "concede": (True, False),
    "starter": ("loser", "challenger"),
}


class Game(Engine):
    RESERVE = 128  # self-play's room for actions: random 3-player games stay well under it

    def __init__(self, pack, players, params, rng, stack):
        Engine.__init__(self, pack, players, rng, stack)
        r = params["ranking"]
        ok = type(r) is list and len(r) == 21
        if ok:
            for v in r:
                if type(v) is not int or not 10 < v < 67 or not 0 < v % 10 <= v // 10 or r.count(v) > 1:
                    ok = False
        if not ok:
            raise ValueError("params: ranking must list the 21 values once each, highest first")
        self.params = params
        self.lives = bytearray(players)
        for i in range(players):
            self.lives[i] = params["lives"]
        self.claim = None  # the standing claim (a value) or None
        self.owner = None
        self.revealed = None
        self.cup = 0  # the hidden value under the cup; 0 = none this round
        self.knower = -1  # who last rolled the cup
        self.rolled = False  # the player to act has rolled and must claim
        self.round = []  # this round's rolls, claims (their values) and passes, in order: public, the cup's player reads them

    def claims(self):
        """The values the player to act may claim now, highest first; None when they must roll first.

        Empty when nothing is higher than the standing claim; a device screen lists these.
        """
        c = self.claim
        p = self.params
        r = p["ranking"]
        if self.over or not (self.rolled or c and (p["blind_raise"] or self.turn == self.knower)):
            return None
        return r[:r.index(c)] if c else r[:]

    def odds(self, v):
        """How many of the 36 rolls of two dice beat value v (rank strictly higher); v None: all 36."""
        r = self.params["ranking"]
        n = 0
        for x in r[:r.index(v)] if v else r:
            n += 2 if x % 11 else 1  # a pair is one roll of 36, any other value two
        return n

    def legal(self):
        """The legal actions: the claims, highest first, then challenge, roll, pass, concede."""
        c = self.claim
        if self.over:
            return ()
        if c is None and not self.rolled:
            return ("roll",)
        # Made here, not a list of 21 constants: those would be 21 qstrs, interned for good on MicroPython
        out = []
        for v in self.claims() or ():
            out.append("claim %d" % v)
        if not self.rolled:
            p = self.params
            other = self.turn != self.knower
            out.append("challenge")
            out.append("roll")
            if p["pass"] and other:
                out.append("pass")
            if p["concede"] and c == 21 and other:
                out.append("concede")
        return out

    def _do(self, w):
        a = w[0]
        c = self.claim
        t = self.turn
        p = self.params
        r = p["ranking"]
        if a == "claim" and len(w) == 2:
            v = int(w[1]) if w[1].isdigit() and len(w[1]) == 2 else 0
            if v not in r:
                raise ValueError("claim needs a value such as 65")
            ok = self.claims()
            if ok is None:
                raise ValueError("roll first")
            if v not in ok:
                raise ValueError("claim must be higher than %d" % c)
            self.claim = v
            self.owner = t
            self.rolled = False
            self.round.append(v)  # (the value: its action is made only for a summary)
            self.turn = self._after(t)
            return
        if len(w) > 1 or a not in ("roll", "challenge", "pass", "concede"):
            raise ValueError("unknown action; use roll, claim V, challenge, pass or concede")
        if self.rolled:
            raise ValueError("you rolled: claim a value now")
        if a == "roll":
            f = self.roll(2)
            self.cup = max(f) * 10 + min(f)
            self.knower = t
            self.rolled = True
            self.round.append("roll")
            if c == r[0]:
                self.claim = self.owner = None  # nothing beats the top claim: claim anew
            return
        if c is None:
            raise ValueError("roll first")
        loser = t
        lost = 1
        if a == "challenge":
            self.revealed = self.cup
            if r.index(self.cup) > r.index(c):
                loser = self.owner
            if c == 21:
                lost = p["mia_penalty"]
        else:
            if not p[a]:
                raise ValueError("this pack has no " + a)
            if t == self.knower:
                raise ValueError("the player who rolled the cup may not " + a)
            if a == "pass":
                self.owner = t
                self.round.append("pass")
                self.turn = self._after(t)
                return
            if c != 21:
                raise ValueError("concede only against a claim of 21")
        lives = self.lives
        lives[loser] = max(0, lives[loser] - lost)
        self.claim = self.owner = None
        self.cup = 0
        self.knower = -1
        del self.round[:]
        s = loser if p["starter"] == "loser" else t
        if not lives[s]:
            s = self._after(s)
        if self._after(s) == s:
            self.over = True
            self.winner = s
        self.turn = s

    def _after(self, p):
        """The next player after p who still has lives (p itself when no other has)."""
        n = self.players
        p = (p + 1) % n
        while not self.lives[p]:
            p = (p + 1) % n
        return p

    def _public(self, d):
        d["lives"] = list(self.lives)
        d["claim"] = self.claim
        d["owner"] = self.owner
        d["revealed"] = self.revealed
        r = d["round"] = []
        for a in self.round:
            r.append(a if type(a) is str else "claim %d" % a)

    def view(self, player):
        """The summary, plus "cup": the hidden value for the player who rolled it, else None."""
        d = self.summary()
        d["cup"] = self.cup or None if player == self.knower else None
        return d
