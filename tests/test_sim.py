"""cupkit sim as a user runs it, and the device program's loop (idle, saves, notices) on the virtual board."""

import json
import os
import subprocess
import sys

import pytest

from cupcore import packs
from cupfw.app import App
from cupfw.hal import A, B, UP, DOWN, LEFT, RIGHT
from cupfw.hal.virtual import Board
from cupfw.store import Store

from cupkit import paths
from cupkit.device import layout
from cupkit.sim import driver, headless as sim

from conftest import cupkit


def test_headless_writes_a_png_per_shot(tmp_path):
    keys = tmp_path / "k.txt"
    keys.write_text("shot menu\npress down\nwait 100\nshot second  # a comment\n")
    r = cupkit("sim", "--headless", "--keys", str(keys), "--shots", str(tmp_path / "shots"))
    assert r.returncode == 0, r.stderr
    for n in ("menu", "second"):
        assert (tmp_path / "shots" / (n + ".png")).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_bad_key_script_names_its_line(tmp_path):
    keys = tmp_path / "k.txt"
    keys.write_text("press a\npress start\n")
    r = cupkit("sim", "--headless", "--keys", str(keys))
    assert r.returncode == 2
    assert "line 2" in r.stderr and "press start" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_demo_in_micropython_within_64k():
    r = cupkit("sim", "--headless", "--demo", "--micropython", "--heap", "64", "--seed", "1")  # a fixed deal: heap use depends on it
    assert r.returncode == 0, r.stdout + r.stderr
    assert "back at the menu" in r.stdout


def test_no_display_falls_back_to_the_headless_demo():
    r = cupkit("sim", env={"DISPLAY": "", "WAYLAND_DISPLAY": ""})
    assert r.returncode == 0, r.stderr
    assert "No display" in r.stdout and "back at the menu" in r.stdout


def test_a_missing_x_server_falls_back_without_sdl_noise():
    env = dict(os.environ, DISPLAY=":987", WAYLAND_DISPLAY="")
    env.pop("XDG_RUNTIME_DIR", None)  # unset, SDL would print "error: XDG_RUNTIME_DIR is invalid..."
    r = subprocess.run([sys.executable, "-m", "cupkit", "sim"], capture_output=True, text=True, env=env,
                       timeout=600)
    assert r.returncode == 0, r.stderr
    assert "No display" in r.stdout and "XDG_RUNTIME_DIR" not in r.stdout + r.stderr


def test_flash_runs_the_firmware_installed_in_a_device_folder(tmp_path):
    dev = tmp_path / "dev"
    layout.build(str(dev), mpy=True)
    keys = tmp_path / "k.txt"
    keys.write_text("shot menu\n")
    r = cupkit("sim", "--flash", str(dev), "--keys", str(keys), "--shots", str(tmp_path / "s"))
    assert r.returncode == 0, r.stderr
    assert (dev / "data").is_dir() and (tmp_path / "s" / "menu.png").exists()
    r = cupkit("sim", "--flash", str(tmp_path / "nothing"), "--keys", str(keys))
    assert r.returncode == 2 and "cupkit flash" in r.stderr


def test_the_working_directory_plays_no_part(tmp_path, monkeypatch):
    """A packs/ folder where the simulator is started is not the simulated device's: same frames."""
    steps = sim.parse("shot menu\npress down\npress down\npress down\npress down\npress a\nshot pack\n")
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "aaa.json").write_text(json.dumps(
        {"id": "aaa", "name": "Aaa house", "rules": "r", "engine": "pig", "players": {"min": 2, "max": 2},
         "params": {}}))
    monkeypatch.chdir(tmp_path)
    here = sim.headless(steps)
    monkeypatch.chdir(tmp_path / "packs")
    assert sim.headless(steps) == here
    assert os.getcwd() == str(tmp_path / "packs")
    monkeypatch.chdir(tmp_path)
    assert sim.headless(steps, micropython=True) == here


def press(app, bit, ms=80):
    app.b.held |= bit
    app.run(ms)
    app.b.held &= ~bit
    app.run(80)


