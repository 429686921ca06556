"""How often a simple greedy strategy wins a solitaire pack, over many seeds (CPython).

A strategy is the module cupkit.strategies.ENGINE with choose(game) -> action;
this runs it on seeds 0..N-1 and counts results and levels from the summary.
"""

import importlib

from cupcore import packs, replay

from cupkit import paths


def strategy(engine):
    try:
        return importlib.import_module("cupkit.strategies." + engine)
    except ImportError:
        return None


def run(pack_id, seeds, progress=None):
    """{"pack", "seeds", "won", "share", "levels" {name: count}, "ranks" {rank: count}, "scores" {score: count}}."""
    pack = packs.load(pack_id, [paths.PACKS])
    mod = strategy(pack.get("engine", ""))
    if mod is None:
        raise ValueError("no greedy strategy for pack %s" % pack_id)
    won = 0
    levels = {}
    ranks = {}  # a game's rank at its end, won or lost (The Shooting Party's)
    scores = {}
    for seed in range(seeds):
        game = replay.start({"pack": pack_id, "players": pack["players"]["min"], "seed": seed}, [paths.PACKS])
        while not game.over:
            game.apply(mod.choose(game))
        s = game.summary()
        if s.get("result") == "won":
            won += 1
        if s.get("level") is not None:
            levels[s["level"]] = levels.get(s["level"], 0) + 1
        if s.get("rank") is not None:
            ranks[s["rank"]] = ranks.get(s["rank"], 0) + 1
        if s.get("score") is not None:
            scores[s["score"]] = scores.get(s["score"], 0) + 1
        if progress:
            progress(seed + 1, seeds)
    return {"pack": pack_id, "seeds": seeds, "won": won, "share": won / seeds, "levels": levels, "ranks": ranks,
            "scores": scores}
