"""The /data store: checksummed, atomic, the same bytes on CPython and MicroPython."""

import json
import os
import zlib

from cupfw import store

from conftest import run_mp_json


def test_format_is_checked_by_zlib_adler32(tmp_path):
    s = store.Store(str(tmp_path))
    s.write("stats.json", {"pig": {"games": 3}})
    raw = (tmp_path / "stats.json").read_bytes()
    head, body = raw.split(b"\n", 1)
    assert head == b"cup1 %08x" % zlib.adler32(body)
    assert json.loads(body) == {"pig": {"games": 3}}
    assert store.decode(raw) == {"pig": {"games": 3}}


def test_damaged_file_is_set_aside_once(tmp_path):
    s = store.Store(str(tmp_path))
    s.write("game.json", {"pack": "pig"})
    raw = (tmp_path / "game.json").read_bytes()
    (tmp_path / "game.json").write_bytes(raw[:-3] + b"XYZ")
    assert s.read("game.json", "none") == "none"
    assert [p[0] for p in s.problems] == ["game.json"]
    assert (tmp_path / "game.json.bad").exists() and not (tmp_path / "game.json").exists()
    assert s.read("game.json", "none") == "none" and len(s.problems) == 1


def test_unfinished_new_file_keeps_the_old_version(tmp_path):
    s = store.Store(str(tmp_path))
    s.write("settings.json", {"v": 1})
    (tmp_path / "settings.json.new").write_bytes(store.encode({"v": 2})[:-2])
    assert s.read("settings.json") == {"v": 1}
    assert not (tmp_path / "settings.json.new").exists()


def test_complete_new_file_wins_and_is_switched_in(tmp_path):
    s = store.Store(str(tmp_path))
    s.write("settings.json", {"v": 1})
    (tmp_path / "settings.json.new").write_bytes(store.encode({"v": 2}))
    os.remove(tmp_path / "settings.json")
    assert s.read("settings.json") == {"v": 2}
    assert (tmp_path / "settings.json").exists() and not (tmp_path / "settings.json.new").exists()


def test_log_keeps_the_last_twenty(tmp_path):
    s = store.Store(str(tmp_path))
    for i in range(27):
        s.add_log({"pack": "pig", "players": 2, "seed": i, "actions": []})
    logs = s.logs()
    assert len(logs) == store.LOG_KEEP
    assert [s.read(n)["seed"] for n in logs] == list(range(7, 27))


def test_micropython_and_cpython_read_each_others_files(image, tmp_path):
    s = store.Store(str(tmp_path))
    s.write("a.json", {"x": [1, 2, "é"]})
    code = ("import json\nfrom cupfw import store\ns = store.Store(%r)\n"
            "print(json.dumps(s.read('a.json')))\ns.write('b.json', {'x': [1, 2, 'é']})\n"
            "print(json.dumps(store.adler32(b'cupkit' * 100)))\n") % str(tmp_path)
    got = run_mp_json(image, code)
    assert got == [{"x": [1, 2, "é"]}, zlib.adler32(b"cupkit" * 100)]
    assert s.read("b.json") == {"x": [1, 2, "é"]}
