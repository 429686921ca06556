"""cupkit demo: watch a game of Pig played turn by turn in the terminal."""

import os
import time

from cupcore import replay

from cupkit import records
from cupkit.cli import Fail

NAME = "demo"
HELP = "watch a seeded game of Pig played turn by turn in the terminal"


def add_arguments(p):
    p.add_argument("--pack", default="pig", help="a Pig-family pack (default pig)")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--hold-at", type=int, default=20, help="each player holds once the turn total reaches this")
    p.add_argument("--delay", type=float, default=0.0, help="seconds to pause after each turn")
    p.add_argument("--out", help="also write the game record to this file")


def run(args):
    if not args.delay >= 0:
        raise Fail("--delay: seconds, 0 or more")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") >> 2
    rec = {"pack": args.pack, "players": args.players, "seed": seed, "actions": []}
    try:
        game = replay.start(rec)
    except ValueError as e:
        raise Fail(str(e))
    if not hasattr(game, "turn_total"):
        raise Fail("demo plays the Pig family (pig, big-pig, hog), not %s" % args.pack)
    print("%s, %d players, seed %d: each player holds at %d" % (args.pack, args.players, seed, args.hold_at))
    line = ""
    while not game.over:
        who = game.turn
        legal = game.legal()
        if "hold" in legal and game.turn_total >= args.hold_at:
            act = "hold"
        else:
            act = "roll" if "roll" in legal else legal[min(2, len(legal) - 1)]
        game.apply(act)
        rec["actions"].append(act)
        s = game.summary()
        if act.startswith("roll"):
            line += " " + "+".join(str(f) for f in s["last_roll"])
            if game.turn != who:
                print("Player %d:%s  bust!" % (who + 1, line))
                line = ""
        else:
            print("Player %d:%s  holds, score %d" % (who + 1, line, s["scores"][who]))
            line = ""
        if game.turn != who and args.delay:
            time.sleep(args.delay)
    print("Player %d wins: scores %s after %d actions." % (game.winner + 1, game.scores, game.count))
    if args.out:
        records.write(args.out, rec)
        print("Game record written to %s; `cupkit replay %s` plays it again." % (args.out, args.out))
    return 0
