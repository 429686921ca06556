"""Insider on the device (firmware/cupfw/games/insider.py): the secrecy of the roles and the word over the
golden session, the guessing clock and its end, a resumed game, and the demo's moves.

The secrecy test plays the golden 5-player session as recorded, then with the Insider in another seat, then
with another word, and keeps everything the device gives out: every frame it shows (not only the shots),
every LED write, every tone, what it prints, and its saved files after every key. A frame may differ only
where the rules let it: in the peek (A held in the deal) of a seat whose role or word changed, once the
word is guessed (the word changed: it is public then), and from the reveal on.
"""

import json
import os

import pytest

from cupcore.rng import Rng
from cupfw.app import App
from cupfw.hal import A, NAMES
from cupfw.hal.virtual import Board
from cupfw.store import Store

from cupkit.sim import driver as sim_driver
from cupkit.sim import headless as sim

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")


class Witness(Board):
    """A virtual board that keeps all the device gives out, each frame and LED write with what it may show."""

    def __init__(self, data):
        Board.__init__(self, data_dir=data, seed=1)
        self.app = None
        self.out = []

    def show(self):
        Board.show(self)
        self.out.append(("frame", bytes(self.buf), self.may()))

    def leds(self, buf):
        Board.leds(self, buf)
        self.out.append(("leds", bytes(buf), self.may()))

    def tone(self, hz, ms):
        Board.tone(self, hz, ms)
        self.out.append(("tone", hz, ms))

    def may(self):
        """What the rules let the device show now, from the engine and the buttons: "end" (everything),
        "word" (guessed: the word is public), ("peek", seat) in the deal with A held, else None."""
        scr = self.app.scr if self.app else None
        g = getattr(scr, "g", None)
        if g is None:
            return None
        if g.over:
            return "end"
        if g.phase >= 2:
            return "word"
        if g.phase == 0 and self.held & A:
            return ("peek", scr.cur)
        return None


def saved(data):
    """Every saved file's content, game records without their stacked roles and word, as {path: object}."""
    out = {}
    for root, _, files in os.walk(data):
        for f in files:
            path = os.path.join(root, f)
            with open(path) as fh:
                text = fh.read()
            obj = json.loads(text.partition("\n")[2]) if text.startswith("cup1 ") else text
            if isinstance(obj, dict):
                obj.pop("roles", None)
                obj.pop("word", None)
            out[os.path.relpath(path, data)] = obj
    return out


def play(steps, rec, data):
    """The session's steps (as cupkit.sim.driver.run plays them) on a Witness; (its output, the saved files
    after every step, the app)."""
    os.makedirs(data)
    Store(data).write("game.json", rec)
    b = Witness(data)
    app = App(b)
    b.app = app
    files = []
    app.step()
    for cmd, arg in steps:
        if cmd == "wait":
            app.run(arg)
        elif cmd != "shot":
            bit = 1 << NAMES.index(arg)
            if cmd != "keyup":
                b.held |= bit
                app.run(sim_driver.HOLD)
            if cmd != "keydown":
                b.held &= ~bit
                app.run(sim_driver.HOLD)
        files.append(saved(data))
    return b.out, files, app


