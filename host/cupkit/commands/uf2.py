"""cupkit uf2: one UF2 file that installs MicroPython and the cup on a Pico from its BOOTSEL drive."""

import json
import os

from cupkit import paths, progress, tools
from cupkit.cli import Fail
from cupkit.commands import flash as cmd_flash
from cupkit.commands import sync as cmd_sync
from cupkit.device import boards, rp2fs, uf2

NAME = "uf2"
HELP = "make one UF2 with MicroPython and the cup inside (drop it on a Pico in BOOTSEL mode)"
PORTS = os.path.join(paths.FIRMWARE, "ports")


def add_arguments(p):
    p.add_argument("--board", required=True, choices=boards.names() or None, help="board profile")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--out", metavar="FILE", help="where to write it (default: ./cupkit-BOARD.uf2)")
    where.add_argument("--drive", metavar="PATH", help="write it straight onto a Pico's RPI-RP2 drive")
    p.add_argument("--packs", default="packs", metavar="DIR", help="house packs to include (default: ./packs)")
    p.add_argument("--json", action="store_true", help="print what was written as JSON")


def port(profile):
    """(path, facts) of the interpreter UF2 the profile names, its sha256 checked; Fail says why not."""
    name = profile["name"]
    fam = profile["family"]
    if fam == "circuitpython":
        raise Fail("board %s runs CircuitPython, whose drive is CIRCUITPY: install CircuitPython, then "
                   "`cupkit flash --board %s --drive PATH` (a UF2 with the cup inside is for MicroPython boards)"
                   % (name, name))
    if fam == "blinka":
        raise Fail("board %s runs the firmware on its own Linux with Blinka: there, pip install %s"
                   % (name, " ".join(boards.requirements(profile))))
    if not profile.get("uf2"):
        raise Fail("board %s is not installed from a UF2 drive: use `cupkit flash --board %s`" % (name, name))
    path = os.path.join(PORTS, profile["uf2"])
    try:
        with open(os.path.join(PORTS, "ports.json"), encoding="utf-8") as f:
            facts = json.load(f)[profile["uf2"]]
        paths.checked(path)
    except (OSError, KeyError, ValueError) as e:
        raise Fail("cannot read the shipped %s (%s) — is the checkout complete?" % (profile["uf2"], e))
    except RuntimeError as e:
        raise Fail(str(e))
    return path, facts


def build(profile, packs_dir, bar=None):
    """(UF2 bytes, files) for the board: its interpreter's UF2, then a filesystem image of exactly
    what `cupkit flash --board` installs, plus the house packs of packs_dir."""
    path, facts = port(profile)
    try:
        files = cmd_flash.device_files(profile, mpy=True)
    except (tools.ToolMissing, RuntimeError) as e:
        raise Fail(str(e))
    cmd_flash.check_mpy(files, facts)
    if os.path.isdir(packs_dir):
        files.update(cmd_sync.pack_files([packs_dir]))
    try:
        image = rp2fs.make(files)
    except rp2fs.Full as e:
        raise Fail("%s: nothing written — leave some packs out of %s" % (e, packs_dir))
    # Every sector of the filesystem is written, blank pages included, so the boot ROM erases all of
    # it: littlefs reads both blocks of each metadata pair, and an older filesystem's block left where
    # the new image has an unwritten one could win on its revision count.
    fs = uf2.pages(image, rp2fs.OFFSET)
    writes = uf2.blocks(path) + fs + uf2.erasing(fs, rp2fs.OFFSET, rp2fs.SIZE)
    return uf2.write(writes), files


def summary(files):
    lib = sum(len(d) for p, d in files.items() if p.startswith("lib/"))
    packs = [p for p in files if p.startswith("packs/") and p.endswith(".json")]
    top = sorted(p for p in files if "/" not in p)
    return "%d files, %d KB: the core and firmware (%d KB of .mpy and drivers), %d packs, %s" % (
        len(files), (sum(len(d) for d in files.values()) + 1023) // 1024, (lib + 1023) // 1024, len(packs),
        ", ".join(top))


def write(dest, data, bar):
    """Write data to dest in 64 KB pieces with progress; a file (not a drive) goes in atomically."""
    tmp = dest + ".tmp" if os.path.isfile(dest) or not os.path.exists(dest) else dest
    with open(tmp, "wb") as f:
        for i in range(0, len(data), 65536):
            f.write(data[i:i + 65536])
            bar(min(i + 65536, len(data)), len(data), os.path.basename(dest))
        f.flush()
        os.fsync(f.fileno())
    if tmp != dest:
        os.replace(tmp, dest)


def run(args):
    try:
        profile = boards.load(args.board)
    except ValueError as e:
        raise Fail(str(e))
    if args.drive:
        if not os.path.isfile(os.path.join(args.drive, "INFO_UF2.TXT")):
            raise Fail("%s is not a Pico in BOOTSEL mode (no INFO_UF2.TXT): hold BOOTSEL while plugging it in; "
                       "its drive is called RPI-RP2" % args.drive)
        dest = os.path.join(args.drive, "cupkit-%s.uf2" % args.board)
    else:
        dest = args.out or "cupkit-%s.uf2" % args.board
        if os.path.isdir(dest):
            raise Fail("%s is a folder: name a file, or use --drive for a Pico's RPI-RP2 drive" % dest)
    data, files = build(profile, args.packs)
    bar = progress.Bar("writing")
    try:
        write(dest, data, bar)
    except OSError as e:
        raise Fail("cannot write %s (%s)%s" % (dest, e.strerror or e, " — was the Pico unplugged?" if args.drive else ""))
    finally:
        bar.close()
    if args.json:
        print(json.dumps({"file": dest, "bytes": len(data), "files": len(files),
                          "fs_bytes": sum(len(d) for d in files.values())}, sort_keys=True))
        return 0
    print("wrote %s: %d KB, MicroPython %s and a filesystem of %s"
          % (dest, (len(data) + 1023) // 1024, port(profile)[1]["version"], summary(files)))
    print("Dropping it on a Pico in BOOTSEL mode replaces everything on it, saved games included. "
          "To update a cup and keep its saved games, use `cupkit flash`.")
    return 0
