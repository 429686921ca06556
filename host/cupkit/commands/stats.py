"""cupkit stats: per-pack statistics from a pulled logs folder (`cupkit logs pull`)."""

import json
import os

from cupkit import pulled, table
from cupkit.cli import Fail

NAME = "stats"
HELP = "per-pack statistics (games, wins, best) pulled from the device with `cupkit logs pull`"


def add_arguments(p):
    p.add_argument("--dir", default="logs", help="the pulled folder (default: ./logs)")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")


def run(args):
    if not os.path.exists(os.path.join(args.dir, "stats.json")):
        raise Fail("no statistics in %s: run `cupkit logs pull` first" % args.dir)
    try:
        rows = pulled.stats(args.dir)
    except (OSError, ValueError) as e:
        raise Fail("cannot read %s: %s" % (os.path.join(args.dir, "stats.json"), e))
    if args.json:
        print(json.dumps(rows, indent=1, sort_keys=True))
        return 0
    out = [(r["pack"], r["name"], r["games"], r["wins"],
            "%.0f" % (100.0 * r["wins"] / r["games"]) if r["games"] else "-",
            "-" if r["best"] is None else r["best"], r["logs"]) for r in rows]
    print("\n".join(table.lines(("PACK", "NAME", "GAMES", "WINS", "WIN %", "BEST", "LOGS"), out, right=range(2, 7))))
    return 0
