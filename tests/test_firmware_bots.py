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
            assert a == bots.move(eng, getattr(game, "params", None), game.view(game.turn))
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
    """In the 12 characters the bottom line has after "P2 (cup) "."""
    from cupfw.bot import words
    s = {"turn_total": 22}
    said = [words(a, s, e) for a, e in (
        ("hold", "pig"), ("roll", "pig"), ("roll 5", "pig"), ("claim 54", "mia"), ("challenge", "mia"),
        ("pass", "mia"), ("concede", "mia"), ("bid 12 5", "liars"), ("liar", "liars"), ("keep 1 1 1 5 5 5", "dixmille"),
        ("bank", "dixmille"), ("roll 2 5", "generala"), ("roll 3", "pokerdice"), ("score straight", "generala"),
        ("stand", "pokerdice"), ("stop", "scc"), ("keep 4", "midnight"), ("score announce carriage", "yamb"),
        ("announce straight", "yamb"))]
    assert said == ["holds at 22", "rolls", "rolls 5 dice", "claims 54", "challenges", "passes", "concedes",
                    "bids 12 x 5s", "calls Liar!", "keeps 111555", "banks 22", "rolls 2 dice", "rolls 1 die",
                    "straight", "stands", "stops", "keeps 4", "carriage", "for straight"]
    assert max(len(w) for w in said) <= 12


# A pack of each engine whose seats the cup takes (the shortest games; Mafia's is long: the MicroPython
# test below plays it).
EVERY = ("hog", "meier", "liars-dice", "dix-mille-500", "generala", "poker-dice", "scc-classic", "midnight",
         "beetle", "boston", "chicago", "drop-dead", "zambales", "yamb")


def test_a_pack_of_every_engine_plays_with_a_cup_seat(tmp_path):
    """The pack page seats the cup in P2; the person's seat plays the demo's moves and dismisses what it
    must (a reveal); the cup's seat plays by itself to the end, every action the core player's choice."""
    from cupcore.rng import Rng
    rng = Rng(5)
    assert sorted(set(packs.load(p)["engine"] for p in EVERY + ("mafia",))) == sorted(bots.SEATED)
    for pid in EVERY:
        p = packs.load(pid)
        d = tmp_path / pid
        d.mkdir()
        app = start(d, pid, 2)
        steps = 0
        while not (app.scr.s["over"] and app.scr.ended()):
            scr = app.scr
            steps += 1
            assert steps < 5000, pid
            if scr.cup.said:
                assert len(scr.cup.said) <= 21, scr.cup.said  # the bottom line's width
            if scr.anim or scr.cup.locked():
                app.run(100)
            elif scr.note is not None or not scr.ended() or scr.s["over"]:
                press(app, A)  # dismiss (a reveal); a tray's scores page back to the dice
            else:
                scr.auto(rng)
                app.run(80)
        rec = app.scr.rec
        assert rec["cups"] == [1]
        check_cup_moves(dict(rec, actions=list(rec["actions"])))
        press(app, A)
        assert app.name == "screens.menu", pid


def test_the_pack_page_has_a_seat_row_for_the_engines_with_a_player(tmp_path):
    """The page's own list of those engines (no need to load cupcore.bots for it) is cupcore.bots.SEATED:
    every pack of more than one player."""
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


MP_GAME = """import json, sys
from cupfw.hal.virtual import Board
from cupfw.app import App
from cupfw.hal import A, B, DOWN, UP
from cupcore.rng import Rng
app = App(Board(data_dir="data-bots", seed=3))
rng = Rng(5)


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
        elif pack == "mia":  # roll when the menu offers it, else its first choice; B claims, A takes the least claim
            if scr.ui == 1:
                want = "roll" if "roll" in scr.choices else scr.choices[0]
                while scr.choices[scr.sel] != want:
                    press(DOWN)
            press(B if scr.ui == 2 else A)
        elif scr.note is not None or not scr.ended() or scr.s["over"]:
            press(A)  # a reveal, or the scores page
        else:
            scr.auto(rng)  # the demo's move for the person's seat
            app.run(80)
        n += 1
    rec = app.scr.rec
    print(json.dumps({"pack": rec["pack"], "players": rec["players"], "seed": rec["seed"], "cups": rec["cups"],
                      "actions": list(rec["actions"]),
                      "loaded": [m for m in sys.modules if m[:12] == "cupcore.bots"]}))
    rec = scr = None  # (nothing here holds the game as its screen is left)
    press(A)


for pack in PACKS:
    play(pack)
"""
TABLE = ["pig", "mia", "liars-dice", "generala", "dix-mille", "poker-dice", "scc-classic", "midnight", "mafia"]


def test_the_cup_plays_on_micropython(image_mpy):
    """The whole path on the unix port from .mpy: the seat row, the driver, the players reading pig.bin
    from the flash; every action of the cup's seat is the core's choice, and the players are unloaded
    after each. (A roomy heap: this script is compiled on the device, unlike the memory bench's player.)"""
    from conftest import run_mp_json
    recs = run_mp_json(image_mpy, "PACKS = %r\n" % TABLE + MP_GAME, heap_kb=128)
    assert [r["pack"] for r in recs] == TABLE
    for rec in recs:
        assert rec["cups"] == [1] and rec.pop("loaded") == []
        check_cup_moves(rec)
