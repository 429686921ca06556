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


class Parser(argparse.ArgumentParser):
    """argparse without prefix matching (`--headles` is an error, not --headless), for the main
    parser and, through add_subparsers, every subparser of every command."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)


def count(text):
    """argparse type: a whole number, 1 or more."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError("expected a whole number, 1 or more, not %s" % text)
    return n


def version():
    from importlib import metadata
    try:
        return metadata.version("cupkit")
    except metadata.PackageNotFoundError:
        return "unknown (not installed: pip install -e .)"


def parser():
    p = Parser(prog="cupkit", description="The host tool of the cupkit dice cup.")
    p.add_argument("--version", action="version", version="cupkit " + version())
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for name in commands():
        mod = importlib.import_module("cupkit.commands." + name)
        sp = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(sp)
        sp.set_defaults(run=mod.run)
    return p


def main(argv=None):
    from cupkit import quoting
    p = parser()
    args = p.parse_args(argv)
    if args.command is None:
        p.print_usage(sys.stderr)
        print("cupkit: name a command; `cupkit --help` lists them", file=sys.stderr)
        return 2
    try:
        return args.run(args) or 0
    except Fail as e:
        print("cupkit: %s" % quoting.lines(e, quoting.FAIL_LIMIT), file=sys.stderr)
        return 2
    except RecursionError:  # json.load on a file nested thousands deep, wherever it was read
        print("cupkit: a JSON file is nested too deeply to read: check the files named and ./packs "
              "(`cupkit packs validate FILE`)", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
