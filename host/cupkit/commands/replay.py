"""cupkit replay: apply a game record and print the resulting state."""

import json

from cupcore import lines, replay

from cupkit import quoting, records
from cupkit.cli import Fail

NAME = "replay"
HELP = "replay a game record (JSON, or JSON Lines: the record, then one action a line) and print the resulting state summary"


def add_arguments(p):
    p.add_argument("file", help="the game record: a JSON file, or JSON Lines (RULES.md section 2)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")


def run(args):
    try:
        if records.is_lines(args.file):
            with open(args.file, "rb") as f:
                summary = lines.run(f)
        else:
            summary = replay.run(records.read(args.file))
    except OSError as e:
        raise Fail("cannot read %s: %s" % (args.file, e.strerror or e))
    except ValueError as e:  # it may carry the record's own text: an action, a pack id
        raise Fail(quoting.clip(e))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        for k in sorted(summary):
            print("%-11s %s" % (k, json.dumps(summary[k])))
    return 0
