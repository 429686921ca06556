"""Saved files are input: the device on damaged, odd and huge files under /data, inside MicroPython
in the firmware's 64 KB heap. Whatever is wrong is set aside as NAME.bad and named at boot; the
rest is kept, and the device goes on."""

import json
import os
import zlib

import pytest

from cupfw import store
from cupfw.store import Store

from conftest import run_mp_json
from device_scripts import BOOT

# Boot the device on a data folder, run a script of presses, print what it shows (one JSON line).
_BOOT = "import json\n" + BOOT + """def shown():
    s = app.scr
    return {"screen": app.name, "text": getattr(s, "text", None), "labels": getattr(s, "labels", None),
            "over": s.s["over"] if getattr(s, "s", None) else None}
out = [shown()]
%(script)s
print(json.dumps(out))
"""
# A Pig game one hold from its end: 5 banked reaches the goal of 5 (Player 1 wins).
ALMOST = {"pack": "pig", "players": 2, "seed": 3, "dice": [5], "params": {"goal": 5}, "actions": ["roll"]}
# Past a boot notice (if any) to the menu, A resumes, B holds and wins, A back to the menu.
FINISH = "\n".join(["if app.name == 'screens.text':", "    press(16)", "press(16)", "out.append(shown())",
                    "press(32)", "app.run(600)", "out.append(shown())", "press(16)", "out.append(shown())"])


def boot(image, data, script=""):
    return run_mp_json(image, _BOOT % {"data": str(data), "script": script}, heap_kb=64)[0]


def raw_file(body):
    """A store file with a valid checksum around any body."""
    return b"cup1 %08x\n" % zlib.adler32(body) + body


def test_statistics_of_the_wrong_types_are_set_aside_and_the_game_end_is_counted_afresh(image_mpy, tmp_path):
    bad = raw_file(json.dumps({"pig": {"games": "3", "wins": 1, "best": None}}).encode())
    (tmp_path / "stats.json").write_bytes(bad)
    Store(str(tmp_path)).write("game.json", ALMOST)
    out = boot(image_mpy, tmp_path, FINISH)
    assert out[0]["screen"] == "screens.text" and "stats.json" in out[0]["text"]
    assert out[1]["screen"] == "games.pig" and out[2]["over"] is True and out[3]["screen"] == "screens.menu"
    assert (tmp_path / "stats.json.bad").read_bytes() == bad  # set aside whole, nothing lost
    st = Store(str(tmp_path))
    assert st.read("stats.json") == {"pig": {"games": 1, "wins": 1, "best": 5, "seats": [1, 0], "log": 1}}
    assert st.read("game.json") is None and st.problems == []


def test_a_game_without_actions_is_set_aside_at_boot(image_mpy, tmp_path):
    Store(str(tmp_path)).write("game.json", {"pack": "pig", "players": 2, "seed": 1})
    out = boot(image_mpy, tmp_path, "press(16)\nout.append(shown())")
    assert out[0]["screen"] == "screens.text" and "game.json" in out[0]["text"]
    assert out[1]["screen"] == "screens.menu" and not out[1]["labels"][0].startswith("Resume")
    assert (tmp_path / "game.json.bad").exists() and not (tmp_path / "game.json").exists()


def test_deep_or_huge_files_with_valid_checksums_are_set_aside_unread(image_mpy, tmp_path):
    (tmp_path / "stats.json").write_bytes(raw_file(b"[" * 3000 + b"]" * 3000))
    (tmp_path / "settings.json").write_bytes(raw_file(b'{"x": "' + b"a" * (1 << 20) + b'"}'))
    out = boot(image_mpy, tmp_path, "press(16)\nout.append(shown())")
    text = out[0]["text"]
    assert "stats.json: JSON nested over 16 deep" in text and "settings.json: too big" in text
    assert out[1]["screen"] == "screens.menu"
    assert (tmp_path / "stats.json.bad").exists() and (tmp_path / "settings.json.bad").exists()


