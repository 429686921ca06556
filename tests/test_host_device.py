"""The host tool end to end against the virtual device: real mpremote, real MicroPython, a real pty.

flash, boot the flashed core, a second flash that writes nothing, flashes killed at
random points (the device still boots one complete version), sync refusing bad
packs, logs round-trip, `cupkit test` on the device, and the CIRCUITPY drive install.

Everything installs from a snapshot of the checkout taken when the module starts
(PYTHONPATH for the cupkit processes, cupkit.paths here), so edits made to the
working tree while the suite runs cannot change the firmware under a test's feet.
"""

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest

from cupcore import replay, selfplay

from cupkit import paths, tools
from cupkit.device import layout
from cupkit.device import vdev
from cupkit.device.transport import Device

from conftest import cupkit, read_until

RECORD = selfplay.play("pig", 3, 11)
BOOT = """import json
from cupcore import replay
print(json.dumps(replay.run(%s)))
"""


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("checkout"))
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for src, dest in ((paths.CORE, "shared/cupcore"), (paths.PACKS, "shared/packs"),
                      (paths.SCENARIOS, "shared/scenarios"), (paths.FIRMWARE, "firmware"),
                      (paths.HARDWARE, "hardware")):
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(root, dest), ignore=skip)
    return root


@pytest.fixture(autouse=True)
def frozen_checkout(snapshot, monkeypatch):
    shared, firmware = os.path.join(snapshot, "shared"), os.path.join(snapshot, "firmware")
    monkeypatch.setenv("PYTHONPATH", shared + os.pathsep + firmware)
    for name, value in (("CORE", os.path.join(shared, "cupcore")), ("SHARED", shared),
                        ("PACKS", os.path.join(shared, "packs")), ("SCENARIOS", os.path.join(shared, "scenarios")),
                        ("SCHEMA", os.path.join(shared, "packs", "pack.schema.json")),
                        ("FIRMWARE_PKG", os.path.join(firmware, "cupfw")), ("FIRMWARE", firmware),
                        ("ROOT", snapshot), ("HARDWARE", os.path.join(snapshot, "hardware"))):
        monkeypatch.setattr(paths, name, value)


def tree(root, under=("lib", "packs", "main.py", "board.json")):
    """{path: (size, mtime_ns)} of the device's installed files."""
    out = {}
    for top in under:
        full = os.path.join(root, top)
        if os.path.isfile(full):
            out[top] = os.stat(full)[6], os.stat(full).st_mtime_ns
        for base, _, names in os.walk(full):
            for n in names:
                p = os.path.join(base, n)
                out[os.path.relpath(p, root)] = os.stat(p).st_size, os.stat(p).st_mtime_ns
    return out


def firmware_set(root):
    """The installed core and firmware files with their bytes."""
    out = {}
    for top in ("lib/cupcore", "lib/cupfw"):
        for base, _, names in os.walk(os.path.join(root, top)):
            for n in names:
                p = os.path.join(base, n)
                with open(p, "rb") as f:
                    out[os.path.relpath(p, root).replace(os.sep, "/")] = f.read()
    return out


def boot(root):
    """Start a fresh MicroPython in the flash folder (like a board's boot: /lib on the path) and
    replay a record with the installed core; its summary."""
    with open(os.path.join(root, "_boot.py"), "w") as f:
        f.write(BOOT % json.dumps(RECORD))
    try:
        r = tools.run_micropython("_boot.py", root, timeout=60, path=os.path.join(root, "lib"))
    finally:
        os.remove(os.path.join(root, "_boot.py"))
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.fixture
def device(tmp_path, micropython):
    with vdev.VirtualDevice(str(tmp_path / "flash")) as dev:
        yield dev


def flash(dev, *extra, cwd=None):
    r = cupkit("flash", "--port", dev.port, "--json", *extra, cwd=cwd)
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def lib(mpy):
    """The core and firmware files a flash installs, as .mpy or as source."""
    return {p: d for p, d in layout.files(mpy=mpy).items() if p.startswith("lib/")}


