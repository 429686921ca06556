"""The host tool's offline commands: packs new / import-feed, and the vdev command's life cycle."""

import json
import os
import signal
import subprocess
import sys

from cupkit import feed, paths

from conftest import cupkit

FEED = {
    "version": "https://jsonfeed.org/version/1.1",
    "title": "Dice game rules",
    "items": [
        {"id": "1", "url": "https://rules.example/farkle", "title": "Farkle",
         "content_html": "<h2>Aim</h2><p>Be first to 10,000 points.</p><ul><li>Roll six dice; set aside "
                         "scoring dice &amp; roll the rest.</li><li>No scoring dice: you <b>farkle</b> "
                         "and lose the turn\u2019s points.</li></ul>"},
        {"id": "2", "url": "https://rules.example/ship", "title": "Ship, Captain & Crew",
         "content_text": "Roll five dice up to three times: a 6 (ship), then a 5 (captain), then a 4 "
                         "(crew).\n\nThe two other dice are the cargo; the highest cargo wins."},
        {"id": "3", "title": "Farkle", "summary": "A second Farkle item gets its own id."},
    ],
}


def test_packs_new_makes_a_valid_house_pack(tmp_path):
    r = cupkit("packs", "new", "fast-hog", "--from", "hog", "--set", "goal=40", "--name", "Fast Hog", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    with open(str(tmp_path / "packs" / "fast-hog.json")) as f:
        pack = json.load(f)
    assert (pack["id"], pack["name"], pack["engine"], pack["params"]["goal"]) == ("fast-hog", "Fast Hog", "pig", 40)
    assert cupkit("packs", "validate", "packs/fast-hog.json", cwd=str(tmp_path)).returncode == 0
    assert "fast-hog" in cupkit("packs", "list", cwd=str(tmp_path)).stdout
    for args, why in ((["fast-hog", "--from", "hog"], "already exists"),
                      (["x", "--from", "nope"], "unknown pack 'nope'"),
                      (["x", "--from", "pig", "--set", "dice=3"], "$.params.dice: 3 is not one of [1, 2]"),
                      (["x", "--from", "pig", "--set", "speed=3"], "PARAM one of bust, dice"),
                      (["Bad_Id", "--from", "pig"], "does not match")):
        r = cupkit("packs", "new", *args, cwd=str(tmp_path))
        assert r.returncode == 2 and why in r.stderr, (args, r.stderr)
    assert sorted(os.listdir(str(tmp_path / "packs"))) == ["fast-hog.json"]


def test_import_feed_makes_reference_packs_for_the_screen(tmp_path):
    (tmp_path / "rules.json").write_text(json.dumps(FEED))
    r = cupkit("packs", "import-feed", "rules.json", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    names = sorted(os.listdir(str(tmp_path / "packs")))
    assert names == ["farkle-2.json", "farkle.json", "ship-captain-crew.json"]
    for n in names:
        with open(str(tmp_path / "packs" / n)) as f:
            pack = json.load(f)
        assert "engine" not in pack
        assert all(len(line) <= feed.COLUMNS for line in pack["rules"].split("\n"))
        assert pack["rules"].isascii()
    with open(str(tmp_path / "packs" / "farkle.json")) as f:
        farkle = json.load(f)
    assert farkle["source"] == "https://rules.example/farkle"
    assert farkle["rules"].startswith("Aim\n\nBe first to 10,000\npoints.\n\n- Roll six dice; set")
    assert "turn's points" in farkle["rules"].replace("\n  ", " ")
    assert "(reference only)" in cupkit("packs", "list", cwd=str(tmp_path)).stdout
    (tmp_path / "bad.json").write_text(json.dumps({"items": []}))
    r = cupkit("packs", "import-feed", "bad.json", cwd=str(tmp_path))
    assert r.returncode == 2 and "not a JSON Feed" in r.stderr


def test_wrap_fits_21_columns():
    text = "Supercalifragilisticexpialidocious words get cut.\n- a list line that runs long\n\nNext"
    out = feed.wrap(text)
    assert all(len(line) <= 21 for line in out.split("\n"))
    assert out.split("\n\n")[1] == "Next" and "\n  runs long" in out


def test_vdev_command_serves_until_stopped(tmp_path):
    env = dict(os.environ, CUPKIT_VDEV_STATE=str(tmp_path / "vdev.json"))
    p = subprocess.Popen([sys.executable, "-m", "cupkit", "vdev", "--dir", "flash"], cwd=str(tmp_path), env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = p.stdout.readline()
        assert first.startswith("virtual device on /dev/"), first + p.stderr.read()
        port = first.split()[3].rstrip(",")
        with open(str(tmp_path / "vdev.json")) as f:
            assert json.load(f)["port"] == port
        # no --port: the running virtual device is found
        r = cupkit("flash", "--json", cwd=str(tmp_path), env={"CUPKIT_VDEV_STATE": env["CUPKIT_VDEV_STATE"]})
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["where"] == port
        assert os.path.isdir(str(tmp_path / "flash" / "lib" / "cupcore"))
        r = cupkit("devices", "--json", env={"CUPKIT_VDEV_STATE": env["CUPKIT_VDEV_STATE"]})
        row = [d for d in json.loads(r.stdout) if d["where"] == port][0]
        assert row["impl"] == "micropython"
    finally:
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=20)
        p.stdout.close()
        p.stderr.close()
    assert not os.path.exists(str(tmp_path / "vdev.json"))
    r = cupkit("flash", cwd=str(tmp_path), env={"CUPKIT_VDEV_STATE": env["CUPKIT_VDEV_STATE"]})
    assert r.returncode == 2 and "no device found" in r.stderr


def readme_walkthrough():
    """The command lines of the first sh block of the README's "Host tool" section."""
    with open(os.path.join(paths.ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("\n## Host tool"):]
    block = section[section.index("```sh\n") + 6:]
    return [line.split("  #")[0].strip() for line in block[:block.index("```")].splitlines() if line.strip()]


def test_readme_walkthrough_plays_a_house_rule_game_on_the_virtual_device(tmp_path):
    lines = readme_walkthrough()
    assert lines[0].endswith("&") and lines[-1] == "kill %1"
    env = dict(os.environ, CUPKIT_VDEV_STATE=str(tmp_path / "vdev.json"),
               PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    env.pop("CUPKIT_PORT", None)
    p = subprocess.Popen(["sh", "-c", "exec " + lines[0].rstrip("&").strip()], cwd=str(tmp_path), env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().startswith("virtual device on ")
        out = {}
        for line in lines[1:-1]:
            r = subprocess.run(["sh", "-c", line], cwd=str(tmp_path), env=env, capture_output=True, text=True,
                               timeout=300)
            assert r.returncode == 0, (line, r.stdout, r.stderr)
            out[line.split()[1] if line.startswith("cupkit") else line] = r.stdout
    finally:
        p.terminate()
        p.wait(timeout=20)
        p.stdout.close()
        p.stderr.close()
    assert "pulled 1 records (1 verified) and the statistics" in out["logs"]
    row = [l.split() for l in out["stats"].splitlines() if l.startswith("quick-pig")][0]
    assert row[-5:-3] == ["1", "1"] and int(row[-2]) >= 30  # one game, won, with 30 or more


def test_drive_finishes_a_cut_switch_and_refuses_when_full(tmp_path):
    from cupkit import flashing
    drive = tmp_path / "CIRCUITPY"
    (drive / ".cupkit" / "new" / "lib" / "cupcore").mkdir(parents=True)
    (drive / "lib" / "cupcore").mkdir(parents=True)
    (drive / "lib" / "cupcore" / "old.py").write_text("old = 1\n")
    (drive / "lib" / "cupcore" / "gone.py").write_text("gone = 1\n")
    (drive / ".cupkit" / "new" / "lib" / "cupcore" / "old.py").write_text("old = 2\n")
    # a power cut after the commit point: the switch list is there, nothing moved yet
    (drive / ".cupkit" / "switch").write_text("r .cupkit/new/lib/cupcore/old.py lib/cupcore/old.py\n"
                                              "d lib/cupcore/gone.py\n")
    target = flashing.DriveTarget(str(drive))
    info = target.probe()
    assert info["recovered"] == 1
    assert (drive / "lib" / "cupcore" / "old.py").read_text() == "old = 2\n"
    assert not (drive / "lib" / "cupcore" / "gone.py").exists() and not (drive / ".cupkit" / "switch").exists()
    info["free"] = 10 * 1024
    before = sorted(str(p) for p in drive.rglob("*"))
    try:
        flashing.install(target, info, {"lib/cupcore/big.mpy": bytes(64 * 1024)}, lambda p: False)
    except flashing.Failed as e:
        assert str(e).startswith("not enough space: need 68 KB, 10 KB free")
    else:
        raise AssertionError("a 64 KB file went onto a drive with 10 KB free")
    assert sorted(str(p) for p in drive.rglob("*")) == before


def test_mpy_version_is_checked_against_the_device():
    from cupkit import cmd_flash
    from cupkit.cli import Fail
    files = {"lib/cupcore/rng.mpy": b"M\x06\x00\x1f", "packs/pig.json": b"{}"}
    cmd_flash.check_mpy(files, {"mpy": 0x0B06, "version": "1.29.0"})
    try:
        cmd_flash.check_mpy(files, {"mpy": 0x0A05, "version": "1.19.1"})
    except Fail as e:
        assert "the device loads .mpy v5 but mpy-cross makes v6" in str(e) and "--no-mpy" in str(e)
    else:
        raise AssertionError("a v6 .mpy passed for a v5 device")
