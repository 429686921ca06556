"""cupcore: the game core of the cupkit dice cup.

Runs unchanged on CPython 3.10+, MicroPython and CircuitPython. Engines are
imported on demand (see cupcore.replay.engine) so a device holds one at a time.
"""

# Modules of cupcore and cupfw call const() and define no such name: MicroPython and CircuitPython fold
# const(x) to x as they compile (a definition in each module was bytes of .mpy, and a function kept in the
# heap), CPython needs one. Given here once, binding no name in the package (a name would move the device's heap).
if __import__("sys").implementation.name == "cpython":
    __import__("builtins").const = lambda x: x

# The engine modules, each name between spaces; a pack's "engine" must be one of them. One string,
# not a tuple: a device holds one object for it, not one per name.
ENGINES = " pig mia scoundrel bogey cup beetle chicago dropdead boston midnight scc zambales mafia generala pokerdice dixmille liars timer insider wish party yamb "


def is_engine(name):
    """True when name is one of ENGINES (one word, not a part of one)."""
    return type(name) is str and " " not in name and " %s " % name in ENGINES


def word(s, most):
    """s is 1 to most of a-z, 0-9 and -, not starting with -: a pack id or a level name. (Here, not in
    cupcore.packs, so that checking a saved record's pack id does not load the pack reader.)"""
    if type(s) is not str or not 0 < len(s) <= most or s[0] == "-":
        return False
    for c in s.encode():  # bytes: iterating a str interns each character on MicroPython
        if not (96 < c < 123 or 47 < c < 58 or c == 45):
            return False
    return True
