"""Liar's Dice on the device (firmware/cupfw/games/liars.py): the secrecy of the cups over the golden sessions,
a resumed game, the picker, the odds on the screen, and the demo's moves.

The secrecy test plays each golden session of the 4-player game once as recorded and once for each
player with that player's cups changed (every round's, keeping the count of the called bid, so that
the game goes the same way), and keeps everything the device gives out: every frame it shows (not
only the shots), every LED write, every tone, what it prints, and its saved files after every key.
What a frame may show is decided from the engine and the buttons, not from the screen: player q's
cup only while A is held in a round with q to act, every cup from a call until the next roll (the
reveal), else no cup at all.
"""

import json
import os
from fractions import Fraction

import pytest

from cupcore import replay, selfplay
from cupcore.rng import Rng
from cupfw import demo
from cupfw.app import App
from cupfw.games import liars
from cupfw.hal import A, B, NAMES
from cupfw.hal.virtual import Board
from cupfw.store import Store

from cupkit.sim import driver as sim_driver
from cupkit.sim import headless as sim

from conftest import run_mp_json
from device_scripts import BOOT

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
SESSIONS = ("liars", "liars-resume")  # the 4-player game: from its start, and resumed mid-round


class Witness(Board):
    """A virtual board that keeps all the device gives out, each frame with whose cup it may show."""

    def __init__(self, data):
        Board.__init__(self, data_dir=data, seed=1)
        self.app = None
        self.out = []

    def show(self):
        Board.show(self)
        self.out.append(("frame", bytes(self.buf), self.may(), getattr(self.app.scr, "peek", False)))

    def leds(self, buf):
        Board.leds(self, buf)
        self.out.append(("leds", bytes(buf)))

    def tone(self, hz, ms):
        Board.tone(self, hz, ms)
        self.out.append(("tone", hz, ms))

    def may(self):
        """"all" from a call until the next roll, the player to act while A is held in a round, else None."""
        g = getattr(self.app.scr, "g", None) if self.app and self.app.scr else None
        if g is None:
            return None
        if g.cups is None:
            return "all" if g.revealed is not None else None
        return g.turn if self.held & A else None


def saved(data):
    """Every saved file's content, game records without their stacked dice (the record may hold the
    seed or the stack: the game's own dice, as in Mia's), as {path: object}."""
    out = {}
    for root, _, files in os.walk(data):
        for f in files:
            path = os.path.join(root, f)
            with open(path) as fh:
                text = fh.read()
            obj = json.loads(text.partition("\n")[2]) if text.startswith("cup1 ") else text
            if isinstance(obj, dict):
                obj.pop("dice", None)
            out[os.path.relpath(path, data)] = obj
    return out


def play(steps, rec, data):
    """The session's steps (as cupkit.sim.driver.run plays them) on a Witness; (its output, the saved
    files after every step)."""
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
        elif cmd == "shake":
            b.shake = True
            app.run(sim_driver.HOLD)
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


def rounds(rec):
    """Per roll of the record's actions: each seat's (place in the stacked dice, count), and the face
    the round's call was on (None: no call in the record)."""
    g = replay.start(dict(rec, actions=[]))
    out = []
    for a in rec["actions"]:
        if a == "roll":
            at = g.used
            seats = []
            for n in g.scores:
                seats.append((at, n))
                at += n
            out.append([seats, None])
        elif a == "liar":
            out[-1][1] = g.bid[1]
        g.apply(a)
    return out


def other_cup(faces, f):
    """Faces unlike these (never the same dice in any order) with as many that count for a bid on f
    (f, or a wild 1) as these, so that a call on f goes the same way."""
    counts = [x for x in faces if f and (x == f or x == 1)]
    rest = [x for x in faces if not (f and (x == f or x == 1))]
    others = [x for x in range(1, 7) if not (f and (x == f or x == 1))]
    c = f if set(counts) != {f} else 1
    a = others[0] if set(rest) != {others[0]} else others[1]
    return [c] * len(counts) + [a] * len(rest)


