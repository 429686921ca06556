"""Figures of the cup on the emulated Pico running CircuitPython, in the chip's own time and heap.

circuitpython() boots a fresh chip installed as `cupkit flash --drive --board pico-cp` installs, and
returns what it measured; `cupkit bench pico` can print it beside MicroPython's figures:

- boot_ms: power-on to the menu's first frame (CircuitPython's own start, boot.py, code.py, the
  firmware's .py compiled on the chip); boot_busy_ms: the part of it the core was busy;
- heap_total: gc.mem_free() + gc.mem_alloc() with the firmware running;
- low_free: {screen: bytes}: the least heap left free, after a collection, at any redraw of that
  screen ("menu", or a game engine's name) while the firmware plays its demo of the packs; the
  app runs from the raw REPL (after a boot with B held, which leaves the peripherals free; the
  script remounts the flash for the app as boot.py does) with the board's show() wrapped to take
  the reading.
"""

import json
import os
import tempfile
import time

from cupkit.emu import CP_UF2, drive, headless, image
from cupkit.emu.pico import MS, Pico

MEASURE = """import gc, json, sys, storage
storage.remount('/', readonly=False)
from cupfw.hal.circuit import Board
from cupfw import app
with open('/board.json') as f:
    b = Board(json.load(f))
low = {}
show = b.show
def reading():
    gc.collect()
    free = gc.mem_free()
    k = 'menu'
    for n in sys.modules:
        if n.startswith('cupfw.games.'):
            k = n[12:]
    if free < low.get(k, 1 << 30):
        low[k] = free
    low['total'] = free + gc.mem_alloc()
    show()
b.show = reading
try:
    app.main(b)
except KeyboardInterrupt:
    print('LOW' + json.dumps(low))
"""


def circuitpython(demo_s=100, board="pico-cp", log=None):
    """{boot_ms, boot_busy_ms, heap_total, low_free}, measured on a fresh emulated chip (see the module's
    docstring); demo_s: seconds of the chip's time the app runs (its demo starts after 30 s on the menu and
    plays each pack for up to 40 moves, 400 ms apart)."""
    log = log or (lambda m: None)
    with tempfile.TemporaryDirectory(prefix="cupkit-figures-") as d:
        path = os.path.join(d, "flash.bin")
        img = image.blank()
        image.install_uf2(img, CP_UF2)
        drive.flash(img, board)
        image.save(path, img)
        with Pico(path, board=board, seed=1) as pico:
            boot = headless.boot(pico)
            busy = pico.stats()["busyNs"]
            log("booted to the menu in %.2f s of the chip's time" % (boot / 1e9))
            # again with B held, so that code.py leaves the chip's peripherals alone for the app run at the REPL
            pico.power_cut()
            pico.power_on(hold=["b"], mode="fast")
            pico.wait_serial("B held at power-on")
            pico.release("b")
            pico.repl("pass")
            start = len(pico.bridge.transcript)
            pico.type(MEASURE.encode() + b"\x04")
            pico.mode("paused")
            t0 = pico.now
            while pico.now - t0 < demo_s * 1000 * MS:
                pico.run(5000, timeout=900)
                log("demo: %.0f s of the chip's time" % ((pico.now - t0) / 1e9))
            pico.mode("fast")
            pico.type(b"\x03")
            end = pico.wait_serial(b"\x04>", 120, start)
            out = bytes(pico.bridge.transcript[start:end]).decode("utf-8", "replace")
    if "LOW" not in out:
        raise RuntimeError("the measuring script did not report: %s" % out[-1500:])
    low = json.loads(out.split("LOW", 1)[1].split("\r\n")[0].split("\x04")[0])
    total = low.pop("total")
    return {"boot_ms": round(boot / 1e6), "boot_busy_ms": round(busy / 1e6), "heap_total": total,
            "low_free": low}


if __name__ == "__main__":
    t = time.monotonic()
    print(json.dumps(circuitpython(log=print), indent=1))
    print("%.0f s of wall time" % (time.monotonic() - t))
