"""Persistence under /data: atomic, checksummed JSON files, checked before use.

A file holds a first line "cup1 ADLER32\\n" (the Adler-32 of the rest, 8 hex digits)
and then the JSON text. write() puts the new text in NAME.new, then renames it
over NAME; a NAME.new found later is switched in if it is complete (a power cut
fell between the two steps) and else removed, so a cut at any moment leaves the
old or the new version.

Saved files are input: read() refuses a file of over MOST bytes unread, then
checks its header and checksum, its JSON (cupcore.jsonin: nested 16 deep at
most, a ValueError on every port) and its shape, reading it in small pieces. A
file that fails is set aside as NAME.bad (NAME.bad2 if that is taken, ...),
reported once in problems (the first ten; aside_count counts them all), and
read() returns the default: the device starts, and nothing is lost.

Files: settings.json, stats.json, game.json (the game in progress, as its game
record) and log/NNNNN.json (finished games' records, the last LOG_KEEP kept).
This module stays in memory for the saves during a game; reading and checking
files is in cupfw.saved, keeping a finished game in the log and the statistics
in cupfw.logbook, each imported when needed.
"""

import json
import os


LOG_KEEP = 20
MOST = 32768  # bytes in a store file: a long game's record is a few KB; eight players' Yamb up to 31 KB
_MAGIC = const("cup1 ")  # and 8 hex digits of the Adler-32 of the rest, and a newline (cupfw.saved reads it)


def adler32(data, value=1):
    """Adler-32 of bytes, continuing from value (the same as zlib.adler32 on the host)."""
    a = value & 0xFFFF
    b = value >> 16
    for c in data:
        a = (a + c) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def pieces(obj):
    """obj's JSON text as bytes, in pieces: a dict value by value (keys sorted, "actions" last) and a
    long list item by item, so that a long game record never needs one big string, nor a piece of the
    nearly full heap of a long game bigger than a few of its holes (write() makes them twice). A record's
    fields before its actions are its head (see cupfw.saved.record)."""
    if not isinstance(obj, dict):
        yield json.dumps(obj).encode()
        return
    yield b"{"
    sep = b""
    keys = sorted(obj)  # the same bytes for equal objects on every port (cupfw.logbook.holds)
    if "actions" in obj:
        keys.remove("actions")
        keys.append("actions")
    for k in keys:
        v = obj[k]
        yield sep + json.dumps(k).encode() + b": "
        sep = b", "
        if isinstance(v, dict):
            yield from pieces(v)
        elif isinstance(v, list) and len(v) > 16 or hasattr(v, "codes"):  # a game's cupfw.play.Actions
            yield b"["
            for i in range(len(v)):
                yield (b", " if i else b"") + json.dumps(v[i]).encode()
            yield b"]"
        else:
            yield json.dumps(v).encode()
    yield b"}"


def measure(obj):
    """(Adler-32, length) of obj's JSON text as pieces() makes it."""
    s = 1
    n = 0
    for p in pieces(obj):
        s = adler32(p, s)
        n += len(p)
    return s, n


def _line(s):
    return ("%s%08x\n" % (_MAGIC, s)).encode()


def header(obj):
    """The first line of a store file holding obj."""
    return _line(measure(obj)[0])


def encode(obj):
    """The bytes of a store file holding obj."""
    return header(obj) + b"".join(pieces(obj))


def decode(data):
    """The object in a store file's bytes; ValueError if it is damaged."""
    from cupfw import saved
    return saved.decode(data)


class Store:
    def __init__(self, data_dir):
        self.data_dir = data_dir  # (the board's name for it: no name of its own)
        self.problems = []  # (file, reason) of the first files set aside, for the app to show once
        self.aside_count = 0  # how many were set aside in all
        for d in (data_dir, data_dir + "/log"):
            try:
                os.mkdir(d)
            except OSError:
                pass  # it is there

    def path(self, name):
        return self.data_dir + "/" + name

    def read(self, name, default=None, head=False):
        """The object stored as name, or default if absent or damaged (then set aside): cupfw.saved.read."""
        path = self.path(name)
        for p in (path, path + ".new"):
            try:
                os.stat(p)
            except OSError:
                continue
            from cupfw import saved
            return saved.read(self, name, default, head)
        return default

    def write(self, name, obj):
        """Store obj as name atomically. OSError (full or read-only flash, or over MOST) leaves the old file."""
        path = self.path(name)
        s, n = measure(obj)  # one pass for the checksum and the size, one to write
        head = _line(s)
        if len(head) + n > MOST:
            raise OSError(27)  # EFBIG: read() would refuse it
        try:
            with open(path + ".new", "wb") as f:
                f.write(head)
                for p in pieces(obj):
                    f.write(p)
        except OSError:
            try:
                os.remove(path + ".new")
            except OSError:
                pass
            raise
        self.replace(path + ".new", path)

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def replace(self, src, dst):
        try:
            os.rename(src, dst)
        except OSError:  # FAT will not rename over a file
            os.remove(dst)
            os.rename(src, dst)

    def logs(self, every=False):
        """Names of the finished games' records, oldest first (every: all files in log/, the
        half-written and the set-aside ones too)."""
        names = [n for n in os.listdir(self.data_dir + "/log") if every or n[-5:] == ".json"]
        names.sort()
        return ["log/" + n for n in names]

    def add_log(self, record):
        """Keep a finished game's record (cupfw.logbook.add_log); its number."""
        from cupfw import logbook
        return logbook.add_log(self, record)

    def finish(self, rec, won, best, winner):
        """Keep a finished game in the log and the statistics (cupfw.logbook.finish)."""
        from cupfw import logbook
        logbook.finish(self, rec, won, best, winner)
