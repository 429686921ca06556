"""Reading and writing game records on the host."""

import os

from cupkit import jsonfile
from cupkit.cli import Fail


def read(path):
    """A game record from a JSON file, or Fail with a one-line reason."""
    try:
        rec = jsonfile.read(path)
    except OSError as e:
        raise Fail("cannot read %s: %s" % (path, e.strerror or e))
    except ValueError as e:
        raise Fail("%s: %s" % (path, e))
    if not isinstance(rec, dict):
        raise Fail("%s: a game record must be a JSON object" % path)
    return rec


def is_lines(path):
    """Whether the file holds a record as JSON Lines (RULES.md section 2): a whole JSON object on its first
    line and more after it. (Read as one JSON text, such a file would be an error: the forms never overlap.)"""
    try:
        with open(path, "rb") as f:
            first = f.readline(jsonfile.MAX_BYTES).strip()
            rest = f.read(4096).strip()
    except OSError as e:
        raise Fail("cannot read %s: %s" % (path, e.strerror or e))
    if not rest or not first.startswith(b"{"):
        return False
    try:
        return isinstance(jsonfile.parse(first), dict)
    except ValueError:
        return False


def write(path, rec):
    """Write a record atomically; Fail, and leave everything as it was, if it cannot be written."""
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise Fail("cannot write %s: there is no folder %s" % (path, folder))
    if os.path.isdir(path):
        raise Fail("cannot write %s: it is a folder (name a file in it)" % path)
    try:
        jsonfile.write(path, rec)
    except OSError as e:
        raise Fail("cannot write %s: %s" % (path, e.strerror or e))
