"""cupkit sync: send the rule packs (validated first) to a device, incrementally and atomically."""

import json
import os

from cupcore import packs

from cupkit import cmd_flash, packfiles, paths
from cupkit.cli import Fail

NAME = "sync"
HELP = "send the rule packs (./packs and the built-in ones) to a device; --prune removes the others"


def add_arguments(p):
    cmd_flash.add_target_arguments(p)
    p.add_argument("--packs", default="packs", metavar="DIR", help="your packs folder (default: ./packs)")
    p.add_argument("--prune", action="store_true", help="remove packs on the device that this machine does not have")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def pack_files(folders):
    """{device path: bytes} of every pack found (the first folder wins) and its data files;
    Fail listing every problem if any pack is not valid."""
    out, bad = {}, []
    for pid in packs.ids(folders):
        path = next(os.path.join(d, pid + ".json") for d in folders if os.path.exists(os.path.join(d, pid + ".json")))
        errs = packfiles.problems(path)
        if errs:
            bad += ["%s: %s" % (path, e) for e in errs]
            continue
        with open(path, "rb") as f:
            out["packs/%s.json" % pid] = data = f.read()
        for name in json.loads(data).get("files", []):
            try:
                with open(os.path.join(os.path.dirname(path), name), "rb") as f:
                    out["packs/" + name] = f.read()
            except OSError as e:
                bad.append("%s: data file %s: %s" % (path, name, e.strerror or e))
    if bad:
        raise Fail("nothing sent — fix these packs first (`cupkit packs validate FILE`):\n  " + "\n  ".join(bad))
    return out


def run(args):
    files = pack_files([args.packs, paths.PACKS])
    owned = (lambda p: p.startswith("packs/")) if args.prune else (lambda p: False)
    return cmd_flash.install(args, lambda info: files, owned, "synced")
