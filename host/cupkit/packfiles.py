"""Host-side validation of rule packs: the JSON Schema first, then the engine's own check."""

import json
import os

import jsonschema

from cupcore import packs, replay

from cupkit import jsonfile, paths, quoting

_validator = None


def schema_validator():
    global _validator
    if _validator is None:
        with open(paths.SCHEMA, encoding="utf-8") as f:
            schema = json.load(f)
        _validator = jsonschema.Draft202012Validator(schema)
    return _validator


def json_path(error):
    """$.params.goal style path of a schema error."""
    out = "$"
    for part in error.absolute_path:
        out += "[%d]" % part if isinstance(part, int) else "." + str(part)
    return out


def problems(path):
    """Every reason the pack file at path cannot be used (empty list: it is fine), each one line
    fit for a terminal."""
    if os.path.isfile(path) and os.path.getsize(path) > packs.MOST:
        return ["the file is over %d bytes: the device would not read it" % packs.MOST]
    try:
        pack = jsonfile.read(path)
    except OSError as e:
        return ["cannot read: %s" % (e.strerror or e)]
    except ValueError as e:
        return [str(e)]
    errs = sorted(schema_validator().iter_errors(pack), key=lambda e: list(e.absolute_path))
    if errs:
        return [quoting.clip("%s: %s" % (json_path(e), e.message)) for e in errs]
    stem = os.path.basename(path)[:-5] if path.endswith(".json") else None
    if pack["id"] != stem:
        return ["$.id: %s must match the file name %s" % (quoting.quote(pack["id"]), os.path.basename(path))]
    if "engine" in pack:
        lo, hi = replay.engine(pack["engine"]).PLAYERS
        if pack["players"]["min"] < lo or pack["players"]["max"] > hi:
            return ["$.players: the %s engine plays %s" % (pack["engine"], "1 player" if hi == 1 else "%d to %d players" % (lo, hi))]
    try:
        packs.check(pack, stem)
        if "engine" in pack:
            for n in (pack["players"]["min"], pack["players"]["max"]):
                replay.start({"pack": stem, "players": n}, [os.path.dirname(path) or "."])
    except ValueError as e:
        return [quoting.clip(e)]
    return []


def load(pid, folders):
    """(path, pack) of the pack pid as the core finds it (the first folder that has it wins), read
    through jsonfile; ValueError saying why it is unusable."""
    if not isinstance(pid, str) or not pid or "/" in pid or os.sep in pid:
        raise ValueError("%s is not a pack id" % quoting.quote(pid))
    for d in folders:
        path = os.path.join(d, pid + ".json")
        if os.path.exists(path):
            try:
                return path, packs.check(jsonfile.read(path), pid)
            except OSError as e:
                raise ValueError("cannot read %s: %s" % (path, e.strerror or e))
            except ValueError as e:
                raise ValueError("%s: %s" % (path, e))
    raise ValueError("unknown pack %s" % quoting.quote(pid))
