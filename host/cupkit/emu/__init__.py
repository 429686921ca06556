"""The emulated Pico (`cupkit emu`): the project's stock MicroPython UF2 on rp2040js, with the board modelled.

- node.py: Node from PyPI, rp2040js from npm (installed on first use into a cache)
- js/: the emulator, our own code around rp2040js: chip.mjs (what the chip lacks:
  flash, boot ROM, random bit, USB serial host, watchdog reset), board.mjs (buttons,
  OLED, LIS3DH, WS2812 strip, buzzer, battery, status LED), emu.mjs (run loop, protocol)
- pico.py: the emulator as a Python object, its serial line on a pseudo-terminal
- image.py, uf2.py: the flash as a file: UF2s installed as the boot ROM does, littlefs images
- headless.py, window.py: key scripts and PNG shots; the window
"""

import os

from cupkit import paths

UF2 = os.path.join(paths.FIRMWARE, "ports", "micropython-v1.28.0-RPI_PICO.uf2")


def checked(path):
    """path, if its sha256 is the one its folder's SHA256SUMS gives it (the shipped UF2 and boot ROM);
    else RuntimeError: a damaged checkout must not boot something else quietly."""
    import hashlib
    sums = os.path.join(os.path.dirname(path), "SHA256SUMS")
    with open(sums) as f:
        want = dict(reversed(line.split()) for line in f if line.strip())
    with open(path, "rb") as f:
        got = hashlib.sha256(f.read()).hexdigest()
    if want.get(os.path.basename(path)) != got:
        raise RuntimeError("%s is not the shipped file (sha256 %s, %s says %s): check out the project again"
                           % (path, got, sums, want.get(os.path.basename(path))))
    return path
