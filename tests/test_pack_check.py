"""Malformed packs on the device: listed as unusable with the reason, never a crash; and the device's
check (cupcore.packs, cupcore.packcheck) and the host's (pack.schema.json and the same checks) refuse
the same packs, on CPython and MicroPython."""

import copy
import json
import os

import pytest

from cupcore import packcheck, packs, replay
from cupkit import packfiles, paths
from cupkit.device import layout

from conftest import load_scenarios, run_mp_json
from device_scripts import BOOT


def _pack(pid):
    with open(os.path.join(paths.PACKS, pid + ".json"), encoding="utf-8") as f:
        return json.load(f)


def _won_bogey_record():
    sc = [s for s in load_scenarios("bogey") if s.get("expect", {}).get("result") == "won"][0]
    return sc["record"]


@pytest.mark.parametrize("name", ["ep\tic", "epic\n", "9lives", "a" * 13, "Epic", "-epic"])
def test_a_level_name_the_device_cannot_show_is_refused_before_any_game(tmp_path, name):
    """A tab in a level name used to pass every check and then break a won game's summary
    ("invalid literal for int()"); "epic\\n" passed the schema too (Python's $ before a newline)."""
    pack = _pack("bogey")
    pack["params"]["levels"][name] = 4
    (tmp_path / "bogey.json").write_text(json.dumps(pack))
    rec = _won_bogey_record()
    with pytest.raises(ValueError, match="level names must be"):
        replay.run(rec, [str(tmp_path)])
    assert any("$.params.levels" in p for p in packfiles.problems(str(tmp_path / "bogey.json")))


# Packs a careless sync or an adversary may leave in /packs, and what the device must say of each.
MALFORMED = {
    "nested": ("[" * 512 + "]" * 512, ("pack must be a JSON object", "too deep or too big to read here")),
    "long-rules": (json.dumps({"id": "long-rules", "name": "Long", "version": 1, "rules": "word " * 2400}),
                   "too big"),
    "tab-level": (None, "level names must be"),
    "tab-name": (json.dumps({"id": "tab-name", "name": "A\tB", "version": 1, "rules": "x"}),
                 "name must be 1 to 40 characters the device can show"),
    "bad-goal": (None, "params: goal must be an integer from 1 to 10000"),
}


def _malformed(folder):
    for pid, (text, _) in MALFORMED.items():
        if pid == "tab-level":
            pack = dict(_pack("bogey"), id=pid, name=pid)
            pack["params"] = dict(pack["params"], levels={"ep\tic": 4})
            text = json.dumps(pack)
        elif pid == "bad-goal":
            pack = dict(_pack("pig"), id=pid, name=pid)
            pack["params"] = dict(pack["params"], goal=0)
            text = json.dumps(pack)
        with open(os.path.join(folder, pid + ".json"), "w") as f:
            f.write(text)


_MENU = "import json\n" + BOOT % {"data": "data"} + """labels = app.scr.names
out = {}
for pid in %(ids)r:
    app.scr.at(pid)  # its line in its group (Unusable for a pack the menu could not read)
    press(16)
    out[pid] = [app.name, getattr(app.scr, "text", None) or getattr(app.scr, "why", None)]
    press(32)
print(json.dumps([labels, out]))
"""


def test_malformed_packs_in_packs_are_listed_as_unusable_and_say_why(tmp_path):
    """On MicroPython in the firmware's 64 KB heap: each is in the menu as "ID (unusable)" and A on
    it shows why, but for a pack whose params the engine refuses: its page says why, and the menu
    lists it as unusable from then on. The device never stops."""
    dev = str(tmp_path / "dev")
    layout.build(dev, mpy=True)
    os.mkdir(os.path.join(dev, "data"))
    _malformed(os.path.join(dev, "packs"))
    labels, out = run_mp_json(dev, _MENU % {"ids": sorted(MALFORMED)}, heap_kb=64)[0]
    for pid, (_, why) in MALFORMED.items():
        screen, text = out[pid]
        if pid == "bad-goal":
            assert pid in labels and screen == "screens.pack", (screen, text)
        else:
            assert pid + " (unusable)" in labels and screen == "screens.text", pid
        assert [w for w in (why if type(why) is tuple else (why,)) if w in text], (pid, screen, text)
    assert "Pig" in labels and "The Bogey" in labels


