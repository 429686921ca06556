"""The emulated Pico's USB serial on a pseudo-terminal: `cupkit flash`, `cupkit test`, `cupkit devices`,
`machine.reset()`, and power cuts in the middle of a flash, with the host tool exactly as for a board.

They fail, never skip, when Node or rp2040js cannot be had (see test_emu.py).
"""

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from cupkit.emu import headless, image
from cupkit.emu.pico import Pico
from cupkit.sim import headless as sim

from device_scripts import rolled_and_held

pytestmark = pytest.mark.chip  # the emulated chip's tier: `pytest -m chip` (see README, Testing)

CUPKIT = [sys.executable, "-m", "cupkit"]

# A fresh game from the menu: Big Pig (the first pack of Push your luck) for two, a roll and a hold
# (a screen takes up to 200 ms to open on the chip: the next key waits for it).
NEW_GAME = """
press down
press down
press a
wait 500
press a
wait 500
press a
wait 500
shot start
press a
wait 700
press b
wait 500
shot held
"""  # each screen given time to open: a press while the chip changes screens is not carried over


def cupkit(*args, timeout=600):
    return subprocess.run(CUPKIT + list(args), capture_output=True, text=True, timeout=timeout)


def lib_files(img):
    """{path: bytes} of the installed core and firmware on a flash image."""
    return dict((p, d) for p, d in image.read_files(img).items() if p.startswith(("lib/cupcore/", "lib/cupfw/")))


def test_flash_a_fresh_chip_play_save_reset_resume_and_run_the_scenarios(tmp_path):
    """A blank Pico with the stock UF2 copied on: `cupkit flash --board pico` over the pseudo-terminal
    installs what it installs on a board, the cup boots into its menu, a game played from a key script is
    saved, machine.reset() (a watchdog reset) brings the menu back with the game to resume, and it resumes
    on the same screen. `cupkit sync` and `cupkit logs pull` talk to it, and `cupkit test` runs every rule
    scenario on the chip."""
    flash = headless.make_flash(str(tmp_path / "flash.bin"))  # no filesystem: MicroPython formats one
    with Pico(flash, seed=3) as pico:
        pico.mode("fast")
        pico.wait_usb()
        r = cupkit("flash", "--board", "pico", "--port", pico.port)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "49 of 49 files sent" in r.stdout or "files sent" in r.stdout, r.stdout
        installed = lib_files(image.load(flash))
        want = headless.device_files("pico")
        assert installed == dict((p, d) for p, d in want.items() if p in installed)
        assert set(installed) == set(p for p in want if p.startswith(("lib/cupcore/", "lib/cupfw/")))
        # the flash restarted the board: main.py draws the menu (first a blank frame)
        deadline = time.monotonic() + 60
        while not any(pico.frame) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any(pico.frame), "the app did not start after the flash"
        pico.power_cut()  # unplugged, and plugged in again
        pico.power_on()
        headless.boot(pico)
        menu = pico.frame
        frames = headless.play(pico, sim.parse(NEW_GAME))
        assert frames["start"][0] != menu and frames["held"][0] != frames["start"][0]
        assert headless.quiet(pico), "the cup was still writing its flash 10 s after the hold"
        saved, problems = headless.read_store(image.load(flash))
        assert saved["pack"] == "big-pig" and rolled_and_held(saved) and not problems
        pico.mode("fast")
        resets = len(pico.resets)
        pico.repl("print(1)")  # stops the app: the raw REPL
        pico.type(b"import machine\r\nmachine.reset()\r\n\x04")
        deadline = time.monotonic() + 60
        while len(pico.resets) == resets and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(pico.resets) > resets, "machine.reset() did not reset the chip"
        pico.mode("paused")
        headless.boot(pico)
        assert pico.frame != menu  # the menu now offers to resume
        # the panel keeps the last frame through the reset: the app's menu comes about a second later (its
        # packs checked: 29 with the dice table), and the saved game opens within a second of A
        resumed = headless.play(pico, sim.parse("wait 600\npress a\nwait 1000\nshot resumed\n"))
        assert resumed["resumed"][0] == frames["held"][0]
        pico.mode("fast")
        r = cupkit("sync", "--port", pico.port)
        assert r.returncode == 0 and "up to date, nothing written" in r.stdout, r.stdout + r.stderr
        r = cupkit("logs", "pull", "--port", pico.port, "--out", str(tmp_path / "logs"))
        assert r.returncode == 0 and "pulled 0 records" in r.stdout, r.stdout + r.stderr
        r = cupkit("test", "--no-unix", "--port", pico.port)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "device %s" % pico.port in r.stdout and " 0/" not in r.stdout, r.stdout


