"""The memory benchmark: the smallest MicroPython heap in which a workload completes.

Each workload runs in the unix port (`-X heapsize=NNk`) from a device image in a
temporary folder (core and firmware compiled with mpy-cross), as a script whose
name is fixed per workload and with a fresh data folder every run, so the same
build gives the same number. Near its limit a run's success is not strictly
monotonic in the heap size (fragmentation), so a row is ok only when the
bisected figure is within budget AND the workload also completes at exactly
its budget.
"""

import hashlib
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor

from cupcore import packs

from cupkit import paths, tools
from cupkit.device import layout

GAMES = 20
BUDGET_KB = {"pig": 24, "mia": 24, "scoundrel": 24, "bogey": 24, "cup": 24, "beetle": 24, "chicago": 24, "dropdead": 24,
             "boston": 24, "midnight": 24, "scc": 24, "zambales": 24, "mafia": 24}
OK = "cupkit-bench-ok"

_SELFPLAY = """import gc
from cupcore import selfplay
for s in range(%(games)d):
    r = None
    gc.collect()
    r = selfplay.play(%(pack)r, %(players)d, s)
print(%(ok)r)
"""


_FIRMWARE = """import os
from cupfw.hal.virtual import Board
from cupfw.app import App
try:
    os.mkdir("bench-data")
except OSError:
    pass
app = App(Board(data_dir="bench-data", seed=1))
app.run(2000)
app.run_demo(True)
while app.demo is not None:
    app.run(1000)
print(%(ok)r)
"""
FIRMWARE = {"name": "firmware", "engine": "all", "what": "boot, menu, a demo game of every pack",
            "script": _FIRMWARE % {"ok": OK}, "budget_kb": 64, "firmware": True}


def bench_players(pack):
    """3 players where the pack allows (the issues' workload), else the nearest count."""
    return max(pack["players"]["min"], min(3, pack["players"]["max"]))


def workloads():
    """One workload per built-in pack with an engine (20 seeded self-play games), then the whole firmware."""
    out = []
    for pid in packs.ids([paths.PACKS]):
        pack = packs.load(pid, [paths.PACKS])
        if "engine" not in pack:
            continue
        n = bench_players(pack)
        out.append({
            "name": pid,
            "engine": pack["engine"],
            "what": "%d self-play games, %d player%s" % (GAMES, n, "" if n == 1 else "s"),
            "script": _SELFPLAY % {"games": GAMES, "pack": pid, "players": n, "ok": OK},
            "budget_kb": BUDGET_KB[pack["engine"]],
        })
    return out + [FIRMWARE]


def script_name(script):
    """A file name of fixed length that depends only on the script (its length changes the heap)."""
    return "w_%s.py" % hashlib.sha256(script.encode()).hexdigest()[:8]


def completes(image, script, heap_kb):
    name = script_name(script)
    with open(os.path.join(image, name), "w") as f:
        f.write(script)
    shutil.rmtree(os.path.join(image, "bench-data"), ignore_errors=True)
    try:
        r = tools.run_micropython(name, image, heap_kb, timeout=600)
    finally:
        os.remove(os.path.join(image, name))
    return r.returncode == 0 and OK in r.stdout


def smallest_heap(image, script, lo=2, hi=1024):
    """Smallest whole-KB heap in lo..hi in which script completes, or None if not even hi."""
    if not completes(image, script, hi):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if completes(image, script, mid):
            hi = mid
        else:
            lo = mid + 1
    return hi


def measure(names=None):
    """Run the workloads (all, or those named) and return one row per workload."""
    chosen = [w for w in workloads() if not names or w["name"] in names]
    with tempfile.TemporaryDirectory(prefix="cupkit-bench-") as image:
        layout.build(image, mpy=True, firmware=True)

        def one(w):
            kb = smallest_heap(image, w["script"])
            at_budget = completes(image, w["script"], w["budget_kb"])
            return {"workload": w["name"], "engine": w["engine"], "what": w["what"],
                    "heap_kb": kb, "budget_kb": w["budget_kb"], "completes_at_budget": at_budget,
                    "ok": kb is not None and kb <= w["budget_kb"] and at_budget}

        with ThreadPoolExecutor(max_workers=2) as pool:
            return list(pool.map(one, chosen))
