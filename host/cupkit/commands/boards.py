"""cupkit boards: the board profiles, and a check of your own."""

import json

from cupkit import quoting
from cupkit.device import boards
from cupkit.cli import Fail

NAME = "boards"
HELP = "list the board profiles, or check profile files (JSON) against hardware/board.schema.json"


def add_arguments(p):
    p.add_argument("files", nargs="*", metavar="FILE", help="profile files to check (default: list the built-in ones)")
    p.add_argument("--json", action="store_true", help="print the profiles as JSON")


def run(args):
    if args.files:
        bad = []
        for path in args.files:
            try:
                p = boards.load_file(path)
            except (OSError, ValueError) as e:
                bad.append(quoting.clip(e))
            else:
                print(quoting.clip("%s: ok (%s board %s)" % (path, p["family"], p["name"])))
        if bad:
            raise Fail("\n".join(bad))
        return 0
    profiles = [boards.load(n) for n in boards.names()]
    if args.json:
        print(json.dumps(profiles, indent=1, sort_keys=True))
        return 0
    for p in profiles:
        parts = [k for k in ("leds", "buzzer", "motion", "battery") if p.get(k)]
        print("%-6s %-13s %s" % (p["name"], p["family"], p["description"]))
        print("       %s; drivers: %s" % (", ".join(["display"] + parts), ", ".join(p["drivers"]) or "built in"))
    return 0
