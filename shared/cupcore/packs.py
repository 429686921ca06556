"""Rule packs: JSON files named ID.json, found in packs/ beside the working
directory (the device layout), then in the repository's shared/packs.

The device does only this light check; the host validates packs against
pack.schema.json, and an engine checks its params when a game starts.
A pack without "engine" is reference-only: rules text, no game.
"""

import json

import cupcore

SCHEMA = "pack.schema.json"


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
            if f[-5:] == ".json" and f != SCHEMA and f[:-5] not in found:
                found.append(f[:-5])
    found.sort()
    return found


def load(pack_id, where=None):
    """Read and lightly check a pack; ValueError with a clear reason if it is unusable."""
    if type(pack_id) is not str or not pack_id or "/" in pack_id or "\0" in pack_id:  # open() would stop at a NUL
        raise ValueError("pack must be a pack id")
    for d in where or dirs():
        try:
            f = open(d + "/" + pack_id + ".json")
        except OSError:
            continue
        try:
            pack = json.load(f)
        except ValueError:
            raise ValueError("pack %s: not valid JSON" % pack_id)
        finally:
            f.close()
        return check(pack, pack_id)
    raise ValueError("unknown pack '%s'" % pack_id)  # not %r: repr() differs between the ports


def check(pack, pack_id=None):
    """The device-side check: the fields a game needs, with the right types."""
    if not isinstance(pack, dict):
        raise ValueError("pack must be a JSON object")
    pid = pack.get("id")
    if type(pid) is not str or (pack_id is not None and pid != pack_id):
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
    if not isinstance(pack.get("params"), dict):
        raise ValueError("pack %s: params must be an object" % pid)
    return pack
