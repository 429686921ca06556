"""The flash benchmark: two ratios measured in one run against virtual devices.

- second / first: a second `cupkit flash` with nothing changed (which must write no
  file) against the first flash of an empty device;
- cupkit / mpremote: that first flash against plain `mpremote fs cp -r` of the
  same files onto another empty virtual device.

Both tools run in this process (mpremote through its own command-line entry), so
neither ratio counts interpreter start-up. Each time is the best of ROUNDS runs.
"""

import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import time

from cupkit import cli
from cupkit.device import layout
from cupkit.device import vdev

ROUNDS = 3
SETTLE = 0.3  # seconds a new virtual device gets to boot before either tool is timed, like a board plugged in


def _tree(root):
    """{relative path: (size, mtime_ns)} of every file under root."""
    out = {}
    for base, _, names in os.walk(root):
        for n in names:
            full = os.path.join(base, n)
            st = os.stat(full)
            out[os.path.relpath(full, root)] = (st.st_size, st.st_mtime_ns)
    return out


def _cupkit_flash(port):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli.main(["flash", "--port", port, "--json"])
    if status:
        raise RuntimeError("cupkit flash failed (%s)" % status)
    return json.loads(out.getvalue().strip().splitlines()[-1])


def _mpremote_cp(port, src):
    from mpremote import main as mpremote_main
    argv, cwd = sys.argv, os.getcwd()
    sys.argv = ["mpremote", "connect", port, "resume", "fs", "cp", "-r", "lib", "packs", ":./"]
    os.chdir(src)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            status = mpremote_main.main()
    finally:
        sys.argv = argv
        os.chdir(cwd)
    if status:
        raise RuntimeError("mpremote fs cp failed (%s)" % status)


def _timed(fn, *a):
    t0 = time.perf_counter()
    res = fn(*a)
    return time.perf_counter() - t0, res


def measure():
    """{"first_s", "second_s", "mpremote_s", "second_ratio", "vs_mpremote", "second_wrote", "files", "kb"}."""
    cli.parser()  # import every command module before timing
    files = layout.files(mpy=True)
    firsts, seconds, mpremotes, wrote = [], [], [], 0
    with tempfile.TemporaryDirectory(prefix="cupkit-bench-flash-") as tmp:
        src = layout.write(os.path.join(tmp, "src"), files)
        for r in range(ROUNDS):
            a, b = os.path.join(tmp, "a%d" % r), os.path.join(tmp, "b%d" % r)
            with vdev.VirtualDevice(a) as dev:
                time.sleep(SETTLE)
                t, _ = _timed(_cupkit_flash, dev.port)
                firsts.append(t)
                before = _tree(a)
                t, res = _timed(_cupkit_flash, dev.port)
                seconds.append(t)
                wrote += res["sent"] + res["switched"] + res["deleted"] + (before != _tree(a))
            with vdev.VirtualDevice(b) as dev:
                time.sleep(SETTLE)
                t, _ = _timed(_mpremote_cp, dev.port, src)
                mpremotes.append(t)
            shutil.rmtree(a)
            shutil.rmtree(b)
    first, second, mp = min(firsts), min(seconds), min(mpremotes)
    return {"first_s": round(first, 4), "second_s": round(second, 4), "mpremote_s": round(mp, 4),
            "second_ratio": round(second / first, 3), "vs_mpremote": round(first / mp, 3),
            "second_wrote": wrote, "files": len(files), "kb": (sum(map(len, files.values())) + 1023) // 1024}
