"""The game record contract (RULES.md section 2) for every pack, on CPython and MicroPython."""

import json

import pytest

from cupcore import packs, replay, selfplay

from cupkit import paths

from conftest import run_mp_json

ENGINE_PACKS = [p for p in packs.ids([paths.PACKS]) if "engine" in packs.load(p, [paths.PACKS])]


def players_for(pid):
    pl = packs.load(pid, [paths.PACKS])["players"]
    return sorted({pl["min"], max(pl["min"], min(pl["max"], 3)), pl["max"]})


def plain(rec):
    """A self-play record as JSON has it: its actions a list (an engine with codes keeps selfplay.Codes)."""
    rec["actions"] = list(rec["actions"])
    return rec


@pytest.mark.parametrize("pid", ENGINE_PACKS)
def test_selfplay_record_replays_identically(pid):
    for n in players_for(pid):
        for seed in (0, 1, 77):
            rec = selfplay.play(pid, n, seed)
            again = json.loads(json.dumps(dict(rec, actions=list(rec["actions"]))))
            assert replay.run(again) == replay.run(rec)
            assert replay.run(again)["actions"] == len(rec["actions"])
            assert selfplay.play(pid, n, seed) == rec


@pytest.mark.parametrize("pid", ENGINE_PACKS)
def test_selfplay_games_end(pid):
    """Every game ends, except one that is never over (the plain cup): it stops at its Game.CAP actions."""
    cap = getattr(replay.engine(packs.load(pid, [paths.PACKS])["engine"]).Game, "CAP", None)
    for n in players_for(pid):
        for seed in range(10):
            rec = selfplay.play(pid, n, seed)
            s = replay.run(rec)
            if cap:
                assert len(rec["actions"]) == cap and not s["over"] and s["turn"] == 0
            else:
                assert len(rec["actions"]) < selfplay.CAP
                assert s["over"] and s["turn"] is None


def test_replay_on_micropython_matches_cpython(image):
    """Self-play records made on CPython replay to the same summary on the unix port."""
    records = [plain(selfplay.play(pid, n, seed)) for pid in ENGINE_PACKS for n in players_for(pid) for seed in (3, 4)]
    code = "import json\nfrom cupcore import replay\nfor rec in json.loads(%r):\n    print(json.dumps(replay.run(rec)))\n" % json.dumps(records)
    assert run_mp_json(image, code) == [json.loads(json.dumps(replay.run(r))) for r in records]


def test_selfplay_on_micropython_matches_cpython(image):
    code = "import json\nfrom cupcore import selfplay\n"
    cases = [(pid, players_for(pid)[0], 5) for pid in ENGINE_PACKS]
    code += "for p, n, s in %r:\n    r = selfplay.play(p, n, s)\n    r['actions'] = list(r['actions'])\n    print(json.dumps(r))\n" % cases
    assert run_mp_json(image, code) == [plain(selfplay.play(*c)) for c in cases]


def test_errors_match_on_micropython(image):
    bad = [
        {"pack": "pig", "players": 2, "dice": [2], "actions": ["roll", "roll"]},
        {"pack": "pig", "players": 2, "actions": ["hold"]},
        {"pack": "nope", "players": 2},
        {"pack": "pig", "players": 9},
        {"pack": "pig", "players": 2, "params": {"bust": "two"}},
        {"pack": "pig", "players": 2, "seed": 2**30},
        "not a record",
    ]
    code = ("import json\nfrom cupcore import replay\n"
            "for rec in json.loads(%r):\n"
            "    try:\n        replay.run(rec)\n        print(json.dumps(None))\n"
            "    except ValueError as e:\n        print(json.dumps(str(e)))\n") % json.dumps(bad)
    want = []
    for rec in bad:
        with pytest.raises(ValueError) as e:
            replay.run(rec)
        want.append(str(e.value))
    assert run_mp_json(image, code) == want


@pytest.mark.parametrize("rec,msg", [
    ("x", "a game record must be a JSON object"),
    ({"pack": 3, "players": 2}, "pack must be a pack id"),
    ({"pack": "../pig", "players": 2}, "pack must be a pack id"),
    ({"pack": "pig", "players": "2"}, "players must be from 2 to 8"),
    ({"pack": "pig", "players": 2, "params": [1]}, "params must be an object"),
    ({"pack": "pig", "players": 2, "params": {"dice": 3}}, "params: dice must be an integer from 1 to 2"),
    ({"pack": "pig", "players": 2, "params": {"bust": True}}, "params: bust must be one of one, double-one"),
    ({"pack": "pig", "players": 2, "dice": "66"}, "dice: faces must be 1..6"),
    ({"pack": "pig", "players": 2, "actions": "roll"}, "record: actions must be a list"),
    ({"pack": "pig", "players": 2, "actions": [3]}, "action 1 (3): an action must be text"),
])
def test_record_errors_are_clear(rec, msg):
    with pytest.raises(ValueError) as e:
        replay.run(rec)
    assert str(e.value).startswith(msg)


