"""The turn timer on the device (firmware/cupfw/games/timer.py): what its key script records, the beep at
`warn`, the time-up screen with the pack's penalty, the LEDs draining, a resumed session's clock, the cup
kept awake while the clock runs, and the demo's moves."""

import os

import pytest

from cupcore.rng import Rng
from cupfw.app import App
from cupfw.hal import A, B, DOWN
from cupfw.hal.virtual import Board
from cupfw.store import Store

from cupkit.sim import driver as sim_driver
from cupkit.sim import headless as sim

HERE = os.path.dirname(os.path.abspath(__file__))


class Ear(Board):
    """A virtual board that keeps the tones it sounds, with the board's time of each."""

    def __init__(self, data):
        Board.__init__(self, data_dir=data, seed=1)
        self.tones = []

    def tone(self, hz, ms):
        Board.tone(self, hz, ms)
        self.tones.append((self.ticks_ms(), hz, ms))


@pytest.fixture
def device(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sim.device(str(tmp_path / "device"))
    return tmp_path


def open_session(device, rec, name="data"):
    Store(str(device / name)).write("game.json", rec)
    b = Ear(str(device / name))
    app = App(b)
    sim_driver.run(app, sim.parse("press a\nwait 200\n"), str(device))
    assert app.name == "games.timer"
    b.tones = []
    return app


def keys(app, device, script):
    sim_driver.run(app, sim.parse(script), str(device))


def test_the_golden_session_records_the_turns_as_the_rules_say(device):
    with open(os.path.join(HERE, "golden", "turn-timer.keys")) as f:
        steps = sim.parse(f.read())
    app = open_session(device, {"pack": "turn-timer", "players": 3, "seed": 1, "actions": []})
    sim_driver.run(app, steps[2:], str(device))  # (its first two steps opened it)
    s = app.scr.s
    assert list(app.scr.rec["actions"]) == ["next 5", "pause", "resume", "over", "pause", "end"]
    assert s["turns"] == [1, 1, 0] and s["total"] == [5, 60, 0] and s["overruns"] == [0, 1, 0] and s["over"]


def test_a_beep_at_warn_then_the_time_up_screen_with_the_penalty(device):
    app = open_session(device, {"pack": "turn-timer", "players": 2, "seed": 1,
                                "params": {"seconds": 20, "warn": 5, "penalty": "miss a turn"}, "actions": []})
    b = app.b
    start = app.scr.at  # the turn's clock started as the session opened
    keys(app, device, "wait 14000\n")
    assert b.tones == [] and app.scr.left == 6 and list(app.pattern) == [2, 2, 2, 0, 0, 0, 0, 0]
    keys(app, device, "wait 1500\n")
    assert [t[1:] for t in b.tones] == [(1200, 120)] and 15000 <= b.tones[0][0] - start < 15060  # 5 s left
    assert app.pattern[0] == 3  # amber from the warning on
    keys(app, device, "wait 5000\n")
    assert [t[1] for t in b.tones] == [1200, 880] and app.scr.ui == 1 and list(app.pattern) == [4] * 8
    assert app.scr.rec["actions"] == []  # the time is up, but nothing is recorded until the device is handed on
    text = b.buf
    assert text.count(0xFF) > 500  # the whole screen lit: "TIME" and the penalty inverted
    keys(app, device, "press a\n")
    assert list(app.scr.rec["actions"]) == ["over"] and app.scr.g.turn == 1 and app.scr.left == 20


def test_the_penalty_text_is_on_the_time_up_screen(device):
    shown = []
    from cupfw import gfx
    real = gfx.center

    def center(fb, s, y, k=1, c=1):
        shown.append(s)
        real(fb, s, y, k, c)

    gfx.center = center
    try:
        app = open_session(device, {"pack": "turn-timer", "players": 2, "seed": 1, "params": {"seconds": 2},
                                    "actions": []})
        keys(app, device, "wait 2500\n")
    finally:
        gfx.center = real
    assert "draw 1 tile, 3 if" in shown and "incomplete" in shown


def test_a_resumed_session_starts_the_turn_s_clock_again(device):
    app = open_session(device, {"pack": "turn-timer", "players": 3, "seed": 1,
                                "actions": ["next 12", "next 40", "pause"]})
    assert app.scr.g.held and app.scr.left == 60 and app.scr.g.turn == 2
    keys(app, device, "press a\nwait 2000\npress a\n")
    assert list(app.scr.rec["actions"])[-2:] == ["resume", "next 2"]


def test_a_turn_started_by_a_key_shows_its_whole_time_not_one_second_more(device):
    """The key handler reads the board's clock after the pass's tick has read it: the tick's now is earlier
    than the new turn's start. (CircuitPython's golden session drew 61 of 60 seconds once its pass got slower.)"""
    app = open_session(device, {"pack": "turn-timer", "players": 3, "seed": 1, "actions": []})
    scr = app.scr
    now = app.b.ticks_ms()
    app.b.now += 30  # the key handled 30 ms into the pass
    scr.press(A)
    scr.tick(now)
    assert scr.left == 60 and scr.total(now) == 0


def test_pause_stops_the_clock(device):
    app = open_session(device, {"pack": "turn-timer", "players": 2, "seed": 1, "actions": []})
    keys(app, device, "wait 3000\npress b\nwait 30000\npress b\nwait 1000\npress a\n")
    assert list(app.scr.rec["actions"]) == ["pause", "resume", "next 4"]


def test_a_running_clock_keeps_the_cup_awake_a_paused_one_lets_it_sleep(device):
    app = open_session(device, {"pack": "turn-timer", "players": 2, "seed": 1, "params": {"seconds": 3600},
                                "actions": []})
    app.cfg["dim"], app.cfg["sleep"] = 10, 20
    keys(app, device, "wait 60000\n")
    assert app.mode == 0
    keys(app, device, "press b\nwait 30000\n")
    assert app.mode == 2


@pytest.mark.parametrize("seed", range(5))
def test_the_demo_s_moves_play_a_session_to_its_end(device, seed):
    app = open_session(device, {"pack": "turn-timer", "players": 4, "seed": 1, "actions": []}, "d%d" % seed)
    rng = Rng(seed)
    for _ in range(200):
        if app.scr.s["over"]:
            break
        app.scr.auto(rng)
        app.run(40)
    assert app.scr.s["over"] and app.scr.rec["actions"][-1] == "end"
    keys(app, device, "press down\npress down\n")
    assert app.scr.sel == 2
    app.b.held = B
    app.run(800)
    app.b.held = 0
    app.run(100)
    assert app.name == "screens.menu"