@pytest.fixture
def device(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sim.device(str(tmp_path / "device"))
    return tmp_path


def session():
    with open(os.path.join(GOLDEN, "insider.keys")) as f:
        steps = sim.parse(f.read())
    with open(os.path.join(GOLDEN, "insider.json")) as f:
        return steps, json.load(f)


@pytest.mark.parametrize("change", ["insider", "word"])
def test_no_frame_led_tone_or_file_shows_a_role_or_the_word_before_the_rules_reveal_it(change, device, capsys):
    """The golden session again with the Insider moved (seat 4 to seat 0) or the word changed: the same
    frames but the peeks of the seats concerned and what the rules have revealed, the same LEDs but at the
    end, the same tones, console and saved files (but the stacked roles and word)."""
    steps, rec = session()
    base, base_files, app = play(steps, rec, str(device / "base"))
    assert app.name == "games.insider" and app.scr.g.over and app.scr.g.seats[1] == 4
    other = dict(rec, roles=[2, 0]) if change == "insider" else dict(rec, word=50)
    out, files, app2 = play(steps, other, str(device / "other"))
    assert capsys.readouterr().out == ""
    assert list(app2.scr.rec["actions"]) == list(app.scr.rec["actions"])  # the same game, as the keys played it
    assert [e for e in out if e[0] == "tone"] == [e for e in base if e[0] == "tone"]
    assert files == base_files
    assert [e[0] for e in out] == [e[0] for e in base] and [e[2] for e in out if e[0] != "tone"] == \
        [e[2] for e in base if e[0] != "tone"]
    concerned = {("peek", 4), ("peek", 0)} if change == "insider" else {("peek", 2), ("peek", 4), "word"}
    differ = set()
    for one, two in zip(base, out):
        if one[0] == "tone":
            continue
        may = one[2]
        if one[1] != two[1]:
            assert may == "end" or one[0] == "frame" and may in concerned, \
                "a %s (%s) shows a secret that changed: %s" % (one[0], may, change)
            differ.add(may)
    # the test sees the secrets: each concerned peek showed something else, and the end revealed it
    assert differ >= concerned and "end" in differ
    peeks = set(e[2] for e in base if e[0] == "frame" and isinstance(e[2], tuple))
    assert peeks == set(("peek", s) for s in range(5))


def test_the_golden_session_plays_the_rules(device):
    steps, rec = session()
    _, _, app = play(steps, rec, str(device / "d"))
    s = app.scr.s
    assert list(app.scr.rec["actions"]) == ["start", "guessed 1 183", "vote1 2", "vote2 1 3 1 3 4", "master 3"]
    assert s["result"] == "insider" and s["winners"] == [4] and s["accused"] == 3 and s["word"] == "banana"


class Ear(Board):
    def __init__(self, data):
        Board.__init__(self, data_dir=data, seed=1)
        self.tones = []

    def tone(self, hz, ms):
        Board.tone(self, hz, ms)
        self.tones.append((hz, ms))


def open_game(device, rec, name="data"):
    Store(str(device / name)).write("game.json", rec)
    app = App(Ear(str(device / name)))
    sim_driver.run(app, sim.parse("press a\nwait 200\n"), str(device))
    assert app.name == "games.insider"
    return app


def keys(app, device, script):
    sim_driver.run(app, sim.parse(script), str(device))


def test_the_guessing_clock_drains_the_leds_sounds_near_its_end_and_times_out(device):
    app = open_game(device, {"pack": "insider", "players": 4, "seed": 1, "roles": [0, 1], "word": 3,
                             "params": {"limit": 40, "words": ["ant", "bee", "cat", "dog"]}, "actions": ["start"]})
    app.b.tones = []
    keys(app, device, "wait 5000\n")
    assert app.scr.left == 35 and list(app.pattern) == [2] * 7 + [0]
    keys(app, device, "wait 5500\n")
    assert app.b.tones == [(1000, 60)] and app.pattern[0] == 3  # 30 s left: one beep, amber
    keys(app, device, "wait 20000\n")
    assert app.b.tones[1:] == [(1500, 60)] and app.pattern[0] == 4  # a beep a second from 10 s on, red
    keys(app, device, "wait 10000\n")
    s = app.scr.s
    assert s["over"] and s["result"] == "nobody" and s["elapsed"] == 40 and list(app.scr.rec["actions"]) == [
        "start", "timeout"]
    assert app.b.tones[-1] == (300, 900) and app.b.tones.count((1500, 60)) == 10
    assert list(app.pattern[:4]) == [4, 4, 4, 4]  # everyone loses


def test_a_clock_a_key_starts_shows_its_whole_time_not_one_second_more(device):
    """As the turn timer's: the clock starts at the key's reading of the board's time, after the pass's now."""
    app = open_game(device, {"pack": "insider", "players": 4, "seed": 1, "roles": [0, 1], "word": 3,
                             "params": {"limit": 40, "words": ["ant", "bee", "cat", "dog"]}, "actions": ["start"]})
    scr = app.scr
    now = app.b.ticks_ms()
    app.b.now += 30  # the clock (re)started 30 ms into the pass
    scr.at = app.b.ticks_ms()
    scr.left = -1
    scr.tick(now)
    assert scr.left == 40


def test_a_resumed_game_starts_its_clock_again_and_keeps_the_deal_secret(device):
    app = open_game(device, {"pack": "insider", "players": 6, "seed": 3, "actions": ["start"]})
    assert app.scr.ui == 3 and app.scr.left == 300  # the guessing clock, from the start again
    app = open_game(device, {"pack": "insider", "players": 6, "seed": 3, "actions": ["start", "guessed 0 59"]},
                    "d2" if app.scr.g.seats[0] else "d3")
    assert app.scr.ui == 5 and app.scr.left == 59  # the flipped clock: the time the guessing took
    app = open_game(device, {"pack": "insider", "players": 6, "seed": 3, "actions": []}, "d4")
    assert app.scr.ui == 0 and app.scr.cur == 0  # the deal from seat 0: roles only in their peeks


@pytest.mark.parametrize("seed", range(6))
def test_the_demo_s_moves_play_a_game_to_its_end(device, seed):
    app = open_game(device, {"pack": "insider", "players": 4 + seed % 5, "seed": seed, "actions": []}, "d%d" % seed)
    rng = Rng(seed)
    for _ in range(400):
        if app.scr.s["over"]:
            break
        if not app.scr.anim:
            app.scr.auto(rng)
        app.run(40)
    assert app.scr.s["over"] and app.scr.ended() and not app.scr.peek
