"""Drives the firmware through a key script on simulated time; runs on CPython and MicroPython.

The host checks and normalises the script (cupkit.sim.headless.parse) and runs this
beside the firmware: in this Python, or inside the micropython binary, where the steps
come from a file a line at a time (steps()), so that a long script takes nothing from
the device's heap. A shot writes NAME.raw: the frame buffer (1024 bytes, MONO_VLSB)
then the LED bytes.
"""

from cupfw.hal import NAMES

HOLD = 80  # ms a scripted press is held, and then let go
DEMO_MAX = 3600000  # ms of board time a demo cycle may take


def shot(app, out, name):
    b = app.b
    with open(out + "/" + name + ".raw", "wb") as f:
        f.write(bytes(b.buf) + bytes(b.led))


def steps(path):
    """The (command, argument) pairs of a file of normalised script lines (see headless.lines), one at a time."""
    with open(path) as f:
        for line in f:
            w = line.split()
            yield w[0], int(w[1]) if w[0] == "wait" else w[1] if len(w) > 1 else None


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
