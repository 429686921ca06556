"""The memory benchmark: the smallest MicroPython heap in which a workload completes.

Each workload runs in the unix port (`-X heapsize=NNk`) from a device image in a
temporary folder (the core compiled with mpy-cross). The figure is found by
bisection over whole KB and is deterministic: the same build gives the same number.
"""

import os
import tempfile
from concurrent.futures import ThreadPoolExecutor

from cupcore import packs

from cupkit import layout, paths, tools

GAMES = 20
BUDGET_KB = {"pig": 24, "mia": 24, "scoundrel": 24, "bogey": 24}
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
app = App(Board(data_dir="bench-data"))
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


def completes(image, script, heap_kb):
    path = os.path.join(image, "bench_%d_%d.py" % (os.getpid(), abs(hash(script)) % 10**8))
    with open(path, "w") as f:
        f.write(script)
    try:
        r = tools.run_micropython(os.path.basename(path), image, heap_kb, timeout=600)
    finally:
        os.remove(path)
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


def measure(names=None, firmware=False):
    """Run the workloads (all, or those named) and return one row per workload."""
    chosen = [w for w in workloads() if not names or w["name"] in names]
    firmware = firmware or any(w.get("firmware") for w in chosen)
    with tempfile.TemporaryDirectory(prefix="cupkit-bench-") as image:
        layout.build(image, mpy=True, firmware=firmware)

        def one(w):
            kb = smallest_heap(image, w["script"])
            return {"workload": w["name"], "engine": w["engine"], "what": w["what"],
                    "heap_kb": kb, "budget_kb": w["budget_kb"],
                    "ok": kb is not None and kb <= w["budget_kb"]}

        with ThreadPoolExecutor(max_workers=2) as pool:
            return list(pool.map(one, chosen))