def test_a_finished_game_goes_to_the_log_and_the_statistics_as_its_end_is_left(tmp_path):
    rec = {"pack": "pig", "players": 2, "seed": 3, "dice": [5], "params": {"goal": 5}, "actions": []}
    Store(str(tmp_path)).write("game.json", rec)
    app = App(Board(data_dir=str(tmp_path)))
    press(app, A)  # Resume
    assert app.name == "games.pig"
    press(app, A)  # roll a 5
    app.run(600)
    press(app, B)  # hold: 5 reaches the goal
    st = Store(str(tmp_path))
    assert st.read("game.json")["actions"] == ["roll", "hold"] and st.logs() == []  # kept as the end is left
    press(app, A)
    assert app.name == "screens.menu"
    assert st.read("game.json") is None
    assert st.read("stats.json") == {"pig": {"games": 1, "wins": 1, "best": 5, "seats": [1, 0], "log": 1}}
    assert st.logs() == ["log/00001.json"] and st.read("log/00001.json")["actions"] == ["roll", "hold"]


def test_long_b_leaves_a_game_that_the_menu_resumes(tmp_path):
    Store(str(tmp_path)).write("game.json", {"pack": "hog", "players": 2, "seed": 3, "actions": ["roll 2"]})
    app = App(Board(data_dir=str(tmp_path)))
    press(app, A)
    press(app, B, 900)
    assert app.name == "screens.menu" and app.scr.labels[0] == "Resume hog"
    press(app, A)
    assert app.name == "games.pig"
    assert app.scr.rec["actions"] == ["roll 2"]


def test_dim_sleep_and_a_waking_press_that_does_nothing_else(tmp_path):
    app = App(Board(data_dir=str(tmp_path)))
    for bit in (UP, UP, A):  # settings: no attract demo there
        press(app, bit)
    b = app.b
    full = b.level
    app.run(61000)
    assert 0 < b.level < full
    app.run(240000)
    assert b.level == 0 and not any(b.led)
    press(app, UP)
    assert b.level == full and app.name == "screens.settings" and app.scr.sel == 0
    press(app, UP)
    assert app.scr.sel != 0


def test_idle_menu_plays_the_attract_demo_until_a_key(tmp_path):
    app = App(Board(data_dir=str(tmp_path)))
    app.run(40000)
    assert app.demo is not None and app.name[:6] == "games."
    press(app, A)
    assert app.demo is None and app.name == "screens.menu"
    assert Store(str(tmp_path)).read("game.json") is None  # demo games are never saved


def test_a_demo_cycle_plays_a_game_of_every_pack_and_never_sleeps(tmp_path):
    """`cupkit sim --demo` and the benchmarks' demo cycle: a game of every pack with one, in the order of
    the menu's packs, before the menu comes back; a cycle outlasts the sleep time (300 s), and it does
    not stop there as the attract demo does."""
    app = App(Board(data_dir=str(tmp_path)))
    played = []
    go = app.go

    def noted(name, arg=None):
        if name[:6] == "games.":
            played.append(arg[0]["pack"])
        go(name, arg)
    app.go = noted
    assert driver.demo(app) and app.name == "screens.menu" and app.mode == 0
    ids = packs.ids([paths.PACKS])
    assert played == [p for p in ids if "engine" in packs.load(p, [paths.PACKS])]


# demo seeds whose cycle reached Insider's running clock before 300 s: it kept the cup awake when the demo's
# clocks still counted as activity (and None: the board's own seed, as on a device)
@pytest.mark.parametrize("seed", [None, 15, 23, 39])
def test_the_demo_stops_at_sleep_and_a_waking_key_finds_the_menu(tmp_path, seed):
    app = App(Board(data_dir=str(tmp_path), seed=seed))
    app.run(400000)  # attract demo after 30 s, asleep at 300 s
    assert app.b.level == 0 and app.demo is None and app.name == "screens.menu"
    press(app, UP)  # only wakes
    assert app.b.level > 0 and app.name == "screens.menu" and app.scr.sel == 0
    press(app, UP)
    app.run(5000)
    assert app.name == "screens.menu" and app.scr.sel == len(app.scr.labels) - 1


