"""JSON from files (saved data, packs' full check, scenarios): a value or a ValueError, on every port.

json.load alone fails differently by port: deep nesting is a RecursionError in
CPython's parser, and in MicroPython a RuntimeError in whatever walks the value
later (printing or comparing it); a huge file runs out of memory. read()
refuses a file of over a given size unread, and load() one nested deeper than
DEPTH after a scan in small pieces (strings skipped); then json.load parses it
from the file, any error it raises a ValueError. No copy of the file is held in
memory. (MicroPython's parser also takes some text that is not JSON, such as
[1,]; the device and the host write only JSON, and the host refuses the rest.)
"""

import json

DEPTH = 16  # saved files and packs need 3 or 4


def _scan(f, depth):
    """ValueError if the JSON text in the binary stream f (read to its end) nests over depth."""
    buf = bytearray(64)
    d = 0
    text = esc = False
    n = f.readinto(buf)
    while n:
        for i in range(n):
            c = buf[i]
            if text:
                if esc:
                    esc = False
                elif c == 92:
                    esc = True
                elif c == 34:
                    text = False
            elif c == 34:
                text = True
            elif c == 91 or c == 123:
                d += 1
                if d > depth:
                    raise ValueError("JSON nested over %d deep" % depth)
            elif c == 93 or c == 125:
                d -= 1
        n = f.readinto(buf)


def count(f, marks):
    """How many of the marks (a tuple of bytes) the binary stream f holds from where it stands (C counts them:
    on the chip, walking every byte in Python would cost a resumed game tens of milliseconds)."""
    buf = bytearray(64)
    k = 0
    n = f.readinto(buf)
    while n:
        if n < 64:
            buf[n:] = bytes(64 - n)
        for m in marks:
            k += buf.count(m)
        n = f.readinto(buf)
    return k


def load(f, depth=DEPTH):
    """The value in the binary stream f, from where it stands to its end."""
    start = f.tell()
    if count(f, (b"[", b"{")) > depth:  # few brackets in all cannot nest deep (a game record has two)
        f.seek(start)
        _scan(f, depth)
    f.seek(start)
    try:
        return json.load(f)
    except (ValueError, RuntimeError):  # UnicodeError is a ValueError on every port
        raise ValueError("not valid JSON")


def loads(data, depth=DEPTH):
    """The value in the bytes data (see load)."""
    from io import BytesIO
    return load(BytesIO(data), depth)


def read(path, most, depth=DEPTH):
    """The value in the file at path, refused unread (ValueError) when over most bytes."""
    import os
    size = os.stat(path)[6]
    if size > most:
        raise ValueError("too big: %d bytes" % size)
    with open(path, "rb") as f:
        return load(f, depth)
