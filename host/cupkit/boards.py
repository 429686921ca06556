"""Board profiles (hardware/boards/NAME.json) and the board-specific files a device gets.

A profile is data the firmware reads at boot as /board.json: "name", "family"
("micropython", "circuitpython" or "blinka"), "description", the pins, the I2C
bus and display address, the LED count and order, which optional parts exist,
and "drivers": the driver modules the host installs in /lib with the firmware.
"""

import json
import os

from cupkit import paths

BOARDS = os.path.join(paths.HARDWARE, "boards")
ENTRY = {"micropython": ["main.py"], "circuitpython": ["code.py", "boot.py"], "blinka": []}


def names():
    try:
        return sorted(f[:-5] for f in os.listdir(BOARDS) if f.endswith(".json"))
    except OSError:
        return []


def load(name):
    path = os.path.join(BOARDS, name + ".json")
    if not os.path.exists(path):
        raise ValueError("unknown board %r (known: %s)" % (name, ", ".join(names()) or "none"))
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def entry_files(profile):
    """{device path: bytes} of the entry files for the profile's family (from firmware/)."""
    out = {}
    for name in ENTRY[profile["family"]]:
        with open(os.path.join(paths.FIRMWARE, name), "rb") as f:
            out[name] = f.read()
    return out
