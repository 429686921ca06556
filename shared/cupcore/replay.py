"""The game record (RULES.md section 2): the one way a game is driven from data.

start(record) builds the engine, load(record) also applies the actions, and
run(record) returns the resulting summary. Saves, logs, tests, the firmware's
resume and the host's `cupkit replay` all come through here.
"""

import sys

import cupcore
from cupcore.rng import Rng

# The record's fields; and "cups" (the seats the cup's own player plays), made below from a longer string
# only when a record has a field not in this list: so that name is never interned by self-play
# (MicroPython keeps an interned name for good, and the self-play of some packs has one place left in
# its pool of names).
_FIELDS = const(("pack", "players", "seed", "params", "deck", "dice", "shuffles", "actions"))


def engine(name):
    """Import an engine module on demand (the firmware drops it from sys.modules after a game)."""
    if not cupcore.is_engine(name):
        raise ValueError("unknown engine %r" % (name,))
    full = "cupcore." + name
    __import__(full)
    return sys.modules[full]


def start(record, where=None, pack=None):
    """A new game as the record describes it (no actions applied yet).

    pack: the record's pack if it is read already (the device reads it, then lets the pack
    reader go before the engine comes in); else it is found in where."""
    if not isinstance(record, dict):
        raise ValueError("a game record must be a JSON object")
    b = "cupcore.bots"  # (a long name: no qstr for it)
    cups = record.get(b[:3] + b[-1])  # "cups", made only here: a name never interned
    if pack is None or pack["id"] != record.get("pack"):
        from cupcore import packs
        pack = packs.load(record.get("pack"), where)
    pid = pack["id"]
    if "engine" not in pack:
        raise ValueError("pack %s has rules but no game" % pid)
    mod = engine(pack["engine"])
    # A table helper (RULES.md section 13) rolls no dice and deals no cards: its stacked events are record
    # fields of its own, its FIELDS (Insider's roles and word), checked once its engine is in.
    table = mod.KIND not in ("dice", "cards")
    for k in record:
        if k not in _FIELDS and k != b[:3] + b[-1] and not (table and k in mod.FIELDS):
            raise ValueError("record: unknown field '%s'" % k)  # not %r: repr() differs between the ports
    n = record.get("players")
    lo = max(pack["players"]["min"], mod.PLAYERS[0])  # a pack may not ask an engine for more
    hi = min(pack["players"]["max"], mod.PLAYERS[1])
    if type(n) is not int or n < lo or n > hi:
        raise ValueError("players must be from %d to %d for %s" % (lo, hi, pid))
    if cups is not None:  # seats of the cup: checked by its players' module, loaded for such a record only
        __import__(b)
        sys.modules[b].check(cups, n, pack)
    params = check_params(mod.PARAMS, pack["params"], record.get("params"))
    rng = Rng(record.get("seed", 0))
    other = "dice" if mod.KIND == "cards" else "deck"
    for k in (other, "dice", _FIELDS[6]) if table else (other,):  # (a table helper's: no shuffles either)
        if record.get(k) is not None:
            raise ValueError("record: %s takes no %s" % (pid, k))
    stack = record.get("deck" if other == "dice" else "dice")
    if table:  # its stacked events are its FIELDS: the engine reads them from the record
        stack = record
        other = None
    if stack is not None and other == "dice":
        from cupcore.notation import check_deck
        stack = check_deck(stack, mod.full_deck(params))
    sh = record.get(_FIELDS[6])  # shuffles, for every card game (RULES.md section 12): from the tuple, no name kept
    if sh is not None:
        if other == "deck":
            raise ValueError("record: %s takes no shuffles" % pid)
        from cupcore.notation import check_deck
        rng.stack = check_deck(sh, mod.full_deck(params), False)
    game = mod.Game(pid, n, params, rng, stack)
    if other == "deck" and stack is not None:
        k = game.sides  # the engine's dice, set from its params
        for f in stack if type(stack) is list else [0]:  # (a loop: a comprehension is one more function)
            if type(f) is not int or f < 1 or f > k:
                raise ValueError("dice: faces must be 1..%d" % k)
    return game


def load(record, where=None, pack=None):
    """The game after every action of the record; ValueError "action N (...): why" on the first illegal one."""
    game = start(record, where, pack)
    acts = record.get("actions", [])
    if type(acts) is not list and not hasattr(acts, "codes"):  # (the device's compact list, cupfw.play.Actions)
        raise ValueError("record: actions must be a list")
    return play(game, acts)


def play(game, acts):
    """game after the actions acts (any iterable of action texts: a record's list, or cupcore.lines reading
    them one at a time); ValueError "action N (...): why" on the first illegal one."""
    i = 0
    for a in acts:
        i += 1
        try:
            game.apply(a)
        except ValueError as e:
            raise ValueError("action %d (%s): %s" % (i, a, e))
    return game


def run(record, where=None):
    """Apply a record and return the resulting state summary."""
    return load(record, where).summary()


def check_params(params, base, obj):
    """Merge obj (a record's params, or None) into base (the pack's) and check every value against params
    (the engine's PARAMS).

    params maps name -> (lo, hi) for an integer range, or a tuple of allowed values
    (strings or booleans), or a list of allowed integers, or None where the engine
    checks the value itself. (Argument names the core interns anyway: on MicroPython a function's
    argument names are kept for good, and the device's pool of names has no room to spare.)
    """
    out = dict(base)
    if obj is not None:
        if not isinstance(obj, dict):
            raise ValueError("params must be an object")
        out.update(obj)
    for k in out:
        if k not in params:
            raise ValueError("params: unknown parameter '%s'" % k)  # not %r: repr() differs between the ports
    for k in params:
        want = params[k]
        if k not in out:
            raise ValueError("params: %s is missing" % k)
        v = out[k]
        if want is None:
            continue
        if type(want[0]) is int and type(want) is tuple:
            if type(v) is not int or v < want[0] or v > want[1]:
                raise ValueError("params: %s must be an integer from %d to %d" % (k, want[0], want[1]))
        else:
            for w in want:
                if w == v and type(w) is type(v):
                    break
            else:
                raise ValueError("params: %s must be one of %s" % (k, ", ".join(map(str, want)).lower()))
    return out
