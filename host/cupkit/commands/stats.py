"""cupkit stats: per-pack statistics from a pulled logs folder (`cupkit logs pull`)."""

import json
import os
import sys

from cupkit import pulled, quoting, table
from cupkit.cli import Fail

NAME = "stats"
HELP = "per-pack statistics (games, wins or wins per seat, best) pulled from the device with `cupkit logs pull`"


def add_arguments(p):
    p.add_argument("--dir", default="logs", help="the pulled folder (default: ./logs)")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")


def wins(row):
    """(WINS, WIN %) cells. A pass-and-play game always has a winner, so there the device's count
    says nothing: with the wins per seat it kept, those are shown (1st/2nd/... seat) instead."""
    seats = row.get("seats")
    if seats and len(seats) > 1:
        return "/".join(str(n) for n in seats), "-"
    return row["wins"], "%.0f" % (100.0 * row["wins"] / row["games"]) if row["games"] else "-"


def run(args):
    path = os.path.join(args.dir, "stats.json")
    if not os.path.exists(path):
        raise Fail("no statistics in %s: run `cupkit logs pull` first" % args.dir)
    try:
        rows, problems = pulled.stats(args.dir)
    except (OSError, ValueError) as e:
        raise Fail("cannot read %s: %s" % (path, getattr(e, "strerror", None) or e))
    for why in problems:
        print("cupkit: %s: %s; left out" % (path, why), file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=1, sort_keys=True))
        return 0
    out = [(quoting.clip(r["pack"], 40), quoting.clip(r["name"], 40), r["games"]) + wins(r) +
           ("-" if r["best"] is None else r["best"], r["logs"]) for r in rows]
    print("\n".join(table.lines(("PACK", "NAME", "GAMES", "WINS", "WIN %", "BEST", "LOGS"), out, right=range(2, 7))))
    if any("/" in str(row[3]) for row in out):
        print("(WINS 4/2/3: the wins of the first, second and third seat of a pass-and-play game)")
    return 0
