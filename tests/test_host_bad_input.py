"""The host tool on bad input: a clear one-line error and nothing lost, never a traceback; text from
files and records reaches the terminal quoted and cut."""

import json
import os

import pytest

from cupkit import paths

from conftest import cupkit

DEEP = "[" * 100000 + "]" * 100000
DEEP_PACK = "[" * 3000 + "]" * 3000


def one_clear_line(r, *wanted):
    """r failed with exit status 2 and one line on stderr that says all of wanted, no traceback."""
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    for w in wanted:
        assert w in r.stderr, (w, r.stderr)


def test_deeply_nested_json_is_an_error_not_a_traceback(tmp_path):
    (tmp_path / "deep.json").write_text(DEEP)
    one_clear_line(cupkit("replay", "deep.json", cwd=str(tmp_path)), "deep.json: nested deeper than 64 levels")
    one_clear_line(cupkit("boards", "deep.json", cwd=str(tmp_path)), "deep.json: nested deeper than 64 levels")
    (tmp_path / "deep.json").write_text(DEEP_PACK)  # within the device's 8 KB for a pack file
    r = cupkit("packs", "validate", "deep.json", cwd=str(tmp_path))
    assert r.returncode == 2 and r.stdout == "deep.json: nested deeper than 64 levels\n" and "Traceback" not in r.stderr


def test_one_deep_pack_in_packs_breaks_only_its_own_line(tmp_path):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "deep.json").write_text(DEEP_PACK)
    r = cupkit("packs", "list", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    rows = {line.split()[0]: line for line in r.stdout.splitlines()[1:]}
    assert "unusable: packs/deep.json: nested deeper than 64 levels" in rows["deep"]
    assert rows["pig"].split()[1:3] == ["pig", "2-8"] and len(rows) == 1 + len(
        [f for f in os.listdir(paths.PACKS) if f.endswith(".json") and f != "pack.schema.json"])
    one_clear_line(cupkit("packs", "new", "mine", "--from", "deep", cwd=str(tmp_path)), "packs/deep.json: nested")
    # a record whose pack is the deep one: the core reads it, and the error is still one line
    (tmp_path / "g.json").write_text(json.dumps({"pack": "deep", "players": 2}))
    one_clear_line(cupkit("replay", "g.json", cwd=str(tmp_path)), "pack deep: not valid JSON")


@pytest.mark.parametrize("content,why", [
    ([1, 2], "not an object of packs"),
    ("NaN", "not valid JSON: NaN is not a JSON number"),
    ("{", "not valid JSON"),
])
def test_stats_json_that_is_no_table_of_packs(tmp_path, content, why):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "stats.json").write_text(content if isinstance(content, str) else json.dumps(content))
    one_clear_line(cupkit("stats", cwd=str(tmp_path)), "cannot read logs/stats.json: " + why)


def test_stats_leaves_out_wrong_shaped_entries_and_shows_the_rest(tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "stats.json").write_text(json.dumps({
        "pig": 3, "hog": {"games": "x", "wins": 1}, "mia": {"games": 2, "wins": 5}, "meier": {"games": 1, "best": "x"},
        "big-pig": {"games": 2, "wins": 2, "seats": [2, -1]}, "bogey": {"games": 4, "wins": 1, "best": 30}}))
    r = cupkit("stats", cwd=str(tmp_path))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert [line.split()[0] for line in r.stdout.splitlines()] == ["PACK", "bogey"]
    left_out = sorted(line.split("'")[1] for line in r.stderr.splitlines())
    assert left_out == ["big-pig", "hog", "meier", "mia", "pig"], r.stderr
    assert "pack 'mia': more wins than games; left out" in r.stderr


