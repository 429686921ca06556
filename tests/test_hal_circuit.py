"""The CircuitPython HAL on CPython through Adafruit Blinka (BLINKA_OS_AGNOSTIC=1).

Real blinka (board, busio, digitalio, pwmio), adafruit_bus_device and the
neopixel library run (the HAL starts the SSD1306 itself); only the
bottom of Blinka's generic board is replaced: pin levels, an I2C bus that
records its traffic and answers at chosen addresses, and neopixel_write.
"""

import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"

import pytest  # noqa: E402

from adafruit_blinka.microcontroller.generic_agnostic_board import i2c as fake_i2c  # noqa: E402
from adafruit_blinka.microcontroller.generic_agnostic_board import pin as fake_pin  # noqa: E402
import neopixel  # noqa: E402

from cupfw import hal  # noqa: E402
from cupfw.hal import circuit  # noqa: E402

PROFILE = {
    "name": "agnostic", "family": "blinka", "description": "Blinka's generic test board",
    "buttons": {"up": "Dx_INPUT_TRUE", "down": "Dx_INPUT_FALSE", "left": "Dx_INPUT_TRUE_PULL_UP",
                "right": "Dx_INPUT_TRUE_PULL_DOWN", "a": "Dx_OUTPUT", "b": "Dx_INPUT_TOGGLE"},
    "i2c": {"sda": "SDA", "scl": "SCL", "freq": 400000},
    "display": {"driver": "ssd1306", "address": 61},
    "leds": {"pin": "NEOPIXEL", "count": 4, "order": "GRB"},
    "buzzer": {"pin": "Ax_OUTPUT"},
    "motion": {"driver": "lis3dh", "address": 25},
    "drivers": [],
}
PIN_IDS = {"up": 0, "down": 1, "left": 2, "right": 3, "a": 4, "b": 11}


class Bus:
    """What the generic board's I2C does here: devices at chosen addresses, traffic kept."""
    present = {61, 25}
    log = []
    acc = bytes(6)

    def __init__(self, *, frequency=100000):
        Bus.log.append(("bus", frequency))

    def scan(self):
        return sorted(Bus.present)

    def writeto(self, address, buffer, stop=True):
        if address not in Bus.present:
            raise OSError("nak")
        Bus.log.append(("w", address, bytes(buffer)))

    def readfrom_into(self, address, buffer, stop=True):
        if address not in Bus.present:
            raise OSError("nak")

    def writeto_then_readfrom(self, address, out, into, **kw):
        Bus.log.append(("wr", address, bytes(out), len(into)))
        into[:] = Bus.acc


@pytest.fixture
def hw(monkeypatch, tmp_path):
    levels = {i: True for i in range(12)}
    sent = []
    monkeypatch.setattr(fake_i2c, "I2C", Bus)
    monkeypatch.setattr(fake_pin.Pin, "read", lambda self: levels[self.id])
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: sent.append(bytes(buf)))
    monkeypatch.setattr(Bus, "present", {61, 25})
    monkeypatch.setattr(Bus, "acc", bytes([0, 1, 0, 2, 0, 64]))
    del Bus.log[:]
    prof = dict(PROFILE, data_dir=str(tmp_path))
    return prof, levels, sent


def test_display_traffic_goes_to_the_profiles_address(hw):
    prof, levels, sent = hw
    b = circuit.Board(prof)
    assert b.problems == [] and b.data_dir == prof["data_dir"]
    cmds = [w[2][1] for w in Bus.log if w[0] == "w" and w[1] == 61 and len(w[2]) == 2 and w[2][0] == 0x80]
    assert cmds.index(0xAE) < cmds.index(0x8D) < len(cmds) - 1 - cmds[::-1].index(0xAF)  # off, pump, on
    # the driver's start sent a whole blank frame: the panel's memory is known from then on
    frame = [w[2] for w in Bus.log if w[0] == "w" and w[2][:1] == b"\x40"]
    assert frame and frame[-1] == b"\x40" + bytes(1024)
    del Bus.log[:]
    b.fb.fill(0)
    b.fb.pixel(0, 0, 1)
    b.fb.rect(120, 56, 8, 8, 1, True)
    b.fb.hline(0, 63, 4, 1)
    b.fb.vline(127, 0, 2, 1)
    b.show()
    # only the pages that changed (0 and 7), each after the command stream for its columns and pages
    sent = [w[2] for w in Bus.log if w[0] == "w" and w[1] == 61]
    assert sent[0] == bytes((0, 0x21, 0, 127, 0x22, 0, 0)) and sent[2] == bytes((0, 0x21, 0, 127, 0x22, 7, 7))
    assert len(sent) == 4 and len(sent[1]) == len(sent[3]) == 129 and sent[1][0] == sent[3][0] == 0x40
    assert sent[1][1] == 1 and sent[1][128] == 3 and sent[3][1:5] == b"\x80" * 4 and sent[3][121:] == b"\xff" * 8
    assert b.fb.buffer[0] == 0x40 and b.fb.buffer[128] == 3  # the byte lent to a transfer's control byte is back
    del Bus.log[:]
    b.show()
    assert Bus.log == []  # nothing changed: nothing sent
    b.fb.fill_rect(0, 20, 128, 20, 1)  # pages 2 to 4: one run, in one transfer
    b.show()
    sent = [w[2] for w in Bus.log if w[0] == "w" and w[1] == 61]
    assert sent[0] == bytes((0, 0x21, 0, 127, 0x22, 2, 4)) and sent[1] == b"\x40" + bytes(b.fb.buffer[257:641])