def flash_twice(dev):
    """Flash source, then .mpy: (seconds the longer of the two took, the firmware it left). The rounds that
    follow alternate the two, and a source flash sends more: timed by the .mpy one alone, a kill meant to fall
    after a source flash's switch fell before it on a busy machine."""
    took = []
    for args in (("--no-mpy",), ()):
        t0 = time.monotonic()
        flash(dev, *args)
        took.append(time.monotonic() - t0)
    return max(took), firmware_set(dev.dir)


def test_flash_boots_and_second_flash_writes_nothing(device):
    first = flash(device)
    want = layout.files(mpy=True)
    assert first["sent"] == first["switched"] == len(want) and first["deleted"] == 0
    assert firmware_set(device.dir) == {p: d for p, d in want.items() if p.startswith("lib/")}
    assert not os.path.exists(os.path.join(device.dir, ".cupkit", "new"))
    assert boot(device.dir) == replay.run(RECORD)
    assert device.boots == 2  # restarted so the new firmware runs (the unix port ends and starts again)
    before = tree(device.dir)
    second = flash(device)
    assert (second["sent"], second["switched"], second["deleted"]) == (0, 0, 0)
    assert tree(device.dir) == before and device.boots == 2
    # source instead of .mpy: the .mpy files go, nothing of them is left to shadow or mix
    third = flash(device, "--no-mpy")
    assert third["deleted"] == len([p for p in want if p.endswith(".mpy")])
    assert all(p.endswith(".py") or p.endswith(".bin") for p in firmware_set(device.dir))  # .bin: the core's data
    assert boot(device.dir) == replay.run(RECORD)


def test_flash_leaves_data_alone(device):
    os.makedirs(os.path.join(device.dir, "data", "log"))
    with open(os.path.join(device.dir, "data", "stats.json"), "wb") as f:
        f.write(b"precious")
    with open(os.path.join(device.dir, "data", "lib"), "wb") as f:
        f.write(b"also precious")
    flash(device)
    flash(device, "--no-mpy")
    with open(os.path.join(device.dir, "data", "stats.json"), "rb") as f:
        assert f.read() == b"precious"
    assert sorted(os.listdir(os.path.join(device.dir, "data"))) == ["lib", "log", "stats.json"]


def test_flash_killed_at_random_points_boots_one_version(device):
    """Alternate .mpy and source flashes, each killed after a random delay: after every kill the
    device holds exactly the old or the new firmware (never a mix) and boots it; the next flash
    finishes the job."""
    full, old = flash_twice(device)
    rng = random.Random(8)
    # random points from early in the run to around its end, and one early and one late for sure
    delays = [rng.uniform(0.2, 1.3) for _ in range(6)] + [0.05, 3.0]
    rng.shuffle(delays)
    outcomes = set()
    for round_, delay in enumerate(delays):
        mpy = round_ % 2 == 1
        new = lib(mpy)
        cmd = [sys.executable, "-m", "cupkit", "flash", "--port", device.port] + ([] if mpy else ["--no-mpy"])
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(delay * full)
        p.kill()
        p.wait(timeout=30)
        time.sleep(0.3)  # a switch the device had begun finishes on its own
        got = firmware_set(device.dir)
        assert got in (old, new), "round %d: a mix of versions" % round_
        outcomes.add(got != old)
        assert boot(device.dir) == replay.run(RECORD)
        res = flash(device, *([] if mpy else ["--no-mpy"]))  # the device answers again and the flash completes
        old = firmware_set(device.dir)
        assert old == new, res
    assert outcomes == {True, False}, "the kills all fell on the same side of the switch"


