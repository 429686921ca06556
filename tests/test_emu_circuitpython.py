"""The cup on the emulated Pico running CircuitPython 10.2.1 (`cupkit emu --circuitpython`).

The chip runs the project's CircuitPython UF2 (firmware/ports), its CIRCUITPY drive a FAT volume in the
flash, installed by the code of `cupkit flash --drive --board pico-cp` while the chip is stopped
(cupkit.emu.drive): code.py, boot.py, the firmware as .py, the neopixel library. Like test_emu.py these
fail, never skip, when Node or rp2040js cannot be had. CircuitPython compiles each screen's source when
it opens it, so the key script lets the chip finish its work before each key and shot
(headless.play(wait_ready=True)); the frames must still be the simulator's, bit for bit.
"""

import hashlib
import json
import os
import time

import pytest

from cupkit import paths
from cupkit.device import boards, cpfs
from cupkit.emu import CP_UF2, drive, headless, image
from cupkit.emu.pico import Pico
from cupkit.sim import headless as sim
from cupkit.sim import png
from conftest import read_until
from test_emu import golden_frames, session_records

pytestmark = pytest.mark.chip  # the emulated chip's tier: `pytest -m chip` (see README, Testing)

UF2_SHA = "1221c1c94bdc58247eaaa19c4acf1bcb96e4efe1cc0ee071ce3c3ae05d39cda2"
BOARD = "pico-cp"
# Golden sessions (tests/golden, made by the simulator) on the chip, beside the Hog session of `played`: the
# menus, a pack of every engine with a screen, and the ends of games and the long resumes (pig-win ... liars-win:
# the chip opens a long saved game before the shot, where test_emu's MicroPython is still replaying it). Not
# run: the cup (its dice follow the board's own random seed, which the simulator's run fixes and the chip's
# os.urandom does not, and it saves no record to read it from) and pig (Hog's engine, played above).
GOLDEN_RUN = ("menus", "mia", "scoundrel", "bogey", "generala", "poker-dice", "dix-mille", "drop-dead",
              "scc-classic", "liars", "yamb", "wish", "party", "insider", "turn-timer", "beetle", "chicago",
              "boston", "midnight", "zambales", "mafia",
              "pig-win", "mia-win", "scoundrel-lost", "bogey-lost", "liars-resume", "liars-win")
# Shots that differ from the simulator's, and why (everything else must be the same, bit for bit). The key
# script lets CircuitPython finish before each key (the save of the last move included: a key pressed while
# it writes the flash would be lost) and each shot, so the chip's clock runs on past the script's:
TITLE_CLOCK = (0, 9, 100, 128)
TIMING = {
    # "leds": a flash of every LED in one colour (red: a bust, a lost challenge or life; green: a win), 1.2 s
    # on the chip's clock, is over by the time CircuitPython has saved the move and taken the next key (or,
    # in mia's and liars' reveal, when the shot before waited for the lift to end); the frame is the same
    ("hog", "rolled"): "leds", ("mia", "reveal"): "leds", ("mia", "next-round"): "leds",
    ("scoundrel", "avoided"): "leds", ("generala", "results"): "leds", ("poker-dice", "hands"): "leds",
    ("dix-mille", "scores"): "leds", ("drop-dead", "scores"): "leds", ("drop-dead", "back"): "leds",
    ("drop-dead", "results"): "leds", ("drop-dead", "menu"): "leds", ("scc-classic", "no-stop"): "leds",
    ("scc-classic", "results"): "leds", ("liars", "reveal"): "leds", ("liars", "cover-r2"): "leds",
    ("beetle", "results"): "leds", ("chicago", "results"): "leds", ("midnight", "results"): "leds",
    ("zambales", "scores"): "leds", ("zambales", "results"): "leds", ("mafia", "scores"): "leds",
    ("mafia", "results"): "leds",
    # "both": a frame of an animation at so many ms after the key, on the chip's clock (the dice tumbling, the
    # cup lifting; as on MicroPython, test_emu.TIMING), which the chip has finished before the shot
    ("mia", "shaking"): "both", ("mia", "lifting"): "both", ("drop-dead", "rolling"): "both",
    ("liars", "rolling"): "both", ("liars", "lifting"): "both",
    # a box (top, bottom, left, right, in pixels): a running clock counts the chip's time, a second or two
    # more than the script's, and draws it there; the rest of the frame and the LEDs are the same. Insider's
    # in the title line, and its vote's big clock (flip); the turn timer's big digits.
    ("insider", "flip"): (30, 51, 0, 128), ("insider", "vote1"): TITLE_CLOCK, ("insider", "vote1-2"): TITLE_CLOCK,
    ("insider", "vote2"): TITLE_CLOCK, ("insider", "pointed"): TITLE_CLOCK,
    ("insider", "pointed-again"): TITLE_CLOCK, ("insider", "tie"): TITLE_CLOCK, ("insider", "tie-4"): TITLE_CLOCK,
    ("turn-timer", "warned"): (10, 42, 0, 128), ("turn-timer", "p3"): (10, 42, 0, 128),
}