def test_stats_shows_wins_per_seat_when_the_device_kept_them(tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "stats.json").write_text(json.dumps({
        "mia": {"games": 9, "wins": 9, "best": None, "seats": [4, 2, 3]},
        "pig": {"games": 2, "wins": 2, "best": 104},  # from firmware without seats: as before
        "scoundrel": {"games": 4, "wins": 1, "best": 12, "seats": [1]}}))
    r = cupkit("stats", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    rows = {line.split()[0]: line.split() for line in r.stdout.splitlines()[1:] if not line.startswith("(")}
    assert rows["mia"][-5:] == ["9", "4/2/3", "-", "-", "0"]
    assert rows["pig"][-5:] == ["2", "2", "100", "104", "0"]
    assert rows["scoundrel"][-5:] == ["4", "1", "25", "12", "0"]
    assert "the wins of the first, second and third seat" in r.stdout
    got = {row["pack"]: row for row in json.loads(cupkit("stats", "--json", cwd=str(tmp_path)).stdout)}
    assert got["mia"]["seats"] == [4, 2, 3] and "seats" not in got["pig"]


def test_out_files_need_a_folder_and_are_never_folders(tmp_path):
    one_clear_line(cupkit("selfplay", "pig", "--out", "nowhere/rec.json", cwd=str(tmp_path)),
                   "cannot write nowhere/rec.json: there is no folder nowhere")
    (tmp_path / "box").mkdir()
    one_clear_line(cupkit("selfplay", "pig", "--out", "box", cwd=str(tmp_path)), "cannot write box: it is a folder")
    one_clear_line(cupkit("demo", "--out", "box", cwd=str(tmp_path)), "cannot write box: it is a folder")
    assert sorted(os.listdir(str(tmp_path))) == ["box"] and os.listdir(str(tmp_path / "box")) == []


def test_folders_given_as_files(tmp_path):
    (tmp_path / "a-file").write_text("mine\n")
    (tmp_path / "k.keys").write_text("shot menu\n")
    one_clear_line(cupkit("sim", "--headless", "--keys", "k.keys", "--shots", "a-file", cwd=str(tmp_path)),
                   "--shots a-file is a file: name a folder")
    one_clear_line(cupkit("sim", "--headless", "--keys", "k.keys", "--data", "a-file", cwd=str(tmp_path)),
                   "--data a-file is a file: name a folder")
    one_clear_line(cupkit("vdev", "--dir", "a-file", cwd=str(tmp_path)), "--dir a-file is a file")
    assert (tmp_path / "a-file").read_text() == "mine\n"


def test_numbers_out_of_range(tmp_path):
    for seeds in ("0", "-5", "many"):
        r = cupkit("bench", "greedy", "scoundrel", "--seeds", seeds)
        assert r.returncode == 2 and "--seeds: expected a whole number, 1 or more, not %s" % seeds in r.stderr
    one_clear_line(cupkit("bench", "memory", "nosuch", "pig"), "no workload 'nosuch' (known: beetle, big-pig,", "game-house-mia)")
    one_clear_line(cupkit("demo", "--delay", "-1"), "--delay: seconds, 0 or more")
    r = cupkit("vdev", "--heap", "0")
    assert r.returncode == 2 and "--heap: expected a whole number, 1 or more" in r.stderr


def test_text_from_a_record_is_quoted_and_cut(tmp_path):
    """An action with an ANSI escape and a newline, and a 1 MB one: one short line, no control characters."""
    evil = "roll\n\x1b[2Jcupkit: all is well\x1b[0m"
    for action, shown in ((evil, "action 1 (roll\\n\\x1b[2Jcupkit: all is well\\x1b[0m): "),
                          ("x" * 1000000, "characters left out)...xxx")):
        (tmp_path / "g.json").write_text(json.dumps({"pack": "pig", "players": 2, "actions": [action]}))
        r = cupkit("replay", "g.json", cwd=str(tmp_path))
        one_clear_line(r, shown)
        assert "\x1b" not in r.stderr and len(r.stderr) < 300
    (tmp_path / "bad.keys").write_text("press a\nwait \x1b[31m" + "9" * 100000 + "\n")
    r = cupkit("sim", "--headless", "--keys", "bad.keys", cwd=str(tmp_path))
    one_clear_line(r, "bad.keys: line 2: 'wait \\x1b[31m999")
    assert "\x1b" not in r.stderr and len(r.stderr) < 300


def test_text_from_pack_files_is_quoted_and_cut(tmp_path):
    """A pack's name and a schema error carrying its values reach the terminal escaped and short."""
    pack = json.load(open(os.path.join(paths.PACKS, "pig.json")))
    (tmp_path / "packs").mkdir()
    pack.update(id="evil", name="Evil\x1b[2J\nPig")
    (tmp_path / "packs" / "evil.json").write_text(json.dumps(pack))
    r = cupkit("packs", "list", cwd=str(tmp_path))
    assert r.returncode == 0 and "\x1b" not in r.stdout
    assert [line for line in r.stdout.splitlines() if line.startswith("evil")][0].endswith("Evil\\x1b[2J\\nPig")
    pack.update(rules="\x1b[31m" + "r" * 6000)  # within the 8 KB of a pack file, over the 4000 of rules
    (tmp_path / "packs" / "evil.json").write_text(json.dumps(pack))
    r = cupkit("packs", "validate", "packs/evil.json", cwd=str(tmp_path))
    assert r.returncode == 2 and "\x1b" not in r.stdout and len(r.stdout) < 600, r.stdout[:600]
    lines = r.stdout.splitlines()
    assert sorted(set(line[:24] for line in lines)) == ["packs/evil.json: $.name:", "packs/evil.json: $.rules"]
    assert "Evil\\x1b[2J\\nPig" in lines[0] and "characters left out" in r.stdout


def test_argument_prefixes_are_not_guessed(tmp_path):
    for args, wrong in ((["--versio"], "--versio"), (["sim", "--headles"], "--headles"),
                        (["bench", "greedy", "scoundrel", "--seed", "3"], "--seed 3"),
                        (["packs", "list", "--jso"], "--jso"), (["logs", "pull", "--ou", "x"], "--ou x")):
        r = cupkit(*args, cwd=str(tmp_path))
        assert r.returncode == 2 and "unrecognized arguments: " + wrong in r.stderr, (args, r.stderr)


def test_cupkit_alone_points_to_help_and_version_says_which():
    r = cupkit()
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines()[-1] == "cupkit: name a command; `cupkit --help` lists them"
    from importlib import metadata
    r = cupkit("--version")
    assert r.returncode == 0 and r.stdout == "cupkit %s\n" % metadata.version("cupkit")
