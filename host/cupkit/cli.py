"""The `cupkit` command line: one small module per command (cupkit.commands.*)."""

import argparse
import importlib
import os
import sys


def commands():
    """The command modules: every cupkit/commands/*.py defines NAME, HELP,
    add_arguments(parser) and run(args) -> exit status."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "commands")
    return sorted(f[:-3] for f in os.listdir(here) if f.endswith(".py") and not f.startswith("_"))


class Fail(Exception):
    """A user-facing error: printed as one line on stderr, exit status 2."""


def parser():
    p = argparse.ArgumentParser(prog="cupkit", description="The host tool of the cupkit dice cup.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in commands():
        mod = importlib.import_module("cupkit.commands." + name)
        sp = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(sp)
        sp.set_defaults(run=mod.run)
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return args.run(args) or 0
    except Fail as e:
        print("cupkit: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
