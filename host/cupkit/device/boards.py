"""Board profiles (hardware/boards/NAME.json) and the board-specific files a device gets.

A profile is data the firmware reads at boot as /board.json: "name", "family"
("micropython", "circuitpython" or "blinka"), "description", the pins, the I2C
bus and display address, the LED count and order, which optional parts exist,
and "drivers": the driver modules the host installs in /lib with the firmware.
hardware/board.schema.json is the full contract; check() applies it.

micropython-lib's ssd1306 driver comes with the project (firmware/drivers, with
its licence), so flashing a pico needs no network. The CircuitPython drivers come
from PyPI: from this Python's own install when it has them (the dev extra installs
them, for Blinka), else through pip, fetched once into a cache folder
($CUPKIT_CACHE/drivers, else $XDG_CACHE_HOME/cupkit/drivers or ~/.cache/cupkit/drivers). For a MicroPython
or CircuitPython board, driver_files() gives the module files to put in /lib; for
a Blinka board (a Linux computer), requirements() gives what to pip install.
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

from cupkit import jsonfile, paths, tools

BOARDS = os.path.join(paths.HARDWARE, "boards")
SCHEMA = os.path.join(paths.HARDWARE, "board.schema.json")
ENTRY = {"micropython": ["main.py", "switch.py"], "circuitpython": ["code.py", "boot.py", "switch.py"], "blinka": []}
VENDORED = ("ssd1306",)  # drivers that come with the project, in firmware/drivers (licence beside), not from PyPI

# module a profile may name -> (PyPI requirement, files of that distribution the device needs).
DRIVERS = {
    # micropython-lib's SSD1306 driver: firmware/drivers/ssd1306.py is the ssd1306.py of this PyPI release
    "ssd1306": ("micropython-ssd1306==0.3", ("ssd1306.py",)),
    "adafruit_ssd1306": ("adafruit-circuitpython-ssd1306", ("adafruit_ssd1306.py",)),
    "adafruit_framebuf": ("adafruit-circuitpython-framebuf", ("adafruit_framebuf.py",)),
    "neopixel": ("adafruit-circuitpython-neopixel", ("neopixel.py",)),
    # Blinka's NeoPixel backend on a Raspberry Pi (runs as root); nothing to copy anywhere
    "rpi_ws281x": ("rpi_ws281x", ()),
}


def names():
    try:
        return sorted(f[:-5] for f in os.listdir(BOARDS) if f.endswith(".json"))
    except OSError:
        return []


def check(profile):
    """The problems of a profile as 'where: what' lines (empty when it is valid)."""
    import jsonschema
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    out = ["%s: %s" % (e.json_path, e.message) for e in
           sorted(jsonschema.Draft202012Validator(schema).iter_errors(profile), key=lambda e: e.json_path)]
    if not out:
        out += ["$.drivers: unknown driver %r (known: %s)" % (d, ", ".join(sorted(DRIVERS)))
                for d in profile["drivers"] if d not in DRIVERS]
        pins = [v for v in profile["buttons"].values()]
        out += ["$.buttons: pin %r used twice" % v for v in sorted(set(pins), key=str) if pins.count(v) > 1]
    return out


def load(name):
    """The profile hardware/boards/NAME.json; ValueError if unknown or invalid."""
    path = os.path.join(BOARDS, name + ".json")
    if not os.path.exists(path):
        raise ValueError("unknown board %r (known: %s)" % (name, ", ".join(names()) or "none"))
    return load_file(path)


def load_file(path):
    """A profile from any JSON file (a maker's own wiring); OSError if unreadable, ValueError if invalid."""
    try:
        profile = jsonfile.read(path)
    except ValueError as e:
        raise ValueError("board profile %s: %s" % (path, e))
    problems = check(profile)
    if problems:
        raise ValueError("board profile %s: %s" % (path, "; ".join(problems)))
    return profile


def entry_files(profile):
    """{device path: bytes} of the entry files for the profile's family (from firmware/)."""
    out = {}
    for name in ENTRY[profile["family"]]:
        with open(os.path.join(paths.FIRMWARE, name), "rb") as f:
            out[name] = f.read()
    return out


def requirements(profile):
    """PyPI requirements a Blinka board's Python needs (the host side of its drivers)."""
    return ["adafruit-blinka"] + [DRIVERS[d][0] for d in profile["drivers"]]


def cache_dir():
    base = os.environ.get("CUPKIT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "cupkit")
    return os.path.join(base, "drivers")


def fetch(requirement, cache=None):
    """Folder holding the unpacked files of one PyPI distribution (its wheel, else its sdist),
    fetched with pip on first use."""
    cache = cache or cache_dir()
    dest = os.path.join(cache, "".join(c if c.isalnum() or c in ".-" else "_" for c in requirement))
    if os.path.isdir(dest):
        return dest
    os.makedirs(cache, exist_ok=True)
    work = tempfile.mkdtemp(prefix="fetch-", dir=cache)
    try:
        r = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps",
                            "--disable-pip-version-check", "-d", os.path.join(work, "dl"), requirement],
                           env=dict(os.environ, TMPDIR=work), capture_output=True, text=True)
        got = os.path.join(work, "got")
        wheels = glob.glob(os.path.join(work, "dl", "*.whl"))
        sdists = glob.glob(os.path.join(work, "dl", "*.tar.gz"))
        if wheels:
            with zipfile.ZipFile(wheels[0]) as z:
                z.extractall(got)
        elif sdists:
            with tarfile.open(sdists[0]) as t:
                t.extractall(got, members=[m for m in t.getmembers() if m.isfile() or m.isdir()])
            got = glob.glob(os.path.join(got, "*"))[0]
        else:
            last = (r.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError("pip could not fetch %s: %s" % (requirement, last))
        shutil.move(got, dest)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return dest


def installed(requirement):
    """Folder of an unpinned PyPI distribution installed in this Python (its files lie under it), or None."""
    from importlib import metadata
    if not requirement.replace("-", "").replace("_", "").isalnum():
        return None  # pinned: only that release will do
    try:
        return str(metadata.distribution(requirement).locate_file(""))
    except metadata.PackageNotFoundError:
        return None


def driver_files(profile, mpy=False, cache=None):
    """{device path: bytes} of the profile's drivers for /lib (empty for Blinka boards).

    mpy compiles them with the host's mpy-cross: only for MicroPython boards, since
    CircuitPython's .mpy format is its own (CircuitPython boards get .py files).
    """
    out = {}
    if profile["family"] == "blinka":
        return out
    compile_ = mpy and profile["family"] == "micropython"
    for name in profile["drivers"]:
        requirement, files = DRIVERS[name]
        if not files:
            continue
        local = None if name in VENDORED else installed(requirement)
        if local is not None and not all(os.path.exists(os.path.join(local, rel)) for rel in files):
            local = None
        top = os.path.join(paths.FIRMWARE, "drivers") if name in VENDORED else local or fetch(requirement, cache)
        for rel in files:
            src = os.path.join(top, rel)
            if compile_:
                with tempfile.TemporaryDirectory() as t:
                    tools.compile_mpy(src, rel, os.path.join(t, "out.mpy"))
                    with open(os.path.join(t, "out.mpy"), "rb") as f:
                        out["lib/" + rel[:-3] + ".mpy"] = f.read()
            else:
                with open(src, "rb") as f:
                    out["lib/" + rel] = f.read()
    return out