# Mutations of the built-in packs: (what, pack id, change); each must be refused by both or by neither.
def _mutations():
    def setf(pid, path, value):
        def change(p):
            node = p
            for k in path[:-1]:
                node = node[k]
            if value is DELETE:
                del node[path[-1]]
            else:
                node[path[-1]] = value
        return pid, change
    return {
        "as built": ("pig", lambda p: None),
        "reference only": ("pig", lambda p: [p.pop(k) for k in ("engine", "players", "params")]),
        "name 40": setf("pig", ["name"], "N" * 40),
        "name 41": setf("pig", ["name"], "N" * 41),
        "name empty": setf("pig", ["name"], ""),
        "name tab": setf("pig", ["name"], "P\tg"),
        "name newline at the end": setf("pig", ["name"], "Pig\n"),
        "name not ascii": setf("pig", ["name"], "Pïg"),
        "rules 4000": setf("pig", ["rules"], "r" * 4000),
        "rules 4001": setf("pig", ["rules"], "r" * 4001),
        "rules tab": setf("pig", ["rules"], "a\tb"),
        "rules empty": setf("pig", ["rules"], ""),
        "version 0": setf("pig", ["version"], 0),
        "version text": setf("pig", ["version"], "1"),
        "version missing": setf("pig", ["version"], DELETE),
        "unknown field": setf("pig", ["colour"], "red"),
        "source": setf("pig", ["source"], "https://example.org/pig"),
        "source not text": setf("pig", ["source"], 3),
        "source newline": setf("pig", ["source"], "a\n"),
        "files": setf("pig", ["files"], ["policy.bin", "A_b-1.txt"]),
        "files slash": setf("pig", ["files"], ["a/b"]),
        "files empty name": setf("pig", ["files"], [""]),
        "files 65": setf("pig", ["files"], ["f" * 65]),
        "players min over max": setf("pig", ["players"], {"min": 5, "max": 2}),
        "players extra": setf("pig", ["players", "best"], 3),
        "players 9": setf("pig", ["players", "max"], 9),
        "players over the engine": setf("scoundrel", ["players", "max"], 2),
        "engine unknown": setf("pig", ["engine"], "yahtzee"),
        "params missing": setf("pig", ["params"], DELETE),
        "goal 0": setf("pig", ["params", "goal"], 0),
        "goal text": setf("pig", ["params", "goal"], "100"),
        "dice 3": setf("pig", ["params", "dice"], 3),
        "unknown param": setf("pig", ["params", "speed"], 2),
        "ranking short": setf("mia", ["params", "ranking"], [21, 66]),
        "level tab": setf("bogey", ["params", "levels", "ep\tic"], 4),
        "level newline": setf("bogey", ["params", "levels", "epic\n"], 4),
        "level digit first": setf("bogey", ["params", "levels", "9x"], 4),
        "level 12": setf("bogey", ["params", "levels", "abcdefghijkl"], 4),
        "level 13": setf("bogey", ["params", "levels", "abcdefghijklm"], 4),
        "columns 13": setf("bogey", ["params", "max_columns"], 13),
        "id not the file": setf("pig", ["id"], "pog"),
    }


DELETE = object()


def _write_corpus(folder):
    """{file id: what} for every mutation, each a pack file named after its id."""
    made = {}
    for i, (what, (pid, change)) in enumerate(sorted(_mutations().items())):
        pack = copy.deepcopy(_pack(pid))
        fid = "m%02d" % i
        pack["id"] = fid
        change(pack)
        if what == "id not the file":
            pack["id"] = "pog"
        with open(os.path.join(folder, fid + ".json"), "w", encoding="utf-8") as f:
            json.dump(pack, f)
        made[fid] = what
    with open(os.path.join(folder, "m98.json"), "w") as f:  # over the device's size limit
        f.write(json.dumps(dict(_pack("pig"), id="m98")) + " " * packs.MOST)
    made["m98"] = "file over the size limit"
    with open(os.path.join(folder, "m99.json"), "w") as f:
        f.write('{"id": "m99", "name": "x", "version": 1, "rules": "x", "source": ' + "[" * 20 + "]" * 20 + "}")
    made["m99"] = "nested 20 deep"
    return made


_VERIFY = """import json
from cupcore import packcheck
out = {}
for pid in %(ids)r:
    try:
        packcheck.verify(pid, [%(folder)r])
        out[pid] = None
    except ValueError as e:
        out[pid] = str(e)
print(json.dumps(out))
"""


def test_the_host_and_the_device_refuse_the_same_packs(image, tmp_path):
    """`cupkit packs validate` (the schema, then the device's light check and a game) and the device's
    full check (cupcore.packcheck.verify, on CPython and in MicroPython) agree on every pack."""
    folder = str(tmp_path)
    made = _write_corpus(folder)
    host = {fid: not packfiles.problems(os.path.join(folder, fid + ".json")) for fid in made}
    device = {}
    for fid in made:
        try:
            packcheck.verify(fid, [folder])
            device[fid] = True
        except ValueError:
            device[fid] = False
    mp = {fid: why is None for fid, why in run_mp_json(image, _VERIFY % {"ids": sorted(made), "folder": folder})[0].items()}
    disagree = {made[f]: (host[f], device[f], mp[f]) for f in made if not host[f] == device[f] == mp[f]}
    assert not disagree, "usable by (host, device, MicroPython): %r" % disagree
    usable = sorted(made[f] for f in made if host[f])
    assert usable == ["as built", "files", "level 12", "name 40", "reference only", "rules 4000", "source"]
