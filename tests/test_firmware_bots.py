"""The cup's players on the device (cupfw.bot): seated on the pack page, they play their turns by
themselves, so a game with a cup seat ends from the key presses of the person's seat only."""

from cupcore import bots, replay

from cupfw.app import App
from cupfw.games import mia as mia_screen
from cupfw.hal import A, B, DOWN, UP
from cupfw.hal.virtual import Board
from cupfw.store import Store


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
        if scr.anim or scr.cup.acting():
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
        if scr.anim or scr.cup.acting():
            app.run(100)
            continue
        ui = scr.ui
        if ui == mia_screen.MENU:
            want = "roll" if "roll" in scr.choices else scr.choices[0]
            while scr.choices[scr.sel] != want:
                press(app, DOWN)
        press(app, B if ui == mia_screen.CUP else A)  # the cup: B to claim; the picker: the least claim
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