@pytest.fixture(scope="module")
def installed():
    """A chip's flash with CircuitPython, and CIRCUITPY as `cupkit flash --drive --board pico-cp` leaves it."""
    img = image.blank()
    image.install_uf2(img, CP_UF2)
    assert drive.flash(img, BOARD) == 0
    return bytes(img)


def flash_with(tmp_path, installed, records=None, raw=None, name="flash.bin"):
    """The installed chip, with /data records written by the firmware's Store and raw /data files."""
    img = bytearray(installed)
    if records or raw:
        files = image.read_files(img, cpfs)
        files.update(headless.data_files(records, raw))
        image.put_fs(img, cpfs.make(files), cpfs)
    path = str(tmp_path / name)
    image.save(path, img)
    return path


def test_the_shipped_uf2_and_the_drive_install(installed):
    with open(CP_UF2, "rb") as f:
        assert hashlib.sha256(f.read()).hexdigest() == UF2_SHA
    with open(os.path.join(paths.FIRMWARE, "ports", "ports.json")) as f:
        assert json.load(f)[os.path.basename(CP_UF2)]["impl"] == "circuitpython"
    assert boards.load(BOARD)["uf2"] == os.path.basename(CP_UF2)
    # CIRCUITPY holds what the flash command installs onto a drive, and a second install writes nothing
    files = image.read_files(installed, cpfs)
    for p in ("code.py", "boot.py", "switch.py", "board.json", "lib/cupfw/app.py", "lib/cupcore/pig.py",
              "lib/neopixel.py", "packs/hog.json"):
        assert p in files, p
    assert json.loads(files["board.json"])["name"] == BOARD
    again = bytearray(installed)
    assert drive.flash(again, BOARD) == 0
    assert image.read_files(again, cpfs) == files


@pytest.fixture(scope="module")
def played(installed, tmp_path_factory):
    """A chip that booted, played the golden Hog session, saved it, was power-cycled and resumed it: what it
    showed, and the chip itself, left on the resumed game (paused) for the next test to talk to."""
    with open(os.path.join(paths.ROOT, "tests", "golden", "hog.keys")) as f:
        steps = sim.parse(f.read())
    flash = flash_with(tmp_path_factory.mktemp("played"), installed, session_records("hog"))
    with Pico(flash, board=BOARD, seed=1) as pico:
        boot = headless.boot(pico)
        frames = headless.play(pico, steps, wait_ready=True)
        quiet = headless.quiet(pico)
        saved, problems = headless.read_store(image.load(flash), fs=cpfs)
        pico.power_cut()
        pico.power_on()
        headless.boot(pico)
        resumed = headless.play(pico, sim.parse("press a\nshot resumed\n"), wait_ready=True)["resumed"]
        yield {"boot": boot, "frames": frames, "quiet": quiet, "saved": saved, "problems": problems,
               "resumed": resumed, "pico": pico}