def _damaged(good):
    """Every way the tests damage a log: truncated, a byte changed, bytes added, the header broken."""
    yield b""
    for cut in (1, 10, 14, 15, len(good) // 2, len(good) - 1):
        yield good[:cut]
    for at in range(0, len(good), max(1, len(good) // 40)):
        yield good[:at] + bytes([good[at] ^ 0x20]) + good[at + 1:]
    yield good + b" "
    yield good + b"\x00"
    yield good.replace(b"cup1", b"cup2", 1)
    yield good.upper()[:14] + good[14:]
    yield raw_file(b'{"pack": "pig", "players": 2, "actions": [' + b'"roll", ' * 5000 + b'"hold"]}')  # over MOST


def test_every_damaged_log_is_named_at_boot_and_the_intact_ones_are_kept(image_mpy, tmp_path):
    st = Store(str(tmp_path))
    rec = dict(ALMOST, actions=["roll", "hold"])
    st.add_log(rec)
    good = (tmp_path / "log" / "00001.json").read_bytes()
    damaged = list(_damaged(good))
    for i, data in enumerate(damaged):
        (tmp_path / "log" / ("%05d.json" % (i + 2))).write_bytes(data)
    out = boot(image_mpy, tmp_path, "press(16)\nout.append(shown())")
    text = out[0]["text"]
    named = ["log/%05d.json" % (i + 2) for i in range(len(damaged))]
    assert text.startswith("Damaged, set aside as NAME.bad:\n" + "".join(n + ": " for n in named[:1]))
    assert [n for n in named if n + ": " in text] == named[:10]  # the first ten by name, then how many more
    assert text.endswith("\nand %d more" % (len(damaged) - 10))
    assert "log/00001.json" not in text and out[1]["screen"] == "screens.menu"
    assert Store(str(tmp_path)).logs() == ["log/00001.json"]
    assert sorted(os.listdir(tmp_path / "log")) == ["00001.json"] + sorted(n[4:] + ".bad" for n in named)
    st.finish(dict(rec, seed=4), True, 5, 0)  # a number is never used again, not even a set-aside one's
    assert st.logs() == ["log/00001.json", "log/%05d.json" % (len(damaged) + 2)]


def test_a_log_half_written_by_a_power_cut_is_switched_in_or_removed_at_boot(image_mpy, tmp_path):
    st = Store(str(tmp_path))
    whole = store.encode(dict(ALMOST, actions=["roll", "hold"]))
    (tmp_path / "log" / "00001.json.new").write_bytes(whole)
    (tmp_path / "log" / "00002.json.new").write_bytes(whole[:-3])
    out = boot(image_mpy, tmp_path)
    assert out[0]["screen"] == "screens.menu"
    assert sorted(os.listdir(tmp_path / "log")) == ["00001.json"] and st.logs() == ["log/00001.json"]


def test_set_aside_never_overwrites_an_earlier_bad_file(tmp_path):
    for n in range(3):
        (tmp_path / "stats.json").write_bytes(b"cup1 00000000\n{%d}" % n)
        assert Store(str(tmp_path)).read("stats.json", "none") == "none"
    assert sorted(os.listdir(tmp_path))[-3:] == ["stats.json.bad", "stats.json.bad2", "stats.json.bad3"]
    assert (tmp_path / "stats.json.bad").read_bytes().endswith(b"{0}")


def test_a_record_over_the_size_limit_is_not_written(tmp_path):
    st = Store(str(tmp_path))
    st.write("game.json", ALMOST)
    try:
        st.write("game.json", dict(ALMOST, actions=["roll"] * store.MOST))
    except OSError:
        pass
    else:
        raise AssertionError("a file read() would refuse was written")
    assert st.read("game.json") == ALMOST


_SEATS = """import json
from cupfw.store import Store
st = Store(%(data)r)
for rec, won, best, winner in %(games)s:
    st.write("game.json", rec)
    st.finish(rec, won, best, winner)
print(json.dumps(st.read("stats.json")))
"""


def test_statistics_count_wins_per_seat_and_old_files_without_seats_still_load(image, tmp_path):
    """stats.json keeps games, wins and best, and adds "seats": wins of seat 1, 2, ... grown to the
    players of the games; the same on CPython and MicroPython (from source and .mpy)."""
    def rec(pack, n, seed):
        return {"pack": pack, "players": n, "seed": seed, "actions": ["x"]}
    games = [(rec("pig", 3, 1), True, 100, 1), (rec("pig", 2, 2), True, 104, 0), (rec("pig", 4, 3), True, 101, 3),
             (rec("scoundrel", 1, 4), False, -12, None), (rec("scoundrel", 1, 5), True, 7, 0)]
    want = {"pig": {"games": 6, "wins": 5, "best": 104, "seats": [1, 1, 0, 1], "log": 3},
            "scoundrel": {"games": 2, "wins": 1, "best": 7, "seats": [1], "log": 5}}
    for where in ("mp", "cp"):
        d = tmp_path / where
        d.mkdir()
        Store(str(d)).write("stats.json", {"pig": {"games": 3, "wins": 2, "best": 50}})  # an older file
        if where == "mp":
            got = run_mp_json(image, _SEATS % {"data": str(d), "games": repr(games)})[0]
        else:
            st = Store(str(d))
            for r, won, best, winner in games:
                st.write("game.json", r)
                st.finish(r, won, best, winner)
            got = st.read("stats.json")
        assert got == want, where


def test_the_statistics_page_shows_the_wins_per_seat(image_mpy, tmp_path):
    Store(str(tmp_path)).write("stats.json", {"pig": {"games": 4, "wins": 4, "best": 103, "seats": [3, 0, 1]},
                                              "bogey": {"games": 2, "wins": 1, "best": 52, "seats": [1]}})
    out = boot(image_mpy, tmp_path, "press(1)\n" * 3 + "press(16)\nout.append(shown())")  # up past Demo, Settings
    assert out[-1]["screen"] == "screens.text"
    assert out[-1]["text"] == "bogey: 2 games\n  1 won, best 52\npig: 4 games\n  4 won, best 103\n  seats: 3 0 1"


@pytest.mark.parametrize("pid", ["pig", "generala", "dix-mille"])
def test_a_finished_game_gives_its_winners_score_as_the_packs_best(tmp_path, pid):
    """Issue 14's statistics: games, wins per seat, and the best score (Pig's and Generala's total,
    Dix Mille's bank) of a game played to its end on the device and left for the menu."""
    from cupfw.app import App
    from cupfw.hal.virtual import Board
    from cupkit.bench import player
    from cupcore import replay
    app = App(Board(data_dir=str(tmp_path), seed=1))
    player.new(app, pid, 2, 3)
    st = Store(str(tmp_path))
    s = replay.run(st.read(st.logs()[-1]))
    assert s["over"] and s["winner"] is not None
    assert st.read("stats.json")[pid] == {"games": 1, "wins": 1, "best": s["scores"][s["winner"]],
                                          "seats": [int(s["winner"] == 0), int(s["winner"] == 1)],
                                          "log": 1}
