"""Liar's Dice, pass and peek (RULES.md section 10): every cup on one device, each shown to its owner only
while A is held, and all of them once somebody calls Liar!.

Stages: a cover at every hand-off ("Pass the cups to Player 3"; the round's
starter rolls every cup from it), the turn (up/down how many, left/right which
face; hold A: your own cup and the odds, as you see them, of the bid standing and
of the one picked; B: ready), the choice (A bids, B calls Liar!, an arrow goes
back to the picker) and the reveal: every cup, the dice that count inverted, and
who loses a die. The cups are drawn in two places only, the turn with A held (its
player's own) and the reveal; the LEDs show whose turn and how many dice each
holds, never a face.

The words are one string (word(i)): on a 64-bit heap each string constant of its
own costs about 70 bytes, and a short one is a qstr, kept for good.
"""

from cupfw import gfx, play
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B
from cupfw.app import SHAKE


_COVER = const(0)
_TURN = const(1)
_CHOICE = const(2)
_REVEAL = const(3)
_LIFT_MS = const(1500)  # the suspense before the cups are lifted
# Each word after a byte of its own, 1 + its place (a control byte: no word holds one): word(i) finds it
# in one search, where a separator would take a search per word before it.
_WORDS = const(b"\x01Player %d wins!\x02dice left     A: menu\x03round %d\x04Pass the cups to"
               b"\x05Player %d\x06A: I have it\x07A: roll every cup\x08P%d bid %d x %ds\x09No bid yet"
               b"\x0a%d dice\x0b%d x\x0ctrue:\x0d^v many\x0e<> face\x0fno higher bid"
               b"\x10hold A:cup  B:call\x11hold A:cup  B:bid\x12hold A:cup B:bid/call"
               b"\x13B:Liar!  <>:back\x14A:bid  <>:back\x15A:bid B:Liar! <>:back\x16Liar!\x17lifting"
               b"\x18%d found: bid false\x19%d found: bid true\x1aP%d is out      A: on"
               b"\x1bP%d loses a die A: on\x1c%d.%d%%\x1dbid %d %d")
_WINS = const(0)  # the places of the words in _WORDS
_LEFT = const(1)
_ROUND = const(2)
_PASS = const(3)
_PLAYER = const(4)
_HAVE = const(5)  # then A: roll every cup
_BID = const(7)
_NONE = const(8)
_DICE = const(9)
_X = const(10)
_TRUE = const(11)
_MANY = const(12)
_FACE = const(13)
_TOP = const(14)
_KEYS = const(15)  # the turn's three key lines (only Liar!, only a bid, both), then the choice's three
_LIAR = const(21)
_LIFTING = const(22)
_FOUND = const(23)  # false, true
_OUT = const(25)  # out, loses a die
_PER = const(27)
_ACT = const(28)


def word(i):
    """The i-th of the words, as bytes (a str made costs a search of MicroPython's interned strings)."""
    a = _WORDS.find(bytes((i + 1,))) + 1
    b = _WORDS.find(bytes((i + 2,)), a)
    return _WORDS[a:b if b > 0 else len(_WORDS)]


