"""Yamb on the device (firmware/cupfw/games/yamb.py), by key scripts on the virtual board: the sheet
opens on the best open cell, announcing from it, a reroll the rules refuse never offered, random keys on
every kind of column only ever making legal moves, the demo's moves to the end, and a full table's
record within the store's file size."""

import json
import sys

import pytest

from cupcore import bots, replay, yamb
from cupcore.rng import Rng
from cupfw.app import App
from cupfw.games import yambsheet
from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B
from cupfw.hal.virtual import Board
from cupfw.store import MOST, Store

from cupkit import paths


def opened(tmp_path, rec):
    """A device with rec saved, resumed from the menu (A), its game screen up."""
    Store(str(tmp_path)).write("game.json", rec)
    app = App(Board(data_dir=str(tmp_path), seed=1))
    app.run(200)
    key(app, A)
    assert app.name == "games.yamb"
    return app


def key(app, *bits):
    """Each key pressed and let go, then a roll's animation out (the keys wait for it)."""
    for bit in bits:
        app.b.held = bit
        app.run(80)
        app.b.held = 0
        app.run(600)


def acts(app):
    return list(app.scr.rec["actions"])


def picks(scr):
    """The cells the sheet offers the player to act now (its page made afresh: yambsheet.sheet)."""
    yambsheet.sheet(scr)
    return list(scr.sheet[13:])


def test_the_sheet_opens_on_the_open_cell_the_dice_score_most_in_and_a_writes_it(tmp_path):
    app = opened(tmp_path, {"pack": "yamb", "players": 2, "seed": 1, "dice": [1, 2, 3, 4, 5], "actions": []})
    key(app, A, B)
    scr = app.scr
    assert scr.mode == 1 and scr.mark >> 8 == 2 * 16 + 9  # free straight, 66 (not an announce cell: ?66)
    assert scr.g.sheets is False and "sheet" not in scr.s  # the screen reads the engine's cells
    key(app, A)
    assert acts(app) == ["roll", "score free straight"] and scr.mode == 0 and scr.s["scores"] == [66, 0]


def test_the_sheets_page_is_made_once_a_persons_roll_has_stopped_and_let_go_at_the_next_action(tmp_path):
    app = opened(tmp_path, {"pack": "yamb", "players": 2, "seed": 1, "dice": [1, 2, 3, 4, 5], "actions": []})
    key(app, A)
    scr = app.scr
    page = scr.sheet
    assert page is not None and "cupfw.games.yambsheet" in sys.modules
    assert picks(scr) == list(page[13:]) and scr.sheet == page  # the page the sheet would make now
    key(app, B, A)  # the sheet, its best cell written
    assert acts(app) == ["roll", "score free straight"] and scr.sheet is None


def test_a_row_is_announced_from_the_sheet_and_then_only_its_cell_is_open(tmp_path):
    app = opened(tmp_path, {"pack": "yamb", "players": 2, "seed": 1, "dice": [3, 3, 5, 1, 3, 3, 3],
                            "actions": []})
    key(app, A, B, RIGHT, UP, UP, UP, UP)
    scr = app.scr
    assert scr.mark >> 8 == 3 * 16 + 2  # the announce column's 3s
    key(app, A)
    assert acts(app) == ["roll", "announce threes"] and scr.mode == 0 and scr.cur == 1
    key(app, RIGHT, RIGHT, A, RIGHT, A, B)  # the 5 and the 1 rolled again: five 3s
    assert acts(app)[-1] == "roll 3 4" and scr.g.last_roll == [3, 3, 3, 3, 3]
    key(app, B)
    assert picks(scr) == [3 * 16 + 2] and scr.mark >> 8 == 3 * 16 + 2
    key(app, DOWN, LEFT, A)  # the cursor stays on the one open cell
    assert acts(app)[-1] == "score announce threes" and scr.s["scores"] == [15, 0]


def test_with_only_announce_cells_left_b_opens_the_sheet_instead_of_a_refused_reroll(tmp_path):
    app = opened(tmp_path, {"pack": "yamb", "players": 1, "seed": 1, "params": {"columns": ["announce"]},
                            "dice": [1, 2, 3, 4, 6, 5], "actions": []})
    key(app, A, A, B)  # the first die marked, B: no reroll may be made before announcing
    scr = app.scr
    assert acts(app) == ["roll"] and scr.note is None and scr.mode == 1
    assert all(scr.g.cols[x >> 4] == 3 for x in picks(scr)) and len(picks(scr)) == 13
    key(app, A)  # announce ones (the first): back to the dice, the marks cleared
    assert acts(app) == ["roll", "announce ones"] and scr.mode == 0 and scr.mark == 0
    key(app, A, B)  # now the first die may be rolled again
    assert acts(app) == ["roll", "announce ones", "roll 1"]


@pytest.mark.parametrize("cols", [["up", "down", "free", "announce"],
                                  ["up", "down", "free", "announce", "hand", "updown", "middle"],
                                  ["announce", "hand"]])
def test_random_keys_only_ever_make_legal_moves(tmp_path, cols):
    """Thousands of random keys (shakes too): nothing is refused and nothing raises; every frame is drawn."""
    rec = {"pack": "yamb", "players": 3, "seed": 9, "params": {"columns": cols}, "actions": []}
    app = opened(tmp_path, rec)
    rng = Rng(len(cols))
    for _ in range(3000):
        if app.scr.s["over"]:
            break
        r = rng.below(9)
        app.b.held = (A, B, UP, DOWN, LEFT, RIGHT, A, B)[r] if r < 8 else 0
        if r == 8:
            app.b.shake = True
        app.run(40 + 40 * rng.below(3))
        app.b.held = 0
        app.run(40)
        assert app.name == "games.yamb" and app.scr.err is None and app.scr.note is None
    done = acts(app)
    assert len(done) > 150
    assert replay.run(dict(rec, actions=done))["actions"] == len(done)