def test_power_cuts_in_the_middle_of_a_flash_leave_a_cup_that_boots(tmp_path):
    """Kill the emulator at a random write to its flash while `cupkit flash` replaces some firmware files
    (.py on the chip, .mpy to come), once in the first half of the flash (files landing) and once in the
    second (commit and switch): the host reports it lost the device, and at the next power-on the cup boots
    into its menu with one complete version of the firmware (the old one, or the new one that switch.py
    finished)."""
    seed = int(os.environ.get("CUPKIT_TEST_SEED") or random.randrange(1 << 30))
    rnd = random.Random(seed)
    new = headless.device_files("pico")
    py = headless.device_files("pico", mpy=False)
    old = dict(new)
    for p in [p for p in new if p.startswith(("lib/cupfw/screens/", "lib/cupcore/pig"))]:
        del old[p]
        old[p[:-4] + ".py"] = py[p[:-4] + ".py"]
    firmware = ("lib/cupcore/", "lib/cupfw/")
    olds = dict((p, d) for p, d in old.items() if p.startswith(firmware))
    news = dict((p, d) for p, d in new.items() if p.startswith(firmware))
    writes = 120  # a whole flash of these files: about 120 page programs and sector erases
    for half in (0, 1):
        cut = rnd.randrange(1 + half * writes // 2, (half + 1) * writes // 2)
        flash = headless.make_flash(str(tmp_path / ("flash%d.bin" % half)), old)
        with Pico(flash, seed=1) as pico:
            headless.boot(pico)
            menu = pico.frame
            pico.mode("fast")
            n = len(pico.flash_ops)
            proc = subprocess.Popen(CUPKIT + ["flash", "--board", "pico", "--port", pico.port],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            deadline = time.monotonic() + 300
            while len(pico.flash_ops) - n < cut and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.002)
            pico.power_cut()
            try:
                out = proc.communicate(timeout=120)[0]
            finally:
                if proc.poll() is None:
                    proc.kill()
            why = (seed, cut, out)
            if proc.returncode == 0:  # it wrote less than it does here, and was through before the cut
                assert "flashed" in out, why
            else:
                assert proc.returncode == 2 and "lost the device" in out, why
            pico.power_on()
            headless.boot(pico)
            assert pico.frame == menu, why
            got = lib_files(image.load(flash))
            assert got in (olds, news), (seed, cut, out, "more than the old:", sorted(set(got) - set(olds)),
                                         "less:", sorted(set(olds) - set(got)),
                                         "changed:", sorted(p for p in got if p in olds and got[p] != olds[p]),
                                         "all files:", sorted(image.read_files(image.load(flash))))


def test_cupkit_emu_serves_its_serial_line_and_devices_lists_it(tmp_path):
    state = str(tmp_path / "emu-state.json")
    env = dict(os.environ, CUPKIT_EMU_STATE=state)
    proc = subprocess.Popen(CUPKIT + ["emu", "--headless", "--install", "--flash", str(tmp_path / "flash.bin")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        port = None
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("emulated Pico on "):
                port = line.split()[3].rstrip(",")
                break
        assert port, "".join(lines)
        r = subprocess.run(CUPKIT + ["devices"], capture_output=True, text=True, env=env, timeout=120)
        assert r.returncode == 0 and port in r.stdout, r.stdout + r.stderr
        row = [line for line in r.stdout.splitlines() if line.startswith(port)][0]
        assert "micropython 1.28.0 on Raspberry Pi Pico with RP2040" in row and "emulated Pico" in row, row
        assert "cupkit installed, board pico" in row, row
    finally:
        proc.send_signal(signal.SIGTERM)
        out = proc.communicate(timeout=60)[0]
    assert proc.returncode == 0, out
    assert not os.path.exists(state)
