"""The cupkit command line as a user meets it: outputs, exit codes, one-line errors."""

import json
import os

import pytest

from cupkit import paths
from cupkit.cli import commands

from conftest import cupkit


def write(tmp_path, name, obj):
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj))
    return str(p)


def test_help_for_every_command():
    r = cupkit("--help")
    assert r.returncode == 0
    for mod in commands():
        name = __import__("cupkit.commands." + mod, fromlist=["NAME"]).NAME
        assert name in r.stdout
        h = cupkit(name, "--help")
        assert h.returncode == 0 and "usage: cupkit " + name in h.stdout


def test_replay_prints_the_summary(tmp_path):
    f = write(tmp_path, "g.json", {"pack": "pig", "players": 2, "dice": [6, 5], "actions": ["roll", "roll", "hold"]})
    r = cupkit("replay", f)
    assert r.returncode == 0
    assert "scores      [11, 0]" in r.stdout
    j = cupkit("replay", f, "--json")
    assert json.loads(j.stdout)["scores"] == [11, 0]


def test_replay_illegal_action_exits_2_with_action_n(tmp_path):
    f = write(tmp_path, "g.json", {"pack": "pig", "players": 2, "dice": [4], "actions": ["roll", "hold", "hold"]})
    r = cupkit("replay", f)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.strip() == "cupkit: action 3 (hold): roll at least once before holding"


@pytest.mark.parametrize("content,msg", [
    ("{oops", "g.json: not valid JSON"),
    ("[1, 2]", "a game record must be a JSON object"),
    ({"pack": "nope", "players": 2}, "unknown pack 'nope'"),
    ({"pack": "pig", "players": 2, "params": {"goal": "high"}}, "params: goal must be an integer"),
    ({"pack": "pig", "players": 2, "dice": [0]}, "dice: faces must be 1..6"),
])
def test_replay_bad_input_is_one_clear_line(tmp_path, content, msg):
    f = write(tmp_path, "g.json", content)
    r = cupkit("replay", f)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and msg in r.stderr


def test_replay_missing_file(tmp_path):
    r = cupkit("replay", str(tmp_path / "none.json"))
    assert r.returncode == 2 and "cannot read" in r.stderr


def test_selfplay_writes_a_record_that_replays(tmp_path):
    out = str(tmp_path / "rec.json")
    r = cupkit("selfplay", "hog", "--players", "4", "--seed", "9", "--out", out)
    assert r.returncode == 0, r.stderr
    rec = json.load(open(out))
    assert rec["pack"] == "hog" and rec["players"] == 4 and rec["seed"] == 9
    s = json.loads(cupkit("replay", out, "--json").stdout)
    assert s["over"] and s["actions"] == len(rec["actions"])


def test_selfplay_errors(tmp_path):
    assert "unknown pack" in cupkit("selfplay", "nope").stderr
    r = cupkit("selfplay", "pig", "--players", "12")
    assert r.returncode == 2 and "players must be from 2 to 8" in r.stderr


def test_packs_list():
    r = cupkit("packs", "list")
    assert r.returncode == 0
    for pid in ("pig", "big-pig", "hog"):
        assert pid in r.stdout


def test_packs_validate_built_ins():
    files = sorted(os.path.join(paths.PACKS, f) for f in os.listdir(paths.PACKS)
                   if f.endswith(".json") and not f.endswith(".schema.json"))
    r = cupkit("packs", "validate", *files)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count(": ok") == len(files)


def test_packs_validate_reports_json_paths(tmp_path):
    pack = json.load(open(os.path.join(paths.PACKS, "pig.json")))
    pack["params"]["goal"] = -5
    pack["players"]["max"] = 12
    f = write(tmp_path, "pig.json", pack)
    r = cupkit("packs", "validate", f)
    assert r.returncode == 2
    assert "$.params.goal: -5 is less than the minimum of 1" in r.stdout
    assert "$.players.max: 12 is greater than the maximum of 8" in r.stdout
    assert "1 of 1 pack files are not valid" in r.stderr


def test_packs_validate_other_failures(tmp_path):
    pack = json.load(open(os.path.join(paths.PACKS, "pig.json")))
    f1 = write(tmp_path, "other.json", pack)
    f2 = write(tmp_path, "broken.json", "{")
    pack2 = dict(pack, id="mine", engine="scoundrel")
    f3 = write(tmp_path, "mine.json", pack2)
    r = cupkit("packs", "validate", f1, f2, f3)
    assert r.returncode == 2
    assert "other.json: $.id: 'pig' must match the file name other.json" in r.stdout
    assert "broken.json: not valid JSON" in r.stdout
    assert "mine.json: $.params: 'health' is a required property" in r.stdout


def test_demo_plays_pig_turn_by_turn(tmp_path):
    out = str(tmp_path / "demo.json")
    r = cupkit("demo", "--seed", "5", "--out", out)
    assert r.returncode == 0, r.stderr
    assert "Player 1:" in r.stdout and "wins" in r.stdout
    assert json.loads(cupkit("replay", out, "--json").stdout)["over"] is True


def test_bench_size_adds_up_the_mpy_files_a_flash_installs():
    from cupkit.device import layout
    r = cupkit("bench", "size", "--json")
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    files = layout.files(mpy=True)
    assert got["core"] == sum(len(d) for p, d in files.items() if p.startswith("lib/cupcore/") and p.endswith(".mpy"))
    assert got["core + firmware"] == got["core"] + got["firmware"] > 0
    assert got["core data (.bin)"] == sum(len(d) for p, d in files.items() if p.endswith(".bin")) > 0
    assert all(p.endswith(".mpy") or p.startswith("lib/cupcore/") and p.endswith(".bin")  # (pig.bin, insider.bin)
               for p in files if p.startswith("lib/"))
    # what each kind of board gets: its family's modules, as .mpy on MicroPython, as source on CircuitPython
    from cupkit.commands.flash import device_files
    from cupkit.device import boards
    for name, board, mpy in (("MicroPython board", "pico", True), ("CircuitPython board", "pico-cp", False)):
        ext = ".mpy" if mpy else ".py"
        got_board = device_files(boards.load(board), mpy)
        assert got[name] == sum(len(d) for p, d in got_board.items() if p.startswith("lib/cup") and p.endswith(ext))
    assert got["MicroPython board"] < got["core + firmware"] and got["CircuitPython .mpy"] < got["core + firmware"]


def test_a_micropython_flash_s_mpy_grew_at_most_20_kb_with_issue_18_s_games():
    """Issue 18's budget, in bytes of mpy-cross 1.29's output: what a MicroPython flash installs now, against
    all that a flash installed before the issue's five games (988f203: every module, 109,226 bytes)."""
    from cupkit.commands import bench
    r = cupkit("bench", "size", "--json")
    got = json.loads(r.stdout)
    assert got["budget"] == bench.FLASH_BEFORE_18 + 20 * 1024 == 129706
    assert got["MicroPython board"] <= got["budget"], "over issue 18's budget by %d bytes" % (
        got["MicroPython board"] - got["budget"])
    assert r.returncode == 0, r.stderr
