"""The MicroPython HAL on the real unix port, with stand-ins for machine and neopixel.

Everything above the stand-ins is real: cupfw.hal.micro (from source and .mpy),
micropython-lib's ssd1306 driver as the host installs it (fetched with pip), and
framebuf. The checks are the bytes that would reach the hardware: pins and
pulls, I2C traffic to the display and the accelerometer, LED bytes, PWM.
"""

import json
import os
import shutil

import pytest

from cupkit.device import boards

from conftest import run_mp_json

FAKES = r'''
import sys, json
sys.path.append(DRIVERS)
LOG = []

class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    made = {}
    pressed = set()
    crash = None  # after this many reads a pin read fails
    def __init__(self, id, mode=-1, pull=-1):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.v = (id not in Pin.pressed) if pull == 1 else (id in Pin.pressed)
        Pin.made[id] = self
    def irq(self, handler, trigger):
        self.handler = handler
    def value(self, v=None):
        if v is None:
            if Pin.crash is not None:
                Pin.crash -= 1
                if not Pin.crash:
                    Pin.crash = None
                    raise RuntimeError("bus fault")
            return int(self.v)
        self.v = v
        if self.mode == 1:
            LOG.append(["out", self.id, v])

class I2C:
    present = [60, 24]
    acc = bytearray(6)
    def __init__(self, id, sda, scl, freq):
        LOG.append(["i2c", id, sda.id, scl.id, freq])
    def scan(self):
        return list(I2C.present)
    def writeto(self, addr, buf):
        LOG.append(["w", addr, bytes(buf).hex()])
    def writevto(self, addr, bufs):
        LOG.append(["w", addr, b"".join(bytes(b) for b in bufs).hex()])
    def writeto_mem(self, addr, reg, buf):
        LOG.append(["mem", addr, reg, bytes(buf).hex()])
    def readfrom_mem_into(self, addr, reg, buf):
        LOG.append(["read", addr, reg, len(buf)])
        buf[:] = I2C.acc

class PWM:
    def __init__(self, pin):
        LOG.append(["pwm", pin.id])
    def freq(self, hz):
        LOG.append(["freq", hz])
    def duty_u16(self, d):
        LOG.append(["duty", d])

class Timer:
    ONE_SHOT = 0
    def init(self, mode, period, callback):
        LOG.append(["timer", mode, period])
        Timer.callback = callback

class ADC:
    def __init__(self, pin):
        LOG.append(["adc", pin.id])
    def read_u16(self):
        return ADC.value

def lightsleep(ms):
    LOG.append(["lightsleep", ms])
    if len(LOG) >= 3 and PRESS is not None:
        Pin.made[PRESS].v = 0  # B goes down during the third nap

class machine:
    pass
for k in ("Pin", "I2C", "PWM", "Timer", "ADC", "lightsleep"):
    setattr(machine, k, globals()[k])

class NeoPixel:
    def __init__(self, pin, n):
        LOG.append(["neopixel", pin.id, pin.mode, n])
        self.buf = bytearray(3 * n)
    def write(self):
        LOG.append(["leds", bytes(self.buf).hex()])

class neopixel:
    NeoPixel = NeoPixel

sys.modules["machine"] = machine
sys.modules["neopixel"] = neopixel
import gc
gc.collect()
_m0 = gc.mem_alloc()
from cupfw.hal import micro
gc.collect()
MEM = [gc.mem_alloc() - _m0]

def out(*a):
    print(json.dumps(a))

def take():
    r = LOG[:]
    del LOG[:]
    return r
'''

