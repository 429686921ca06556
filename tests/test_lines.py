"""Records as JSON Lines (RULES.md section 2, cupcore.lines): the same game as the record with its actions in a
list, on CPython and on the unix port from source and .mpy, the same errors for damaged lines, and
`cupkit replay` reading either form."""

import glob
import io
import json
import os

import pytest

from cupcore import lines, replay
from cupkit import paths

from conftest import cupkit, run_mp_json


def _as_lines(rec):
    head = dict(rec)
    acts = head.pop("actions", [])
    return "".join(json.dumps(x) + "\n" for x in [head] + acts).encode()


def _result(fn, arg):
    try:
        return fn(arg)
    except ValueError as e:
        return "error: %s" % e


def _records():
    """Every scenario's record that is an object with a list of action texts: 900 and more games, and errors."""
    out = []
    for f in sorted(glob.glob(os.path.join(paths.SCENARIOS, "*.json"))):
        with open(f, encoding="utf-8") as fh:
            for sc in json.load(fh):
                rec = sc["record"]
                acts = rec.get("actions", []) if isinstance(rec, dict) else None
                if type(acts) is list and all(type(a) is str for a in acts):
                    out.append(rec)
    return out


RECORDS = _records()


def test_every_scenario_record_gives_the_same_game_as_json_lines_on_cpython():
    assert len(RECORDS) > 900
    for rec in RECORDS:
        want = _result(replay.run, rec)
        assert _result(lambda b: lines.run(io.BytesIO(b)), _as_lines(rec)) == want, rec


def _on_micropython(image, tmp_path, datas):
    """lines.run's summary, or "error: why", for each JSON Lines file of datas, in one unix-port process."""
    names = []
    for i, data in enumerate(datas):
        p = str(tmp_path / ("%d.jsonl" % i))
        with open(p, "wb") as f:
            f.write(data)
        names.append(p)
    with open(str(tmp_path / "names.json"), "w") as f:
        json.dump(names, f)
    return run_mp_json(image, """
import json
from cupcore import lines
for p in json.load(open(%r)):
    with open(p, "rb") as f:
        try:
            print(json.dumps(lines.run(f)))
        except ValueError as e:
            print(json.dumps("error: %%s" %% e))
""" % str(tmp_path / "names.json"), heap_kb=512, timeout=600)


def test_every_scenario_record_gives_the_same_game_as_json_lines_on_micropython(image, tmp_path):
    got = _on_micropython(image, tmp_path, [_as_lines(rec) for rec in RECORDS])
    assert len(got) == len(RECORDS)
    for rec, g in zip(RECORDS, got):
        assert g == _result(replay.run, rec), rec


BAD = [
    (b"", "line 1: no record (the file is empty)"),
    (b"[1, 2]\n\"roll\"\n", "line 1: a game record must be a JSON object"),
    (b"{\"pack\": \"pig\", \"players\": 2\n", "line 1: not valid JSON"),
    (b"{\"pack\": \"pig\", \"players\": 2, \"actions\": [\"roll\"]}\n", "line 1: the actions go on the lines after"),
    (b"{\"pack\": \"pig\", \"players\": 2}\n\"roll\"\n7\n", "line 3: an action must be a JSON string"),
    (b"{\"pack\": \"pig\", \"players\": 2}\n\"roll\" \"hold\"\n", "line 2: an action must be a JSON string"),
    (b"{\"pack\": \"pig\", \"players\": 2}\n\"r\xc3\xb6ll\"\n", "line 2: not printable ASCII"),
    (b"{\"pack\": \"pig\", \"players\": 2}\n\"roll\"\n\"" + b"x" * 300 + b"\"\n", "line 3: longer than 200 bytes"),
    (b"{\"pack\": \"pig\", \"players\": 2, \"seed\": 1}\n\"roll\"\n\"fly\"\n", "action 2 (fly): unknown action"),
]


@pytest.mark.parametrize("data,why", BAD)
def test_a_damaged_json_lines_record_is_the_same_clear_error_on_every_port(data, why, image_mpy, tmp_path):
    assert _result(lambda b: lines.run(io.BytesIO(b)), data).startswith("error: " + why)
    got = _on_micropython(image_mpy, tmp_path, [data])
    assert got[0].startswith("error: " + why)


def test_line_ends_and_blank_lines_do_not_change_the_game():
    rec = {"pack": "pig", "players": 2, "dice": [3, 4, 2], "actions": ["roll", "roll", "hold", "roll"]}
    crlf = _as_lines(rec).replace(b"\n", b"\r\n") + b"\r\n\n"
    assert lines.run(io.BytesIO(crlf)) == replay.run(rec)


def test_cupkit_replay_reads_either_form_alike(tmp_path):
    rec = {"pack": "mia", "players": 3, "seed": 11, "actions": ["roll", "claim 32", "pass"]}
    a, b = tmp_path / "game.json", tmp_path / "game.jsonl"
    a.write_text(json.dumps(rec) + "\n")
    b.write_bytes(_as_lines(rec))
    ra, rb = cupkit("replay", "--json", str(a)), cupkit("replay", "--json", str(b))
    assert ra.returncode == rb.returncode == 0, ra.stderr + rb.stderr
    assert json.loads(ra.stdout) == json.loads(rb.stdout) == replay.run(rec)
    b.write_bytes(_as_lines(dict(rec, actions=["roll", "fly"])))
    r = cupkit("replay", str(b))
    assert r.returncode == 2 and r.stderr.startswith("cupkit: action 2 (fly)"), r.stderr
