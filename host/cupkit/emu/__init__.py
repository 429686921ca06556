"""The emulated Pico (`cupkit emu`): the project's stock MicroPython UF2 on rp2040js, with the board modelled.

- node.py: Node from PyPI, rp2040js from npm (installed on first use into a cache)
- js/: the emulator, our own code around rp2040js: chip.mjs (what the chip lacks:
  flash, boot ROM, random bit, USB serial host, watchdog reset), board.mjs (buttons,
  OLED, LIS3DH, WS2812 strip, buzzer, battery, status LED), emu.mjs (run loop, protocol)
- pico.py: the emulator as a Python object, its serial line on a pseudo-terminal
- image.py: the flash as a file (UF2s and littlefs images from cupkit.device.uf2 and .rp2fs)
- headless.py, window.py: key scripts and PNG shots; the window
"""

import os

from cupkit import paths

UF2 = os.path.join(paths.FIRMWARE, "ports", "micropython-v1.28.0-RPI_PICO.uf2")
