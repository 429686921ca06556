"""A game record stored as JSON Lines (RULES.md section 2): the record without its actions on the first
line, then each action on a line of its own as a JSON string. It gives the same game as the record with
its actions in a list, and is replayed holding one action at a time (a whole 8-player Yamb game is over a
thousand actions).

The host reads this form (`cupkit replay`); the device saves a game as one JSON object (cupfw.store), so
boards do not install this module. Each line is checked before it is parsed: ASCII only, so that every
port reads it alike, and short, so that a damaged file cannot fill the memory.
"""

import json

from cupcore import jsonin, replay

HEAD_MOST = 32768  # bytes in the first line: the most a saved file may hold (cupfw.store.MOST)
LINE_MOST = 200  # bytes in an action's line: the longest action is a few dozen characters


def _line(f, most, n):
    """The next line of the binary stream f without its end (None at the end of f): ValueError if it is
    longer than most bytes or holds a byte outside printable ASCII."""
    b = f.readline(256)  # in pieces: MicroPython's readline(size) allocates size bytes at once
    if not b:
        return None
    while b[-1:] != b"\n" and len(b) <= most + 1:
        c = f.readline(256)
        if not c:
            break
        b += c
    while b[-1:] in (b"\n", b"\r"):
        b = b[:-1]
    if len(b) > most:
        raise ValueError("line %d: longer than %d bytes" % (n, most))
    for c in b:
        if c < 32 or c > 126:
            raise ValueError("line %d: not printable ASCII" % n)
    return b


def head(f):
    """The record on the first line of the binary stream f (it must not hold actions)."""
    b = _line(f, HEAD_MOST, 1)
    if b is None:
        raise ValueError("line 1: no record (the file is empty)")
    try:
        rec = jsonin.loads(b)
    except ValueError:
        raise ValueError("line 1: not valid JSON")
    if not isinstance(rec, dict):
        raise ValueError("line 1: a game record must be a JSON object")
    if "actions" in rec:
        raise ValueError("line 1: the actions go on the lines after the record, one a line")
    return rec


def actions(f):
    """The actions on the lines of the binary stream f after its first, one at a time (blank lines skipped);
    ValueError naming the line of one that is not a JSON string."""
    n = 1
    while True:
        n += 1
        b = _line(f, LINE_MOST, n)
        if b is None:
            return
        if not b.strip():
            continue
        try:
            a = json.loads(b)
        except ValueError:
            a = None
        if type(a) is not str:
            raise ValueError("line %d: an action must be a JSON string" % n)
        yield a


def load(f, where=None):
    """The game that the JSON Lines record in the binary stream f describes, after all its actions."""
    return replay.play(replay.start(head(f), where), actions(f))


def run(f, where=None):
    """The summary of the game in the JSON Lines record in f, as cupcore.replay.run gives it for the record."""
    return load(f, where).summary()
