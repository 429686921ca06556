"""The shape every engine shares (DESIGN.md, RULES.md section 2).

An engine module defines KIND ("dice" or "cards"; any other text for a table helper of
RULES.md section 13, which has neither and names its own stacked record fields in FIELDS), PLAYERS
(the fewest and most players it can play; a pack's range must lie inside), PARAMS (see
cupcore.replay.check_params), for card games full_deck(params), and a class Game(Engine) built as
Game(pack_id, players, params, rng, stack): params already checked; stack is the
stacked dice (ints) or the stacked deck (card ints, top first), or None; for a table helper the
record itself, whose FIELDS it reads.
Subclasses implement legal() (the legal actions now: a list or tuple of
canonical action strings), _do(words) and _public(d); apply() must leave the
state untouched when it raises, so _do validates everything before it mutates.
Dice have `sides` faces (6 unless an engine says otherwise; stacked faces are
checked against it).
"""


class Engine:
    sides = 6

    def __init__(self, pack, players, rng, stack):
        self.pack = pack
        self.players = players
        self.rng = rng
        self.stack = stack
        self.used = 0
        self.over = False
        self.turn = 0
        self.winner = None
        self.count = 0

    def apply(self, action):
        """Validate then apply one action; ValueError leaves the state untouched."""
        if not isinstance(action, str):
            raise ValueError("an action must be text")
        b = action.encode()  # printable ASCII: beyond it, lower() and split() differ between the ports
        if b and (min(b) < 32 or max(b) > 126):
            raise ValueError("an action is ASCII text")
        words = action.lower().split()
        if not words:
            raise ValueError("empty action")
        if self.over:
            raise ValueError("the game is over")
        self._do(words)
        self.count += 1

    def summary(self):
        """The public state: the fields of RULES.md section 2 plus the engine's own."""
        d = {
            "pack": self.pack,
            "players": self.players,
            "over": self.over,
            "turn": None if self.over else self.turn,
            "winner": self.winner,
            "actions": self.count,
        }
        self._public(d)
        return d

    def view(self, player):
        """What player may see: the summary, plus any secret that player may know."""
        return self.summary()

    def roll(self, n):
        """n die faces (1..sides) from the stacked dice, else the rng. A short stack raises, consuming nothing."""
        s = self.stack
        if s is None:
            s = []
            for _ in range(n):
                s.append(self.rng.below(self.sides) + 1)
            return s
        i = self.used
        if i + n > len(s):
            raise ValueError("dice stack exhausted")
        self.used = i + n
        return s[i:i + n]

