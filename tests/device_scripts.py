"""The start of the MicroPython scripts the device tests run: the app booted on a data folder
(a string to format with data=), and press(bit), a button held for ms and let go; and the check of a
key script's Big Pig game on an emulated chip."""

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


def rolled_and_held(saved):
    """Whether a saved Big Pig game ends as a key script's A (roll) then B (hold) leaves it: with the hold,
    or, when that roll ended the turn (a one: the chip's seed, and so the dice, vary with its timing), with
    the roll alone. The first is a key that reached the game; the second has no hold to make."""
    from cupcore import replay
    acts = saved["actions"]
    if acts[-2:] == ["roll", "hold"]:
        return True
    return acts[-1:] == ["roll"] and "hold" not in replay.load(saved).legal()
