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

from cupfw.app import App
from cupfw.hal.virtual import Board
from cupfw.store import Store

from cupkit.sim import png
from cupkit.sim import headless as sim
from cupkit.sim import driver as sim_driver

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
    return frames_text(sim.headless(steps, data=session_data(name, tmp_path), seed=1, **kw), steps)


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


SHOTS = os.path.join(os.path.dirname(HERE), "firmware", "screenshots")


def shot_steps(name):
    with open(os.path.join(SHOTS, name + ".keys")) as f:
        return sim.parse(f.read())


@pytest.mark.parametrize("name", sorted(f[:-5] for f in os.listdir(SHOTS) if f.endswith(".keys")))
def test_the_screenshots_are_what_their_key_scripts_make(name, tmp_path):
    steps = shot_steps(name)
    sim.headless(steps, shots=str(tmp_path), seed=1)
    for cmd, shot in steps:
        if cmd == "shot":
            with open(os.path.join(SHOTS, shot + ".png"), "rb") as f:
                assert (tmp_path / (shot + ".png")).read_bytes() == f.read(), shot


def test_the_screenshot_scripts_show_what_they_say(tmp_path, monkeypatch):
    """Their comments: Pig and Mia for three; Scoundrel's weapon with the monster it slew."""
    monkeypatch.chdir(tmp_path)
    sim.device(str(tmp_path / "device"))
    games = {}
    for name in ("pig", "mia", "scoundrel"):
        app = App(Board(data_dir=str(tmp_path / ("data-" + name)), seed=1))
        sim_driver.run(app, shot_steps(name), str(tmp_path))
        games[name] = app.scr
    assert games["pig"].rec["players"] == 3 and games["mia"].rec["players"] == 3
    s = games["scoundrel"].s
    assert (s["weapon"], s["slain"]) == ("2D", "AC")


def test_an_eight_player_meier_header_keeps_a_gap_between_its_two_texts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sim.device(str(tmp_path / "device"))
    Store(str(tmp_path / "data")).write("game.json", {"pack": "meier", "players": 8, "seed": 1, "actions": []})
    app = App(Board(data_dir=str(tmp_path / "data")))
    sim_driver.run(app, sim.parse("press a\n"), str(tmp_path))
    assert app.name == "games.mia" and app.scr.rec["players"] == 8
    buf = app.b.buf  # MONO_VLSB: the title bar is rows 0..8, inverted (lit where there is no ink)
    ink = [x for x in range(128) if buf[x] != 0xFF or not buf[128 + x] & 1]
    widest = max([b - a - 1 for a, b in zip(ink, ink[1:])])
    assert ink[-1] == 126 and widest >= 5  # "Meier", a space, "3/3/3/3/3/3/3/3" up to the edge


CUP_KEYS = """
shot cup
press a
wait 200
shot rolling
wait 400
shot down
keydown a
shot PEEK-1
press right
press up
keyup a
shot marked
press left
press left
press a
wait 200
shot rolling-2
wait 400
shot down-2
keydown a
shot PEEK-2
keyup a
shot hidden-2
press b
shot LIFTED
"""


def test_the_hidden_cup_shows_the_dice_only_while_a_is_held_and_once_lifted(tmp_path, monkeypatch):
    """Two cups that differ only in the dice under them: every frame and every LED byte is the same,
    except the frames taken while A is held (a peek) and after the lift, which must differ."""
    monkeypatch.chdir(tmp_path)
    sim.device(str(tmp_path / "device"))
    steps = sim.parse(CUP_KEYS)
    runs = []
    for dice in ([1, 2, 3, 4], [6, 5, 4, 1]):
        out = tmp_path / ("d%d" % dice[0])
        out.mkdir()
        app = App(Board(data_dir=str(out)))
        app.start({"pack": "cup", "players": 1, "seed": 1, "params": {"dice": 3, "sides": 6, "hidden": True},
                   "dice": dice, "actions": []})
        sim_driver.run(app, steps, str(out))
        assert app.scr.rec["actions"] == [] and not os.path.exists(str(out / "game.json"))  # nothing kept
        runs.append(dict((n, (out / (n + ".raw")).read_bytes()) for c, n in steps if c == "shot"))
    one, two = runs
    for name in one:
        if name.startswith("PEEK") or name == "LIFTED":
            assert one[name][:1024] != two[name][:1024], name
        else:
            assert one[name][:1024] == two[name][:1024], "frame %s depends on the hidden dice" % name
        assert one[name][1024:] == two[name][1024:], "the LEDs of %s depend on the hidden dice" % name


def test_a_key_that_leaves_a_page_shows_its_own_frame_before_the_next_screen_loads(tmp_path):
    """Start on a pack's page: the next frame sent is that page with "..." in its title line (the title cut
    to make room for it), every other page of the panel unchanged; then the game's screen."""
    from cupfw import gfx
    from cupfw.hal import A
    app = App(Board(data_dir=str(tmp_path)))
    app.go("screens.pack", "scc-classic")  # "Ship, Captain, Crew (classic)": longer than the title line
    app.switch()
    app.step()
    before = bytes(app.b.buf)
    sent = []
    show = app.b.show
    app.b.show = lambda: (sent.append(bytes(app.b.buf)), show())
    app.b.held = A
    app.run(80)
    app.b.held = 0
    app.run(80)
    assert app.name == "games.scc" and len(sent) >= 2
    bar = Board(data_dir=str(tmp_path / "scratch"))
    gfx.bar(bar.fb, "Ship, Captain, Cr", "...")
    assert sent[0][:128] == bytes(bar.buf[:128]) != before[:128]
    assert sent[0][128:] == before[128:]
    assert sent[1][128:] != before[128:]  # the game