def test_boot_play_save_reset_resume(tmp_path, played):
    """Power-on to the menu, the golden Hog session frame for frame, the game saved on the FAT volume,
    a power cycle, and the menu's Resume opens the saved game as the simulator does."""
    boot, frames, saved, problems, resumed = (played[k] for k in ("boot", "frames", "saved", "problems", "resumed"))
    assert boot < 6e9, boot  # 3.8 s of the chip's time here; most of it compiling the firmware's source
    assert played["quiet"]
    for shot, (leds, art) in golden_frames("hog").items():
        buf, got_leds = frames[shot]
        assert png.ascii_art(buf) == art, "hog: shot %s differs from the simulator's" % shot
        if TIMING.get(("hog", shot)) != "leds":
            assert got_leds.hex() == leds, "hog: shot %s: LEDs differ from the simulator's" % shot
    start = session_records("hog")["game.json"]
    assert not problems and saved["actions"][:len(start["actions"])] == start["actions"]
    assert len(saved["actions"]) > len(start["actions"])  # the moves of the session were saved
    data = tmp_path / "simdata"
    data.mkdir()
    from cupfw.store import Store
    Store(str(data)).write("game.json", saved)
    want = sim.headless(sim.parse("press a\nshot resumed\n"), data=str(data))["resumed"]
    assert resumed == want


def unclocked(art, box):
    """The ASCII frame with the clock's box blanked."""
    top, bottom, left, right = box
    rows = art.split("\n")
    for y in range(top, bottom):
        rows[y] = rows[y][:left] + " " * (right - left) + rows[y][right:]
    return "\n".join(rows)


@pytest.mark.parametrize("name", GOLDEN_RUN)
def test_golden_sessions_draw_the_simulators_frames(name, tmp_path, installed):
    """From the saved game each session starts from (none for the menus), on the installed chip: every shot as
    the simulator drew it (tests/golden), but for TIMING's (LED flashes, animations, clocks)."""
    with open(os.path.join(paths.ROOT, "tests", "golden", name + ".keys")) as f:
        steps = sim.parse(f.read())
    with Pico(flash_with(tmp_path, installed, session_records(name)), board=BOARD, seed=1) as pico:
        headless.boot(pico)
        frames = headless.play(pico, steps, wait_ready=True)
    want = golden_frames(name)
    assert sorted(frames) == sorted(want)
    for shot, (leds, art) in want.items():
        buf, got_leds = frames[shot]
        why = TIMING.get((name, shot))
        got = png.ascii_art(buf)
        if type(why) is tuple:
            got, art = unclocked(got, why), unclocked(art, why)
        if why != "both":
            assert got == art, "%s: shot %s differs from the simulator's" % (name, shot)
        if why not in ("leds", "both"):
            assert got_leds.hex() == leds, "%s: shot %s: LEDs differ from the simulator's" % (name, shot)


def test_b_held_at_power_on_leaves_the_drive_to_the_host(tmp_path, installed):
    flash = flash_with(tmp_path, installed)
    with Pico(flash, board=BOARD, seed=1) as pico:
        pico.power_on(hold=["b"], mode="fast")
        pico.wait_serial("cupkit: B held at power-on: safe REPL, the app is not started")
        pico.release("b")
        assert pico.repl("import storage\nprint(storage.getmount('/').readonly)").strip() == "True"
        assert pico.frames == 0 and not any(pico.frame)  # the app never started
    boot_out = image.read_files(image.load(flash), cpfs)["boot_out.txt"].decode()
    assert "boot.py: CIRCUITPY stays writable for the computer; the dice cup cannot save" in boot_out


def test_a_missing_display_blinks_2_and_says_why(tmp_path, installed):
    with Pico(flash_with(tmp_path, installed), board=BOARD, seed=1, display=False) as pico:
        pico.run(11000)
        assert pico.blinks()[-2:] == [2, 2]  # after CircuitPython's own blinks at power-on
        assert "OSError: no display at I2C 0x3c (SDA GP4, SCL GP5)" in pico.serial


