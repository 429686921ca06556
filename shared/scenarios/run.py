"""Run rule scenarios through cupcore.replay on any port (CPython, the unix port, a board).

A scenario file is a JSON list of {"name", "record", and "expect" (a subset of the
summary), "error" (the start of the expected ValueError message), and/or "view"
([player, subset of view(player)])}. main(files) prints one JSON line per scenario:
[file, name, null] when it holds, else [file, name, "what went wrong"].
"""

import json

from cupcore import jsonin, packs, replay

MOST = 1 << 20  # bytes in a scenario file
# The last pack read: a file's scenarios mostly play one pack, which a chip would otherwise read
# from its flash for each of them (about a third of a scenario's time on the Pico).
_last = [None]


def _diff(got, want):
    for k in want:
        if k not in got:
            return "%s: missing" % k
        if got[k] != want[k]:
            return "%s: expected %s, got %s" % (k, json.dumps(want[k]), json.dumps(got[k]))
    return None


def check(sc):
    """None when the scenario holds, else a one-line reason."""
    rec = sc["record"]
    try:
        game = replay.load(rec, None, _last[0])
        if _last[0] is None or _last[0]["id"] != rec["pack"]:
            _last[0] = packs.load(rec["pack"])
    except ValueError as e:
        msg = str(e)
        if "error" in sc and msg.startswith(sc["error"]):
            return None
        return "unexpected error: " + msg
    if "error" in sc:
        return "expected error %r, got none" % sc["error"]
    bad = _diff(game.summary(), sc.get("expect", {}))
    if bad is None and "view" in sc:
        bad = _diff(game.view(sc["view"][0]), sc["view"][1])
        bad = bad and "view: " + bad
    return bad


def main(files):
    for name in files:
        for sc in jsonin.read(name, MOST):  # a ValueError on every port, never another error
            print(json.dumps([name, sc["name"], check(sc)]))
