"""How the cup's players (cupcore.bots) fare against simple baselines, over many seeded games (CPython),
and the exact figures of optimal Pig (cupkit.pigsolve).

A player is a function (params, view) -> action, like cupcore.bots' own. Each game seats the cup's
player at seat seed % players and baselines elsewhere, so every seat gets its share of the games.
"""

from cupcore import bots, replay
from cupcore.bots import mia as mia_bot

from cupkit import paths


def cup(engine):
    return lambda params, view: bots.move(engine, params, view)


def hold_at(t):
    """Pig family: hold once the turn total reaches t or wins (in Hog with one die)."""
    def player(params, view):
        s = view["scores"][view["turn"]]
        k = view["turn_total"]
        if k == 0:
            return "roll 1" if params["max_dice"] else "roll"
        return "hold" if k >= t or s + k >= params["goal"] else "roll"
    return player


def _truthful(challenge_below):
    """Mia: roll and tell the truth when it can, else claim just above; facing a claim, challenge when
    fewer than challenge_below of 36 rolls reach it, else roll (always roll when its own cup comes back)."""
    def player(params, view):
        r = params["ranking"]
        said = view["round"]
        c = view["claim"]
        if not said:
            return "roll"
        if said[-1] == "roll":
            low = r.index(c) if c else 21
            x = r.index(view["cup"])
            return "claim %d" % r[x if x < low else low - 1]
        reach = mia_bot._above(r, c) + mia_bot._ways(c)
        return "challenge" if reach < challenge_below and view["cup"] is None else "roll"
    return player


truthful = _truthful(18)  # challenges when the claim's odds are below one half
challenger = _truthful(37)  # always challenges


def bluffing(bluff):
    return lambda params, view: mia_bot.move(params, view, bluff)


def legal(game, a):
    """a is legal now: listed by legal(), or (Generala, Poker Dice) a reroll of positions, each once, where
    legal() lists the single ones (RULES.md section 9: any set of positions is accepted), or (Liar's Dice)
    a larger quantity of a face whose smallest bid is listed, up to the dice in play (section 10)."""
    acts = game.legal()
    if a in acts:
        return True
    w = a.split(" ")
    if w[0] == "bid" and len(w) == 3 and w[1].isdigit():
        return any(b.split(" ")[2] == w[2] and int(b.split(" ")[1]) <= int(w[1]) <= sum(game.scores)
                   for b in acts if b.startswith("bid "))
    return (w[0] == "roll" and "roll 1" in acts and 1 < len(w) <= 6 and len(set(w[1:])) == len(w) - 1
            and all(x in ("1", "2", "3", "4", "5") for x in w[1:]))


def play(pack, seats, seed):
    """The winner's seat of one game with seats[i] playing seat i; every action checked legal."""
    game = replay.start({"pack": pack, "players": len(seats), "seed": seed}, [paths.PACKS])
    params = game.params
    while not game.over:
        t = game.turn
        a = seats[t](params, game.view(t))
        if not legal(game, a):
            raise AssertionError("%s played %r, not legal in %s" % (pack, a, game.view(t)))
        game.apply(a)
    return game.winner


def match(pack, players, me, other, games):
    """{"pack", "players", "games", "wins"}: me at seat seed % players, other everywhere else."""
    wins = 0
    for seed in range(games):
        seat = seed % players
        seats = [other] * players
        seats[seat] = me
        if play(pack, seats, seed) == seat:
            wins += 1
    return {"pack": pack, "players": players, "games": games, "wins": wins}


def pig_exact():
    """Optimal two-player Pig to 100 by exact evaluation: as first player against itself, and against
    hold at 20 averaged over both seats."""
    from cupkit import pigsolve
    pol, w = pigsolve.solve(100)
    h20 = pigsolve.hold_at(20)
    first = pigsolve.evaluate(pol, h20)
    second = 1.0 - pigsolve.evaluate(h20, pol)
    return {"self_first": w[0][0], "vs_hold20_first": first, "vs_hold20_second": second,
            "vs_hold20": (first + second) / 2}


# (pack, players, baseline name): the matches `cupkit bench bots` plays.
MATCHES = (("pig", 2, "hold-at-20"), ("pig", 3, "hold-at-20"), ("pig", 4, "hold-at-20"),
           ("big-pig", 2, "hold-at-20"), ("big-pig", 3, "hold-at-20"), ("hog", 2, "hold-at-20"),
           ("hog", 3, "hold-at-20"), ("mia", 3, "truthful"), ("mia", 3, "challenger"),
           ("mia-modern", 3, "truthful"), ("mia-modern", 3, "challenger"), ("meier", 3, "truthful"),
           ("meier", 3, "challenger"),
           ("liars-dice", 4, "expected"), ("dix-mille", 2, "bank-at-300"), ("dix-mille-500", 2, "bank-at-300"),
           ("generala", 2, "roll-once"), ("poker-dice", 2, "largest-group"), ("scc-classic", 3, "stop-at-once"),
           ("midnight", 2, "random"), ("midnight", 2, "qualify-high"), ("yamb", 2, "random-yamb"),
           ("yamb", 3, "random-yamb"))


def baselines():
    """{name: player} of every baseline MATCHES names."""
    return {"hold-at-20": hold_at(20), "truthful": truthful, "challenger": challenger,
            "expected": liars_expected, "bank-at-300": bank_at(300), "roll-once": generala_greedy,
            "largest-group": poker_group, "stop-at-once": scc_stop, "random": midnight_random,
            "qualify-high": midnight_high, "random-yamb": yamb_random}


