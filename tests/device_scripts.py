"""The start of the MicroPython scripts the device tests run: the app booted on a data folder
(a string to format with data=), and press(bit), a button held for ms and let go."""

BOOT = """from cupfw.hal.virtual import Board
from cupfw.app import App
app = App(Board(data_dir=%(data)r))
b = app.b
def press(bit, ms=80):
    b.held |= bit
    app.run(ms)
    b.held &= ~bit
    app.run(80)
"""
