"""The cup's players on the device (cupfw.bot): seated on the pack page, they play their turns by
themselves, so a game with a cup seat ends from the key presses of the person's seat only."""

import sys

from cupcore import bots, packs, replay

from cupfw.app import App
from cupfw.hal import A, B, DOWN, LEFT, RIGHT, UP
from cupfw.hal.virtual import Board
from cupfw.store import Store

MENU, CUP = 1, 2  # cupfw.games.mia's stages _MENU and _CUP (consts: no names on the device)


def press(app, bit, ms=80):
    app.b.held |= bit
    app.run(ms)
    app.b.held &= ~bit
    app.run(80)


def start(tmp_path, pack, players):
    """The pack page, players chosen, seat 2 given to the cup, then Start; returns the app in the game."""
    app = App(Board(data_dir=str(tmp_path)))
    app.go("screens.pack", pack)
    app.run(40)
    for _ in range(players - 2):
        press(app, DOWN)
        press(app, 0x08)  # right: one more player
        press(app, UP)
    for _ in range(3):
        press(app, DOWN)
    press(app, A)  # P2: the cup
    assert app.scr.cups == [1]
    for _ in range(3):
        press(app, UP)
    press(app, A)  # Start
    assert app.name.startswith("games.") and app.scr.rec["cups"] == [1]
    return app


def check_cup_moves(rec):
    """Every action of the cup's seat is what cupcore.bots chooses from that seat's view."""
    game = replay.start(dict(rec, actions=[]))
    eng = game.__module__.split(".")[-1]
    for a in rec["actions"]:
        if game.turn in rec["cups"]:
            assert a == bots.move(eng, game.params, game.view(game.turn))
        game.apply(a)
    assert game.over


def test_pig_with_a_cup_seat_plays_to_the_end_from_the_person_s_keys(tmp_path):
    app = start(tmp_path, "pig", 2)
    presses = 0
    said = set()
    while not app.scr.s["over"]:
        scr = app.scr
        if scr.cup.said:
            said.add(scr.cup.said.split()[2])
        if scr.anim or scr.cup.locked():
            app.run(100)
            continue
        press(app, B if scr.s["turn_total"] >= 15 else A)
        presses += 1
        assert presses < 400
    played = app.scr.rec
    press(app, A)  # the end left: the game is kept
    assert app.name == "screens.menu"
    rec = Store(str(tmp_path)).read("log/00001.json")
    assert rec["cups"] == [1] and rec["actions"] == played["actions"]
    check_cup_moves(rec)
    assert "rolls" in said


def test_a_person_s_keys_do_nothing_while_the_cup_acts(tmp_path):
    app = start(tmp_path, "pig", 2)
    press(app, A)
    app.run(600)
    press(app, B)  # hold: the cup's turn
    assert app.scr.s["turn"] == 1
    n = len(app.scr.rec["actions"])
    app.b.held |= A  # held through the cup's thinking: no roll for the person
    app.run(300)
    app.b.held &= ~A
    assert len(app.scr.rec["actions"]) == n and app.scr.cup.at
    app.run(800)
    assert len(app.scr.rec["actions"]) == n + 1 and app.scr.cup.said.startswith("P2 (cup) ")


def test_mia_with_a_cup_seat_plays_to_the_end_from_the_person_s_keys(tmp_path):
    app = start(tmp_path, "mia", 2)
    presses = 0
    while not (app.scr.s["over"] and app.scr.ended()):
        scr = app.scr
        if scr.anim or scr.cup.locked():
            app.run(100)
            continue
        ui = scr.ui
        if ui == MENU:
            want = "roll" if "roll" in scr.choices else scr.choices[0]
            while scr.choices[scr.sel] != want:
                press(app, DOWN)
        press(app, B if ui == CUP else A)  # the cup: B to claim; the picker: the least claim
        presses += 1
        assert presses < 2000
    rec = app.scr.rec
    press(app, A)  # the end left: the game is kept
    assert rec["cups"] == [1] and rec == Store(str(tmp_path)).read("log/00001.json")
    check_cup_moves(rec)
    assert "challenge" in rec["actions"]


def test_the_cup_says_what_it_did_in_words():
    from cupfw.bot import words
    s = {"turn_total": 22}
    assert [words(a, s) for a in ("hold", "roll", "roll 5", "claim 54", "challenge", "pass", "concede")] == [
        "holds at 22", "rolls", "rolls 5 dice", "claims 54", "challenges", "passes", "concedes"]


