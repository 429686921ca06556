"""Wish and The Shooting Party on the device (firmware/cupfw/games/wish.py, party.py): the keys drive the
engine as the screens say, and the Party says in words what its cup did by itself."""

import json
import os

from cupcore import replay
from cupcore.rng import Rng
from cupfw.app import App
from cupfw.hal.virtual import Board
from cupfw.store import Store

from cupkit.sim import driver as sim_driver
from cupkit.sim import headless as sim

from conftest import load_scenarios

HERE = os.path.dirname(os.path.abspath(__file__))


def golden(name):
    with open(os.path.join(HERE, "golden", name + ".json")) as f:
        return json.load(f)


def screen(tmp_path, monkeypatch, rec, keys=""):
    """The game of rec resumed from the menu on a virtual board, then keys (a key script) pressed."""
    monkeypatch.chdir(tmp_path)
    sim.device(str(tmp_path / "device"))
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    Store(str(data)).write("game.json", rec)
    app = App(Board(data_dir=str(data), seed=1))
    sim_driver.run(app, sim.parse("press a\nwait 200\n" + keys), str(tmp_path))
    return app


def party(name):
    return [s for s in load_scenarios("party") if s["name"].startswith(name)][0]["record"]


def test_wish_picks_two_tops_and_pairs_them(tmp_path, monkeypatch):
    app = screen(tmp_path, monkeypatch, golden("wish"), "press a\npress right\npress right\npress a\n")
    assert app.name == "games.wish" and app.scr.rec["actions"] == ["pair 9C 9H"] and app.scr.card == -1


def test_wish_refuses_a_pair_of_two_ranks_and_the_game_stays_as_it_was(tmp_path, monkeypatch):
    app = screen(tmp_path, monkeypatch, golden("wish"), "press a\npress right\npress right\npress right\npress a\n")
    assert app.scr.note == "pair 9C TS: 9C and TS are not of one rank" and app.scr.rec["actions"] == []


def test_wish_cursor_passes_over_empty_piles(tmp_path, monkeypatch):
    won = [s for s in load_scenarios("wish") if s["name"].startswith("an empty pile shows")][0]["record"]
    app = screen(tmp_path, monkeypatch, won)
    assert list(app.scr.g.left[:4]) == [0, 0, 0, 0] and app.scr.sel == 4  # on pile 5: piles 1-4 are empty
    app.scr.press(4)  # left: round past the empty piles to pile 8
    assert app.scr.sel == 7


def test_party_spouse_choice_discard_and_butler_from_the_keys(tmp_path, monkeypatch):
    keys = "press b\npress down\npress right\npress a\npress right\npress a\npress b\npress up\npress right\npress a\n"
    app = screen(tmp_path, monkeypatch, golden("party"), keys)
    assert app.scr.rec["actions"] == ["spouse jack", "draw", "discard 3D 2D", "butler"]
    s = app.scr.s
    assert s["scored"] == ["QC"] and s["displayed"] == ["AS"] and s["hand"] == ["2H", "4H", "5S", "3C"]
    assert app.scr.words == "contact! the Queen of clubs"


def test_party_a_sends_the_queen_away(tmp_path, monkeypatch):
    app = screen(tmp_path, monkeypatch, golden("party"), "press a\n")
    assert app.scr.rec["actions"] == ["spouse queen"] and app.scr.s["hand"] == ["JC", "3D"]


def test_party_up_offers_leave_first_then_the_butler_s_uses(tmp_path, monkeypatch):
    app = screen(tmp_path, monkeypatch, golden("party"), "press b\npress down\npress up\n")
    assert app.scr.choices == ["leave", "butler", "butler take KC", "butler take JC", "butler ace AC",
                               "butler ace AD", "butler ace AH"]
    app.scr.press(32)  # B: back to the hand, nothing done
    assert app.scr.choices == [] and app.scr.rec["actions"] == ["spouse jack", "draw"]


def test_party_says_what_its_cup_did_in_words(tmp_path, monkeypatch):
    words = {
        "spouses: a queen and the king": "the King of clubs takes the Queen away",
        "attaches: two jacks": "two attaches: you leave the room",
        "anonymity: of two queens": "two queens: the first goes",
        "an ace drawn is displayed": "the ace of diamonds is shown",
        "contact: the displayed ace": "contact! the Queen of spades and her ace",
        "reshuffle: the draw pile is empty": "reshuffled: 1 left",
        "spouses with the jack": "Queen, King and Jack of clubs meet",
        "the third exhaustion: the game is over": "the pile is out a third time. novice infiltrator",
    }
    for name, said in words.items():
        rec = party(name)
        where = tmp_path / name[:12].replace(" ", "-").replace(":", "")
        where.mkdir()
        app = screen(where, monkeypatch, dict(rec, actions=[]))
        for a in rec["actions"]:
            app.scr.do(a)
        assert app.scr.words == said, name


def test_party_demo_moves_are_legal_to_the_end(tmp_path, monkeypatch):
    app = screen(tmp_path, monkeypatch, {"pack": "shooting-party", "players": 1, "seed": 5, "actions": []})
    rng = Rng(3)
    while not app.scr.s["over"]:
        app.scr.auto(rng)
    assert replay.run(app.scr.rec)["rank"] == app.scr.s["rank"]
