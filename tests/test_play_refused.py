"""A game screen whose engine refuses an action (the stacked dice have run out) says why on the
screen and goes on: the game and its saved record are as they were. On CPython and MicroPython."""

import json

from conftest import run_mp_json

_SESSION = """import json
from cupfw.hal.virtual import Board
from cupfw.app import App
from cupfw.store import Store
st = Store(%(data)r)
st.write("game.json", {"pack": "pig", "players": 2, "seed": 1, "dice": [5], "actions": []})
app = App(Board(data_dir=%(data)r))
def press(bit):
    app.b.held = bit
    app.run(80)
    app.b.held = 0
    app.run(700)
press(16)  # A: resume
press(16)  # A: roll the stacked 5
frames = app.b.frames
press(16)  # A: roll again, with no dice left
out = [app.name, app.scr.note, app.b.frames > frames, list(st.read("game.json")["actions"])]
press(1)  # any key: back to the game
out.append(app.scr.note)
press(32)  # B: hold the 5
out += [app.scr.s["scores"], list(st.read("game.json")["actions"])]
print(json.dumps(out))
"""

WANT = ["games.pig", "roll: dice stack exhausted", True, ["roll"], None, [5, 0], ["roll", "hold"]]


def test_stacked_dice_that_run_out_are_a_message_not_a_crash_cpython(tmp_path):
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(_SESSION % {"data": str(tmp_path / "data")}, {})
    assert json.loads(out.getvalue()) == WANT


def test_stacked_dice_that_run_out_are_a_message_not_a_crash_micropython(image, tmp_path):
    assert run_mp_json(image, _SESSION % {"data": str(tmp_path / "data")})[0] == WANT