def test_a_missing_accelerometer_and_a_damaged_saved_game(tmp_path, installed):
    """Both notes of a boot: the accelerometer's (the cup plays on without shake), then the game file set
    aside as damaged, as on the simulator."""
    flash = flash_with(tmp_path, installed, raw={"game.json": b"cupkit1 00000000\n{\"pack\": \"pig\""})
    with Pico(flash, board=BOARD, seed=1, motion=False) as pico:
        headless.boot(pico)
        note = pico.frame
        pico.run(3000)
        headless.ready(pico)
        damaged = pico.frame
        assert headless.quiet(pico)
        assert "cupkit: no accelerometer at I2C 0x18: shake is off" in pico.serial
    files = image.read_files(image.load(flash), cpfs)
    assert "data/game.json.bad" in files and "data/game.json" not in files
    data = tmp_path / "simdata"
    data.mkdir()
    (data / "game.json").write_bytes(b"cupkit1 00000000\n{\"pack\": \"pig\"")
    want = sim.headless([("shot", "note")], data=str(data))["note"][0]
    assert damaged == want != note


def test_devices_describes_it_and_monitor_is_its_console(tmp_path, played, monkeypatch):
    """On the chip of the resumed game: the host's probe stops the app, gets past CircuitPython's "Press any
    key to enter the REPL" and reads what runs there through the raw REPL; `cupkit monitor` is the console,
    its REPL included."""
    import pty
    import signal
    import subprocess
    import sys
    import termios
    from cupkit.emu import pico as emu
    state = str(tmp_path / "emu-state.json")
    monkeypatch.setattr(emu, "STATE", state)
    pico = played["pico"]
    pico.mode("fast")
    try:
        pico.advertise()
        start = len(pico.bridge.transcript)
        r = subprocess.run([sys.executable, "-m", "cupkit", "devices"], capture_output=True, text=True, timeout=120,
                           env=dict(os.environ, CUPKIT_EMU_STATE=state))
        row = [line for line in r.stdout.splitlines() if line.startswith(pico.port)]
        assert r.returncode == 0 and row, r.stdout + r.stderr
        assert "circuitpython 10.2.1 on Raspberry Pi Pico with rp2040, cupkit installed, board pico-cp" in row[0]
        assert "emulated Pico" in row[0], row[0]
        pico.wait_serial("code.py output:", start=start)  # the probe restarted the app
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.executable, [sys.executable, "-m", "cupkit", "monitor", "--port", pico.port])

        try:
            assert b"Ctrl-] to leave" in read_until(fd, b"Ctrl-] to leave", 60)
            end = time.monotonic() + 30
            while termios.tcgetattr(fd)[3] & termios.ISIG and time.monotonic() < end:
                time.sleep(0.05)  # until miniterm has its terminal raw: a Ctrl-C before would stop monitor itself
            os.write(fd, b"\x03")
            assert b"Press any key to enter the REPL" in read_until(fd, b"Press any key to enter the REPL", 60)
            os.write(fd, b"\r")
            assert b">>> " in read_until(fd, b">>> ", 60)
            os.write(fd, b"print(6*7)\r")  # Enter: the terminal makes it LF, monitor sends CR (CircuitPython's)
            assert b"\n42" in read_until(fd, b"\n42", 60)
            os.write(fd, b"\x1d")
            _, status = os.waitpid(pid, 0)
            assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
        finally:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass
        pico.forget()
    finally:
        pico.mode("paused")


