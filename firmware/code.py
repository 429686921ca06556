"""cupkit on a CircuitPython board: read /board.json, build the board, run the app.

Hold B at power-on for maintenance: boot.py leaves the CIRCUITPY drive
writable for the computer and this file stops at once, leaving a safe REPL.
When the program cannot start or stops on an error, the screen says why and
any button restarts it; with no screen to say it on, the status LED blinks a
code (Ctrl-C in the serial console stops the blinking):
  2 blinks  no display answering on I2C (check its wiring and address)
  3 blinks  /board.json missing or broken (flash again with cupkit flash --board NAME)
  4 blinks  the firmware or a driver in /lib is missing or broken (flash again)
"""

import json
import time
import traceback

import board
import digitalio
import supervisor


def blink(led, n):
    """Blink the code n on the status LED forever (the board cannot go on)."""
    led = digitalio.DigitalInOut(getattr(board, led or "LED"))
    led.switch_to_output()
    while True:
        for _ in range(n):
            led.value = True
            time.sleep(0.15)
            led.value = False
            time.sleep(0.25)
        time.sleep(1.5)


def start():
    try:
        import switch  # finish an install that power loss cut short (firmware/switch.py)
        switch.finish()
    except ImportError:
        pass
    try:
        with open("board.json") as f:
            p = json.load(f)
        down = "b" in p.get("pull_down", ())
        b = digitalio.DigitalInOut(getattr(board, p["buttons"]["b"]))
    except (OSError, ValueError, KeyError, AttributeError) as e:
        print("cupkit: /board.json:", repr(e))
        blink(None, 3)
    b.switch_to_input(pull=digitalio.Pull.DOWN if down else digitalio.Pull.UP)
    time.sleep(0.02)
    held = b.value == down
    b.deinit()
    if held:
        print("cupkit: B held at power-on: safe REPL, the app is not started")
        return
    try:
        from cupfw.hal.circuit import Board
        hw = Board(p)
        from cupfw import start
    except Exception as e:
        traceback.print_exception(e)
        blink(p.get("status_led"), 2 if isinstance(e, OSError) else 4)
    start.run(hw, traceback.print_exception, supervisor.reload)


start()
