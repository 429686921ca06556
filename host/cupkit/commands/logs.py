"""cupkit logs pull: copy the device's finished game records and statistics, verifying each record."""

import os

from cupkit import pulled, quoting
from cupkit.commands import flash as cmd_flash
from cupkit.cli import Fail

NAME = "logs"
HELP = "pull the device's game records and statistics to the laptop, replaying each record to verify it"


def add_arguments(p):
    sub = p.add_subparsers(dest="logs_command", metavar="ACTION")
    sub.required = True
    pull = sub.add_parser("pull", help="copy /data/stats.json and /data/log/*.json into a folder")
    cmd_flash.add_target_arguments(pull)
    pull.add_argument("--out", default="logs", metavar="DIR", help="where to put them (default: ./logs)")


def run(args):
    target, info, where = cmd_flash.connect(args)
    try:
        files = target.read(["data", "data/log"])
        decoded, bad = pulled.decode_store(files)
        used = sorted({rec.get("pack") for p, rec in decoded.items()
                       if p.startswith("data/log/") and isinstance(rec, dict) and isinstance(rec.get("pack"), str)})
        pack_files = target.read(paths=["packs/%s.json" % pid for pid in used])
    finally:
        if hasattr(target, "dev"):
            target.dev.close()
    for path, reason in bad:
        print(quoting.clip("%s: damaged on the device (%s), skipped" % (path, reason)))
    written = pulled.save(args.out, decoded, pack_files)
    failed = 0
    for path in written:
        rec, err = pulled.verify(args.out, path)
        if err:
            failed += 1
            print(quoting.clip("%s: does not replay: %s" % (path, err)))
        else:
            print(quoting.clip("%s: %s, %d players, %d actions, verified" % (path, rec["pack"], rec["players"],
                                                                            len(rec.get("actions", [])))))
    has_stats = "data/stats.json" in decoded
    print("pulled %d records (%d verified)%s from %s into %s"
          % (len(written), len(written) - failed, " and the statistics" if has_stats else "", where,
             os.path.abspath(args.out)))
    if failed:
        raise Fail("%d records do not replay: keep them for a bug report" % failed)
    return 0