def test_the_board_has_the_whole_interface(hw):
    from test_hal_micro import interface
    b = circuit.Board(hw[0])
    assert [n for n in interface() if not hasattr(b, n)] == []


def test_blit_copies_a_framebuf_like_source_with_a_transparent_key(hw):
    import adafruit_framebuf
    b = circuit.Board(hw[0])
    glyph = adafruit_framebuf.FrameBuffer(bytearray(8), 8, 8, adafruit_framebuf.MVLSB)
    glyph.pixel(1, 1, 1)
    b.fb.fill(0)
    b.fb.pixel(10, 10, 1)
    b.fb.blit(glyph, 10, 10, 0)
    assert b.fb.pixel(11, 11) == 1 and b.fb.pixel(10, 10) == 1
    b.fb.blit(glyph, 10, 10)
    assert b.fb.pixel(10, 10) == 0


def test_buttons_pulled_low_are_held(hw):
    prof, levels, sent = hw
    b = circuit.Board(prof)
    assert b.buttons() == 0
    for i, name in enumerate(hal.NAMES):
        levels[PIN_IDS[name]] = False
        assert b.buttons() == 1 << i, name
        levels[PIN_IDS[name]] = True


def test_leds_reach_the_strip_in_its_byte_order(hw):
    prof, levels, sent = hw
    b = circuit.Board(prof)
    b.leds(bytearray([255, 1, 2, 3, 4, 5, 0, 0, 0, 9, 9, 9]))
    assert sent[-1] == bytes([1, 255, 2, 4, 3, 5, 0, 0, 0, 9, 9, 9])
    with pytest.raises(ValueError, match="5 bytes for 4 LEDs"):
        b.leds(bytearray(5))


def test_tone_plays_then_stops_at_the_next_poll(hw, monkeypatch):
    amp = []
    monkeypatch.setattr(fake_pin.Pin, "write", lambda pin, v: pin.id == 13 and amp.append(bool(v)))
    b = circuit.Board(dict(hw[0], buzzer={"pin": "Ax_OUTPUT", "enable": "DOTSTAR_DATA"}))  # pin 13
    assert amp and not any(amp)  # the amplifier starts off
    b.tone(880, 1)
    assert b._pwm.frequency == 880 and b._pwm.duty_cycle == 32768 and amp[-1] is True
    b.sleep_ms(3)
    b.buttons()
    assert b._pwm.duty_cycle == 0 and amp[-1] is False


def test_shake_and_missing_parts(hw):
    prof = hw[0]
    b = circuit.Board(prof)
    assert ("w", 25, bytes([0x20, 0x57])) in Bus.log
    assert b.shaken() is False
    Bus.acc = bytes([0, 100, 0, 200, 0, 10])
    assert b.shaken() is True and b.shaken() is False
    assert Bus.log[-1] == ("wr", 25, bytes([0xA8]), 6)
    Bus.present = {61}
    b = circuit.Board(prof)
    assert b.problems == ["no accelerometer at I2C 0x19: shake is off"] and b.shaken() is False
    Bus.present = set()
    with pytest.raises(OSError, match="no display at I2C 0x3d"):
        circuit.Board(prof)
    with pytest.raises(ValueError, match="no pin NOPE"):
        circuit.Board(dict(prof, buttons=dict(prof["buttons"], a="NOPE")))


def test_time_seed_and_idle(hw):
    b = circuit.Board(hw[0])
    assert circuit.ticks_diff(3, 0x1FFFFFFE) == 5 and circuit.ticks_diff(0x1FFFFFFE, 3) == -5
    t = b.ticks_ms()
    b.idle(20)
    assert b.ticks_diff(b.ticks_ms(), t) >= 20
    seeds = {b.seed() for _ in range(50)}
    assert len(seeds) > 45 and all(0 <= s < 2 ** 30 for s in seeds)
    assert b.battery() is None
    b.contrast(0)
    b.contrast(128)


def test_cupkit_run_starts_the_app_on_a_blinka_board(hw, tmp_path):
    import json
    sent = hw[2]
    from cupkit.cli import main as cli
    prof = {k: v for k, v in hw[0].items() if k != "data_dir"}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(prof))
    data = tmp_path / "data"
    assert cli(["run", "--board", str(path), "--data", str(data), "--seconds", "0.2"]) == 0
    frames = [w[2] for w in Bus.log if w[0] == "w" and w[2][:1] == b"\x40"]
    assert frames and any(frames[-1][1:])  # the menu reached the panel
    assert Bus.log[-1] == ("w", 61, b"\x80\xae") and not any(sent[-1])  # then dark on the way out
    assert data.is_dir()
    Bus.present = {25}
    assert cli(["run", "--board", str(path), "--data", str(data), "--seconds", "0.1"]) == 2