def test_a_damaged_file_is_reported_once_and_the_device_starts(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"cup1 00000000\n{}")
    app = App(Board(data_dir=str(tmp_path)))
    assert app.name == "screens.text" and "settings.json" in app.scr.text
    press(app, A)
    assert app.name == "screens.menu"
    assert (tmp_path / "settings.json.bad").exists()
    assert App(Board(data_dir=str(tmp_path))).name == "screens.menu"


def test_every_damaged_file_is_reported(tmp_path):
    names = ("settings.json", "stats.json", "game.json")
    for n in names:
        (tmp_path / n).write_bytes(b"cup1 00000000\n{}")
    app = App(Board(data_dir=str(tmp_path)))
    assert app.name == "screens.text"
    text = app.scr.text
    for n in names:
        assert n in text and (tmp_path / (n + ".bad")).exists()


def test_settings_are_kept(tmp_path):
    app = App(Board(data_dir=str(tmp_path)))
    for bit in (UP, UP, A):  # the menu wraps: Demo, then Settings
        press(app, bit)
    assert app.name == "screens.settings"
    press(app, LEFT)
    press(app, B)
    assert Store(str(tmp_path)).read("settings.json")["bright"] == 2
    assert App(Board(data_dir=str(tmp_path))).cfg["bright"] == 2


def test_a_broken_synced_pack_is_listed_and_explained(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # ./packs is where synced packs live
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "aaa.json").write_text('{"id": "aaa", "name": "Broken", "rules": 3}')
    app = App(Board(data_dir=str(tmp_path / "data")))
    line = app.scr.labels.index("aaa (unusable)")  # the group Unusable, of one pack: the pack itself
    assert app.scr.labels[line - 1] == "More games          >"  # (the dice table's score-sheet games)
    for _ in range(line):
        press(app, DOWN)
    press(app, A)
    assert app.name == "screens.text" and "rules must be text" in app.scr.text


def test_a_saved_game_that_does_not_replay_is_set_aside(tmp_path):
    rec = {"pack": "pig", "players": 2, "seed": 1, "actions": ["hold"]}
    Store(str(tmp_path)).write("game.json", rec)
    app = App(Board(data_dir=str(tmp_path)))
    press(app, A)
    assert app.name == "games.pig" and "action 1" in app.scr.err
    press(app, A)
    assert app.name == "screens.menu" and app.scr.labels[0] != "Resume pig"
    st = Store(str(tmp_path))
    assert st.read("game.json") is None and st.read("game.bad.json") == rec


def test_settings_out_of_range_fall_back_to_the_defaults(tmp_path):
    Store(str(tmp_path)).write("settings.json", {"bright": 9, "leds": -1, "sound": 0, "dim": "x"})
    app = App(Board(data_dir=str(tmp_path)))
    assert app.cfg == {"bright": 3, "leds": 2, "sound": 0, "dim": 60, "sleep": 300}
    app.run(100)
    assert app.b.level == 180


def test_wrapping_makes_no_line_strings_and_breaks_at_spaces():
    from cupfw import gfx
    s = "Roll the dice and claim a value\n\nsupercalifragilisticexpialidocious word"
    b = gfx.wrap(s)
    got = [s[b[i]:b[i + 1]] for i in range(0, len(b), 2)]
    assert got == ["Roll the dice and", "claim a value", "", "supercalifragilistice", "xpialidocious word"]
    assert all(len(line) <= 21 for line in got)


