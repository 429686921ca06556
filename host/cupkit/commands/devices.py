"""cupkit devices: serial ports, CircuitPython drives and Picos in BOOTSEL mode, with what runs on them."""

import glob
import json
import os

from cupkit import jsonfile, quoting
from cupkit.device import transport as device
from cupkit.device import vdev
from cupkit.cli import Fail

NAME = "devices"
HELP = ("list connected devices: serial ports (MicroPython or CircuitPython, board, version), CIRCUITPY drives "
        "and Picos in BOOTSEL mode (RPI-RP2)")

LETTERS = ("D:/", "E:/", "F:/", "G:/")
DRIVE_GLOBS = ("/media/*/CIRCUITPY", "/run/media/*/CIRCUITPY", "/media/CIRCUITPY", "/Volumes/CIRCUITPY") + LETTERS
BOOTSEL_GLOBS = ("/media/*/RPI-RP2", "/run/media/*/RPI-RP2", "/media/RPI-RP2", "/Volumes/RPI-RP2") + LETTERS


def add_arguments(p):
    p.add_argument("--json", action="store_true", help="print the rows as JSON")


def boot_out(path):
    """{impl, version, machine} from a CircuitPython drive's boot_out.txt, or None if it has none."""
    try:
        with open(os.path.join(path, "boot_out.txt"), encoding="utf-8", errors="replace") as f:
            first = f.readline().strip()
    except OSError:
        return None
    # "Adafruit CircuitPython 9.0.5 on 2024-05-22; Adafruit Circuit Playground Bluefruit with nRF52840"
    head, _, machine = first.partition("; ")
    words = head.split()
    version = words[words.index("CircuitPython") + 1] if "CircuitPython" in words[:-1] else "?"
    return {"impl": "circuitpython", "version": version, "machine": machine or "?"}


def bootsel(path):
    """{impl, version, machine} of a boot ROM's UF2 drive (its INFO_UF2.TXT), or None if path is none."""
    try:
        with open(os.path.join(path, "INFO_UF2.TXT"), encoding="ascii", errors="replace") as f:
            lines = f.read(4096).splitlines()
    except OSError:
        return None
    info = dict(line.split(":", 1) for line in lines[1:] if ":" in line)
    head = lines[0].split() if lines else []
    return {"impl": "BOOTSEL", "version": head[-1] if head else "?",
            "machine": (info.get("Model") or info.get("Board-ID") or "?").strip()}


def drives():
    out = []
    for pattern in DRIVE_GLOBS:
        for path in sorted(glob.glob(pattern)):
            info = boot_out(path)
            if info:
                out.append(dict(info, where=path, kind="drive", board=_board(path),
                                cupkit=os.path.isdir(os.path.join(path, "lib", "cupfw"))))
    for pattern in BOOTSEL_GLOBS:
        for path in sorted(glob.glob(pattern)):
            info = bootsel(path)
            if info:
                out.append(dict(info, where=path, kind="bootsel"))
    return out


def _board(path):
    try:
        return jsonfile.read(os.path.join(path, "board.json")).get("name")
    except (OSError, ValueError, AttributeError):
        return None


def state(row):
    """What cupkit installed there: the board profile is what `cupkit flash --board` adds (entry file, drivers)."""
    if row.get("kind") == "bootsel":
        return "a Pico in BOOTSEL mode: `cupkit uf2 --board pico --drive %s` installs MicroPython and the cup" % row["where"]
    if row.get("board"):
        return "cupkit installed, board %s" % row["board"] if row.get("cupkit") else "board %s, cupkit not installed" \
            % row["board"]
    if row.get("cupkit"):
        return "cupkit installed, no board profile" + ("" if row.get("machine", "").startswith("linux") else
                                                      " (so no entry file: `cupkit flash --board NAME` adds one)")
    return "cupkit not installed (`cupkit flash` installs it)"


def run(args):
    from serial.tools import list_ports
    rows = []
    ports = [(p.device, p.description or "") for p in sorted(list_ports.comports(), key=lambda p: p.device)
             if p.vid is not None]
    st = vdev.running()
    if st:
        ports.append((st["port"], "virtual device, flash folder %s" % st["dir"]))
    from cupkit.emu import pico  # the emulated Pico of `cupkit emu`
    st = pico.running()
    if st:
        ports.append((st["port"], "emulated Pico, flash %s" % st["flash"]))
    for port, desc in ports:
        row = {"where": port, "kind": "serial", "description": desc}
        try:
            row.update(device.describe(port))
        except Fail as e:
            row["problem"] = str(e)
        rows.append(row)
    rows += drives()
    if args.json:
        print(json.dumps(rows, indent=1, sort_keys=True))
        return 0
    if not rows:
        print("no devices found: plug a board in (a data cable, not a charge-only one), or start one: cupkit vdev")
        return 0
    for r in rows:
        if "problem" in r:
            print(quoting.clip("%-24s %s: %s" % (r["where"], r.get("description") or r["kind"], r["problem"])))
        else:
            print(quoting.clip("%-24s %s %s on %s, %s%s" % (
                r["where"], r["impl"], r["version"], r["machine"], state(r),
                " (%s)" % r["description"] if r.get("description") else "")))
    return 0