DRAWN_ALIKE = r"""
import json, random
from cupfw import gfx
from cupfw.hal import fbuf
from cupfw.hal.circuit import Board
fb = Board(json.load(open("/board.json"))).fb
ref = fbuf.FrameBuffer(bytearray(1024), 128, 64)
random.seed(3)
texts = ("Player 1 rolls a six!", "Liar's Dice", "x", "", "A line that runs off the panel's right edge", b"bytes",
         "caf\xe9", b"\x7f\x1f~")
bad = []
for it in range(400):
    op = random.randrange(9)
    x, y, c = random.randrange(-20, 130), random.randrange(-12, 66), random.randrange(2)
    w, h = random.randrange(40), random.randrange(30)
    if op == 0:
        for f in (fb, ref):
            f.fill_rect(x, y, w, h, c)
            f.rect(y, x, h, w, 1 - c)
    elif op == 1:
        t, k = texts[random.randrange(len(texts))], random.randrange(1, 5)
        if gfx.text(fb, t, x, y, k, c) != gfx.text(ref, t, x, y, k, c):
            bad.append(("x after", t))
    elif op == 2:
        name, k = ("QS", "TD", "2H", "AC", "KS")[random.randrange(5)], random.randrange(1, 3)
        for f in (fb, ref):
            gfx.card(f, x, y, name, k, c)
    elif op == 3:
        s, v = (7, 9, 12, 15, 18)[random.randrange(5)], random.randrange(7)
        gfx.die(fb, x, y, v, s, 6, c)
        if not fbuf.FrameBuffer.die(ref, x, y, v, s, c, gfx.PIPS if v else gfx.FONT):
            fb.flush()
            ref.buf[:] = fb.buf  # clipped: gfx's rectangles and text, the same on both (the cases above)
    elif op == 4:
        hh, ww = random.randrange(1, 20), random.randrange(1, 20)
        src = fbuf.FrameBuffer(bytearray(random.randrange(256) for i in range(ww * ((hh + 7) >> 3))), ww, hh)
        key, pal = random.randrange(-1, 2), (None, gfx._INK)[random.randrange(2)]
        for f in (fb, ref):
            f.blit(src, x, y, key, pal)
    elif op == 5:  # texts side by side, overlapping or not, as a title line or a sheet's row draws them
        for i in range(random.randrange(1, 5)):
            t, x = texts[random.randrange(len(texts))], random.randrange(-20, 130)
            for f in (fb, ref):
                gfx.text(f, t, x, y, 1, c)
    elif op == 6:  # a row of dice, or several lines of them, marked, a cursor, hidden
        n, per, s = random.randrange(1, 11), random.randrange(1, 11), (7, 9, 11, 15, 17, 18)[random.randrange(6)]
        faces = [random.randrange(7) for i in range(n)]
        mark, cur, hide = random.randrange(1024), random.randrange(n + 1), random.randrange(4) == 0
        for f in (fb, ref):
            gfx.dice(f, faces, x // 4, y // 2, s, per, 6, mark, cur, hide)
    elif op == 7:  # the title line
        t, u = texts[random.randrange(len(texts))], texts[random.randrange(len(texts))][:random.randrange(12)]
        for f in (fb, ref):
            gfx.bar(f, t, u)
    elif random.randrange(8) == 0:
        for f in (fb, ref):
            f.fill(c)
    if random.randrange(3):
        continue  # (the next drawing draws the row of text laid out first)
    fb.flush()  # the row of text laid out drawn (the panel's show does this)
    if bytes(fb.buf) != bytes(ref.buf):
        bad.append((it, op))
        ref.buf[:] = fb.buf
print(json.dumps([type(fb).__name__, gfx.text.__name__, bad]))
"""


def test_the_panel_draws_in_c_what_fbuf_draws(tmp_path, installed):
    """CircuitPython's panel draws with ulab (cupfw.hal.npbuf: runs of a page as uint8 arrays, text laid out by
    bytes.join and a row of it drawn at once, larger text and cards as boxes of columns, dice kept by kind, a line
    of dice at once, the title line's pages at once): at the chip's REPL, 400 random rectangles, texts (sizes 1 to
    4; rows of them), title lines, cards, dice, lines of dice, blits (any key and palette) and fills, clipped at
    every edge, leave the frame as fbuf's pure-Python FrameBuffer does."""
    with Pico(flash_with(tmp_path, installed), board=BOARD, seed=1) as pico:
        pico.power_on(hold=["b"], mode="fast")
        pico.wait_serial("cupkit: B held at power-on: safe REPL, the app is not started")
        pico.release("b")
        kind, text, bad = json.loads(pico.repl(DRAWN_ALIKE, timeout=600).strip().splitlines()[-1])
    assert (kind, text) == ("Panel", "ascii") and bad == []
