"""The device's full check of a pack (verify): what the menu lists as unusable, and why.

Beyond cupcore.packs.load (the light check every game start makes, cheap enough
for the engines' memory budgets): the file read by cupcore.jsonin, the rules of
pack.schema.json for every field (names and text printable ASCII, all the
device's font can show), and a game started at the pack's fewest players, with
its player range inside the engine's. `cupkit packs validate` (the schema, then
packs.check and a game) refuses the same packs. The device's menu runs fields()
on every pack it lists and a pack's page game() once, each in its own moment for
memory; verify() does all of it.
"""

from cupcore import packs


_FIELDS = const(("id", "name", "engine", "version", "players", "params", "rules", "source", "files"))
_FILE = const(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


def text(s, most, lines=False):
    """s is text of up to most printable ASCII characters (and newlines if lines)."""
    if type(s) is not str or len(s) > most:
        return False
    for c in s.encode():  # bytes: iterating a str interns each new character on MicroPython
        if not (31 < c < 127 or lines and c == 10):
            return False
    return True


def fields(pack):
    """ValueError unless every field of the (lightly checked) pack follows pack.schema.json."""
    reason = why(pack)
    if reason:
        raise ValueError("pack %s: %s" % (pack["id"], reason))
    return pack


def why(pack):
    """Why a field of pack breaks pack.schema.json, or None. (Named as the pack page's why(): a name the
    device has already, where a new one would be kept for good.)"""
    for k in pack:
        if k not in _FIELDS:
            return "unknown field %r" % k[:24]
    if not pack["name"] or not text(pack["name"], 40):
        return "name must be 1 to 40 characters the device can show"
    # A pack read without its rules (cupcore.packs.load, for the menu) has "" here; the rules
    # page reads them, and cupcore.packs.check sees they are text.
    if not text(pack["rules"], 4000, True):
        return "rules must be at most 4000 characters the device can show"
    v = pack.get("version")
    if type(v) is not int or v < 1:
        return "version must be an integer from 1"
    if not text(pack.get("source", ""), packs.MOST):
        return "source must be printable text"
    files = pack.get("files", [])
    ok = type(files) is list
    for f in files if ok else ():
        ok = ok and f and text(f, 64)
        for c in f.encode() if ok else b"":
            ok = ok and c in _FILE
    if not ok:
        return "files must be file names (A-Z, a-z, 0-9, _ . -)"
    if "engine" not in pack and ("players" in pack or "params" in pack):
        return "players and params need an engine"
    if "engine" in pack and len(pack["players"]) != 2:
        return "players must be {min, max}"
    return None


def game(pack, where=None):
    """ValueError unless the pack's player range lies inside its engine's and a game starts."""
    from cupcore import replay
    lo, hi = replay.engine(pack["engine"]).PLAYERS
    pl = pack["players"]
    try:
        if pl["min"] < lo or pl["max"] > hi:
            raise ValueError("players: the %s engine plays %s" % (
                pack["engine"], "1 player" if hi == 1 else "%d to %d players" % (lo, hi)))
        replay.start({"pack": pack["id"], "players": pl["min"]}, where)
    except ValueError as e:
        raise ValueError("pack %s: %s" % (pack["id"], e))


def read(pack_id, where=None):
    """The pack read by cupcore.jsonin (nested at most jsonin.DEPTH deep), with every field checked."""
    from cupcore import jsonin
    p = packs.path(pack_id, where)
    try:
        pack = jsonin.read(p, packs.MOST)
    except (OSError, ValueError) as e:
        raise ValueError("pack %s: %s" % (pack_id, e))
    return fields(packs.check(pack, pack_id))


def verify(pack_id, where=None):
    """The pack, if the device can use it: read() and, for a pack with a game, game(); else
    ValueError with the first reason it cannot."""
    pack = read(pack_id, where)
    if "engine" in pack:
        game(pack, where)
    return pack
