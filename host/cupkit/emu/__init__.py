"""The emulated Pico (`cupkit emu`): the project's MicroPython or CircuitPython UF2 on rp2040js, the board modelled.

- node.py: Node from PyPI, rp2040js from npm (installed on first use into a cache)
- js/: the emulator, our own code around rp2040js: chip.mjs (what the chip lacks:
  flash, boot ROM, random bit, USB serial host, watchdog reset), board.mjs (buttons,
  OLED, LIS3DH, WS2812 strip, buzzer, battery, status LED), emu.mjs (run loop, protocol)
- pico.py: the emulator as a Python object, its serial line on a pseudo-terminal
- image.py: the flash as a file (UF2s, littlefs and FAT images from cupkit.device.uf2, .rp2fs and .cpfs)
- drive.py: installing onto CircuitPython's CIRCUITPY with the code of `cupkit flash --drive`
- headless.py, window.py: key scripts and PNG shots; the window
"""

import os

from cupkit import paths

UF2 = os.path.join(paths.FIRMWARE, "ports", "micropython-v1.28.0-RPI_PICO.uf2")
CP_UF2 = os.path.join(paths.FIRMWARE, "ports", "circuitpython-10.2.1-raspberry_pi_pico.uf2")
