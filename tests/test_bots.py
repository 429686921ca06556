"""The cup's computer players (cupcore.bots): legal, blind to hidden information, the same on CPython and
MicroPython, small on the device; and the shipped Pig table is the optimal policy."""

import json
import os

import pytest

from cupcore import bots, packs, replay
from cupcore.rng import Rng

from cupkit import paths, pigsolve
from cupkit.bench import bots as bench

from conftest import run_mp_json

MULTI = [p for p in packs.ids([paths.PACKS])
         if packs.load(p, [paths.PACKS]).get("engine") in bots.SEATED]
CHOOSE = [p for p in MULTI if packs.load(p, [paths.PACKS])["engine"] in bots.ENGINES]  # a player with choices


PLAYED = ("pig", "mia", "liars", "dixmille", "generala", "pokerdice", "scc", "midnight", "yamb")


def test_every_multiplayer_pack_has_a_player():
    """The players cover the engines of issue 15: Pig, Mia and the dice table's; the luck games' seats
    roll, their only action. The table helpers (RULES.md 13: Insider, the turn timer) seat no one: the
    device stands in for the table's cards and clocks, the players are people."""
    for pid in packs.ids([paths.PACKS]):
        p = packs.load(pid, [paths.PACKS])
        assert (p["players"]["max"] > 1 and p["engine"] not in ("insider", "timer")) == (pid in MULTI), pid
    assert sorted(bots.ENGINES) == sorted(PLAYED)
    assert sorted(bots.SEATED) == sorted(PLAYED + bots.LUCK)
    assert len(MULTI) == 22
    assert bots.move("mafia", {}, {}) == "roll"
    with pytest.raises(ValueError, match="no computer player for scoundrel"):
        bots.move("scoundrel", {}, {})


def test_the_luck_games_seats_play_them_to_the_end():
    """Their player reads nothing (so it is blind to what the seat cannot see): roll is always legal."""
    for pid in MULTI:
        p = packs.load(pid, [paths.PACKS])
        if p["engine"] not in bots.LUCK:
            continue
        for seed in range(20):
            n = p["players"]["min"] + seed % 3
            game = replay.start({"pack": pid, "players": n, "seed": seed, "cups": list(range(n))}, [paths.PACKS])
            while not game.over:
                game.apply(bots.move(p["engine"], None, game.view(game.turn)))


def test_a_record_gives_the_cup_seats_only_where_it_has_a_player():
    assert replay.start({"pack": "pig", "players": 3, "seed": 1, "cups": [0, 2]}).turn == 0
    assert replay.start({"pack": "meier", "players": 2, "seed": 1, "cups": [0, 1]}).turn == 0
    for pid in ("liars-dice", "dix-mille-500", "generala", "poker-dice", "scc-classic", "midnight", "beetle"):
        assert replay.start({"pack": pid, "players": 3, "seed": 1, "cups": [1]}).turn == 0
    with pytest.raises(ValueError, match="cups: scoundrel has no computer player"):
        replay.start({"pack": "scoundrel", "players": 1, "seed": 1, "cups": [0]})
    replay.start({"pack": "scoundrel", "players": 1, "seed": 1, "cups": []})  # none: any engine


def _dice(seed, n=4000):
    rng = Rng(seed)
    return [rng.below(6) + 1 for _ in range(n)]


def _hidden_twin(rec, game, seat, seed):
    """The record of a game that differs from game only where seat cannot see: every die not yet rolled,
    and in Mia the cups of this round that seat did not roll itself."""
    dice = list(rec["dice"])
    other = _dice(seed + 7919)
    for i in range(game.used, len(dice)):
        dice[i] = other[i]
    if game.__module__.endswith("liars") and game.cups is not None:
        at = rec["_rolls"][-1]  # where this round's roll took its dice: every cup, in seat order
        mine = sum(game.scores[:seat])
        for i in range(sum(game.scores)):
            if not mine <= i < mine + game.scores[seat]:
                dice[at + i] = other[at + i]
    elif game.params.get("ranking"):
        starts = rec["_rolls"]  # where each roll of this round took its two dice
        mine = starts[-1] if starts and game.view(seat)["cup"] is not None else -1
        for at in starts:
            if at != mine:
                dice[at], dice[at + 1] = other[at], other[at + 1]
    twin = dict(rec, dice=dice)
    del twin["_rolls"]
    return twin


LONG = {"dixmille": 60, "yamb": 120}  # actions checked a game, where 400 would make the test slow (each twin replays)


