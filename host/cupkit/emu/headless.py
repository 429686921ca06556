"""Key scripts on the emulated Pico: the same scripts as `cupkit sim --headless`, on the chip's own time.

The chip runs stepped, so a press lasts exactly as long as the simulator's
(cupkit.sim.driver.HOLD) in the chip's time and every run of a script gives the same
frames. The script starts at the first frame the firmware draws after power-on. A
shot is what the panel shows once a transfer to it under way has finished, and the
LED strip as last latched (red, green, blue per LED, as the simulator records them).
"""

import os
import tempfile

from cupkit.device import rp2fs
from cupkit.emu import CP_UF2, UF2, image
from cupkit.paths import checked
from cupkit.emu.pico import MS
from cupkit.sim import driver, png

BOOT_MS = 60000  # emulated time a boot may take to draw its first frame


def device_files(board="pico", mpy=True):
    """{device path: bytes}: what `cupkit flash --board NAME` installs (core, firmware, packs, main.py, drivers)."""
    from cupkit.commands.flash import device_files as files
    from cupkit.device import boards
    return files(boards.load(board) if isinstance(board, str) else board, mpy)


def data_files(records=None, files=None):
    """{device path: bytes} under /data, written by the firmware's own Store (checksummed, as the cup writes
    them): records {name: JSON-able} (e.g. {"game.json": record}), files {name: raw bytes}."""
    from cupfw.store import Store
    out = {}
    with tempfile.TemporaryDirectory() as d:
        st = Store(d)
        for name, value in (records or {}).items():
            st.write(name, value)
        for root, dirs, names in os.walk(d):
            for n in dirs:
                out["data/" + os.path.relpath(os.path.join(root, n), d).replace(os.sep, "/") + "/"] = None
            for n in names:
                full = os.path.join(root, n)
                with open(full, "rb") as f:
                    out["data/" + os.path.relpath(full, d).replace(os.sep, "/")] = f.read()
    for name, raw in (files or {}).items():
        out["data/" + name] = raw
    return out


def read_store(img, name="game.json", fs=rp2fs):
    """(object, problems): what the firmware's Store reads as /data/NAME from a flash image, and the files
    it would set aside as damaged (fs: the chip's filesystem, rp2fs or cpfs)."""
    from cupfw.store import Store
    files = image.read_files(img, fs)
    with tempfile.TemporaryDirectory() as d:
        for path, data in files.items():
            if path.startswith("data/"):
                full = os.path.join(d, path[5:])
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "wb") as f:
                    f.write(data)
        st = Store(d)
        return st.read(name), st.problems


def make_flash(path, files=None, uf2=UF2, fs=rp2fs):
    """A flash file: the UF2 installed on a blank chip, and a filesystem (fs: rp2fs for MicroPython, cpfs
    for CircuitPython) holding files (None: none, so the firmware formats one at its first boot). Returns path."""
    img = image.blank()
    image.install_uf2(img, checked(uf2) if uf2 in (UF2, CP_UF2) else uf2)
    if files is not None:
        image.put_fs(img, fs.make(files), fs)
    image.save(path, img)
    return path


def boot(pico, limit_ms=BOOT_MS):
    """Run from power-on to the first frame with something on it; the board time it took (ns)."""
    t0 = pico.now
    pico.run_until(t0 + limit_ms * MS, stop="frame")
    if not any(pico.frame):
        raise RuntimeError("nothing on the display after %d ms of the chip's time; the serial line said:\n%s"
                           % (limit_ms, pico.serial[-1500:]))
    return pico.now - t0


def settle(pico, limit_ms=200):
    """Let a transfer to the display under way finish."""
    end = pico.now + limit_ms * MS
    while pico.busy and pico.now < end:
        pico.run(1)


def quiet(pico, idle_ms=500, limit_ms=10000):
    """Run until the flash has had no erase or program for idle_ms of the chip's time (a save under way has
    finished); False if it was still being written after limit_ms."""
    end = pico.now + limit_ms * MS
    while pico.now < end:
        last = pico.flash_ops[-1][0] if pico.flash_ops else 0
        if pico.now - last >= idle_ms * MS:
            return True
        pico.run(min(idle_ms, (end - pico.now) // MS or 1))
    return False


def ready(pico, calm_ms=200, step_ms=20, busy_ms=4, limit_ms=20000, drawn=None):
    """Run until the chip waits for a key: calm_ms of its time with no new frame, no change of the LEDs, no
    write to the flash (a save, which CircuitPython's filesystem writes out after the app has written it) and
    under busy_ms of the core busy in each step_ms (the app's idle loop). drawn (a count of frames): once the
    chip has drawn more, its writes no longer count (for a shot: the firmware saves a move once its frame is
    out, and the panel and LEDs do not wait for the save). The time it took (ns); RuntimeError past limit_ms."""
    t0 = pico.now
    last = pico.stats()["busyNs"]
    calm = 0
    while calm < calm_ms:
        if pico.now - t0 > limit_ms * MS:
            raise RuntimeError("the chip was still busy after %d ms of its time" % limit_ms)
        writes = drawn is None or pico.frame_events <= drawn
        seen = (pico.frame_events, pico.leds, len(pico.flash_ops) if writes else 0)
        pico.run(step_ms)
        busy = pico.stats()["busyNs"]
        still = busy - last < busy_ms * MS and not pico.busy and seen == (pico.frame_events, pico.leds,
                                                                          len(pico.flash_ops) if writes else 0)
        calm = calm + step_ms if still else 0
        last = busy
    return pico.now - t0


def play(pico, steps, shots=None, wait_ready=False):
    """Run steps ((command, argument) pairs from cupkit.sim.headless.parse); {shot: (frame, leds)},
    each also written as shots/NAME.png when shots is a folder. wait_ready: before each press, shake and
    shot, first let the chip finish what it is doing (see ready(); a shot, once the chip has drawn since the
    last key, does not wait for the save): for a firmware slower than the simulator's key script
    (CircuitPython compiles each screen's source when it opens), which would otherwise miss keys pressed
    while it works."""
    frames = {}
    hold = driver.HOLD
    key = pico.frame_events  # the frames drawn before the last key
    for cmd, arg in steps:
        if wait_ready and cmd in ("press", "keydown", "shake", "shot"):
            ready(pico, drawn=key if cmd == "shot" else None)
        if cmd == "wait":
            pico.run(arg)
        elif cmd == "shot":
            settle(pico)
            frames[arg] = (pico.frame, pico.leds)
            if shots:
                os.makedirs(shots, exist_ok=True)
                png.write(os.path.join(shots, arg + ".png"), pico.frame, pico.leds)
        elif cmd == "shake":
            key = pico.frame_events
            pico.shake()
            pico.run(hold)
        else:
            key = pico.frame_events
            if cmd != "keyup":
                pico.press(arg)
                pico.run(hold)
            if cmd != "keydown":
                pico.release(arg)
                pico.run(hold)
    return frames
