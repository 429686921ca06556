"""What a flash installs on each kind of board (cupkit.device.layout): every module its interpreter
imports, and no other: the imports of the entry files and of the screens and engines the firmware
imports by name, followed through every module, on that interpreter's built-in modules."""

import ast

import pytest

import cupcore
from cupcore import bots
from cupkit.commands.flash import device_files
from cupkit.device import boards, layout

# The modules each interpreter's shipped build has built in (or frozen), as far as the project imports them.
BUILT_IN = {
    "micropython": {"array", "framebuf", "gc", "io", "json", "machine", "micropython", "neopixel", "os",
                    "sys", "time"},
    "circuitpython": {"adafruit_bus_device", "adafruit_bus_device.i2c_device", "analogio", "array", "board",
                      "busio", "digitalio", "gc", "io", "json", "micropython", "os", "pwmio", "storage",
                      "supervisor", "sys", "time", "traceback", "ulab"},
}
FAMILIES = sorted(BUILT_IN)


def _by_name(files):
    """{module name: parsed source} of the core and firmware modules in files (device path: .py bytes)."""
    return {layout.module_name(p[4:]): ast.parse(d.decode(), p) for p, d in files.items()
            if p.startswith("lib/cup") and p.endswith(".py")}


def _names(node, known):
    """The modules an import statement asks for: a name imported from a package is a module when known has it."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        raise AssertionError("a relative import: %s" % ast.dump(node))
    return [node.module] + [node.module + "." + a.name for a in node.names if node.module + "." + a.name in known]


def _imports(tree, known, present):
    """(modules imported, where each comes from) of a module: an import in a try whose handler catches
    ImportError is taken only if all of that try's imports are present, else its handlers' are."""
    out = []

    def walk(nodes):
        for n in nodes:
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                out.extend(_names(n, known))
            elif isinstance(n, ast.Try) and any(
                    isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in n.handlers):
                body = [m for s in n.body for x in ast.walk(s) if isinstance(x, (ast.Import, ast.ImportFrom))
                        for m in _names(x, known)]
                if all(present(m) for m in body):
                    walk(n.body)
                else:
                    for h in n.handlers:
                        walk(h.body)
                walk(n.orelse)
                walk(n.finalbody)
            else:
                walk(ast.iter_child_nodes(n))

    walk(tree.body)
    return out


def _dynamic():
    """The modules the firmware imports by name: every screen, each engine's screen and engine, and the
    computer players (cupfw.app.go, cupcore.replay.engine, cupcore.bots.move)."""
    out = ["cupfw.screens." + p[len("lib/cupfw/screens/"):-3] for p in layout.files(mpy=False, packs=False)
           if p.startswith("lib/cupfw/screens/") and not p.endswith("__init__.py")]
    for e in cupcore.ENGINES.split():
        out += ["cupcore." + e, "cupfw.games." + e]
    return out + ["cupcore.bots." + e for e in bots.ENGINES]


def _reached(family, files):
    """{module: the module that imports it} of the core and firmware modules a board of family runs."""
    mods = _by_name(files)
    known = set(_by_name(layout.files(mpy=False, packs=False)))  # every module, to tell a module from a name
    profile = boards.load({"micropython": "pico", "circuitpython": "pico-cp"}[family])
    outside = BUILT_IN[family] | set(profile["drivers"])
    entries = {p: ast.parse(d.decode(), p) for p, d in boards.entry_files(profile).items()}

    def present(m):
        return m in mods or m in outside

    seen = {}
    todo = [(m, "(imported by name)") for m in _dynamic()]
    for path, tree in entries.items():
        todo += [(m, path) for m in _imports(tree, known, present)]
    while todo:
        m, by = todo.pop()
        parts = m.split(".")
        for i in range(1, len(parts) + 1):  # a package's __init__ comes in with its modules
            sub = ".".join(parts[:i])
            if sub in seen or sub not in known and i < len(parts):
                continue
            if parts[0] not in ("cupcore", "cupfw"):
                assert sub in outside, "%s imports %s, which a %s board does not have" % (by, sub, family)
                continue
            assert sub in mods, "%s imports %s, which a %s board is not given" % (by, sub, family)
            seen[sub] = by
            todo += [(x, sub) for x in _imports(mods[sub], known, present)]
    return seen


@pytest.mark.parametrize("family", FAMILIES)
def test_a_board_gets_every_module_it_imports_and_no_other(family):
    files = layout.files(mpy=False, packs=False, family=family)
    reached = _reached(family, files)
    assert sorted(set(_by_name(files)) - set(reached)) == []


@pytest.mark.parametrize("board", [n for n in boards.names() if boards.load(n)["family"] != "blinka"])
def test_a_flash_installs_for_the_boards_family(board):
    """cupkit flash, cupkit uf2 and the emulator install device_files: the same modules as layout's family."""
    profile = boards.load(board)
    want = {p[:-4] for p in layout.files(mpy=True, packs=False, family=profile["family"]) if p.endswith(".mpy")}
    for mpy, ext in ((True, ".mpy"), (False, ".py")):
        got = {p[:-len(ext)] for p in device_files(profile, mpy) if p.startswith("lib/cup") and p.endswith(ext)}
        assert got == want


def test_the_unix_port_gets_every_module_and_boards_only_their_own():
    everything = set(layout.files(mpy=True, packs=False))
    micro = set(layout.files(mpy=True, packs=False, family="micropython"))
    circuit = set(layout.files(mpy=True, packs=False, family="circuitpython"))
    assert micro < everything and circuit < everything
    assert "lib/cupfw/hal/virtual.mpy" not in micro | circuit and "lib/cupcore/selfplay.mpy" not in micro | circuit
    assert "lib/cupfw/hal/circuit.mpy" in circuit - micro and "lib/cupfw/hal/micro.mpy" in micro - circuit
    assert {p for p in everything if p.endswith(".bin")} <= micro & circuit  # the core's data: every board
    assert set(device_files(None, True)) >= everything  # the virtual device, flashed without a profile
