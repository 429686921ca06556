"""Rule packs: JSON files named ID.json, found in packs/ beside the working
directory (the device layout), then in the repository's shared/packs.

load() does the light check a game needs, cheap enough for every game start;
cupcore.packcheck is the device's full check (the rules of pack.schema.json for
every field, and a game started), and the host validates against the schema too.
A pack without "engine" is reference-only: rules text, no game.
"""

import json

import cupcore


_SCHEMA = const("pack.schema.json")
MOST = 8192  # bytes in a pack file: 4000 characters of rules fit twice over


_BIG = const(1024)  # bytes: a pack file longer than this may have long rules


def dirs():
    """Pack folders, first match wins: ./packs, then the one beside the core's folder."""
    here = getattr(cupcore, "__file__", "") or ""
    cut = here.rfind("/", 0, here.rfind("/"))
    return ["packs", here[:cut] + "/packs"] if cut > 0 else ["packs"]


def ids(where=None):
    """Sorted ids of every pack found (a synced pack shadows a built-in one)."""
    import os
    found = []
    for d in where or dirs():
        try:
            names = os.listdir(d)
        except OSError:
            names = ()
        for f in names:
            if f[-5:] == ".json" and f != _SCHEMA and f[:-5] not in found:
                found.append(f[:-5])
    found.sort()
    return found


def path(pack_id, where=None):
    """The file of a pack; ValueError if there is none or it is over MOST bytes (it is not read)."""
    import os
    if not cupcore.word(pack_id, 24):
        raise ValueError("pack must be a pack id")
    for d in where or dirs():
        p = d + "/" + pack_id + ".json"
        try:
            size = os.stat(p)[6]
        except OSError:
            continue
        if size > MOST:
            raise ValueError("pack %s: too big (%d bytes)" % (pack_id, size))
        return p
    raise ValueError("unknown pack '%s'" % pack_id)  # not %r: repr() differs between the ports


def load(pack_id, where=None, rules=False):
    """Read and lightly check a pack; ValueError with a clear reason if it is unusable.

    Its rules text is "" unless rules: it may be 4,000 characters, and only the rules page
    needs it. A file of more than _BIG bytes is then read without it (cupcore.packtext).
    Read here, not by cupcore.jsonin, which would not fit the engines' memory budgets:
    the size is checked first, and whatever the parser raises is a ValueError. Deep
    nesting is the parser's only problem (no check of a pack recurses into a value):
    CPython's recursion limit, MicroPython's heap."""
    p = path(pack_id, where)
    try:
        with open(p, "rb") as f:
            big = not rules and f.seek(0, 2) > _BIG
            f.seek(0)
            if big:
                from cupcore.packtext import without_rules
                pack = json.loads(without_rules(f))
            else:
                pack = json.load(f)
    except (ValueError, RuntimeError):  # RecursionError on CPython
        raise ValueError("pack %s: not valid JSON" % pack_id)
    except MemoryError:
        raise ValueError("pack %s: too deep or too big to read here" % pack_id)
    pack = check(pack, pack_id)
    if not rules:
        if not (big or pack["rules"]):  # read here: empty, refused as the host refuses it
            raise ValueError("pack %s: rules must be 1 to 4000 characters the device can show" % pack_id)
        pack["rules"] = ""
    return pack


def check(pack, pack_id=None):
    """The fields a game needs, with the right types, and the names a won game shows."""
    if not isinstance(pack, dict):
        raise ValueError("pack must be a JSON object")
    pid = pack.get("id")
    if not cupcore.word(pid, 24) or (pack_id is not None and pid != pack_id):
        raise ValueError("pack %s: id must match the file name" % pack_id)
    for k in ("name", "rules"):
        if type(pack.get(k)) is not str:
            raise ValueError("pack %s: %s must be text" % (pid, k))
    if "engine" not in pack:
        return pack
    if not cupcore.is_engine(pack["engine"]):
        raise ValueError("pack %s: engine must be one of %s" % (pid, cupcore.ENGINES.strip().replace(" ", ", ")))
    pl = pack.get("players")
    if not isinstance(pl, dict) or type(pl.get("min")) is not int or type(pl.get("max")) is not int \
            or not 1 <= pl["min"] <= pl["max"] <= 8:
        raise ValueError("pack %s: players must be {min, max} with 1 <= min <= max <= 8" % pid)
    params = pack.get("params")
    if not isinstance(params, dict):
        raise ValueError("pack %s: params must be an object" % pid)
    if pack["engine"] == "bogey" and isinstance(params.get("levels"), dict):
        for k in params["levels"]:  # no engine checks these: a won game shows them
            if not cupcore.word(k, 12) or k.encode()[0] < 97:  # (bytes: a str's "a" and "z" would be qstrs)
                raise ValueError("pack %s: level names must be 1 to 12 of a-z, 0-9, -, from a letter" % pid)
    return pack