SCRIPT = r'''
prof = json.loads(PROFILE)
b = micro.Board(prof)
out("api", [n for n in API if not hasattr(b, n)])
out("boot", take(), [[p.id, p.mode, p.pull] for p in Pin.made.values()], b.led_count, b.problems)
b.fb.fill(0)
b.fb.pixel(0, 0, 1)
b.fb.fill_rect(120, 56, 8, 8, 1)
b.show()
out("show", take())
b.show()
out("show-same", take())
b.fb.pixel(5, 30, 1)
b.fb.pixel(5, 38, 1)
b.show()
out("show-pages", take())
out("idle", b.buttons())
for name, pin in sorted(prof["buttons"].items()):
    Pin.made[pin].v = 0
    out("button-" + name, b.buttons())
    Pin.made[pin].v = 1
b.leds(bytearray([255, 1, 2, 3, 4, 5] + [0] * (3 * b.led_count - 6)))
out("leds", take())
try:
    b.leds(bytearray(5))
except ValueError as e:
    out("leds-bad", str(e), take())
b.tone(440, 120)
out("tone", take())
Timer.callback(None)
b.tone(0, 0)
out("hush", take())
I2C.acc = bytearray([0, 2, 0, 1, 0, 64])
out("still", b.shaken())
I2C.acc = bytearray([0, 90, 0, 200, 0, 10])
out("shake", b.shaken(), b.shaken(), take()[-1])
ADC.value = 65535 * 3900 // 3 // 3300
out("battery", b.battery(), take())
seeds = [b.seed() for i in range(50)]
out("seeds", min(seeds) >= 0, max(seeds) < 2 ** 30, len(set(seeds)))
b.contrast(0)
b.contrast(200)
out("contrast", take())
PRESS = prof["buttons"]["b"]
b.idle(1000)
out("idle-wake", take(), b.buttons())
b.ticks_ms(), b.ticks_diff(5, 3), b.sleep_ms(1)
import time as _rt
class _Clock:  # the HAL's time with its sleeps noted
    ticks_ms = _rt.ticks_ms
    ticks_diff = _rt.ticks_diff
    ticks_add = _rt.ticks_add
    def sleep_ms(ms):
        LOG.append(["sleep", ms])
micro.time = _Clock
b.buttons()
take()
b.sleep_ms(10)
quiet = take()
b._edges = 1  # a button's pin interrupt noted an edge
b.sleep_ms(10)
woke = take()
b.sleep_ms(10)
after = take()
b.sleep_ms(50)
out("sleep", quiet, woke, after, take())
micro.time = _rt
I2C.present = [24]
try:
    micro.Board(prof)
except OSError as e:
    out("no-display", str(e))
I2C.present = [60]
prof["pull_down"] = ["a", "b"]
prof["leds"]["order"] = "RGB"
prof["buzzer"] = None
prof["battery"] = None
Pin.made = {}
take()
b = micro.Board(prof)
out("bare", b.problems, b.shaken(), b.battery(), b.tone(440, 10), [[p.id, p.pull] for p in Pin.made.values()])
Pin.made[prof["buttons"]["a"]].v = 1
out("pull-down", b.buttons())
b.leds(bytearray([255, 1, 2] + [0] * (3 * b.led_count - 3)))
out("rgb", take()[-1])
prof = json.loads(PROFILE)
I2C.present = [60, 24]
b = None
Pin.made = {}
gc.collect()
_m0 = gc.mem_alloc()
b = micro.Board(prof)
del LOG[:]
gc.collect()
MEM.append(gc.mem_alloc() - _m0)
out("memory", MEM)
'''


@pytest.fixture(scope="module")
def results(image, tmp_path_factory):
    drivers = str(tmp_path_factory.mktemp("drivers"))
    for path, data in boards.driver_files(boards.load("pico")).items():
        with open(os.path.join(drivers, os.path.basename(path)), "wb") as f:
            f.write(data)
    with open(os.path.join(boards.BOARDS, "pico.json")) as f:
        profile = f.read()
    head = "DRIVERS = %r\nPROFILE = %r\nPRESS = None\nAPI = %r\n" % (drivers, profile, interface())
    rows = run_mp_json(image, head + FAKES + SCRIPT)
    shutil.rmtree(drivers)
    return {r[0]: r[1:] for r in rows}


PICO = boards.load("pico")


def interface():
    """The names every board has, read from the HAL contract (cupfw/hal/__init__.py's docstring)."""
    import re
    from cupfw import hal
    return sorted(set(re.findall(r"^    ([a-z_]+)", hal.__doc__, re.M)))


def test_the_board_has_the_whole_interface(results):
    assert len(interface()) >= 15 and results["api"] == [[]]


def test_pins_and_buses_come_from_the_profile(results):
    log, pins, led_count, problems = results["boot"]
    made = {p[0]: p for p in pins}
    for name, pin in PICO["buttons"].items():
        assert made[pin][1:] == [0, 1], name  # input, pull-up
    i2c = PICO["i2c"]
    assert log[0] == ["i2c", i2c["id"], i2c["sda"], i2c["scl"], i2c["freq"]]
    assert ["neopixel", PICO["leds"]["pin"], 1, PICO["leds"]["count"]] in log
    assert ["pwm", PICO["buzzer"]["pin"]] in log
    assert ["mem", PICO["motion"]["address"], 0x20, "57"] in log
    assert ["adc", PICO["battery"]["pin"]] in log
    assert led_count == 8 and problems == []


