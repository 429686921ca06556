"""Drives the firmware through a key script on simulated time; runs on CPython and MicroPython.

The host checks and normalises the script (cupkit.sim.headless.parse) and runs this
beside the firmware: in this Python, or inside the micropython binary. A shot
writes NAME.raw: the frame buffer (1024 bytes, MONO_VLSB) then the LED bytes.
"""

from cupfw.hal import NAMES

HOLD = 80  # ms a scripted press is held, and then let go
DEMO_MAX = 3600000  # ms of board time a demo cycle may take


def shot(app, out, name):
    b = app.b
    with open(out + "/" + name + ".raw", "wb") as f:
        f.write(bytes(b.buf) + bytes(b.led))


def run(app, steps, out):
    """steps: (command, argument) pairs as cupkit.sim.headless.parse makes them."""
    b = app.b
    app.step()  # the first frame, at no cost of time
    for cmd, arg in steps:
        if cmd == "wait":
            app.run(arg)
        elif cmd == "shot":
            shot(app, out, arg)
        elif cmd == "shake":
            b.shake = True
            app.run(HOLD)
        else:
            bit = 1 << NAMES.index(arg)
            if cmd != "keyup":
                b.held |= bit
                app.run(HOLD)
            if cmd != "keydown":
                b.held &= ~bit
                app.run(HOLD)


def demo(app):
    """One demo cycle of every pack; True when it came back to the menu."""
    app.run_demo(True)
    t = 0
    while app.demo is not None and t < DEMO_MAX:
        app.run(1000)
        t += 1000
    return app.demo is None
