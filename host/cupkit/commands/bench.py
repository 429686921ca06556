"""cupkit bench: measurements reported as figures (memory) or ratios, never asserted timings."""

import json

from cupkit.cli import Fail, count

NAME = "bench"
HELP = "measure the memory figures (and other benchmarks) on real MicroPython"


def add_arguments(p):
    sub = p.add_subparsers(dest="bench_command", metavar="BENCH")
    sub.required = True
    mem = sub.add_parser("memory", help="smallest MicroPython heap (unix port, .mpy) in which each workload completes")
    mem.add_argument("workloads", nargs="*", help="only these workloads (default: all)")
    mem.add_argument("--json", action="store_true", help="print the rows as JSON")
    mem.add_argument("--at-budget", action="store_true",
                     help="only whether each workload completes in its budget (one run, no search: quicker)")
    mem.set_defaults(bench_run=_memory)
    gr = sub.add_parser("greedy", help="share of seeds a simple greedy strategy wins (solitaire packs, CPython)")
    gr.add_argument("packs", nargs="+", metavar="PACK")
    gr.add_argument("--seeds", type=count, default=10000, help="seeds 0..N-1 (default 10000)")
    gr.add_argument("--json", action="store_true")
    gr.set_defaults(bench_run=_greedy)
    fl = sub.add_parser("flash", help="second flash vs first, and cupkit vs mpremote fs cp (virtual devices)")
    fl.add_argument("--json", action="store_true")
    fl.set_defaults(bench_run=_flash)
    bo = sub.add_parser("bots", help="the cup's computer players against simple baselines, and optimal Pig's exact figures")
    bo.add_argument("--games", type=count, default=10000, help="seeded games per match (default 10000)")
    bo.add_argument("--json", action="store_true")
    bo.set_defaults(bench_run=_bots)
    pi = sub.add_parser("pico", help="speed and heap on the emulated Pico, in the chip's own time: boot, redraws, "
                        "key to frame, the dice tumble, free heap per game, .mpy imports")
    pi.add_argument("--json", action="store_true")
    pi.add_argument("--circuitpython", action="store_true", help="on CircuitPython 10.2.1 (board pico-cp)")
    pi.set_defaults(bench_run=_pico)
    sz = sub.add_parser("size", help="bytes of the compiled .mpy files, core and firmware, the core's data, and what each kind of board gets")
    sz.add_argument("--json", action="store_true")
    sz.set_defaults(bench_run=_size)


def run(args):
    return args.bench_run(args)


def _memory(args):
    from cupkit import quoting, tools
    from cupkit.bench import memory as bench_memory
    known = [w["name"] for w in bench_memory.workloads()]
    unknown = [w for w in args.workloads if w not in known]
    if unknown:
        raise Fail("no workload %s (known: %s)" % (", ".join(quoting.quote(w) for w in unknown), ", ".join(known)))
    try:
        rows = bench_memory.measure(args.workloads or None, args.at_budget)
    except tools.ToolMissing as e:
        raise Fail(str(e))
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        from cupkit import table
        out = [(r["workload"], r["engine"], r["what"], r["heap_kb"] if r["heap_kb"] is not None else
                "-" if args.at_budget else ">1024",
                r["budget_kb"], "ok" if r["ok"] else "OVER") for r in rows]
        print("\n".join(table.lines(("WORKLOAD", "ENGINE", "WHAT", "HEAP KB", "BUDGET", ""), out, right=(3, 4))))
        for r in rows:
            if "names" in r:
                print("%s: %d names interned for good at its end, room for %d more before MicroPython's next pool "
                      "of them (bench_memory.interned)" % (r["workload"], r["names"], r["names_room"]))
    return 0 if all(r["ok"] for r in rows) else 1


def _greedy(args):
    import sys
    from cupkit.bench import greedy as bench_greedy

    def progress(done, total):
        if sys.stderr.isatty() and (done % 100 == 0 or done == total):
            sys.stderr.write("\r%s: %d/%d seeds" % (pack, done, total) + ("\n" if done == total else ""))

    rows = []
    for pack in args.packs:
        try:
            rows.append(bench_greedy.run(pack, args.seeds, progress))
        except ValueError as e:
            raise Fail(str(e))
    if args.json:
        print(json.dumps(rows, indent=1, sort_keys=True))
        return 0
    for r in rows:
        print("%s: greedy wins %d of %d seeds (%.2f%%)" % (r["pack"], r["won"], r["seeds"], 100 * r["share"]))
        for name, n in sorted(r["levels"].items(), key=lambda kv: -kv[1]):
            print("  level %-12s %6d (%.2f%%)" % (name, n, 100 * n / r["seeds"]))
        for name, n in sorted(r["ranks"].items(), key=lambda kv: -kv[1]):
            print("  rank %-26s %6d (%.2f%%)" % (name, n, 100 * n / r["seeds"]))
    return 0


