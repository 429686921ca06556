"""The simulator's headless side: key scripts run on simulated time, on CPython or in the micropython binary.

A key script has one command a line: press KEY, keydown KEY, keyup KEY, wait MS,
shot NAME, shake (KEY: up down left right a b); blank lines and # comments are
skipped. The same driver (cupkit.sim.driver) runs the firmware in either Python.
"""

import os
import shutil
import tempfile

from cupfw.hal import NAMES

from cupkit import tools
from cupkit.device import layout
from cupkit.sim import png
from cupkit.sim import driver as sim_driver

OK = "cupkit-sim-ok"


def parse(text):
    """Check a key script; the steps as (command, argument) pairs, or ValueError naming the line."""
    steps = []
    for n, line in enumerate(text.splitlines(), 1):
        w = line.split("#", 1)[0].split()
        if not w:
            continue
        cmd = w[0].lower()
        args = w[1:]
        if cmd in ("press", "keydown", "keyup") and len(args) == 1 and args[0].lower() in NAMES:
            steps.append((cmd, args[0].lower()))
        elif cmd == "wait" and len(args) == 1 and args[0].isdigit():
            steps.append((cmd, int(args[0])))
        elif cmd == "shot" and len(args) == 1 and args[0].replace("-", "").replace("_", "").isalnum():
            steps.append((cmd, args[0]))
        elif cmd == "shake" and not args:
            steps.append((cmd, None))
        else:
            raise ValueError("line %d: %r: expected press/keydown/keyup KEY (%s), wait MS, shot NAME or shake"
                             % (n, line.strip(), " ".join(NAMES)))
    return steps


def lines(steps):
    """The steps as the text of a normalised script, one step a line (what cupkit.sim.driver.steps reads)."""
    return "".join("%s %s\n" % (c, a) if a is not None else c + "\n" for c, a in steps)


def device(root):
    """Make root the simulated device's folder and the working directory, as on a board: the firmware
    finds its packs in ./packs (here the built-in ones), never in the folder the simulator was started
    from. Returns the previous working directory."""
    builtin = layout.files(mpy=False, firmware=False)
    layout.write(root, dict((k, v) for k, v in builtin.items() if k[:6] == "packs/"))
    here = os.getcwd()
    os.chdir(root)
    return here


def _cpython(steps, raw, data, demo, root, seed):
    from cupfw.app import App
    from cupfw.hal.virtual import Board
    here = device(root)
    try:
        app = App(Board(data_dir=data, seed=seed))
        if demo and not sim_driver.demo(app):
            raise RuntimeError("the demo did not come back to the menu")
        sim_driver.run(app, steps, raw)
    finally:
        os.chdir(here)


# The key script stays in a file that the driver reads a line at a time: a device's heap
# (--heap) holds the firmware, not the script.
_MP_SCRIPT = """from cupfw.hal.virtual import Board
from cupfw.app import App
import sim_driver
app = App(Board(data_dir=%(data)r, seed=%(seed)r))
if %(demo)r and not sim_driver.demo(app):
    raise SystemExit("the demo did not come back to the menu")
sim_driver.run(app, sim_driver.steps(%(keys)r), %(raw)r)
print(%(ok)r)
"""


def _micropython(steps, raw, data, demo, heap_kb, image, seed):
    work = tempfile.mkdtemp(prefix="cupkit-simlib-")
    try:
        tools.compile_mpy(sim_driver.__file__, "sim_driver.py", os.path.join(work, "sim_driver.mpy"))
        keys = os.path.join(work, "keys.txt")
        with open(keys, "w") as f:
            f.write(lines(steps))
        script = os.path.join(work, "sim_main.py")
        with open(script, "w") as f:
            f.write(_MP_SCRIPT % {"data": data, "demo": demo, "keys": keys, "raw": raw, "ok": OK, "seed": seed})
        r = tools.run_micropython(script, image, heap_kb, path="lib:" + work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if r.returncode != 0 or OK not in r.stdout:
        raise RuntimeError("the firmware failed in micropython%s:\n%s" % (
            " (heap %d KB)" % heap_kb if heap_kb else "", (r.stdout + r.stderr)[-2500:]))


def headless(steps, shots=None, data=None, micropython=False, heap_kb=None, demo=False, image=None, seed=None):
    """Run the firmware through steps; {shot name: (frame bytes, led bytes)}, also written as PNGs to shots.

    micropython runs it in the unix port, from image (a device folder: lib/, packs/) or a fresh .mpy build;
    CPython runs it in a fresh device folder with the built-in packs. Either way the working directory
    the simulator was started from plays no part. data is the device's /data folder (default: a fresh one).
    seed makes the board's game seeds repeatable (default: random, as on a board).
    """
    tmp = tempfile.mkdtemp(prefix="cupkit-sim-")
    try:
        raw = os.path.join(tmp, "raw")
        os.mkdir(raw)
        data = os.path.abspath(data) if data else os.path.join(tmp, "data")
        if micropython or image:
            if not image:
                image = layout.build(os.path.join(tmp, "image"), mpy=True)
            _micropython(steps, raw, data, demo, heap_kb, image, seed)
        else:
            _cpython(steps, raw, data, demo, os.path.join(tmp, "device"), seed)
        frames = {}
        for name in [a for c, a in steps if c == "shot"]:
            with open(os.path.join(raw, name + ".raw"), "rb") as f:
                b = f.read()
            frames[name] = (b[:1024], b[1024:])
            if shots:
                os.makedirs(shots, exist_ok=True)
                png.write(os.path.join(shots, name + ".png"), b[:1024], b[1024:])
        return frames
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