def test_a_synced_pack_shadows_a_built_in_one(tmp_path):
    d = tmp_path / "packs"
    d.mkdir()
    pack = json.load(open(paths.PACKS + "/pig.json"))
    pack["params"]["goal"] = 10
    (d / "pig.json").write_text(json.dumps(pack))
    rec = {"pack": "pig", "players": 2, "dice": [6, 6], "actions": ["roll", "roll", "hold"]}
    assert replay.run(rec, [str(d), paths.PACKS])["over"] is True
    assert replay.run(rec)["over"] is False


def test_broken_pack_files_are_clear_errors(tmp_path):
    d = tmp_path / "packs"
    d.mkdir()
    (d / "bad.json").write_text("{not json")
    (d / "odd.json").write_text(json.dumps({"id": "other", "name": "x", "rules": "x"}))
    (d / "ref.json").write_text(json.dumps({"id": "ref", "name": "Ref", "version": 1, "rules": "Just text."}))
    with pytest.raises(ValueError, match="pack bad: not valid JSON"):
        replay.run({"pack": "bad", "players": 2}, [str(d)])
    with pytest.raises(ValueError, match="id must match the file name"):
        replay.run({"pack": "odd", "players": 2}, [str(d)])
    with pytest.raises(ValueError, match="pack ref has rules but no game"):
        replay.run({"pack": "ref", "players": 2}, [str(d)])
    assert packs.ids([str(d)]) == ["bad", "odd", "ref"]


def test_cupkit_replay_matches_micropython(image, tmp_path):
    """The issue's acceptance check: one Pig record, `cupkit replay --json` vs replay.run on the binary."""
    from conftest import cupkit
    rec = selfplay.play("pig", 4, 2026)
    f = tmp_path / "pig.json"
    f.write_text(json.dumps(rec))
    host = json.loads(cupkit("replay", str(f), "--json").stdout)
    code = "import json\nfrom cupcore import replay\nprint(json.dumps(replay.run(json.load(open(%r)))))\n" % str(f)
    assert run_mp_json(image, code) == [host]
    assert host["over"] and host["actions"] == len(rec["actions"])


def test_a_pack_cannot_ask_an_engine_for_more_players(tmp_path):
    """Scoundrel is solitaire: a pack claiming 1 to 4 players still plays only 1."""
    from conftest import cupkit
    d = tmp_path / "packs"
    d.mkdir()
    pack = json.load(open(paths.PACKS + "/scoundrel.json"))
    pack.update(id="crowd", players={"min": 1, "max": 4})
    (d / "crowd.json").write_text(json.dumps(pack))
    with pytest.raises(ValueError, match="players must be from 1 to 1 for crowd"):
        replay.start({"pack": "crowd", "players": 2}, [str(d)])
    assert replay.start({"pack": "crowd", "players": 1}, [str(d)]).players == 1
    r = cupkit("packs", "validate", str(d / "crowd.json"))
    assert r.returncode == 2 and "crowd.json: $.players: the scoundrel engine plays 1 player\n" in r.stdout


# Issue 14's figure: self-play and replay identical on CPython and MicroPython for 1,000 seeds per pack.
_DIGEST = """import hashlib, json
from binascii import hexlify
from cupcore import replay, selfplay
def canon(v):
    if isinstance(v, dict):  # MicroPython's dicts keep no order: the keys sorted
        return "{" + ",".join([json.dumps(k) + ":" + canon(v[k]) for k in sorted(v)]) + "}"
    if isinstance(v, list):
        return "[" + ",".join([canon(x) for x in v]) + "]"
    return json.dumps(v)
def digest(pack, players, seeds):
    h = hashlib.sha256()
    for seed in range(seeds):
        rec = selfplay.play(pack, players, seed)
        h.update(canon(rec).encode())
        h.update(canon(replay.run(rec)).encode())
    return hexlify(h.digest()).decode()
"""


def _digest(pack, players, seeds):
    space = {}
    exec(_DIGEST, space)
    return space["digest"](pack, players, seeds)


@pytest.mark.parametrize("pid,n", [("generala", 3), ("poker-dice", 3), ("dix-mille", 3), ("dix-mille-500", 3),
                                   ("liars-dice", 6)])
def test_a_thousand_seeds_play_and_replay_alike_on_micropython(image_mpy, pid, n):
    """Every record and every replayed summary of seeds 0-999, hashed: the same bytes on both ports
    (written with sorted keys; json.dumps writes the values, ints, strings, None and bools, alike)."""
    code = _DIGEST + "print(json.dumps(digest(%r, %d, 1000)))\n" % (pid, n)
    assert run_mp_json(image_mpy, code, timeout=600) == [_digest(pid, n, 1000)]
