"""cupkit on a MicroPython board: read /board.json, build the board, run the app.

Hold B at power-on for a safe REPL: the app does not start. When the program
cannot start or stops on an error, the screen says why and any button
restarts the board; with no screen to say it on, the status LED blinks a code
(Ctrl-C at the REPL stops the blinking):
  2 blinks  no display answering on I2C (check its wiring and address)
  3 blinks  /board.json missing or broken (flash again with cupkit flash --board NAME)
  4 blinks  the firmware is missing or broken (flash again)
"""

import json
import sys
import time

import machine


def blink(led, n):
    """Blink the code n on the status LED forever (the board cannot go on)."""
    led = machine.Pin(led or "LED", machine.Pin.OUT)
    while True:
        for _ in range(n):
            led.value(1)
            time.sleep_ms(150)
            led.value(0)
            time.sleep_ms(250)
        time.sleep_ms(1500)


def start():
    try:
        import switch  # finish an install that power loss cut short (firmware/switch.py)
        switch.finish()
    except ImportError:
        pass
    try:
        with open("board.json") as f:
            p = json.load(f)
        keys = p["buttons"]
    except (OSError, ValueError, KeyError) as e:
        print("cupkit: /board.json:", repr(e))
        blink(None, 3)
    down = "b" in p.get("pull_down", ())
    b = machine.Pin(keys["b"], machine.Pin.IN, machine.Pin.PULL_DOWN if down else machine.Pin.PULL_UP)
    time.sleep_ms(20)
    if b.value() == (1 if down else 0):
        print("cupkit: B held at power-on: safe REPL, the app is not started")
        return
    try:
        from cupfw.hal.micro import Board
        board = Board(p)
        from cupfw import start
    except Exception as e:
        sys.print_exception(e)
        blink(p.get("status_led"), 2 if isinstance(e, OSError) else 4)
    start.run(board, sys.print_exception, machine.reset)


start()
