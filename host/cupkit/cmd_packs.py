"""cupkit packs: list the rule packs and validate pack files."""

from cupcore import packs

from cupkit import packfiles
from cupkit.cli import Fail

NAME = "packs"
HELP = "list the rule packs, validate pack files"


def add_arguments(p):
    sub = p.add_subparsers(dest="packs_command", metavar="ACTION")
    sub.required = True
    ls = sub.add_parser("list", help="the packs this machine has (built in, and ./packs)")
    ls.set_defaults(packs_run=_list)
    va = sub.add_parser("validate", help="check pack files against the schema and their engine")
    va.add_argument("files", nargs="+", metavar="FILE")
    va.set_defaults(packs_run=_validate)


def run(args):
    return args.packs_run(args)


def _list(args):
    rows = []
    for pid in packs.ids():
        try:
            pk = packs.load(pid)
        except ValueError as e:
            rows.append((pid, "-", "-", "unusable: %s" % e))
            continue
        if "engine" in pk:
            pl = pk["players"]
            who = "%d" % pl["min"] if pl["min"] == pl["max"] else "%d-%d" % (pl["min"], pl["max"])
            rows.append((pid, pk["engine"], who, pk["name"]))
        else:
            rows.append((pid, "-", "-", pk["name"] + " (reference only)"))
    print("%-14s %-10s %-8s %s" % ("PACK", "ENGINE", "PLAYERS", "NAME"))
    for r in rows:
        print("%-14s %-10s %-8s %s" % r)
    return 0


def _validate(args):
    bad = 0
    for path in args.files:
        errs = packfiles.problems(path)
        if errs:
            bad += 1
            for e in errs:
                print("%s: %s" % (path, e))
        else:
            print("%s: ok" % path)
    if bad:
        raise Fail("%d of %d pack files are not valid" % (bad, len(args.files)))
    return 0
