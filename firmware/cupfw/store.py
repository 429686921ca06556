"""Persistence under /data: atomic, checksummed JSON files, checked before use.

A file holds a first line "cup1 ADLER32\n" (the Adler-32 of the rest, 8 hex digits)
and then the JSON text. write() puts the new text in NAME.new, then renames it
over NAME; a NAME.new found later is switched in if it is complete (a power cut
fell between the two steps) and else removed, so a cut at any moment leaves the
old or the new version.

Saved files are input: read() refuses a file of over MOST bytes unread, then
checks its header and checksum, its JSON (cupcore.jsonin: nested 16 deep at
most, a ValueError on every port) and its shape (cupfw.saved), reading it in
small pieces. A file that fails is set aside as NAME.bad (NAME.bad2 if that is
taken, ...), reported once in problems, and read() returns the default: the
device starts, and nothing is lost.

Files: settings.json, stats.json, game.json (the game in progress, as its game
record) and log/NNNNN.json (finished games' records, the last LOG_KEEP kept);
cupfw.saved has their shapes and keeps a finished game in the log and the
statistics.
"""

import json
import os

LOG_KEEP = 20
MOST = 16384  # bytes in a store file: a long game's record is a few KB
_MAGIC = b"cup1 "
_HEX = b"0123456789abcdef"
_HEAD = 14  # "cup1 " + 8 hex digits + "\n"


def adler32(data, value=1):
    """Adler-32 of bytes, continuing from value (the same as zlib.adler32 on the host)."""
    a = value & 0xFFFF
    b = value >> 16
    for c in data:
        a = (a + c) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def encode(obj):
    """The bytes of a store file holding obj."""
    body = json.dumps(obj).encode()
    return ("cup1 %08x\n" % adler32(body)).encode() + body


def _sum(head):
    """The checksum a store file's first line names (exactly as encode writes it); ValueError if none."""
    if len(head) != _HEAD or head[:5] != _MAGIC or head[13] != 10 or [c for c in head[5:13] if c not in _HEX]:
        raise ValueError("no store header")
    return int(head[5:13], 16)


def decode(data):
    """The object in a store file's bytes; ValueError if it is damaged."""
    from cupcore import jsonin
    body = data[_HEAD:]
    if adler32(body) != _sum(data[:_HEAD]):
        raise ValueError("checksum mismatch")
    return jsonin.loads(body)


def intact(path):
    """ValueError unless the file at path has its size, header and checksum right; read in
    small pieces, so a file costs no memory however large."""
    size = os.stat(path)[6]
    if size > MOST:
        raise ValueError("too big: %d bytes" % size)
    buf = bytearray(128)
    with open(path, "rb") as f:
        want = _sum(f.read(_HEAD))
        got = 1
        n = f.readinto(buf)
        while n:
            got = adler32(buf if n == len(buf) else memoryview(buf)[:n], got)
            n = f.readinto(buf)
    if got != want:
        raise ValueError("checksum mismatch")


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Store:
    def __init__(self, root):
        self.root = root
        self.problems = []  # (file, reason) of every file set aside, for the app to show once
        for d in (root, root + "/log"):
            if not _exists(d):
                os.mkdir(d)

    def _path(self, name):
        return self.root + "/" + name

    def settle(self, name):
        """A NAME.new left by a power cut: switched in if complete, else removed (the old file stands)."""
        path = self._path(name)
        if _exists(path + ".new"):
            try:
                intact(path + ".new")
            except (OSError, ValueError):
                os.remove(path + ".new")
            else:
                self._replace(path + ".new", path)

    def aside(self, name, why):
        """Set a damaged file aside as NAME.bad (or the first free NAME.badN) and report it."""
        self.problems.append((name, str(why)))
        path = self._path(name)
        dst = path + ".bad"
        k = 1
        while _exists(dst) and k < 9:
            k += 1
            dst = path + ".bad%d" % k
        try:
            self._replace(path, dst)
        except OSError:
            pass

    def read(self, name, default=None):
        """The object stored as name, or default if absent or damaged (then set aside)."""
        self.settle(name)
        path = self._path(name)
        if not _exists(path):
            return default
        from cupcore import jsonin
        from cupfw import saved
        try:
            intact(path)
            with open(path, "rb") as f:  # checked, then parsed, in small pieces: never a copy of the file in memory
                f.seek(_HEAD)
                obj = jsonin.load(f)
            saved.shape(name, obj)
            return obj
        except (OSError, ValueError) as e:
            self.aside(name, e)
            return default

    def write(self, name, obj):
        """Store obj as name atomically. OSError (full or read-only flash, or over MOST) leaves the old file."""
        path = self._path(name)
        data = encode(obj)
        if len(data) > MOST:
            raise OSError(27)  # EFBIG: read() would refuse it
        try:
            with open(path + ".new", "wb") as f:
                f.write(data)
        except OSError:
            try:
                os.remove(path + ".new")
            except OSError:
                pass
            raise
        self._replace(path + ".new", path)

    def remove(self, name):
        try:
            os.remove(self._path(name))
        except OSError:
            pass

    def _replace(self, src, dst):
        try:
            os.rename(src, dst)
        except OSError:  # FAT will not rename over a file
            os.remove(dst)
            os.rename(src, dst)

    def logs(self):
        """Names of the finished games' records, oldest first."""
        names = [n for n in os.listdir(self.root + "/log") if n[-5:] == ".json"]
        names.sort()
        return ["log/" + n for n in names]

    def add_log(self, record):
        """Keep a finished game's record (cupfw.saved.add_log); its number."""
        from cupfw import saved
        return saved.add_log(self, record)

    def finish(self, rec, won, best, winner):
        """Keep a finished game in the log and the statistics (cupfw.saved.finish)."""
        from cupfw import saved
        saved.finish(self, rec, won, best, winner)