def test_the_longest_rules_a_pack_may_have_open_in_the_firmware_budget(tmp_path):
    """A synced reference-only pack with 4000 characters of rules (the schema's most), wrapped to
    21 columns, opens and scrolls inside MicroPython in the firmware's 64 KB budget."""
    dev = tmp_path / "dev"
    layout.build(str(dev), mpy=True)
    words = ("Each player rolls the dice under the cup, looks, and claims a value; "
             "the next one believes it or lifts the cup.\n")
    rules = (words * 40)[:4000]
    pack = {"id": "aaa-long", "name": "Aaa long rules", "version": 1, "rules": rules}  # the group Rules
    (dev / "packs" / "aaa-long.json").write_text(json.dumps(pack))
    keys = tmp_path / "k.txt"  # up from the top: Demo, Settings, Statistics, then the Rules group's one pack
    keys.write_text("press up\n" * 4 + "press a\npress a\nshot first\n" + "press right\n" * 60 + "shot last\n")
    r = cupkit("sim", "--flash", str(dev), "--micropython", "--heap", "64", "--keys", str(keys),
               "--shots", str(tmp_path / "s"))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "s" / "first.png").read_bytes() != (tmp_path / "s" / "last.png").read_bytes()


def test_the_menu_groups_the_packs_and_remembers_the_last_game(tmp_path):
    """The table tools (the cup, the turn timer) first, then the groups; A opens one, B comes back, a pack's page goes back to its line;
    the game started last is where the menu and its group open, until power-off."""
    app = App(Board(data_dir=str(tmp_path)))
    assert app.scr.labels[:5] == ["Table tools         >", "Luck games          >", "Push your luck      >",
                                  "Bluffing            >", "Solitaire           >"]
    assert app.scr.labels[5:] == ["More games          >", "Statistics", "Settings", "Demo"] and app.scr.sel == 0
    for bit in (DOWN, A):
        press(app, bit)
    assert app.name == "screens.menu" and app.scr.labels[:3] == ["Beetle", "Going to Boston", "Chicago"]
    assert len(app.scr.labels) == 10  # every luck game, two presses from the top
    for bit in (DOWN, DOWN, A):
        press(app, bit)
    assert app.name == "screens.pack" and app.scr.pid == "chicago"
    press(app, B)
    assert app.name == "screens.menu" and app.scr.labels[app.scr.sel] == "Chicago"
    press(app, B)
    assert app.scr.labels[app.scr.sel] == "Luck games          >"
    for bit in (A, DOWN, DOWN, A, A):  # Chicago: its page, Start
        press(app, bit)
    assert app.name == "games.chicago"
    press(app, A)  # a roll: the game is saved
    app.run(600)
    press(app, B, 900)
    assert app.name == "screens.menu" and app.scr.labels[0] == "Resume chicago" and app.scr.sel == 0
    Store(str(tmp_path)).remove("game.json")
    app.menu()  # no saved game: the menu opens on the last game's group, and the group on the game
    assert app.scr.labels[app.scr.sel] == "Luck games          >"
    press(app, A)
    assert app.scr.labels[app.scr.sel] == "Chicago"
    app = App(Board(data_dir=str(tmp_path)))  # after power-off, the top: a key script does the same every time
    assert app.scr.sel == 0 and app.scr.labels[0] == "Table tools         >"


def test_the_cup_opens_from_the_table_tools_and_its_page_remembers_the_dice(tmp_path):
    app = App(Board(data_dir=str(tmp_path)))
    press(app, A)
    assert app.scr.labels == ["Dice Cup", "Turn timer"] and app.scr.sel == 0
    press(app, A)
    assert app.name == "screens.pack" and app.scr.pid == "cup" and app.scr.lines()[1:4] == [
        "Dice     < 5 >", "Sides    < d6 >", "Cup      < open >"]
    for bit in (DOWN, RIGHT, RIGHT, DOWN, LEFT, DOWN, RIGHT, UP, UP, UP, A):  # 7 dice, d4, hidden: roll
        press(app, bit)
    assert app.name == "games.cup" and app.scr.rec["params"] == {"dice": 7, "sides": 4, "hidden": True}
    press(app, B, 900)
    assert app.name == "screens.menu" and app.scr.labels[app.scr.sel] == "Table tools         >" and not app.scr.rec
    app = App(Board(data_dir=str(tmp_path)))
    press(app, A)
    press(app, A)
    assert app.scr.lines()[1:4] == ["Dice     < 7 >", "Sides    < d4 >", "Cup      < hidden >"]

