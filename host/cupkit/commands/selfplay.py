"""cupkit selfplay: a game of random legal actions, written as a game record."""

import os

from cupcore import selfplay

from cupkit import records
from cupkit.cli import Fail

NAME = "selfplay"
HELP = "play a seeded game of uniformly random legal actions and write its game record"


def add_arguments(p):
    p.add_argument("pack", help="rule pack id, e.g. pig")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the pack's minimum, at least 2 where allowed)")
    p.add_argument("--seed", type=int, default=None, help="seed, 0..1073741823 (default: random)")
    p.add_argument("--out", help="write the record here (default: print it)")


def run(args):
    from cupcore import packs
    try:
        pack = packs.load(args.pack)
    except ValueError as e:
        raise Fail(str(e))
    players = args.players
    if players is None and "players" in pack:
        players = max(pack["players"]["min"], min(2, pack["players"]["max"]))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") >> 2
    try:
        rec = selfplay.play(args.pack, players, seed)
        rec["actions"] = list(rec["actions"])  # (an engine's codes, selfplay.Codes: as JSON, a list)
    except ValueError as e:
        raise Fail(str(e))
    if args.out:
        records.write(args.out, rec)
        print("%s: %d actions, seed %d -> %s" % (args.pack, len(rec["actions"]), seed, args.out))
    else:
        import json
        print(json.dumps(rec))
    return 0
