"""The suite needs no network and writes nothing outside temporary folders: the pico's display
driver comes with the project, and the session has a home of its own (conftest)."""

import os
import subprocess
import sys
import tempfile

from cupkit import paths
from cupkit.device import boards


def test_the_pico_display_driver_comes_with_the_project(tmp_path):
    cache = tmp_path / "cache"
    files = boards.driver_files(boards.load("pico"), cache=str(cache))
    with open(os.path.join(paths.FIRMWARE, "drivers", "ssd1306.py"), "rb") as f:
        assert files == {"lib/ssd1306.py": f.read()}
    assert not cache.exists()  # nothing fetched, nothing cached
    compiled = boards.driver_files(boards.load("pico"), mpy=True, cache=str(cache))
    assert list(compiled) == ["lib/ssd1306.mpy"] and compiled["lib/ssd1306.mpy"][:1] == b"M"
    with open(os.path.join(paths.FIRMWARE, "drivers", "LICENSE"), encoding="utf-8") as f:
        licence = f.read()
    assert "micropython-ssd1306 0.3" in licence and licence.count("Permission is hereby granted") == 2


def test_the_session_has_a_temporary_home():
    home = os.environ["HOME"]
    assert os.path.realpath(home).startswith(os.path.realpath(tempfile.gettempdir()) + os.sep)
    for var in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "CUPKIT_CACHE", "CUPKIT_VDEV_STATE"):
        assert os.environ[var].startswith(home + os.sep), var
    assert "CUPKIT_PORT" not in os.environ and os.environ["CUPKIT_NODE_CACHE"]
    assert boards.cache_dir() == os.path.join(home, ".cache", "cupkit", "drivers")
    r = subprocess.run([sys.executable, "-c", "import os; print(os.path.expanduser('~'))"], capture_output=True,
                       text=True)
    assert r.stdout.strip() == home  # and so does every process a test starts