def test_the_pack_page_has_a_seat_row_for_the_engines_with_a_player(tmp_path):
    """The page's own list of those engines (no need to load cupcore.bots for it) is cupcore.bots.SEATED (the
    dice table's players are in the core and the host's bench; on the device their seats wait for memory)."""
    from cupfw.screens.pack import _BOTS
    assert sorted(_BOTS) == sorted(bots.SEATED)
    app = App(Board(data_dir=str(tmp_path)))
    seen = set()
    from cupfw.bot import unload
    unload()  # (this file's imports loaded it)
    for pid in packs.ids():
        p = packs.load(pid)
        if "engine" not in p:
            continue
        app.go("screens.pack", pid)
        app.run(40)
        has = p["engine"] in _BOTS and p["players"]["max"] > 1
        assert (app.scr.cups is not None) == has, pid
        if has:
            seen.add(p["engine"])
            assert app.scr.lines()[3] == "P2       < a person >"
            assert "cupcore.bots" not in sys.modules
    assert sorted(seen) == sorted(_BOTS)


def test_the_seat_row_follows_the_players(tmp_path):
    app = App(Board(data_dir=str(tmp_path)))
    app.go("screens.pack", "pig")
    app.run(40)
    press(app, DOWN)
    for _ in range(2):
        press(app, RIGHT)  # 4 players
    press(app, DOWN)
    press(app, DOWN)  # the seat row
    for _ in range(2):
        press(app, RIGHT)  # P4
    press(app, A)
    assert app.scr.cups == [3] and app.scr.lines()[3] == "P4       < the cup >"
    press(app, RIGHT)  # round to P1
    press(app, A)
    assert app.scr.cups == [0, 3] and app.scr.lines()[3] == "P1       < the cup >"
    press(app, UP)
    press(app, UP)
    press(app, LEFT)  # 3 players: seat 4 is gone
    assert app.scr.n == 3 and app.scr.cups == [0]
    press(app, UP)
    press(app, A)
    assert app.name == "games.pig" and app.scr.rec["cups"] == [0]
    app.b.held = B
    app.run(800)  # a long B leaves the game
    app.b.held = 0
    app.run(200)
    assert app.name == "screens.menu"
    assert not [m for m in ("cupfw.bot", "cupcore.bots", "cupcore.bots.pig") if m in sys.modules]


MP_GAME = """import json
from cupfw.hal.virtual import Board
from cupfw.app import App
from cupfw.hal import A, B, DOWN, UP
app = App(Board(data_dir="data-bots", seed=3))


def press(bit):
    app.b.held = bit
    app.run(80)
    app.b.held = 0
    app.run(80)


def play(pack):
    app.go("screens.pack", pack)
    app.run(40)
    for _ in range(3):
        press(DOWN)
    press(A)  # P2: the cup
    for _ in range(3):
        press(UP)
    press(A)  # Start
    n = 0
    while not (app.scr.s["over"] and app.scr.ended()):
        scr = app.scr
        if scr.anim or scr.cup.locked():
            app.run(100)
            continue
        if pack == "pig":
            press(B if scr.s["turn_total"] >= 15 else A)
        else:  # Mia: roll when the menu offers it, else its first choice; B claims, A takes the least claim
            if scr.ui == 1:
                want = "roll" if "roll" in scr.choices else scr.choices[0]
                while scr.choices[scr.sel] != want:
                    press(DOWN)
            press(B if scr.ui == 2 else A)
        n += 1
    rec = app.scr.rec
    print(json.dumps({"pack": rec["pack"], "players": rec["players"], "seed": rec["seed"], "cups": rec["cups"],
                      "actions": list(rec["actions"])}))
    rec = scr = None  # (nothing here holds the game as its screen is left)
    press(A)


play("pig")
play("mia")
"""


def test_the_cup_plays_on_micropython(image_mpy):
    """The whole path on the unix port from .mpy: the seat row, the driver, the players reading pig.bin
    from the flash; every action of the cup's seat is the core's choice. (A roomy heap: this script is
    compiled on the device, unlike the memory bench's player.)"""
    from conftest import run_mp_json
    recs = run_mp_json(image_mpy, MP_GAME, heap_kb=128)
    assert [r["pack"] for r in recs] == ["pig", "mia"]
    for rec in recs:
        assert rec["cups"] == [1]
        check_cup_moves(rec)
