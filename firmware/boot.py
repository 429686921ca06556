"""CircuitPython runs this once at power-on, before USB starts.

Normally the dice cup owns its flash: the firmware can write /data, and the
CIRCUITPY drive is read-only for the computer. Hold B while plugging in (or
pressing reset) to leave the drive writable for the computer instead, for
`cupkit flash --drive` or editing files; code.py then stops at a safe REPL.
Without a readable /board.json the drive is left to the computer too, so a
fresh board can always be flashed.
"""

import json

import board
import digitalio
import storage

held = True
try:
    with open("board.json") as f:
        p = json.load(f)
    down = "b" in p.get("pull_down", ())
    b = digitalio.DigitalInOut(getattr(board, p["buttons"]["b"]))
    b.switch_to_input(pull=digitalio.Pull.DOWN if down else digitalio.Pull.UP)
    held = b.value == down
    b.deinit()
except Exception as e:
    print("boot.py: /board.json:", repr(e))
if held:
    print("boot.py: CIRCUITPY stays writable for the computer; the dice cup cannot save")
else:
    storage.remount("/", readonly=False)
