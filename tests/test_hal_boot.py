"""main.py's boot safety on the unix port: the real entry file, HAL, app and driver over machine stand-ins.

Each case runs main.py as the board would (the image folder as its flash):
no /board.json, B held at power-on, no display answering, a missing
accelerometer, and a crash inside the running app.
"""

import json
import os
import shutil

import pytest

from cupkit import paths
from cupkit.device import boards

from conftest import run_mp
from test_hal_micro import FAKES

CLOCK = r'''
import time as _time
class Blinked(Exception):
    pass
class Reset(Exception):
    pass
class time:
    ticks_ms = _time.ticks_ms
    ticks_diff = _time.ticks_diff
    ticks_add = _time.ticks_add
    def sleep_ms(ms):
        LOG.append(["sleep", ms])
        if ms == 1500:
            raise Blinked()
        if ms == 50:  # main.py waiting for a button after an error: press B
            Pin.made[15].v = 0
sys.modules["time"] = time
'''

BOOT = r'''
machine.reset = lambda: LOG.append(["reset"]) or (_ for _ in ()).throw(Reset())
SRC = open("main.py").read()
PROFILE = open("pico.json").read()

def boot(case):
    del LOG[:]
    try:
        exec(SRC, {"__name__": "__main__"})
        end = "returned"
    except Blinked:
        end = "blinked"
    except Reset:
        end = "reset"
    outs = [e for e in LOG if e[0] == "out"]
    frames = [e[2] for e in LOG if e[0] == "w" and e[2][:2] == "40"]
    out(case, end, len([e for e in outs if e[2]]), outs[0][1] if outs else None, frames[-1] if frames else None,
        len([e for e in LOG if e[0] == "i2c"]))

import os
boot("no-profile")
with open("board.json", "w") as f:
    f.write(PROFILE)
Pin.pressed = {15}
boot("b-held")
Pin.pressed = set()
I2C.present = []
boot("no-display")
I2C.present = [60]
Pin.crash = 40
boot("crash")
with open("packs/zz-broken.json", "w") as f:
    f.write("{broken")
Pin.crash = 40
boot("broken-pack")
os.remove("packs/zz-broken.json")
os.remove("board.json")

import framebuf
from cupfw import gfx
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
gfx.error(fb, "Stopped", "RuntimeError: bus fault. Press a button to restart.")
out("expect-stopped", "40" + "".join("%02x" % c for c in buf))
'''


@pytest.fixture(scope="module")
def results(image, tmp_path_factory):
    flash = str(tmp_path_factory.mktemp("flash"))
    shutil.copytree(image, flash, dirs_exist_ok=True)
    for path, data in boards.driver_files(boards.load("pico")).items():
        with open(os.path.join(flash, path), "wb") as f:
            f.write(data)
    shutil.copy(os.path.join(paths.FIRMWARE, "main.py"), flash)
    with open(os.path.join(flash, "pico.json"), "w") as f:
        json.dump(dict(boards.load("pico"), data_dir="data"), f)  # the flash folder's /data
    head = "DRIVERS = 'lib'\nPRESS = None\nimport sys\nLOG = []\n"
    lines = run_mp(flash, head + CLOCK + FAKES + BOOT).splitlines()
    got = {r[0]: r[1:] for r in (json.loads(line) for line in lines if line.startswith("["))}
    got["printed"] = [line for line in lines if line.startswith("cupkit:")]
    return got


def test_without_a_profile_the_led_blinks_three(results):
    end, blinks, led, frame, buses = results["no-profile"]
    assert (end, blinks, led, buses) == ("blinked", 3, "LED", 0)


def test_b_held_at_power_on_leaves_a_safe_repl(results):
    end, blinks, led, frame, buses = results["b-held"]
    assert (end, blinks, frame, buses) == ("returned", 0, None, 0)
    assert "cupkit: B held at power-on: safe REPL, the app is not started" in results["printed"]


def test_no_display_blinks_two_on_the_status_led(results):
    end, blinks, led, frame, buses = results["no-display"]
    assert (end, blinks, led, frame) == ("blinked", 2, "LED", None)


def test_a_crash_shows_the_error_and_a_button_restarts(results):
    end, blinks, led, frame, buses = results["crash"]
    assert end == "reset" and blinks == 0
    assert frame == results["expect-stopped"][0]
    assert "cupkit: no accelerometer at I2C 0x18: shake is off" in results["printed"]


def test_a_broken_pack_does_not_stop_the_device(results):
    """The app starts and runs with a pack it cannot read; only the injected fault stops it."""
    assert results["broken-pack"][0] == "reset"
    assert results["broken-pack"][3] == results["expect-stopped"][0]



RUN_QUIET = r'''
machine.reset = lambda: (_ for _ in ()).throw(Reset())
I2C.writeto = lambda self, a, b: None  # no traffic log: only the firmware's own memory counts
I2C.writevto = lambda self, a, b: None
Pin.crash = 3000
class Quiet(list):
    def append(self, x):
        pass
LOG = Quiet()
try:
    exec(open("main.py").read(), {"__name__": "__main__"})
except Reset:
    print("reset")
'''


def test_the_pico_boot_path_fits_the_firmware_heap_budget(image_mpy, tmp_path):
    """main.py, the MicroPython HAL, ssd1306 and the app (.mpy): boot, 3000 menu polls, the error screen, in 64 KB."""
    flash = str(tmp_path)
    shutil.copytree(image_mpy, flash, dirs_exist_ok=True)
    for path, data in boards.driver_files(boards.load("pico"), mpy=True).items():
        with open(os.path.join(flash, path), "wb") as f:
            f.write(data)
    shutil.copy(os.path.join(paths.FIRMWARE, "main.py"), flash)
    with open(os.path.join(flash, "board.json"), "w") as f:
        json.dump(dict(boards.load("pico"), data_dir="data"), f)
    head = "DRIVERS = 'lib'\nPRESS = None\nimport sys\nLOG = []\n"
    out = run_mp(flash, head + CLOCK + FAKES + RUN_QUIET, heap_kb=64)
    assert out.splitlines()[-1] == "reset"