def _flash(args):
    from cupkit import tools
    from cupkit.bench import flash as bench_flash
    try:
        r = bench_flash.measure()
    except tools.ToolMissing as e:
        raise Fail(str(e))
    ok = r["second_ratio"] < 0.2 and r["vs_mpremote"] <= 1.0 and r["second_wrote"] == 0
    if args.json:
        print(json.dumps(r, sort_keys=True))
    else:
        print("%d files, %d KB, best of %d runs on virtual devices" % (r["files"], r["kb"], bench_flash.ROUNDS))
        print("second flash / first flash:   %.3f  (target < 0.2; files written: %d)" % (r["second_ratio"], r["second_wrote"]))
        print("cupkit flash / mpremote cp -r: %.3f  (target <= 1.0)" % r["vs_mpremote"])
    return 0 if ok else 1


def _bots(args):
    from cupkit.bench import bots as bench_bots

    def show(r):
        if not args.json:
            print("%-10s %d players, cup vs %-10s  cup wins %6d of %6d games (%.2f%%; a fair share %.2f%%)" % (
                r["pack"], r["players"], r["baseline"], r["wins"], r["games"], 100.0 * r["wins"] / r["games"],
                100.0 / r["players"]), flush=True)

    rows = bench_bots.run(args.games, show)
    exact = bench_bots.pig_exact()
    if args.json:
        print(json.dumps({"matches": rows, "pig_exact": exact}, indent=1, sort_keys=True))
        return 0
    print("optimal pig (2 players, to 100), exact: first player against itself %.4f; against hold-at-20 %.4f "
          "first, %.4f second, %.4f on average" % (exact["self_first"], exact["vs_hold20_first"],
                                                    exact["vs_hold20_second"], exact["vs_hold20"]))
    return 0


SIZE_PARTS = (("core", "lib/cupcore/"), ("firmware", "lib/cupfw/"),
              ("  real-board HALs", ("lib/cupfw/hal/micro.", "lib/cupfw/hal/circuit.", "lib/cupfw/hal/npbuf.",
                                     "lib/cupfw/hal/panel.", "lib/cupfw/hal/shake.")),
              ("  virtual board", ("lib/cupfw/hal/virtual.", "lib/cupfw/hal/fbuf.")))
# What a board of each family gets of them (cupkit flash --board): a MicroPython board the .mpy files,
# a CircuitPython board the source (CircuitPython's .mpy format is its own), and that source's .mpy.
SIZE_BOARDS = (("MicroPython board", "micropython", ".mpy"), ("CircuitPython board", "circuitpython", ".py"),
               ("  CircuitPython .mpy", "circuitpython", ".mpy"))
# Issue 18's budget: with its five games (Yamb, Wish, The Shooting Party, Insider, the turn timer) the .mpy a
# flash installs grows by at most 20 KB. Before them (988f203) a flash installed every module of the core and
# the firmware: 109,226 bytes of .mpy (mpy-cross 1.29); a MicroPython board's are held to that plus 20 KB.
FLASH_BEFORE_18 = 109226
FLASH_BUDGET = FLASH_BEFORE_18 + 20480


def _size(args):
    from cupkit import tools
    from cupkit.device import layout
    try:
        files = layout.files(mpy=True, packs=False)
        boards = [(name, layout.files(mpy=ext == ".mpy", packs=False, family=family), ext)
                  for name, family, ext in SIZE_BOARDS]
    except tools.ToolMissing as e:
        raise Fail(str(e))
    data = sum(len(d) for p, d in files.items() if p.endswith(".bin"))
    files = {p: d for p, d in files.items() if p.endswith(".mpy")}
    rows = [(name, sum(len(d) for p, d in files.items() if p.startswith(prefix))) for name, prefix in SIZE_PARTS]
    rows.append(("core + firmware", rows[0][1] + rows[1][1]))
    rows.append(("core data (.bin)", data))
    rows += [(name, sum(len(d) for p, d in got.items() if p.endswith(ext))) for name, got, ext in boards]
    board = dict(rows)["MicroPython board"]
    if args.json:
        print(json.dumps(dict([(name.strip(), n) for name, n in rows], budget=FLASH_BUDGET), sort_keys=True))
    else:
        for name, n in rows:
            print("%-20s %7d bytes %6.1f KB" % (name, n, n / 1024.0))
        print("issue 18's budget: a MicroPython board's .mpy at most %d bytes (%d before its games + 20 KB): "
              "%+d, %s" % (FLASH_BUDGET, FLASH_BEFORE_18, board - FLASH_BEFORE_18,
                           "ok" if board <= FLASH_BUDGET else "OVER by %d" % (board - FLASH_BUDGET)))
    return 0 if board <= FLASH_BUDGET else 1


def _pico(args):
    import sys
    from cupkit.bench import pico as bench_pico
    from cupkit.emu import node
    from cupkit.emu.pico import EmuError
    progress = (lambda s: print(s + " ...", file=sys.stderr, flush=True)) if sys.stderr.isatty() else None
    try:
        r = bench_pico.measure(progress, circuitpython=args.circuitpython)
    except (node.NodeMissing, EmuError) as e:
        raise Fail(str(e))
    v = bench_pico.verdicts(r)
    if args.json:
        r["verdicts"] = dict((k, {"figure": round(f, 1), "met": ok}) for k, (f, ok) in v.items())
        print(json.dumps(r, indent=1))
    else:
        for line in bench_pico.report(r, v):
            print(line)
    return 0 if all(ok for k, (f, ok) in v.items()) else 1