class Blinked(Exception):
    pass


class Reloaded(Exception):
    pass


def run_entry(name, monkeypatch, tmp_path, profile, reads_before_crash=None, b_pin=None):
    """Run firmware/NAME as CircuitPython would (cwd = the drive), with stand-ins for its core modules.

    supervisor and storage exist only on CircuitPython; time.sleep(1.5) is the blink
    code's pause, where a blinking board is stopped and its blinks counted.
    """
    import sys
    import time
    import types
    from cupkit import paths
    calls = []
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(
        reload=lambda: (_ for _ in ()).throw(Reloaded())))
    monkeypatch.setitem(sys.modules, "storage", types.SimpleNamespace(
        remount=lambda path, readonly=False: calls.append(("remount", path, readonly))))

    def sleep(s):
        if s == 1.5:
            raise Blinked()
        if s == 0.05 and b_pin is not None:  # waiting for a button after an error: press B
            hw_levels[b_pin] = False
    monkeypatch.setattr(time, "sleep", sleep)
    hw_levels = {i: True for i in range(12)}
    reads = [0]

    def read(pin):
        reads[0] += 1
        if reads_before_crash and reads[0] == reads_before_crash:
            raise RuntimeError("bus fault")
        return hw_levels[pin.id]
    monkeypatch.setattr(fake_pin.Pin, "read", read)
    writes = []
    monkeypatch.setattr(fake_pin.Pin, "write", lambda pin, v: writes.append((pin.id, v)))
    monkeypatch.chdir(tmp_path)
    if profile is not None:
        (tmp_path / "board.json").write_text(__import__("json").dumps(profile))
    with open(os.path.join(paths.FIRMWARE, name)) as f:
        src = f.read()
    try:
        exec(compile(src, name, "exec"), {"__name__": "__main__"})
        end = "returned"
    except Blinked:
        end = "blinked"
    except Reloaded:
        end = "reloaded"
    return end, [w for w in writes if w[1]], calls, hw_levels


CP = dict(PROFILE, status_led="Dx_OUTPUT", data_dir="data")  # the drive's /data, beside board.json


def test_code_py_without_a_profile_blinks_three(hw, monkeypatch, tmp_path):
    monkeypatch.setattr(circuit.board, "LED", circuit.board.Dx_OUTPUT, raising=False)
    end, on, calls, _ = run_entry("code.py", monkeypatch, tmp_path, None)
    assert end == "blinked" and len(on) == 3


def test_code_py_b_held_returns_to_the_repl_and_boot_py_keeps_the_drive(hw, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(fake_pin.Pin, "read", lambda pin: pin.id != PIN_IDS["b"])
    import time
    monkeypatch.setattr(time, "sleep", lambda s: None)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.json").write_text(__import__("json").dumps(CP))
    import sys
    import types
    calls = []
    monkeypatch.setitem(sys.modules, "storage", types.SimpleNamespace(remount=lambda *a, **k: calls.append(a)))
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace())
    from cupkit import paths
    for name in ("boot.py", "code.py"):
        with open(os.path.join(paths.FIRMWARE, name)) as f:
            exec(compile(f.read(), name, "exec"), {"__name__": "__main__"})
    out = capsys.readouterr().out
    assert calls == [] and "stays writable for the computer" in out and "safe REPL" in out
    assert not [w for w in Bus.log if w[0] == "w"]  # the app never touched the display


def test_boot_py_gives_the_flash_to_the_firmware(hw, monkeypatch, tmp_path):
    end, on, calls, _ = run_entry("boot.py", monkeypatch, tmp_path, CP)
    assert end == "returned" and calls == [("remount", "/", False)]
    (tmp_path / "board.json").write_text("{broken")
    end, on, calls, _ = run_entry("boot.py", monkeypatch, tmp_path, None)
    assert calls == []  # no readable profile: the drive stays the computer's


def test_code_py_without_a_display_blinks_two(hw, monkeypatch, tmp_path):
    Bus.present = set()
    end, on, calls, _ = run_entry("code.py", monkeypatch, tmp_path, CP)
    assert end == "blinked" and len(on) == 2 and {w[0] for w in on} == {4}


def test_code_py_shows_a_crash_and_restarts_on_a_button(hw, monkeypatch, tmp_path):
    from cupfw import gfx
    from cupfw.hal.virtual import FrameBuffer
    end, on, calls, _ = run_entry("code.py", monkeypatch, tmp_path, CP, reads_before_crash=60, b_pin=PIN_IDS["b"])
    assert end == "reloaded"
    frames = [w[2] for w in Bus.log if w[0] == "w" and w[2][:1] == b"\x40"]
    want = bytearray(1024)
    gfx.error(FrameBuffer(want, 128, 64), "Stopped", "RuntimeError: bus fault. Press a button to restart.")
    assert frames[-1][1:] == bytes(want)