@pytest.mark.parametrize("pack", CHOOSE)
def test_hidden_information_changes_no_decision(pack):
    """Two games that differ only in what the seat to act cannot see get the same decision."""
    checked = 0
    for seed in range(48 if pack in ("poker-dice", "scc", "scc-classic", "midnight") else 12):  # short games: more
        players = 2 + seed % 3
        rec = {"pack": pack, "players": players, "seed": seed, "dice": _dice(seed), "actions": [], "_rolls": []}
        game = replay.start({k: v for k, v in rec.items() if k != "_rolls"}, [paths.PACKS])
        while not game.over and len(rec["actions"]) < LONG.get(packs.load(pack, [paths.PACKS])["engine"], 400):
            seat = game.turn
            view = game.view(seat)
            act = bots.move(game.__module__.split(".")[-1], game.params, view)
            twin_rec = _hidden_twin(dict(rec, actions=list(rec["actions"])), game, seat, seed)
            twin = replay.load(twin_rec, [paths.PACKS])
            assert twin.view(seat) == view
            assert bots.move(twin.__module__.split(".")[-1], twin.params, twin.view(seat)) == act
            checked += 1
            if act == "roll" and (game.params.get("ranking") or game.__module__.endswith("liars")):
                rec["_rolls"].append(game.used)
            game.apply(act)
            rec["actions"].append(act)
            if game.params.get("ranking") and not game.view(seat)["round"]:
                rec["_rolls"] = []  # a new round: the old cups are out (one was lifted)
    assert checked > 150


BASELINE = {"pig": bench.hold_at(20), "mia": bench.truthful, "liars": bench.liars_expected,
            "dixmille": bench.bank_at(300), "generala": bench.generala_greedy, "pokerdice": bench.poker_group,
            "scc": bench.scc_stop, "midnight": bench.midnight_random, "yamb": bench.yamb_random}


@pytest.mark.parametrize("pack", CHOOSE)
def test_decisions_are_legal_in_many_games(pack):
    """The cup's player at every seat, and beside baselines, over hundreds of games per pack."""
    engine = packs.load(pack, [paths.PACKS])["engine"]
    other = BASELINE[engine]
    me = bench.cup(engine)
    for seed in range(60 if engine == "yamb" else 300):  # (60 Yamb games, 52 turns each: more decisions than 300 of most)
        players = 2 + seed % 4
        seats = [me if (seed + i) % 3 else other for i in range(players)] if seed % 2 else [me] * players
        assert bench.play(pack, seats, seed) in range(players)  # play() checks every action is legal


def test_pig_table_is_the_optimal_policy():
    """The shipped pig.bin is exactly what a fresh solve writes, and reads back every choice."""
    pol, w = pigsolve.solve(100)
    with open(os.path.join(paths.CORE, "bots", "pig.bin"), "rb") as f:
        assert f.read() == pigsolve.table(pol)
    from cupcore.bots import pig
    for i in range(0, 100, 3):
        for j in range(100):
            for k in range(1, 100 - i):
                assert pig._exact(i, j, k) == bool(pol[i][j][k]), (i, j, k)
    gaps = sum(1 for i in range(100) for j in range(100)
               if sum(1 for k in range(2, 100 - i) if pol[i][j][k] != pol[i][j][k - 1]) > 1)
    assert gaps > 2000  # not a threshold policy: many rows roll again after a hold


def test_dix_mille_lines_are_the_exact_solve():
    """cupcore.bots.dixmille's lines are what cupkit.dixsolve fits to the exact values of a turn of 3 rolls."""
    from cupkit import dixsolve
    from cupcore.bots import dixmille
    t = dixsolve.table()
    for n in range(1, 7):
        for r in range(1, 4):
            _, a, b, _ = t[(n, r, False)]
            assert dixmille._LINE[n - 1][2 * r - 2:2 * r] == (a, b), (n, r)


def test_pig_exact_figures():
    r = bench.pig_exact()
    assert round(r["self_first"], 4) == 0.5306
    assert r["vs_hold20"] >= 0.539


def _views():
    """(engine, params, view) of every decision in a few games of every pack, for the ports to compare."""
    out = []
    for pack in CHOOSE:
        for seed in range(4):
            game = replay.start({"pack": pack, "players": 2 + seed % 3, "seed": seed}, [paths.PACKS])
            eng = game.__module__.split(".")[-1]
            while not game.over:
                v = game.view(game.turn)
                out.append([eng, game.params, v])
                game.apply(bots.move(eng, game.params, v))
    return out


MP_BOTS = """import sys, json, gc, time
from cupcore import bots
for line in sys.stdin:
    eng, params, view = json.loads(line)
    bots.move(eng, params, view)  # the module and the table file are loaded once
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    t = time.ticks_us()
    act = bots.move(eng, params, view)
    us = time.ticks_diff(time.ticks_us(), t)
    used = gc.mem_alloc() - before
    gc.enable()
    print(json.dumps([act, used, us]))
    line = view = None  # (freed before the next line, of up to 4 KB, is read into the heap)
"""


def test_same_decisions_on_micropython(image):
    cases = _views()
    lines = "".join(json.dumps(c) + "\n" for c in cases)
    # (from source every bot module is compiled on the heap as well: more room than the device's .mpy needs)
    got = run_mp_json(image, MP_BOTS, heap_kb=96 if "mpy" in os.path.basename(image) else 128, stdin=lines)
    assert [g[0] for g in got] == [bots.move(*c) for c in cases]
    worst = max(g[1] for g in got)
    assert worst < 2048, worst  # bytes allocated by one decision, garbage included
    assert max(g[2] for g in got) < 50000  # microseconds
