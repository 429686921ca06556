"""JSON files on the host: what is read is checked for size and nesting before use, what is written
is written atomically (a temporary file beside it, then a rename), or not at all.

Records, packs and statistics are a few levels deep and far below a megabyte; a file nested
thousands deep would stop Python's parser with a RecursionError, and NaN or Infinity, which
MicroPython's json does not read, would let a record play on the host that the device refuses.
"""

import json
import os

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64


def read(path, max_bytes=MAX_BYTES):
    """The JSON value in a file. OSError if it cannot be read; ValueError saying why its content
    will not do: larger than max_bytes, not UTF-8, not JSON, or nested deeper than MAX_DEPTH."""
    with open(path, "rb") as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError("larger than %d KB" % (max_bytes // 1024))
    return parse(data)


def parse(data):
    """The JSON value in bytes or text; ValueError as read() gives it."""
    try:
        value = json.loads(data.decode("utf-8") if isinstance(data, bytes) else data, parse_constant=_refuse)
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text")
    except RecursionError:
        raise ValueError("nested deeper than %d levels" % MAX_DEPTH)
    except ValueError as e:
        raise ValueError("not valid JSON: %s" % e)
    if depth(value) > MAX_DEPTH:
        raise ValueError("nested deeper than %d levels" % MAX_DEPTH)
    return value


def _refuse(name):
    raise ValueError("%s is not a JSON number" % name)


def depth(value):
    """How deeply lists and objects nest in value (a number or a string: 0), without recursion."""
    most, level = 0, [(value, 0)]
    while level:
        v, d = level.pop()
        if isinstance(v, (list, dict)):
            most = max(most, d + 1)
            level.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return most


def write(path, value):
    """Write value as JSON, atomically; OSError (leaving nothing behind) if it cannot be written."""
    tmp = "%s.tmp%d" % (path, os.getpid())
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(value, f, indent=None, separators=(",", ": "))
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise
