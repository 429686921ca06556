"""A flash cut short by power loss in its last step is finished at the next boot.

The flash folder is left mid-switch: one file already renamed into place, one
still staged, a new folder to create, a delete pending. Booting main.py (on the
unix port) or code.py (on CPython through Blinka) must finish the journal with
firmware/switch.py (installed at the root with them) before anything else, so
the board runs the whole new version.
"""

import json
import os
import shutil

from cupkit import paths

from conftest import run_mp
from test_hal_circuit import hw, run_entry  # noqa: F401  (hw is a fixture)

JOURNAL = "".join([
    "r .cupkit/new/lib/cupcore/a.py lib/cupcore/a.py\n",
    "r .cupkit/new/lib/cupcore/b.py lib/cupcore/b.py\n",
    "r .cupkit/new/lib/cupfw/extra/c.py lib/cupfw/extra/c.py\n",
    "d packs/gone.json\n",
])
FILES = ["lib/cupcore/a.py", "lib/cupcore/b.py", "lib/cupfw/extra/c.py", "packs/gone.json", ".cupkit/switch"]


def cut_short(root):
    """The state a power cut leaves after the first rename of the switch."""
    os.makedirs(root, exist_ok=True)
    shutil.copy(os.path.join(paths.FIRMWARE, "switch.py"), root)
    for path, text in {
        "lib/cupcore/a.py": "new a",        # already switched in
        "lib/cupcore/b.py": "old b",
        ".cupkit/new/lib/cupcore/b.py": "new b",
        ".cupkit/new/lib/cupfw/extra/c.py": "new c",
        "packs/gone.json": "{}",
        ".cupkit/switch": JOURNAL,
    }.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)


def contents(root):
    out = {}
    for path in FILES:
        full = os.path.join(root, path)
        out[path] = open(full).read() if os.path.exists(full) else None
    return out


WANT = {"lib/cupcore/a.py": "new a", "lib/cupcore/b.py": "new b", "lib/cupfw/extra/c.py": "new c",
        "packs/gone.json": None, ".cupkit/switch": None}

MAIN = r'''
import sys, json
class Stop(Exception):
    pass
class Pin:
    OUT = 1
    IN = 0
    PULL_UP = 1
    PULL_DOWN = 2
    def __init__(self, *a, **k):
        pass
    def value(self, v=None):
        return 1
class machine:
    Pin = Pin
class time:
    def sleep_ms(ms):
        if ms == 1500:
            raise Stop()
sys.modules["machine"] = machine
sys.modules["time"] = time
try:
    exec(open(%r).read(), {"__name__": "__main__"})
except Stop:
    print(json.dumps("blinked"))
'''


def test_main_py_finishes_the_switch_on_the_unix_port(tmp_path):
    flash = str(tmp_path / "flash")
    cut_short(flash)
    out = run_mp(flash, MAIN % os.path.join(paths.FIRMWARE, "main.py"))
    assert json.loads(out.splitlines()[-1]) == "blinked"  # then no board.json: blink code 3
    assert contents(flash) == WANT


def test_main_py_twice_is_harmless(tmp_path):
    flash = str(tmp_path / "flash")
    cut_short(flash)
    run_mp(flash, MAIN % os.path.join(paths.FIRMWARE, "main.py"))
    shutil.copytree(flash, str(tmp_path / "again"))
    with open(os.path.join(str(tmp_path / "again"), ".cupkit", "switch"), "w") as f:
        f.write(JOURNAL)  # a second power cut before the journal was removed
    run_mp(str(tmp_path / "again"), MAIN % os.path.join(paths.FIRMWARE, "main.py"))
    assert contents(str(tmp_path / "again")) == WANT


def test_code_py_finishes_the_switch(hw, monkeypatch, tmp_path):  # noqa: F811
    from cupfw.hal import circuit
    monkeypatch.setattr(circuit.board, "LED", circuit.board.Dx_OUTPUT, raising=False)
    cut_short(str(tmp_path))
    monkeypatch.syspath_prepend(str(tmp_path))  # CircuitPython imports from the drive's root
    monkeypatch.delitem(__import__("sys").modules, "switch", raising=False)
    end, on, calls, _ = run_entry("code.py", monkeypatch, tmp_path, None)
    assert end == "blinked"
    assert contents(str(tmp_path)) == WANT