def odds(g, q, f):
    """The chance that bid q f is true for the player to act, as "43.2%": 100% only when it is sure,
    0% only when it cannot be. The engine's odds() (ways, all), each term C(n, j) m^j (6 - m)^(n - j) made
    from the one before, and only the fewer of those that hold the bid or not: a few big-integer steps."""
    own = g.cups[g.turn]
    n = sum(g.scores) - len(own)  # the dice the player cannot see
    m = 2 if g.wild and f != 1 else 1  # faces that count for f
    q -= len([x for x in own if x == f or g.wild and x == 1])  # how many of them must count
    a = 6 ** n
    if q <= 0:
        w = a
    elif q > n:
        w = 0
    elif 2 * q > n:  # the terms from j = n down to q
        t = w = m ** n
        for j in range(n, q, -1):
            t = t * j * (6 - m) // ((n - j + 1) * m)
            w += t
    else:  # all but the terms from j = 0 up to q - 1
        t = w = (6 - m) ** n
        for j in range(q - 1):
            t = t * (n - j) * m // ((j + 1) * (6 - m))
            w += t
        w = a - w
    p = min(max((w * 1000 + a // 2) // a, w > 0), 999 + (w == a))
    return word(_PER) % (p // 10, p % 10)


class Screen(play.Game):
    def enter(self):
        if not hasattr(self, "ui"):
            self.ui = _COVER  # also on resume: whoever holds the device now may not be the player to act
            self.peek = False
        # The picker on the smallest raise: the bid's face one more, else the next face up; the first bid
        # of a round on the count a table expects of a face (a third of the dice, 1s wild). sel 0: none.
        g = self.g
        b = g.bid
        self.sel = 0
        if g.cups is None:
            return
        n, f = b if b else (sum(g.scores) // (3 if g.wild else 6), 1 + g.wild)
        for f in range(f, 7):
            if g.least(f):
                self.sel = f
                self.n = max(n, g.least(f))
                return

    def do(self, act, anim=0):
        ui = self.ui
        if act == "liar":  # the cups are lifted after a moment of suspense (the LEDs all red until after it)
            self.ui = _REVEAL
            anim = _LIFT_MS
        if not play.Game.do(self, act, anim):
            self.ui = ui
            return
        self.peek = False
        if act == "roll":
            self.ui = _TURN  # the starter rolled: they have the device
        elif act != "liar":
            self.ui = _COVER
        else:
            self.app.flash(4, _LIFT_MS + 1200)  # all red, and a low tone: somebody loses a die
            self.app.beep(220, 400)

    def lights(self):
        """One LED a player: blue to act (the winner at the end), else green, amber, red for 3+, 2, 1 dice."""
        s = self.s
        p = self.app.pattern
        for i in range(min(len(p), s["players"])):
            n = s["dice"][i]
            p[i] = 5 if i == (s["winner"] if s["over"] else s["turn"]) else \
                0 if not n else 4 if n == 1 else 3 if n == 2 else 2

    def press(self, bit):
        ui = self.ui
        g = self.g
        f = self.sel
        if ui == _COVER:
            if g.cups is None and (bit == A or bit == SHAKE):
                self.do("roll", play.ROLL_MS)  # the round's starter rolls every cup
                return
            if bit == A:
                self.ui = _TURN
        elif ui == _REVEAL:
            if bit == A:
                self.ui = _COVER
        elif ui == _CHOICE and (bit == A or bit == B):
            if bit == A and f:
                self.do(word(_ACT).decode() % (self.n, f))
            elif bit == B and g.bid:
                self.do("liar")
            return
        elif bit == A:
            self.peek = True
        elif bit == B:
            self.peek = False
            self.ui = _CHOICE
        elif f and (bit == UP or bit == DOWN):
            self.ui = _TURN  # an arrow in the choice: back to the picker, and the arrow's step
            self.n = max(g.least(f), min(sum(g.scores), self.n + (1 if bit == UP else -1)))
        elif f and (bit == LEFT or bit == RIGHT):
            self.ui = _TURN
            for _ in range(6):  # the next face that may be bid, that way round
                f = (f + (0 if bit == RIGHT else 4)) % 6 + 1
                if g.least(f):
                    break
            self.sel = f
            self.n = max(self.n, g.least(f))
        elif bit != SHAKE:
            self.ui = _TURN
        self.app.dirty = True

    def release(self, bit):
        if bit == A and self.peek:
            self.peek = False
            self.app.dirty = True

    def ended(self):
        return self.ui != _REVEAL

    def auto(self, rng):
        """The demo: a look at the cup, a random raise near the smallest, and Liar! when the bid standing
        is less likely than not, as the player to act sees it."""
        ui = self.ui
        g = self.g
        if ui == _TURN:
            if not self.peek:
                self.press(A)
                return
            self.release(A)
            for _ in range(rng.below(3)):
                self.press(RIGHT)
            if rng.below(2):
                self.press(UP)
            self.press(B)
        elif ui == _CHOICE:
            b = g.bid
            w = g.odds(b[0], b[1]) if b else None
            self.press(B if b and (not self.sel or w[0] * 2 < w[1]) else A)
        else:
            self.press(A)

    def paint(self, fb):
        s = self.s
        ui = self.ui
        g = self.g
        t = s["turn"]
        b = s["bid"]
        w = word(_BID) % (s["bidder"] + 1, b[0], b[1]) if b else word(_NONE)
        if s["over"] and ui != _REVEAL:
            gfx.bar(fb, word(_WINS) % (s["winner"] + 1))
            play.scores(fb, s["dice"], s["winner"], 14)
            gfx.text(fb, word(_LEFT), 0, 56)
        elif ui == _COVER:
            gfx.bar(fb, word(_ROUND) % s["round"], b"/".join([b"%d" % n for n in s["dice"]]))
            gfx.center(fb, word(_PASS), 13)
            gfx.center(fb, word(_PLAYER) % (t + 1), 25, 2)
            if g.cups is not None:
                gfx.center(fb, w, 44)
            gfx.text(fb, word(_HAVE + (g.cups is None)), 0, 56)
        elif ui != _REVEAL:
            f = self.sel
            gfx.bar(fb, word(_PLAYER) % (t + 1), word(_DICE) % sum(s["dice"]))
            x = gfx.text(fb, w, 0, 11)
            if self.peek and b:
                gfx.text(fb, odds(g, b[0], b[1]), x + 6, 11)
            m = 0
            if f:
                x = gfx.text(fb, word(_X) % self.n, 3, 22, 2)
                gfx.die(fb, x + 4, 20, f, 17)
                if self.peek:
                    x = odds(g, self.n, f)
                    gfx.text(fb, word(_TRUE), 90, 21)
                    gfx.text(fb, x, 128 - 6 * len(x), 31)
                else:
                    gfx.text(fb, word(_MANY), 86, 21)
                    gfx.text(fb, word(_FACE), 86, 31)
                if ui == _CHOICE:
                    fb.rect(0, 19, 128, 20, 1)
            else:
                gfx.text(fb, word(_TOP), 0, 25)
            c = g.cups[t] if g.cups is not None else ()
            if self.peek:
                c = sorted(c)
                for i in range(len(c)):
                    if c[i] == f or g.wild and c[i] == 1:
                        m |= 1 << i  # the dice that count for the bid picked
            y = 41 + (self.t & 1 if self.anim else 0)  # the dice tumble under the cups while they roll
            gfx.dice(fb, c, 0, y, 11 if len(c) < 9 else 9, 10, 6, m, 0, not self.peek)
            gfx.text(fb, word(_KEYS + 3 * (ui - 1) + (f > 0) + (f > 0 and b is not None)), 0, 56)
        else:
            gfx.bar(fb, w, word(_LIAR))
            cups = s["revealed"]
            n = len(cups)
            rows = (n + 1) // 2 if max([len(c) for c in cups]) < 6 else n  # two columns, or one
            h = min(11, 36 // rows)  # 6 players: 3 rows of two, dice of 9 pixels
            k = s["loser"]
            a = self.anim
            f = b[1]
            wild = g.wild
            kinds = {}  # the faces drawn: each kind drawn once, blitted again (gfx.dice)
            for r in range(rows):  # the players' numbers first, a row's side by side (CircuitPython draws them as one)
                for i in range(r, n, rows):
                    lost = i == k and not a
                    if lost:
                        fb.fill_rect(i // rows * 64, 10 + r * h, 6, 9, 1)
                    gfx.text(fb, b"%d" % (i + 1), i // rows * 64, 11 + r * h, 1, not lost)
            for i in range(n):
                x = i // rows * 64
                y = 11 + i % rows * h
                c = cups[i]
                m = 0
                if not a:
                    j = 1
                    for v in c:
                        if v == f or wild and v == 1:
                            m |= j  # the dice that count, inverted
                        j <<= 1
                gfx.dice(fb, c, x + 7, y - 1, min(9, h - 2), 10, 6, m, 0, a, kinds)
            if self.anim:
                gfx.text(fb, word(_LIFTING) + b"..."[:self.t >> 1 & 3], 0, 47)  # a dot every 80 ms
            else:
                gfx.text(fb, word(_FOUND + (s["counted"] >= b[0])) % s["counted"], 0, 47)
                gfx.text(fb, word(_OUT + (s["dice"][k] > 0)) % (k + 1), 0, 56)