def test_display_init_and_frames_go_to_its_i2c_address(results):
    log = results["boot"][0]
    addr = PICO["display"]["address"]
    cmds = [int(e[2][2:], 16) for e in log if e[0] == "w" and e[1] == addr and e[2][:2] == "80"]
    assert cmds[0] == 0xAE and 0xAF in cmds and 0x8D in cmds  # off first, charge pump, then on
    # the driver's init sent a blank frame: a frame then goes as the pages that changed since, each run of
    # them as a command stream (columns 0-127, pages p to q) and their data
    sent = [e for e in results["show"][0] if e[0] == "w"]
    assert all(e[1] == addr for e in sent)
    assert [e[2] for e in sent[0::2]] == ["0021007f220000", "0021007f220707"]
    page0, page7 = (bytes.fromhex(e[2]) for e in sent[1::2])
    assert page0[0] == 0x40 and len(page0) == 129 and page1_pixel(page0) and page0[2:121] == bytes(119)
    assert page7[0] == 0x40 and len(page7) == 129 and page7[121:] == b"\xff" * 8
    assert results["show-same"] == [[]]  # nothing changed, nothing sent
    sent = [e[2] for e in results["show-pages"][0]]
    assert sent[0] == "0021007f220304" and len(bytes.fromhex(sent[1])) == 1 + 2 * 128  # pages 3 and 4: one run


def page1_pixel(data):
    return data[1] == 1  # pixel (0, 0): page 0, bit 0


def test_buttons_are_a_bitmask_of_pins_pulled_low(results):
    from cupfw import hal
    assert results["idle"] == [0]
    for i, name in enumerate(hal.NAMES):
        assert results["button-" + name] == [1 << i], name


def test_leds_are_sent_in_the_strips_byte_order(results):
    log = results["leds"][0]
    assert log[-1][0] == "leds"
    assert log[-1][1][:12] == "01ff02040305"  # GRB: g, r, b for each LED
    msg, log = results["leds-bad"]
    assert "5 bytes for 8 LEDs" in msg and log == []
    assert results["rgb"][0][1][:6] == "ff0102"


def test_tone_sets_pwm_and_a_one_shot_timer_silences_it(results):
    assert results["tone"][0] == [["freq", 440], ["duty", 32768], ["timer", 0, 120]]
    assert results["hush"][0] == [["duty", 0], ["duty", 0]]


def test_shake_fires_once_and_reads_the_accelerometer(results):
    assert results["still"] == [False]
    first, second, last = results["shake"]
    assert first is True and second is False
    assert last == ["read", PICO["motion"]["address"], 0xA8, 6]


def test_battery_seed_contrast_idle(results):
    pct, log = results["battery"]
    assert 60 <= pct <= 70 and log == []
    assert results["seeds"][:2] == [True, True] and results["seeds"][2] > 45
    cmds = [e[2] for e in results["contrast"][0]]
    assert cmds[0] == "80ae" and "80af" in cmds and "81" in "".join(cmds)
    log, held = results["idle-wake"]
    sleeps = [e[1] for e in log if e[0] == "lightsleep"]
    assert sleeps and max(sleeps) <= 50 and held == 32


def test_a_tick_s_sleep_ends_when_a_button_changes(results):
    """The main loop's pause of a tick (10 ms) ends at once when a button's interrupt has noted an edge, so
    that the debounce's first poll comes then; the sleep after it is whole (its second poll a tick later),
    and a longer wait is never cut."""
    quiet, woke, after, longer = results["sleep"]
    assert quiet == [["sleep", 1]] * 10
    assert woke == []
    assert after == [["sleep", 10]]
    assert longer == [["sleep", 50]]


def test_the_hal_is_small(results):
    """Heap on the 64-bit unix port: the module, and a board (with its 1 KB frame buffer, the 1 KB copy of what
    the panel shows, and the stand-ins)."""
    module, board = results["memory"][0]
    assert module < 8000 and board < 7000, (module, board)


def test_missing_parts(results):
    assert "no display at I2C 0x3c" in results["no-display"][0]
    problems, shaken, battery, tone, pins = results["bare"]
    assert problems == ["no accelerometer at I2C 0x18: shake is off"]
    assert shaken is False and battery is None and tone is None
    pulls = {p[0]: p[1] for p in pins}
    assert pulls[PICO["buttons"]["a"]] == 2 and pulls[PICO["buttons"]["up"]] == 1
    assert results["pull-down"] == [16]
