"""cupkit sync: send the rule packs (validated first) to a device, incrementally and atomically."""

import json
import os

from cupcore import packs

from cupkit import packfiles, paths, quoting
from cupkit.commands import flash as cmd_flash
from cupkit.device import flashing
from cupkit.cli import Fail

NAME = "sync"
HELP = "send the rule packs (./packs and the built-in ones) to a device; --prune removes the others"


def add_arguments(p):
    cmd_flash.add_target_arguments(p)
    p.add_argument("--packs", default="packs", metavar="DIR", help="your packs folder (default: ./packs)")
    p.add_argument("--prune", action="store_true", help="remove packs on the device that this machine does not have")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def playable(data):
    """Whether a pack file's bytes are a pack with a game (an engine), not reference-only text."""
    try:
        return "engine" in json.loads(data)
    except (ValueError, TypeError, UnicodeDecodeError):
        return False


def pack_files(folders):
    """{device path: bytes} of every pack found (the first folder wins) and its data files;
    Fail listing every problem if any pack is not valid, or is reference-only and would hide a
    playable pack of the same id in a later folder (the built-in ones)."""
    out, bad = {}, []
    for pid in packs.ids(folders):
        found = [os.path.join(d, pid + ".json") for d in folders if os.path.exists(os.path.join(d, pid + ".json"))]
        path = found[0]
        errs = packfiles.problems(path)
        if errs:
            bad += [quoting.clip("%s: %s" % (path, e)) for e in errs]
            continue
        if any(_playable_file(p) for p in found[1:]) and not _playable_file(path):
            bad.append("%s: reference-only, it would replace the playable %s — give it another id "
                       "(`cupkit packs import-feed` now does) or delete it" % (path, found[1]))
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


def _playable_file(path):
    with open(path, "rb") as f:
        return playable(f.read())


def keep_games(files, info, target):
    """Fail if a reference-only pack would replace a playable one already on the device (a house
    pack synced from another machine)."""
    have = info["files"]
    changed = [p for p, data in sorted(files.items()) if p.endswith(".json") and not playable(data)
               and p in have and have[p] != flashing.digest(data, info["hash"])]
    if not changed:
        return
    lost = [p for p, data in sorted(target.read(paths=changed).items()) if playable(data)]
    if lost:
        raise Fail("nothing sent — on the device %s %s a game; the reference-only pack of the same id here "
                   "would replace it: give yours another id" % (", ".join(lost), "holds" if len(lost) == 1 else "hold"))


def run(args):
    files = pack_files([args.packs, paths.PACKS])
    owned = (lambda p: p.startswith("packs/")) if args.prune else (lambda p: False)

    def choose(info, target):
        keep_games(files, info, target)
        return files
    return cmd_flash.install(args, choose, owned, "synced")
