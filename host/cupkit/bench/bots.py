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


def play(pack, seats, seed):
    """The winner's seat of one game with seats[i] playing seat i; every action checked legal."""
    game = replay.start({"pack": pack, "players": len(seats), "seed": seed}, [paths.PACKS])
    params = game.params
    while not game.over:
        t = game.turn
        a = seats[t](params, game.view(t))
        if a not in game.legal():
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
           ("meier", 3, "challenger"))
BASELINES = {"hold-at-20": hold_at(20), "truthful": truthful, "challenger": challenger}


def run(games, progress=None):
    """Every match of MATCHES over games seeded games: rows with the baseline's name added."""
    rows = []
    for pack, players, base in MATCHES:
        engine = "pig" if "pig" in pack or pack == "hog" else "mia"
        r = match(pack, players, cup(engine), BASELINES[base], games)
        r["baseline"] = base
        rows.append(r)
        if progress:
            progress(r)
    return rows