def with_cups_changed(rec, final, seat):
    """rec with seat's cup changed in every round that final (the session's whole record) rolls."""
    dice = list(rec["dice"])
    for seats, f in rounds(final):
        at, n = seats[seat]
        new = other_cup(dice[at:at + n], f)
        assert sorted(new) != sorted(dice[at:at + n])
        dice[at:at + n] = new
    return dict(rec, dice=dice)


@pytest.fixture
def device(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sim.device(str(tmp_path / "device"))
    return tmp_path


def session(name):
    with open(os.path.join(GOLDEN, name + ".keys")) as f:
        steps = sim.parse(f.read())
    with open(os.path.join(GOLDEN, name + ".json")) as f:
        return steps, json.load(f)


@pytest.mark.parametrize("name", SESSIONS)
def test_no_frame_but_a_peek_or_the_reveal_shows_a_cup_and_nothing_else_shows_one(name, device, capsys):
    """Each player's cups changed in turn: every frame is the same except that player's own peeks
    (A held on their turn) and the reveals, which must differ; the LEDs, the tones, the console and
    the saved files (but the stacked dice) are the same throughout."""
    steps, rec = session(name)
    base, base_files, app = play(steps, rec, str(device / "base"))
    final = Store(str(device / "base")).read("game.json")
    final["actions"] = list(final["actions"])  # (read as cupfw.play.Actions while a game screen is up)
    assert app.name == "games.liars" and final["actions"][:len(rec["actions"])] == rec["actions"]
    assert final["actions"].count("liar") > rec["actions"].count("liar")  # the session has a reveal
    frames = [e for e in base if e[0] == "frame"]
    labels = [e[2] for e in frames]
    peeked = set(e[2] for e in frames if e[3])  # who the screen says peeked: to check the test sees a cup
    assert peeked <= set(labels) - {None, "all"}
    assert peeked and "all" in labels
    printed = capsys.readouterr().out
    for seat in range(rec["players"]):
        out, files, _ = play(steps, with_cups_changed(rec, final, seat), str(device / ("seat%d" % seat)))
        assert capsys.readouterr().out == printed == ""
        assert [e for e in out if e[0] != "frame"] == [e for e in base if e[0] != "frame"], \
            "the LEDs or the tones depend on the cups of player %d" % (seat + 1)
        assert files == base_files, "a saved file depends on the cups of player %d" % (seat + 1)
        theirs = [e for e in out if e[0] == "frame"]
        assert [e[2] for e in theirs] == labels and len(theirs) == len(frames)
        own = reveal = 0
        for i, ((_, one, may, _), (_, two, _, _)) in enumerate(zip(frames, theirs)):
            if may == "all":
                reveal += one != two
            elif may == seat:
                own += one != two
            else:
                assert one == two, "frame %d (%s) shows a cup of player %d" % (i, may, seat + 1)
        assert reveal, "the reveal does not show the cup of player %d" % (seat + 1)
        if seat in peeked:
            assert own, "player %d's peek does not show their cup" % (seat + 1)


def test_the_cup_shows_only_while_its_owner_holds_a(device):
    """No frame between the peeks shows a cup, the owner's included: checked by the test above
    (a frame with A let go must be the same whoever's cups change); here, the screen's own flag
    falls with A and the cover never peeks."""
    rec = {"pack": "liars-dice", "players": 3, "seed": 5, "actions": ["roll"]}
    app = App(Board(data_dir=str(device / "d")))
    scr = liars.Screen(app, (rec, 1))
    assert scr.ui == 0 and not scr.peek  # a game opens on the cover
    scr.press(A)
    assert scr.ui == 1 and not scr.peek  # the A that takes the device shows nothing yet
    scr.press(A)
    assert scr.peek
    scr.release(A)
    assert not scr.peek
    scr.press(A)
    scr.press(B)
    assert scr.ui == 2 and not scr.peek


def resume_and_look(data, rec):
    """A device that boots with rec saved, resumes it (A on Resume) and then takes it (A on the cover):
    the frames and LEDs of both, the screen's stage after each."""
    Store(data).write("game.json", rec)
    app = App(Board(data_dir=data, seed=1))
    out = []
    for _ in range(2):
        app.b.held = A
        app.run(80)
        app.b.held = 0
        app.run(80)
        out.append((bytes(app.b.buf), bytes(app.b.led), app.scr.ui, app.scr.peek))
    return out


@pytest.mark.parametrize("cut", range(1, 26, 3))
def test_a_game_resumed_mid_round_opens_on_the_cover_and_shows_no_cup(cut, device):
    """Resumed at any point of a round (the saved record cut there): the cover, then the turn with the
    cup down, the same frames and LEDs whatever the cups of the round in play."""
    full = selfplay.play("liars-dice", 4, 11)
    acts = full["actions"][:cut]
    g = replay.load(dict(full, actions=acts))
    if g.cups is None:
        acts = acts + ["roll"]  # between rounds: resume just after the next roll
        g.apply("roll")
    dice = []  # the faces the record's rolls took, stacked
    probe = replay.start(dict(full, actions=[]))
    for a in acts:
        probe.apply(a)
        if a == "roll":
            dice += [f for c in probe.cups for f in c]
    rec = {"pack": "liars-dice", "players": 4, "seed": 1, "dice": dice, "actions": acts}
    n = sum(len(c) for c in g.cups)
    other = dict(rec, dice=dice[:-n] + [7 - f for f in dice[-n:]])  # every cup of the round in play changed
    one = resume_and_look(str(device / "one"), rec)
    two = resume_and_look(str(device / "two"), other)
    assert [x[2:] for x in one] == [(0, False), (1, False)]  # the cover, then the turn, cup down
    assert one == two
    saved_one = Store(str(device / "one")).read("game.json")
    saved_two = Store(str(device / "two")).read("game.json")
    assert saved_one.pop("dice") != saved_two.pop("dice") and saved_one == saved_two


def legal_bid(g, act):
    """True if act is roll or liar from legal(), or a bid at least as high as the least of its face."""
    if act in g.legal():
        return True
    w = act.split()
    return w[0] == "bid" and 0 < g.least(int(w[2])) <= int(w[1]) <= sum(g.scores)


@pytest.mark.parametrize("seed", range(4))
def test_the_demo_plays_a_full_table_to_the_end_with_legal_actions(seed, device):
    app = App(Board(data_dir=str(device / "d"), seed=1))
    app.start({"pack": "liars-dice", "players": 6, "seed": seed, "actions": []}, 1)
    app.run(40)
    scr = app.scr
    rng = Rng(seed)
    check = replay.start({"pack": "liars-dice", "players": 6, "seed": seed, "actions": []})
    for _ in range(20000):
        if scr.s["over"] and scr.ended():
            break
        if not scr.anim:
            n = len(scr.rec["actions"])
            scr.auto(rng)
            assert scr.note is None
            for act in scr.rec["actions"][n:]:
                assert legal_bid(check, act), act
                check.apply(act)
        app.run(40)
    assert scr.s["over"] and check.over and check.winner == scr.s["winner"]
    assert not os.path.exists(str(device / "d" / "game.json"))  # a demo game is never saved


def test_the_attract_demo_sees_a_whole_game_inside_its_cap(device):
    """The demo's Liar's Dice (one die each, 6 players) reaches its winner within demo.CAP actions."""
    for seed in range(12):
        app = App(Board(data_dir=str(device / ("d%d" % seed)), seed=1))
        app.start({"pack": "liars-dice", "players": 6, "seed": seed, "params": {"dice": 1}, "actions": []}, 1)
        app.run(40)
        rng = Rng(seed)
        while not app.scr.s["over"] and len(app.scr.rec["actions"]) < demo.CAP:
            if not app.scr.anim:
                app.scr.auto(rng)
            app.run(40)
        assert app.scr.s["over"], seed


def test_random_keys_only_ever_make_legal_moves(device):
    """Thousands of random keys (chords and held A included) on a 4-player game: nothing is refused and
    nothing raises, up to the game's end."""
    Store(str(device / "k")).write("game.json", {"pack": "liars-dice", "players": 4, "seed": 9, "actions": []})
    app = App(Board(data_dir=str(device / "k"), seed=1))
    rng = Rng(77)
    app.b.held = A
    app.run(80)
    app.b.held = 0
    app.run(80)
    for _ in range(4000):
        if app.scr.s["over"]:
            break
        r = rng.below(10)
        app.b.held = (A, B, 1, 2, 4, 8, A | 1, A | 4)[r] if r < 8 else 0
        if r == 9:
            app.b.shake = True
        app.run(40 + 40 * rng.below(3))
        app.b.held = 0
        app.run(40)
        assert app.name == "games.liars" and app.scr.err is None and app.scr.note is None
    assert app.scr.s["over"] and replay.load(dict(app.scr.rec, actions=list(app.scr.rec["actions"]))).over


def expected_odds(g, q, f):
    ways, total = g.odds(q, f)
    p = Fraction(ways, total)
    k = int(p * 1000 + Fraction(1, 2))
    k = min(max(k, 1 if ways else 0), 1000 if ways == total else 999)
    return "%d.%d%%" % (k // 10, k % 10), p


@pytest.mark.parametrize("seed", range(3))
def test_the_odds_on_the_screen_are_the_exact_chance_rounded(seed):
    """To 0.1%, from the engine's exact count (the screen makes each term of it from the one before, and only
    the fewer side); 100% only when sure and 0% only when impossible; 1s wild or not, up to a full table."""
    for players, wild in ((4, True), (6, True), (6, False)):
        g = replay.load({"pack": "liars-dice", "players": players, "seed": seed, "actions": ["roll"]})
        g.wild = wild
        for q in range(1, 5 * players + 2):
            for f in range(1, 7):
                want, p = expected_odds(g, q, f)
                got = liars.odds(g, q, f).decode()  # bytes: drawn as they are
                assert got == want, (players, wild, q, f)
                assert (got == "100.0%") == (p == 1) and (got == "0.0%") == (p == 0)
                assert abs(float(got[:-1]) / 100 - p) <= 0.0005 or got in ("0.1%", "99.9%")  # not 0 or 100%


def test_the_picker_offers_only_legal_bids_and_starts_on_the_least_raise(device):
    g = replay.load({"pack": "liars-dice", "players": 3, "seed": 2, "actions": ["roll", "bid 4 5"]})
    app = App(Board(data_dir=str(device / "d")))
    scr = liars.Screen(app, ({"pack": "liars-dice", "players": 3, "seed": 2, "actions": ["roll", "bid 4 5"]}, 1))
    assert (scr.n, scr.sel) == (5, 5)  # 4 x 5s: the least raise of that face
    scr.press(A)  # take the device
    seen = set()
    for key in (4, 4, 4, 4, 4, 4, 8, 8, 2, 2, 1, 1, 1, 8, 2, 2, 2, 2, 2, 2, 2):
        scr.press(key)
        seen.add(scr.sel)
        assert g.least(scr.sel) <= scr.n <= 15
    assert seen == {5, 6}  # below 5s nothing may be bid; 1s are wild
    scr.press(B)
    scr.press(A)
    assert scr.s["bid"] == [scr.g.bid[0], scr.g.bid[1]] and scr.ui == 0


def test_a_game_of_random_keys_in_micropython_never_raises(image_mpy, tmp_path):
    """The screen in the unix port under random keys, with the LEDs and a saved game, to the end or a while."""
    data = str(tmp_path / "mp")
    os.makedirs(data)
    Store(data).write("game.json", {"pack": "liars-dice", "players": 6, "seed": 3, "actions": []})
    code = BOOT % {"data": data} + """import json
press(16)
x = 5
seen = k = 0
while k < 1500 and not app.scr.s["over"]:
    x = (x * 1103515245 + 12345) & 0x3FFFFFFF
    press((16, 32, 1, 2, 4, 8, 17, 20)[(x >> 9) % 8], (20, 60, 120)[(x >> 5) % 3])
    k += 1
    seen += app.name == "games.liars" and app.scr.note is None and app.scr.err is None
print(json.dumps([k, seen, len(app.scr.rec["actions"])]))
"""
    k, seen, n = run_mp_json(image_mpy, code, heap_kb=64, timeout=600)[0]
    assert seen == k and n > 20, (k, seen, n)