def test_the_demo_moves_play_a_game_to_its_end(tmp_path):
    app = App(Board(data_dir=str(tmp_path), seed=1))
    rec = {"pack": "yamb", "players": 2, "seed": 4, "actions": []}
    app.start(rec, 1)
    app.run(40)
    scr = app.scr
    rng = Rng(4)
    while not (scr.s["over"] and scr.ended()):
        if not scr.anim:
            scr.auto(rng)
            assert scr.note is None
        app.run(40)
    s = replay.run(dict(rec, actions=list(scr.rec["actions"])))
    assert s["over"] and s["winner"] == scr.s["winner"] and s["scores"] == scr.s["scores"]


def test_a_full_table_of_the_cup_s_player_saves_within_the_store_s_size(tmp_path):
    """Eight players, every seat the cup's player (which rerolls more than random play): the record
    fits MOST, and so does the longest a turn can write (roll, announce, two rerolls of all five, the
    longest score) for every turn of the yamb pack."""
    game = replay.start({"pack": "yamb", "players": 8, "seed": 2}, [paths.PACKS])
    done = []
    while not game.over:
        a = bots.move("yamb", game.params, game.view(game.turn))
        game.apply(a)
        done.append(a)
    rec = {"pack": "yamb", "players": 8, "seed": 2, "cups": list(range(8)), "actions": done}
    Store(str(tmp_path)).write("game.json", rec)
    assert Store(str(tmp_path)).read("game.json") == rec
    turn = ["roll", "announce carriage", "roll 1 2 3 4 5", "roll 1 2 3 4 5", "score announce carriage"]
    other = ["roll", "roll 1 2 3 4 5", "roll 1 2 3 4 5", "score down carriage"]
    worst = json.dumps(dict(rec, actions=(turn * 13 + other * 39) * 8))
    assert len(worst) + 14 <= MOST < 2 * len(worst)  # raised only as far as that needs
    assert max(len(yamb.word(0, r)) for r in range(13)) == len("carriage")


@pytest.fixture
def yambcode():
    """cupfw.games.yambcode, out of sys.modules again after the test: the firmware imports it afresh for each
    resumed game (where it lets itself go), and a copy left by a test would hold a cupfw.play that a screen
    change has since dropped and imported again (its Actions then not the record's: no codes made)."""
    from cupfw.app import drop
    from cupfw.games import yambcode
    yield yambcode
    drop("cupfw.games.yambcode")


def test_every_code_says_an_action_that_yambcode_reads_back_and_other_texts_have_none(yambcode):
    for c in list(range(110)) + [128 + m for m in range(32) if m & (m - 1)]:
        assert yambcode.code(yamb.say(c)) == c
    for bad in ("roll 3 1", "roll 1 1", "roll 6", "roll 0", "roll -1", "roll 99999999999", "roll  1", "",
                "score up", "score foo ones", "announce", "announce up ones", "yamb", "score up ones x"):
        assert yambcode.code(bad) == -1, bad


def test_a_game_s_actions_are_kept_as_codes_and_read_as_their_texts(tmp_path, yambcode):
    """Not the demo: the record's actions a byte each (cupfw.games.yambcode.Actions), saved and resumed as
    the same texts; a text no code says (positions not rising) turns them all back into texts."""
    app = App(Board(data_dir=str(tmp_path), seed=1))
    rec = {"pack": "yamb", "players": 3, "seed": 4, "actions": []}
    app.start(rec, 0)
    app.run(40)
    scr = app.scr
    rng = Rng(4)
    while len(scr.rec["actions"]) < 30:
        if not scr.anim:
            scr.auto(rng)
        app.run(40)
    app.run(600)  # (the last action saved)
    got = scr.rec["actions"]
    assert type(got).__name__ == "Actions" and got.words is None and sum(map(len, got.codes)) == len(got) > 20
    texts = list(got)
    assert replay.load(dict(rec, actions=texts)).summary() == replay.load(dict(rec, actions=got)).summary()
    assert Store(str(tmp_path)).read("game.json")["actions"] == texts
    mixed = yambcode.Actions(bytearray())
    for a in texts[:2] + ["roll 3 1"]:
        mixed.append(a)
    assert mixed.words is not None and list(mixed) == texts[:2] + ["roll 3 1"] and mixed[0:3] == list(mixed)


def test_a_resumed_game_s_actions_are_codes_before_its_replay_and_a_text_without_one_keeps_them_texts(tmp_path):
    """cupfw.begin turns a resumed Yamb record's texts into their codes before the replay (the texts never in
    memory with it); a record with a text no code says (positions not rising) is replayed as its texts."""
    rec = {"pack": "yamb", "players": 2, "seed": 3, "actions": []}
    g = replay.load(rec)
    while len(rec["actions"]) < 25:  # (each a legal one, picked by the count so far)
        c = g.codes()
        rec["actions"].append(yamb.say(c[len(rec["actions"]) % len(c)]))
        g.apply(rec["actions"][-1])
    for acts, coded in ((rec["actions"], True), (rec["actions"][:1] + ["roll 5 1"], False)):
        Store(str(tmp_path)).write("game.json", dict(rec, actions=acts))
        app = App(Board(data_dir=str(tmp_path), seed=1))
        app.start({"pack": "yamb"}, 2)
        app.run(40)
        got = app.scr.rec["actions"]
        assert app.scr.err is None and list(got) == acts and (got.words is None) == coded
        want = replay.load(dict(rec, actions=acts))
        want.sheets = False  # (as the screen has it)
        assert app.scr.s == want.summary()
