"""Long inputs take little heap: a pack's rules are read only for the rules page, a game record is
saved and read in pieces, and a simulator's key script stays out of the device's heap.
Each on CPython and inside MicroPython."""

import json

import pytest

from cupcore import packs
from cupfw import store
from cupfw.store import Store

from cupkit.sim import headless as sim

from conftest import MicroPythonError, run_mp, run_mp_json

# Quotes, backslashes, braces, the word "rules" and UTF-8 inside the text, as a pack may have them.
_TEXT = 'Lift: "rules" {said} [the cup] \\ back\\slash; \u00e9t\u00e9 \u2014 roll!\n'


def _pack(i):
    """A valid pack with 4,000 characters of rules, among its fields at place i % 7; i also shifts
    every byte, so that across the cases the key, the quotes and the escapes fall on each place
    of a 64-byte read. A rules key inside params is no pack's rules."""
    fields = [("id", "p%d" % i), ("name", "N" * (1 + i % 40)), ("engine", "pig"), ("version", 1),
              ("players", {"min": 2, "max": 8}),
              ("params", {"goal": 30 + i, "dice": 1, "bust": "one", "doubles": 1, "max_dice": 0, "rules": "keep"})]
    fields.insert(i % 7, ("rules", (_TEXT * 80)[:4000]))
    return dict(fields)


def _write_packs(d):
    d.mkdir()
    want = {}
    for i in range(70):
        pack = _pack(i)
        (d / ("p%d.json" % i)).write_text(json.dumps(pack, ensure_ascii=i % 3 == 0), encoding="utf-8")
        want["p%d" % i] = dict(pack, rules="")
    (d / "short.json").write_text(json.dumps({"id": "short", "name": "S", "version": 1, "rules": "Short."}))
    want["short"] = {"id": "short", "name": "S", "version": 1, "rules": ""}
    return want


def test_a_pack_is_read_without_its_rules_unless_they_are_asked_for(tmp_path):
    want = _write_packs(tmp_path / "packs")
    where = [str(tmp_path / "packs")]
    for pid in want:
        assert packs.load(pid, where) == want[pid], pid
    full = packs.load("p5", where, rules=True)
    assert full["rules"] == _pack(5)["rules"] and len(full["rules"]) == 4000


def test_a_pack_is_read_without_its_rules_on_micropython(image, tmp_path):
    want = _write_packs(tmp_path / "packs")
    code = ("import json\nfrom cupcore import packs\nfor pid in %r:\n"
            "    print(json.dumps([pid, packs.load(pid, [%r])]))\n") % (sorted(want), str(tmp_path / "packs"))
    got = dict(run_mp_json(image, code))
    assert got == want


def test_the_longest_rules_are_left_out_in_a_heap_too_small_to_read_them(image_mpy, tmp_path):
    _write_packs(tmp_path / "packs")
    code = "from cupcore import packs\nfor i in range(5):\n    p = packs.load('p7', [%r], rules=%r)\nprint(len(p['rules']))\n"
    assert run_mp(image_mpy, code % (str(tmp_path / "packs"), False), heap_kb=14).strip() == "0"
    with pytest.raises(MicroPythonError, match="too deep or too big to read here"):
        run_mp(image_mpy, code % (str(tmp_path / "packs"), True), heap_kb=14)


RECORD = {"pack": "mia", "players": 8, "seed": 7, "params": {"lives": 2, "ranking": list(range(21))},
          "actions": ["claim 65", "roll", "challenge", "pass"] * 75, "note": [None, True, 1.5, "\u00e9", {}, []]}


def test_a_saved_record_is_written_in_pieces_as_one_json_text(tmp_path):
    st = Store(str(tmp_path))
    st.write("game.json", RECORD)
    data = (tmp_path / "game.json").read_bytes()
    assert data == store.encode(RECORD)
    assert json.loads(data[data.index(b"\n") + 1:]) == RECORD == store.decode(data) == st.read("game.json")
    assert max(len(p) for p in store.pieces(RECORD)) < 100  # a long list goes item by item


def test_a_long_record_is_saved_and_read_back_in_a_small_heap(image_mpy, tmp_path):
    """300 actions, saved and read back with the checking reader (cupfw.saved, cupcore.jsonin) in 26 KB:
    the file is checked and parsed in small pieces, never held whole beside the record."""
    code = ("from cupfw.store import Store\nst = Store(%r)\n"
            "rec = {'pack': 'mia', 'players': 8, 'seed': 7, 'actions': ['claim 65', 'roll', 'challenge'] * 100}\n"
            "st.write('game.json', rec)\nrec = None\nprint(len(st.read('game.json')['actions']), st.problems)\n")
    assert run_mp(image_mpy, code % str(tmp_path / "data"), heap_kb=26).split() == ["300", "[]"]
    assert Store(str(tmp_path / "data")).read("game.json")["actions"][-1] == "challenge"


def test_a_long_key_script_takes_nothing_from_the_devices_heap():
    """20,000 lines (on the settings screen, where no demo starts): read a line at a time, not
    loaded into the micropython binary's 64 KB."""
    keys = "press up\npress up\npress a\n" + "wait 1\n" * 20000 + "shot end\n"
    frames = sim.headless(sim.parse(keys), micropython=True, heap_kb=64)
    assert list(frames) == ["end"]


def _rules_bytes(i):
    """What packtext.rules gives for _pack(i) as _write_packs writes it: the text's bytes, a character
    beyond ASCII as "?" where json escaped it (\\uXXXX), as its UTF-8 where it did not."""
    text = _pack(i)["rules"]
    if i % 3 == 0:
        return "".join(ch if ord(ch) < 127 else "?" for ch in text).encode()
    return text.encode()


def test_the_rules_page_reads_the_rules_as_one_bytearray(image, tmp_path):
    """cupcore.packtext.rules: the rules text with its escapes undone, read in pieces, on CPython and
    inside MicroPython, for the key at every place of a 64-byte read."""
    from cupcore import packtext
    want = _write_packs(tmp_path / "packs")
    for pid in want:
        with open(str(tmp_path / "packs" / (pid + ".json")), "rb") as f:
            got = packtext.rules(f)
        assert type(got) is bytearray
        assert got == (b"Short." if pid == "short" else _rules_bytes(int(pid[1:]))), pid
    code = ("import json\nfrom cupcore import packtext\nfor pid in %r:\n"
            "    with open(%r + '/' + pid + '.json', 'rb') as f:\n"
            "        print(json.dumps([pid, packtext.rules(f).hex()]))\n") % (sorted(want), str(tmp_path / "packs"))
    got = dict(run_mp_json(image, code))
    assert got == dict((pid, (b"Short." if pid == "short" else _rules_bytes(int(pid[1:]))).hex()) for pid in want)