def test_sync_refuses_bad_packs_and_sends_nothing(device, tmp_path):
    flash(device)
    work = tmp_path / "laptop"
    (work / "packs").mkdir(parents=True)
    r = cupkit("packs", "new", "quick-pig", "--from", "pig", "--set", "goal=50", cwd=str(work))
    assert r.returncode == 0, r.stderr
    (work / "packs" / "broken.json").write_text(json.dumps(
        {"id": "broken", "name": "Broken", "engine": "pig", "version": 1, "players": {"min": 2, "max": 8},
         "params": {"goal": 0, "dice": 1, "bust": "one", "doubles": 1, "max_dice": 0}, "rules": "x"}))
    before = tree(device.dir, ("packs",))
    r = cupkit("sync", "--port", device.port, cwd=str(work))
    assert r.returncode == 2
    assert "nothing sent" in r.stderr and "broken.json: $.params.goal: 0 is less than the minimum of 1" in r.stderr
    assert tree(device.dir, ("packs",)) == before
    os.remove(str(work / "packs" / "broken.json"))
    with open(os.path.join(device.dir, "packs", "gone.json"), "w") as f:
        f.write("{}")
    r = cupkit("sync", "--port", device.port, "--json", cwd=str(work))
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert (res["sent"], res["deleted"]) == (1, 0)
    with open(os.path.join(device.dir, "packs", "quick-pig.json"), "rb") as f, \
            open(str(work / "packs" / "quick-pig.json"), "rb") as g:
        assert f.read() == g.read()
    r = cupkit("sync", "--port", device.port, "--prune", "--json", cwd=str(work))
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert (res["sent"], res["deleted"]) == (0, 1)
    assert not os.path.exists(os.path.join(device.dir, "packs", "gone.json"))
    # a reference-only pack never replaces a game the device has (here a house pack from another laptop)
    (work / "packs" / "quick-pig.json").write_text(json.dumps(
        {"id": "quick-pig", "name": "Quick Pig", "version": 1, "rules": "Only text."}))
    before = tree(device.dir, ("packs",))
    r = cupkit("sync", "--port", device.port, cwd=str(work))
    assert r.returncode == 2 and "nothing sent — on the device packs/quick-pig.json holds a game" in r.stderr, r.stderr
    assert tree(device.dir, ("packs",)) == before


def test_logs_round_trip_and_stats(device, tmp_path):
    """Games recorded on the device through the firmware's store come back verified, stats as a table."""
    flash(device)
    work = tmp_path / "laptop"
    (work / "packs").mkdir(parents=True)
    assert cupkit("packs", "new", "quick-pig", "--from", "pig", "--set", "goal=30", cwd=str(work)).returncode == 0
    assert cupkit("sync", "--port", device.port, cwd=str(work)).returncode == 0
    with Device(device.port) as dev:
        out = dev.json(
            "import json\nfrom cupcore import selfplay\nfrom cupfw import store\ns=store.Store('data')\nR=[]\n"
            "for i in range(3):\n r=selfplay.play(('quick-pig','hog','quick-pig')[i],2,i);s.add_log(r);R.append(r)\n"
            "s.write('stats.json',{'quick-pig':{'games':2,'wins':1,'best':31},'hog':{'games':1,'wins':0,'best':12}})\n"
            "print(json.dumps(R))")
    # a damaged file on the device is reported and skipped, never fatal
    with open(os.path.join(device.dir, "data", "log", "00009.json"), "wb") as f:
        f.write(b"cup1 00000000\n{}")
    r = cupkit("logs", "pull", "--port", device.port, cwd=str(work))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "data/log/00009.json: damaged on the device (checksum mismatch), skipped" in r.stdout
    assert "pulled 3 records (3 verified) and the statistics" in r.stdout
    for i, rec in enumerate(out):
        with open(str(work / "logs" / "log" / ("%05d.json" % (i + 1)))) as f:
            assert json.load(f) == rec
    # the house pack came along, so the records replay on a laptop that never had it
    os.remove(str(work / "packs" / "quick-pig.json"))
    r = cupkit("stats", "--json", cwd=str(work))
    rows = {row["pack"]: row for row in json.loads(r.stdout)}
    assert rows["quick-pig"] == {"pack": "quick-pig", "name": "Quick Pig", "games": 2, "wins": 1, "best": 31, "logs": 2}
    assert rows["hog"]["logs"] == 1
    r = cupkit("stats", cwd=str(work))
    assert r.stdout.splitlines()[0].split() == ["PACK", "NAME", "GAMES", "WINS", "WIN", "%", "BEST", "LOGS"]
    assert "quick-pig" in r.stdout and "50" in r.stdout
    r = cupkit("logs", "pull", "--port", device.port, "--out", "again", cwd=str(work))
    assert "3 verified" in r.stdout
    from cupfw import store
    with open(os.path.join(device.dir, "data", "log", "00010.json"), "wb") as f:
        f.write(store.encode({"pack": "hog", "players": 2, "seed": 1, "actions": ["hold"]}))
    r = cupkit("logs", "pull", "--port", device.port, cwd=str(work))
    assert r.returncode == 2 and "00010.json: does not replay: action 1 (hold)" in r.stdout
    assert "1 records do not replay" in r.stderr


