"""The device program through the simulator: golden frames on CPython and MicroPython, Mia's secrecy.

Golden sessions live in tests/golden: NAME.keys (a key script), NAME.json (the game
record the device resumes, if any) and NAME.txt (the expected frames as text).
After an intended change of the screens, rewrite the .txt files with
CUPKIT_UPDATE_GOLDEN=1 pytest tests/test_firmware.py -k golden_cpython
and look at the diff.
"""

import json
import os

import pytest

from cupfw.store import Store

from cupkit import png, sim

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
SESSIONS = sorted(f[:-5] for f in os.listdir(GOLDEN) if f.endswith(".keys"))


def session_data(name, tmp_path):
    """A fresh /data folder holding the session's game in progress."""
    data = tmp_path / ("data-" + name)
    data.mkdir()
    rec = os.path.join(GOLDEN, name + ".json")
    if os.path.exists(rec):
        with open(rec) as f:
            Store(str(data)).write("game.json", json.load(f))
    return str(data)


def frames_text(frames, steps):
    out = []
    for cmd, name in steps:
        if cmd == "shot":
            buf, leds = frames[name]
            out.append("== %s  leds %s\n%s\n" % (name, leds.hex(), png.ascii_art(buf)))
    return "".join(out)


def run_session(name, tmp_path, **kw):
    with open(os.path.join(GOLDEN, name + ".keys")) as f:
        steps = sim.parse(f.read())
    return frames_text(sim.headless(steps, data=session_data(name, tmp_path), **kw), steps)


def expected(name):
    with open(os.path.join(GOLDEN, name + ".txt")) as f:
        return f.read()


@pytest.mark.parametrize("name", SESSIONS)
def test_golden_cpython(name, tmp_path):
    got = run_session(name, tmp_path)
    if os.environ.get("CUPKIT_UPDATE_GOLDEN"):
        with open(os.path.join(GOLDEN, name + ".txt"), "w") as f:
            f.write(got)
    assert got == expected(name)


def test_golden_micropython(image, tmp_path):
    """The same sessions inside the unix port (source and .mpy) draw the same frames."""
    for name in SESSIONS:
        assert run_session(name, tmp_path, image=image) == expected(name), name


MIA_KEYS = """
press a
shot cover
press a
press a
wait 200
shot shaking
wait 400
shot cup
keydown a
shot PEEK-1
wait 500
shot PEEK-1b
keyup a
shot hidden
press b
shot pick
press up
press a
shot cover-2
press a
shot choices-2
press down
press a
wait 700
shot cup-2
keydown a
shot PEEK-2
keyup a
shot hidden-2
press b
press up
press up
shot pick-2
press a
shot cover-3
press a
shot choices-3
press a
wait 300
shot lifting
wait 1500
shot REVEAL
"""


def test_mia_cup_shows_only_while_a_is_held_and_at_the_reveal(tmp_path):
    """Two rounds that differ only in the hidden dice: every frame and every LED byte is the same
    until the reveal, except the frames taken while the roller holds A, which must differ."""
    steps = sim.parse(MIA_KEYS)
    runs = []
    for dice in ([6, 3, 4, 4], [2, 1, 1, 3]):
        data = tmp_path / ("d%d" % dice[0])
        data.mkdir()
        Store(str(data)).write("game.json", {"pack": "mia", "players": 3, "seed": 1, "dice": dice, "actions": []})
        runs.append(sim.headless(steps, data=str(data)))
    one, two = runs
    shots = [a for c, a in steps if c == "shot"]
    for name in shots:
        if name.startswith("PEEK") or name == "REVEAL":
            assert one[name][0] != two[name][0], name  # the dice are on the screen
        else:
            assert one[name][0] == two[name][0], "frame %s depends on the hidden dice" % name
        if name != "REVEAL":  # from the reveal on, who lost a life is public
            assert one[name][1] == two[name][1], "the LEDs of %s depend on the hidden dice" % name
