"""Where the project's parts live, found from the installed (editable) packages."""

import hashlib
import os

import cupcore
import cupfw

CORE = os.path.dirname(os.path.abspath(cupcore.__file__))
SHARED = os.path.dirname(CORE)
PACKS = os.path.join(SHARED, "packs")
SCENARIOS = os.path.join(SHARED, "scenarios")
SCHEMA = os.path.join(PACKS, "pack.schema.json")
FIRMWARE_PKG = os.path.dirname(os.path.abspath(cupfw.__file__))
FIRMWARE = os.path.dirname(FIRMWARE_PKG)
ROOT = os.path.dirname(SHARED)
HARDWARE = os.path.join(ROOT, "hardware")


def checked(path):
    """path, if its sha256 is the one its folder's SHA256SUMS gives it (the shipped UF2 and boot ROM);
    else RuntimeError: a damaged checkout must not boot something else quietly."""
    sums = os.path.join(os.path.dirname(path), "SHA256SUMS")
    with open(sums) as f:
        want = dict(reversed(line.split()) for line in f if line.strip())
    with open(path, "rb") as f:
        got = hashlib.sha256(f.read()).hexdigest()
    if want.get(os.path.basename(path)) != got:
        raise RuntimeError("%s is not the shipped file (sha256 %s, %s says %s): check out the project again"
                           % (path, got, sums, want.get(os.path.basename(path))))
    return path