def test_scenarios_run_on_the_device(device):
    flash(device)
    r = cupkit("test", "--port", device.port, "--no-unix")
    lines = [l for l in r.stdout.splitlines() if "scenarios hold" in l]
    assert [l.split()[0] for l in lines] == ["CPython", "device"]
    assert lines[0].split()[1] == lines[1].split()[-3]  # the same count holds on both


def test_errors_say_what_to_do(device, tmp_path):
    r = cupkit("flash", "--port", str(tmp_path / "ttyNONE"))
    assert r.returncode == 2 and "no device at" in r.stderr and "cupkit devices" in r.stderr
    import serial
    with serial.Serial(device.port, exclusive=True):
        r = cupkit("flash", "--port", device.port)
    assert r.returncode == 2 and "device busy" in r.stderr


def test_circuitpython_drive_install(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    (drive / "lib").mkdir(parents=True)
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.0.5 on 2024-05-22; Adafruit Feather RP2040 with rp2040\n")
    (drive / "lib" / "adafruit_thing.py").write_text("# a user's library: not ours to touch\n")
    (drive / "lib" / "cupcore").mkdir()
    (drive / "lib" / "cupcore" / "stale.py").write_text("# left from an old firmware\n")
    r = cupkit("flash", "--drive", str(drive), "--json")
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    want = layout.files(mpy=False, family="circuitpython")  # no profile yet: a drive is CircuitPython's
    assert res["sent"] == len(want) and res["deleted"] == 1
    assert firmware_set(str(drive)) == {p: d for p, d in want.items() if p.startswith("lib/")}
    assert (drive / "lib" / "adafruit_thing.py").exists() and not (drive / ".cupkit" / "new").exists()
    before = tree(str(drive))
    r = cupkit("flash", "--drive", str(drive), "--json")
    assert json.loads(r.stdout)["sent"] == 0 and tree(str(drive)) == before
    r = cupkit("devices", "--json")
    assert r.returncode == 0
    from cupkit.commands import devices as cmd_devices
    assert cmd_devices.boot_out(str(drive)) == {"impl": "circuitpython", "version": "9.0.5",
                                                "machine": "Adafruit Feather RP2040 with rp2040"}


def test_bench_flash_reports_both_ratios(micropython):
    from cupkit.bench import flash as bench_flash
    r = bench_flash.measure()
    assert r["second_wrote"] == 0 and r["files"] == len(layout.files(mpy=True))
    assert r["second_ratio"] > 0 and r["vs_mpremote"] > 0


def test_monitor_is_the_serial_console(device):
    """In a terminal: the device's REPL answers through it, Ctrl-] leaves."""
    import pty
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, "-m", "cupkit", "monitor", "--port", device.port])

    try:
        assert b"Ctrl-] to leave" in read_until(fd, b"Ctrl-] to leave", 15)
        os.write(fd, b"\r")
        assert b">>> " in read_until(fd, b">>> ", 15)
        os.write(fd, b"print(6*7)\r")
        assert b"\n42" in read_until(fd, b"\n42", 15)
        os.write(fd, b"\x1d")
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)


