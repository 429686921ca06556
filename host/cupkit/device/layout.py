"""The device filesystem layout of DESIGN.md, built from the repository.

/main.py (MicroPython) or /code.py (CircuitPython), /lib/cupcore/, /lib/cupfw/
(.mpy by default; the core's data files, *.bin, as they are), /packs/*.json. One function lists those files, so the
simulator, the benchmarks, the tests and flashing all install the same thing.

A board gets only the modules its interpreter imports (FAMILIES): a MicroPython board no CircuitPython
HAL, a CircuitPython board no MicroPython one, neither the unix port's virtual board nor the host's own
core modules. The unix port's images (the virtual device, the simulator on MicroPython, the benchmarks,
the tests) get every module.
"""

import hashlib
import os
import shutil
import tempfile

from cupkit import paths, tools

_CACHE = os.path.join(tempfile.gettempdir(), "cupkit-mpy-cache")


# The modules only some interpreters import, by device path without its ending: the families of the boards
# that get each (hardware/boards/NAME.json's "family"). Every other module goes to every board.
FAMILIES = {
    "lib/cupfw/hal/micro": ("micropython",),
    "lib/cupfw/hal/circuit": ("circuitpython",),
    "lib/cupfw/hal/npbuf": ("circuitpython",),  # on ulab, which only CircuitPython has built in
    "lib/cupfw/hal/fbuf": ("circuitpython",),  # framebuf in Python: MicroPython has it built in
    "lib/cupfw/hal/virtual": (),  # the unix port's board (cupkit vdev, the simulator, the benchmarks)
    "lib/cupcore/selfplay": (),  # the host's self-play and its benchmark
    "lib/cupcore/codes": (),  # self-play's record of a coded engine's actions
    "lib/cupcore/lines": (),  # records stored as JSON Lines, which the host reads (the device saves JSON)
    "lib/cupcore/daily": (),  # the host's seed of the day
}


def wanted(dev, family):
    """Whether a board of family (None: the unix port, which takes every module) gets the device path dev."""
    return family is None or family in FAMILIES.get(dev.rsplit(".", 1)[0], (family,))


def _pkg_files(pkg_dir, prefix, ext=".py"):
    out = []
    for root, dirs, files in os.walk(pkg_dir):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(ext):
                full = os.path.join(root, f)
                rel = os.path.relpath(full, pkg_dir).replace(os.sep, "/")
                out.append((prefix + "/" + rel, full))
    return out


def module_name(path):
    """cupfw/games/pig.py -> cupfw.games.pig, cupfw/__init__.py -> cupfw: what a .mpy names as its
    source. Its import makes that string a qstr anyway, so naming the file so costs the device no qstr
    of its own (MicroPython never frees one, and a session loads every module), and a traceback still
    says which module."""
    name = path[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def _mpy(src, name):
    """Compiled bytes of src, cached by content (mpy-cross is the slow part of a build)."""
    with open(src, "rb") as f:
        key = hashlib.sha256(f.read() + name.encode() + tools.mpy_cross().encode()).hexdigest()
    os.makedirs(_CACHE, exist_ok=True)
    cached = os.path.join(_CACHE, key + ".mpy")
    if not os.path.exists(cached):
        tmp = cached + ".%d.tmp" % os.getpid()
        tools.compile_mpy(src, name, tmp)
        os.replace(tmp, cached)
    with open(cached, "rb") as f:
        return f.read()


def files(mpy=True, firmware=True, packs=True, family=None):
    """{device path: bytes} for the core (with its data files, .bin), the firmware and the built-in packs;
    family: only what a board of that family imports (None: every module, for the unix port)."""
    sources = _pkg_files(paths.CORE, "lib/cupcore")
    if firmware:
        sources += _pkg_files(paths.FIRMWARE_PKG, "lib/cupfw")
    sources = [(dev, src) for dev, src in sources if wanted(dev, family)]
    out = {}
    for dev, src in sources:
        if mpy and not dev.endswith("/boot.py"):
            out[dev[:-3] + ".mpy"] = _mpy(src, module_name(dev[4:]))
        else:
            with open(src, "rb") as f:
                out[dev] = f.read()
    for dev, src in _pkg_files(paths.CORE, "lib/cupcore", ".bin"):
        with open(src, "rb") as f:
            out[dev] = f.read()
    if packs:
        for f in sorted(os.listdir(paths.PACKS)):
            if f.endswith(".json") and not f.endswith(".schema.json"):
                with open(os.path.join(paths.PACKS, f), "rb") as fh:
                    out["packs/" + f] = fh.read()
    return out


def write(dest, file_map, clean=True):
    """Lay file_map out under the folder dest (a flash image in a folder)."""
    if clean:
        for part in ("lib", "packs"):
            shutil.rmtree(os.path.join(dest, part), ignore_errors=True)
    for dev, data in file_map.items():
        full = os.path.join(dest, dev)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
    return dest


def build(dest, mpy=True, firmware=True):
    """A device image in a folder; returns dest."""
    return write(dest, files(mpy=mpy, firmware=firmware))