def run(games, progress=None):
    """Every match of MATCHES over games seeded games: rows with the baseline's name added."""
    from cupcore import packs
    rows = []
    base = baselines()
    for pack, players, name in MATCHES:
        engine = packs.load(pack, [paths.PACKS])["engine"]
        r = match(pack, players, cup(engine), base[name], games)
        r["baseline"] = name
        rows.append(r)
        if progress:
            progress(r)
    return rows


# The dice table's baselines (issue 15, part 2).

def liars_expected(params, view):
    """Liar's Dice: open with its most common face (wild 1s counted) at the count in its cup; raise the
    bid's quantity by one; call once the bid exceeds the count it expects (its cup plus a third of the
    unknown dice with wild 1s, a sixth without)."""
    cup = view["cup"]
    if cup is None:
        return "roll"
    wild = params["wild"]
    total = sum(view["dice"])
    n = total - len(cup)
    own = [0] * 7
    for f in range(1, 7):
        own[f] = sum(1 for x in cup if x == f or wild and x == 1 and f != 1)
    bid = view["bid"]
    if bid is None:
        f = max(range(2 if wild else 1, 7), key=lambda g: (own[g], g))
        return "bid %d %d" % (max(1, own[f]), f)
    q, f = bid
    m = 2 if wild else 1
    if q * 6 > own[f] * 6 + n * m or q + 1 > total:
        return "liar"
    return "bid %d %d" % (q + 1, f)


def bank_at(t):
    """Dix Mille: keep the dice that score most (the fewest dice on a tie), bank once the turn total
    reaches t (and the pack's entry, before a first bank)."""
    from cupcore.bots import dixmille as dm

    def player(params, view):
        if dm.rolled(params, view):
            c = [0] * 7
            best = max([(list(c), s) for s in dm.keeps(view["last_roll"], c)], key=lambda k: (k[1], -sum(k[0])))
            return dm.keep(best[0])
        k = view["turn_total"]
        s = view["scores"][view["turn"]]
        if k and k >= t and (s or k >= params["entry"]):
            return "bank"
        return "roll"
    return player


def generala_greedy(params, view):
    """Generala: roll once, then score the free box where the dice score most (the first such box)."""
    if view["rolls_left"] == 3:
        return "roll"
    from cupcore.generala import _SCORE, points
    sheet = view["sheet"][view["turn"]]
    g = sheet["generala"]
    best = None
    for i in range(11):
        if sheet[_SCORE[i][6:]] is None:
            p = points(view["last_roll"], i, params["generala"], params["double"] if g else None)
            if best is None or p > best[0]:
                best = (p, _SCORE[i])
    return best[1]


def poker_group(params, view):
    """Poker Dice: roll, then twice reroll every die outside its largest group (the highest face on a
    tie); stand on a straight or a full house or better."""
    from cupcore.pokerdice import hand
    if view["rolls_left"] == 3:
        return "roll"
    d = view["last_roll"]
    if hand(d, params["wild"]) >= 500000:
        return "stand"
    g = max(range(1, 7), key=lambda f: (d.count(f), f))
    p = [str(i + 1) for i in range(5) if d[i] != g]
    return "roll " + " ".join(p) if p else "stand"


def midnight_high(params, view):
    """Midnight: keep a 1 or a 4 while it lacks one, else its highest die (one die a roll)."""
    if not view["actions"] % 2:  # every action is a roll or a keep, in turn: a keep is due after odd counts
        return "roll"
    r = view["last_roll"]
    a = view["aside"]
    for f in (1, 4):
        if f not in a and f in r:
            return "keep %d" % f
    return "keep %d" % max(r)


def scc_stop(params, view):
    """Ship, Captain, Crew: roll, and stop as soon as it may."""
    return "stop" if params["cargo_reroll"] and len(view["aside"]) == 3 else "roll"


def midnight_random(params, view):
    """Midnight: keep one die of the roll, drawn from the view (the same view, the same die)."""
    if not view["actions"] % 2:
        return "roll"
    r = view["last_roll"]
    return "keep %d" % r[(view["actions"] * 7 + sum(r) + sum(view["scores"])) % len(r)]


def yamb_random(params, view):
    """Yamb: any legal action, drawn from the view (the same view, the same action), as self-play does."""
    from cupcore.rng import Rng
    from cupcore.yamb import opens
    from cupcore import yamb
    COLS, ROWS = [yamb.word(1, i) for i in range(7)], [yamb.word(0, i) for i in range(13)]
    left = view["rolls_left"]
    if left == 3:
        return "roll"
    sheet = view["sheet"][view["turn"]]
    said = None if view["announced"] is None else ROWS.index(view["announced"])
    cells = {c: [255 if sheet[c][r] is None else sheet[c][r] for r in ROWS] for c in params["columns"]}
    stuck = said is None and all(255 not in v for c, v in cells.items() if c not in ("announce", "hand"))
    acts = ["roll %d" % i for i in range(1, 6)] if left and not stuck else []
    if left == 2 and said is None and "announce" in cells:
        acts += ["announce " + ROWS[r] for r in range(13) if cells["announce"][r] == 255]
    for c, v in cells.items():
        acts += ["score %s %s" % (c, ROWS[r]) for r in opens(COLS.index(c), v, left, said)]
    return acts[Rng(view["actions"] * 31 + sum(view["last_roll"]) + sum(view["scores"])).below(len(acts))]