def test_flash_fits_a_small_heap(tmp_path, micropython):
    """The device's side of a flash (probe, writes of about 4 KB per command, switch) runs in a small
    heap: a first flash, one with nothing changed, and one that replaces every file, each from a freshly
    started interpreter (28 KB measured for the last; 32 KB here)."""
    with vdev.VirtualDevice(str(tmp_path / "small"), heap_kb=32) as dev:
        assert flash(dev)["sent"] == len(layout.files(mpy=True))
        assert boot(dev.dir) == replay.run(RECORD)
    with vdev.VirtualDevice(str(tmp_path / "small"), heap_kb=32) as dev:
        assert flash(dev)["sent"] == 0
        assert flash(dev, "--no-mpy")["sent"] == len([p for p in lib(False) if p.endswith(".py")])  # (.bin: as it was)
        assert boot(dev.dir) == replay.run(RECORD)


def test_power_cut_during_flash_is_finished_by_the_next_flash(device):
    """The device itself dies at random points of a flash (the virtual device starts a new one, like
    power coming back): the host says it lost the device; the flash folder holds one complete version,
    or a committed switch list that the next flash finishes first; that flash completes."""
    full, old = flash_twice(device)
    rng = random.Random(5)
    for round_ in range(6):
        mpy = round_ % 2 == 1
        new = lib(mpy)
        cmd = [sys.executable, "-m", "cupkit", "flash", "--port", device.port] + ([] if mpy else ["--no-mpy"])
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            time.sleep(rng.uniform(0.2, 1.2) * full)
            device.proc.kill()
            out, err = p.communicate(timeout=60)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        assert p.returncode == 0 or "lost the device" in err, err
        got = firmware_set(device.dir)
        pending = os.path.exists(os.path.join(device.dir, ".cupkit", "switch"))
        assert pending or got in (old, new), "round %d: a mix of versions and no switch list" % round_
        if not pending:
            assert boot(device.dir) == replay.run(RECORD)
        r = cupkit("flash", "--port", device.port, "--json", *([] if mpy else ["--no-mpy"]))
        assert r.returncode == 0, r.stderr
        assert ("finished an interrupted install" in r.stderr) == pending
        old = firmware_set(device.dir)
        assert old == new


def test_a_device_that_restarted_between_commands_is_lost_not_waited_for(device):
    """The device restarts (a power cut) between two commands of a session: the next command meets
    a fresh interpreter in its friendly REPL and reports the device lost instead of waiting forever."""
    code = ("import sys\nfrom cupkit.device.transport import Device\nwith Device(%r) as d:\n print('ready', flush=True)\n"
            " sys.stdin.readline()\n d.run('print(1)')" % device.port)
    p = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline() == "ready\n"
        device.proc.kill()
        while device.boots < 2:
            time.sleep(0.05)
        time.sleep(0.5)  # the new interpreter shows its banner and prompt
        _, err = p.communicate("go\n", timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode != 0 and "lost the device" in err and "restarted in the middle of a command" in err, err


def test_connecting_while_the_device_restarts_waits_for_the_new_program(device):
    """Power comes back while a command connects: its Ctrl-C and Ctrl-A went to the program that
    died, so it enters the raw REPL again once the new one shows its banner."""
    for _ in range(3):
        device.proc.kill()
        with Device(device.port, patience=30) as dev:
            assert dev.run("print(6*7)").strip() == b"42"


def test_the_virtual_device_keeps_no_repl_history(tmp_path, monkeypatch):
    """The unix port loads $HOME/.micropython.history into its heap at every start (a board has no
    such file): the virtual device gives each interpreter an empty home, so a user's history can
    neither change its memory nor be written by it."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".micropython.history").write_text("x = 1\n" * 2000)
    monkeypatch.setenv("HOME", str(home))
    # 28 KB: what a flash needs (flashing.BATCH); the history's 2,000 lines would not fit beside it
    with vdev.VirtualDevice(str(tmp_path / "small"), heap_kb=28) as dev:
        assert flash(dev)["sent"] == len(layout.files(mpy=True))
        with open(os.path.join(dev._home, ".micropython.history"), "w") as f:
            f.write("y = 2\n" * 2000)  # a history the next interpreter must not load
        dev.proc.kill()
        assert cupkit("flash", "--port", dev.port, "--json").returncode == 0
    assert (home / ".micropython.history").read_text() == "x = 1\n" * 2000
