"""Reading and writing game records on the host."""

import json

from cupkit.cli import Fail


def read(path):
    """A game record from a JSON file, or Fail with a one-line reason."""
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
    except OSError as e:
        raise Fail("cannot read %s: %s" % (path, e.strerror or e))
    except (ValueError, UnicodeDecodeError) as e:
        raise Fail("%s is not valid JSON: %s" % (path, e))
    if not isinstance(rec, dict):
        raise Fail("%s: a game record must be a JSON object" % path)
    return rec


def write(path, rec):
    """Write a record atomically (temporary file, then rename)."""
    import os
    tmp = "%s.tmp%d" % (path, os.getpid())
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(rec, f, indent=None, separators=(",", ": "))
        f.write("\n")
    os.replace(tmp, path)
