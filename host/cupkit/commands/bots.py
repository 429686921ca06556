"""cupkit bots: the data behind the cup's computer players."""

import os

from cupkit import paths

NAME = "bots"
HELP = "make the data the cup's computer players read (pig-table: optimal two-player Pig to 100)"
TABLE = os.path.join(paths.CORE, "bots", "pig.bin")


def add_arguments(p):
    sub = p.add_subparsers(dest="bots_command", metavar="WHAT")
    sub.required = True
    t = sub.add_parser("pig-table", help="solve two-player Pig to 100 and write its packed policy")
    t.add_argument("--out", default=TABLE, help="where to write it (default: the one the device gets, %(default)s)")


def run(args):
    from cupkit import pigsolve
    pol, w = pigsolve.solve(100)
    data = pigsolve.table(pol)
    with open(args.out, "wb") as f:
        f.write(data)
    print("%s: %d bytes; the first player's chance against itself %.4f" % (args.out, len(data), w[0][0]))
    return 0
