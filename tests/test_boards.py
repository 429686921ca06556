"""Board profiles, their schema, the driver table, the entry files, and the Wokwi diagram of the pico build."""

import ast
import csv
import json
import os

import pytest

from cupkit import paths
from cupkit.device import boards
from cupkit.cli import main as cli

WOKWI = os.path.join(paths.HARDWARE, "wokwi", "diagram.json")


@pytest.mark.parametrize("name", boards.names())
def test_every_profile_is_valid_and_its_drivers_known(name):
    p = boards.load(name)
    assert boards.check(p) == [] and p["name"] == name
    assert set(p["drivers"]) <= set(boards.DRIVERS)
    assert set(boards.entry_files(p)) == set(boards.ENTRY[p["family"]])


def test_the_required_families_are_covered():
    families = {boards.load(n)["family"] for n in boards.names()}
    assert {"micropython", "circuitpython", "blinka"} <= families
    assert {"pico", "rpi"} <= set(boards.names())


def test_check_names_the_problem():
    p = boards.load("pico")
    assert boards.check(dict(p, family="arduino"))[0].startswith("$.family:")
    assert any("$.buttons" in e and "'b' is a required" in e
               for e in boards.check(dict(p, buttons={k: v for k, v in p["buttons"].items() if k != "b"})))
    assert boards.check(dict(p, drivers=["ssd1306", "st7789"])) == [
        "$.drivers: unknown driver 'st7789' (known: %s)" % ", ".join(sorted(boards.DRIVERS))]
    assert boards.check(dict(p, buttons=dict(p["buttons"], a=10))) == ["$.buttons: pin 10 used twice"]
    assert boards.check(dict(p, leds=dict(p["leds"], order="GRBW")))[0].startswith("$.leds")


def test_load_file_reports_the_file(tmp_path):
    bad = tmp_path / "mine.json"
    bad.write_text('{"name": "mine"')
    with pytest.raises(ValueError, match="mine.json"):
        boards.load_file(str(bad))
    bad.write_text(json.dumps(dict(boards.load("rpi"), i2c={"sda": "SDA"})))
    with pytest.raises(ValueError, match=r"\$\.i2c: 'scl' is a required property"):
        boards.load_file(str(bad))


def test_entry_files_are_valid_python_for_their_family():
    for name in ("pico", "cpb"):
        for path, data in boards.entry_files(boards.load(name)).items():
            ast.parse(data.decode(), path)
            assert b"f\"" not in data and b"f'" not in data


def test_blinka_requirements_and_no_device_files():
    p = boards.load("rpi")
    assert boards.requirements(p)[0] == "adafruit-blinka"
    assert "adafruit-circuitpython-ssd1306" in boards.requirements(p)
    assert boards.driver_files(p) == {}


def test_cupkit_run_refuses_boards_it_cannot_run(capsys):
    assert cli(["run", "--board", "pico"]) == 2
    assert "cupkit flash --board pico" in capsys.readouterr().err
    assert cli(["run", "--board", "nope"]) == 2
    assert "unknown board 'nope'" in capsys.readouterr().err


def wokwi():
    with open(WOKWI) as f:
        d = json.load(f)
    parts = {p["id"]: p for p in d["parts"]}
    nets = {}
    for a, b, _colour, _route in d["connections"]:
        nets.setdefault(a, set()).add(b)
        nets.setdefault(b, set()).add(a)
    return parts, nets


def gp(nets, end):
    """The Pico pin number an end is wired to."""
    got = [int(n[7:]) for n in nets.get(end, ()) if n.startswith("pico:GP")]
    assert len(got) == 1, end
    return got[0]


def test_wokwi_diagram_matches_the_pico_profile():
    p = boards.load("pico")
    parts, nets = wokwi()
    assert parts["pico"]["type"] == "wokwi-pi-pico"
    for name, pin in p["buttons"].items():
        part = "btn_" + name
        assert parts[part]["type"] == "wokwi-pushbutton"
        assert gp(nets, part + ":1.r") == pin, name
        assert any(n.startswith("pico:GND") for n in nets[part + ":2.l"]), name  # to ground: pull-up wiring
    assert gp(nets, "oled:SDA") == p["i2c"]["sda"] and gp(nets, "oled:SCL") == p["i2c"]["scl"]
    assert int(parts["oled"]["attrs"].get("i2cAddress", "0x3c"), 16) == p["display"]["address"]
    assert gp(nets, "strip:DIN") == p["leds"]["pin"]
    assert int(parts["strip"]["attrs"]["pixels"]) == p["leds"]["count"]
    assert gp(nets, "piezo:2") == p["buzzer"]["pin"]
    used = [gp(nets, e) for e in nets if not e.startswith("pico:") and nets[e] & {"pico:GP%d" % i for i in range(30)}]
    assert len(used) == len(set(used)), "a Pico pin wired twice"


def test_bom_and_pin_map_name_the_profiles_parts():
    with open(os.path.join(paths.HARDWARE, "bom.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    assert rows and all(r["part_number"] and float(r["approx_usd"]) > 0 for r in rows)
    text = " ".join(r["item"] for r in rows).lower()
    for part in ("pico", "ssd1306", "ws2812", "button", "piezo", "lis3dh"):
        assert part in text, part
    with open(os.path.join(paths.HARDWARE, "pinmap.md")) as f:
        pinmap = f.read()
    p = boards.load("pico")
    for name, pin in p["buttons"].items():
        assert "| %s | GP%d |" % (name.upper() if len(name) == 1 else name, pin) in pinmap, name


def test_cupkit_boards_lists_and_checks(tmp_path, capsys):
    assert cli(["boards"]) == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in boards.names())
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(dict(boards.load("pico"), name="mine", buttons=dict(boards.load("pico")["buttons"], b=2))))
    assert cli(["boards", str(mine)]) == 0
    assert "ok (micropython board mine)" in capsys.readouterr().out
    mine.write_text(json.dumps(dict(boards.load("pico"), leds={"pin": 16, "count": 0, "order": "GRB"})))
    assert cli(["boards", str(mine)]) == 2
    assert "$.leds" in capsys.readouterr().err
