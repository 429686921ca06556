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
    assert pack["rules"].startswith("House rules: goal 40.\n\n")  # the copied text speaks of the old goal
    assert cupkit("packs", "validate", "packs/fast-hog.json", cwd=str(tmp_path)).returncode == 0
    assert "fast-hog" in cupkit("packs", "list", cwd=str(tmp_path)).stdout
    for args, why in ((["fast-hog", "--from", "hog"], "already exists: pick another id, edit that file, or --replace it"),
                      (["pig", "--from", "pig"], "pig is a built-in pack: pick another id"),
                      (["pig", "--from", "pig", "--replace"], "pig is a built-in pack: pick another id"),
                      (["x", "--from", "nope"], "unknown pack 'nope'"),
                      (["x", "--from", "pig", "--set", "dice=3"], "$.params.dice: 3 is not one of [1, 2]"),
                      (["x", "--from", "pig", "--set", "speed=3"], "PARAM one of bust, dice"),
                      (["x", "--from", "pig", "--name", "N" * 41], "at most 40 characters"),
                      (["Bad_Id", "--from", "pig"], "does not match")):
        r = cupkit("packs", "new", *args, cwd=str(tmp_path))
        assert r.returncode == 2 and why in r.stderr, (args, r.stderr)
    assert sorted(os.listdir(str(tmp_path / "packs"))) == ["fast-hog.json"]
    r = cupkit("packs", "new", "fast-hog", "--from", "big-pig", "--set", "goal=60", "--set", "bust=\"double-one\"",
               "--replace", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    with open(str(tmp_path / "packs" / "fast-hog.json")) as f:
        pack = json.load(f)
    assert pack["name"] == "Fast Hog" and pack["rules"].startswith("House rules: goal 60,\nbust double-one.\n\n")


def test_tables_fit_their_longest_cell(tmp_path):
    assert cupkit("packs", "new", "lamarckian-pig", "--from", "pig", cwd=str(tmp_path)).returncode == 0
    assert cupkit("packs", "new", "sixteen-char-pig", "--from", "pig", cwd=str(tmp_path)).returncode == 0
    lines = cupkit("packs", "list", cwd=str(tmp_path)).stdout.splitlines()
    assert len({line.index(line.split()[1], len(line.split()[0])) for line in lines}) == 1, lines  # ENGINE
    from cupkit import table
    assert table.lines(("A", "BB", "N"), [("firmware", "all", 60), ("pig", "pig", 123)], right=(2,)) == [
        "A         BB     N", "firmware  all   60", "pig       pig  123"]


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


def test_import_feed_never_hides_a_game(tmp_path):
    """A feed item whose id a pack with a game already has (built in, or a local house pack) gets its
    own id, and says so; the games stay playable and sync has nothing to refuse."""
    assert cupkit("packs", "new", "farkle", "--from", "pig", cwd=str(tmp_path)).returncode == 0
    doc = dict(FEED, items=FEED["items"][:1] + [{"id": "9", "title": "Scoundrel", "content_text": "Dungeon text."}])
    (tmp_path / "rules.json").write_text(json.dumps(doc))
    r = cupkit("packs", "import-feed", "rules.json", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "wrote packs/scoundrel-rules.json: Scoundrel rules (reference only" in r.stdout
    assert "scoundrel is a pack with a game: its rules text went to scoundrel-rules instead" in r.stdout
    assert "farkle is a pack with a game: its rules text went to farkle-rules instead" in r.stdout
    assert sorted(os.listdir(str(tmp_path / "packs"))) == ["farkle-rules.json", "farkle.json", "scoundrel-rules.json"]
    with open(str(tmp_path / "packs" / "farkle.json")) as f:
        assert json.load(f)["engine"] == "pig"
    rows = {line.split()[0]: line.split()[1] for line in cupkit("packs", "list", cwd=str(tmp_path)).stdout.splitlines()}
    assert (rows["scoundrel"], rows["farkle"], rows["scoundrel-rules"]) == ("scoundrel", "pig", "-")
    r = cupkit("sync", "--port", str(tmp_path / "ttyNONE"), cwd=str(tmp_path))
    assert "nothing sent" not in r.stderr and "no device at" in r.stderr


def test_sync_refuses_a_reference_pack_over_a_game(tmp_path):
    """A reference-only packs/scoundrel.json (as import-feed once wrote) would replace the playable
    built-in Scoundrel on the device: sync refuses before it looks for a device."""
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "scoundrel.json").write_text(json.dumps(
        {"id": "scoundrel", "name": "Scoundrel", "version": 1, "rules": "Dungeon text."}))
    r = cupkit("sync", "--port", str(tmp_path / "ttyNONE"), cwd=str(tmp_path))
    assert r.returncode == 2 and "nothing sent" in r.stderr, r.stderr
    assert "packs/scoundrel.json: reference-only, it would replace the playable" in r.stderr


def test_import_feed_html_becomes_plain_screen_text(tmp_path):
    """Heading anchors, pictures and styles are left out; a table row is one "cell | cell" line."""
    body = ('<h2 id="setup">Setup: <a class="direct-link" href="#setup" aria-hidden="true">#</a></h2>\n'
            "<p>Deal five.</p>\n<svg viewBox=\"0 0 9 9\"><style>.st0{fill:#7f7f7f}</style><text>ROOM</text></svg>\n"
            '<img src="x.svg" alt="Move 1" />\n<table>\n<thead>\n<tr>\n<th>Level</th>\n<th>Columns</th>\n</tr>\n'
            "</thead>\n<tbody>\n<tr>\n<td>novice</td>\n<td>12 columns</td>\n</tr>\n<tr>\n<td>legendary</td>\n"
            "<td>9 columns, with a long note</td>\n</tr>\n</tbody>\n</table>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"
            "<dl><dt>Spinner</dt><dd>the first double</dd></dl>")
    rules = feed.wrap(feed.html_text(body))
    assert rules == ("Setup:\n\nDeal five.\n\nLevel | Columns\nnovice | 12 columns\nlegendary | 9\n"
                     "  columns, with a\n  long note\n\n- one\n- two\n\nSpinner\nthe first double")
    assert rules.isascii() and all(len(line) <= feed.COLUMNS for line in rules.split("\n"))


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
        assert (row["impl"], row["cupkit"], row["board"]) == ("micropython", True, None)
        r = cupkit("devices", env={"CUPKIT_VDEV_STATE": env["CUPKIT_VDEV_STATE"]})
        assert "cupkit installed, no board profile" in [l for l in r.stdout.splitlines() if l.startswith(port)][0]
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
    # one game, won (by one of the seats, once the device keeps wins per seat), with 30 or more
    assert row[-5] == "1" and sum(int(n) for n in row[-4].split("/")) == 1 and int(row[-2]) >= 30


def test_drive_finishes_a_cut_switch_and_refuses_when_full(tmp_path):
    from cupkit.device import flashing
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
    from cupkit.commands import flash as cmd_flash
    from cupkit.cli import Fail
    files = {"lib/cupcore/rng.mpy": b"M\x06\x00\x1f", "packs/pig.json": b"{}"}
    cmd_flash.check_mpy(files, {"mpy": 0x0B06, "version": "1.29.0"})
    try:
        cmd_flash.check_mpy(files, {"mpy": 0x0A05, "version": "1.19.1"})
    except Fail as e:
        assert "the device loads .mpy v5 but mpy-cross makes v6" in str(e) and "--no-mpy" in str(e)
    else:
        raise AssertionError("a v6 .mpy passed for a v5 device")


def test_devices_says_what_a_flash_installed():
    from cupkit.commands import devices as cmd_devices
    board = {"impl": "micropython", "machine": "Raspberry Pi Pico with RP2040"}
    assert cmd_devices.state(dict(board, cupkit=True, board="pico")) == "cupkit installed, board pico"
    assert cmd_devices.state(dict(board, cupkit=True, board=None)) == \
        "cupkit installed, no board profile (so no entry file: `cupkit flash --board NAME` adds one)"
    assert cmd_devices.state(dict(board, machine="linux [GCC 14.2.1] version", cupkit=True, board=None)) == \
        "cupkit installed, no board profile"
    assert cmd_devices.state(dict(board, cupkit=False, board=None)) == "cupkit not installed (`cupkit flash` installs it)"


def test_cupkit_test_finds_the_device_by_itself(tmp_path, micropython):
    """Like every command, `cupkit test` runs on the device it finds (here the advertised virtual
    device); with none found it says so and tests the host."""
    from cupkit.device import vdev
    r = cupkit("test", "--no-unix", env={"CUPKIT_VDEV_STATE": str(tmp_path / "none.json")})
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[-1].split()[:3] == ["device", "none", "found:"]
    with vdev.VirtualDevice(str(tmp_path / "flash")) as dev:
        dev.advertise()
        assert cupkit("flash", "--json").returncode == 0
        r = cupkit("test", "--no-unix")
        assert r.returncode == 0, r.stdout + r.stderr
        host, device = [line.split() for line in r.stdout.splitlines()]
        assert device[:2] == ["device", dev.port] and device[2] == host[1]  # every scenario holds on both
        r = cupkit("test", "--no-unix", "--no-device")
        assert [line.split()[0] for line in r.stdout.splitlines()] == ["CPython"]


def test_run_says_when_this_is_no_raspberry_pi(tmp_path):
    import pytest
    from adafruit_platformdetect import Detector
    if Detector().board.any_raspberry_pi:
        pytest.skip("this test machine is a Raspberry Pi")
    r = cupkit("run", "--board", "rpi", "--data", str(tmp_path / "data"), "--seconds", "0.1")
    assert r.returncode == 2 and "this is not a Raspberry Pi (Blinka sees " in r.stderr, r.stderr
    assert "no pin" not in r.stderr and not (tmp_path / "data").exists()
