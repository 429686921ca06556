"""Persistence under /data: atomic, checksummed JSON files.

A file holds a first line "cup1 ADLER32\\n" (the Adler-32 of the rest, 8 hex digits)
and then the JSON text. write() puts the new text in NAME.new, then renames it
over NAME; read() prefers a complete NAME.new (a power cut fell between the
two steps) and else NAME, so a cut at any moment leaves the old or the new
version. A file that fails its checksum or its JSON is set aside as NAME.bad,
reported once in problems, and read() returns the default: the device starts.

Files: settings.json, stats.json, game.json (the game in progress, as its game
record) and log/NNNNN.json (finished games' records, the last LOG_KEEP kept).
"""

import json
import os

LOG_KEEP = 20
_MAGIC = "cup1 "


def adler32(data, value=1):
    """Adler-32 of bytes (the same value as zlib.adler32 on the host); value: that of the bytes before."""
    a = value & 0xFFFF
    b = value >> 16
    for c in data:
        a = (a + c) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def pieces(obj):
    """obj's JSON text as bytes, in pieces: a dict value by value and a list 16 items at a time,
    so that a long game record never needs one big string (write() makes them twice)."""
    if isinstance(obj, dict):
        yield b"{"
        sep = b""
        for k in obj:
            yield sep + json.dumps(k).encode() + b": "
            yield from pieces(obj[k])
            sep = b", "
        yield b"}"
    elif isinstance(obj, list) and len(obj) > 16:
        yield b"["
        for i in range(0, len(obj), 16):
            yield (b", " if i else b"") + json.dumps(obj[i:i + 16]).encode()[1:-1]
        yield b"]"
    else:
        yield json.dumps(obj).encode()


def _header(obj):
    s = 1
    for p in pieces(obj):
        s = adler32(p, s)
    return ("%s%08x\n" % (_MAGIC, s)).encode()


def encode(obj):
    """The bytes of a store file holding obj."""
    return _header(obj) + b"".join(pieces(obj))


def _sum(head):
    """The checksum named by a store file's first line (bytes, with its newline); ValueError if none."""
    head = head.decode() if head[-1:] == b"\n" else ""
    if not head.startswith(_MAGIC) or len(head) != len(_MAGIC) + 9:
        raise ValueError("no store header")
    return int(head[len(_MAGIC):-1], 16)


def decode(data):
    """The object in a store file's bytes; ValueError if it is damaged."""
    cut = data.find(b"\n") + 1
    if _sum(data[:cut]) != adler32(data[cut:]):
        raise ValueError("checksum mismatch")
    return json.loads(data[cut:])


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

    def _load(self, path):
        """decode() of the file, read in pieces: the checksum 128 bytes at a time, then the JSON
        from the file itself, so that a long game record is never one big string."""
        with open(path, "rb") as f:
            want = _sum(f.read(len(_MAGIC) + 9))
            s = 1
            buf = bytearray(128)
            n = f.readinto(buf)
            while n:
                s = adler32(memoryview(buf)[:n], s)
                n = f.readinto(buf)
            if s != want:
                raise ValueError("checksum mismatch")
            f.seek(len(_MAGIC) + 9)
            return json.load(f)

    def read(self, name, default=None):
        """The object stored as name, or default if absent or damaged (then set aside)."""
        path = self._path(name)
        if _exists(path + ".new"):
            try:
                obj = self._load(path + ".new")
            except (OSError, ValueError):
                os.remove(path + ".new")  # a write that never finished: the old file stands
            else:
                self._replace(path + ".new", path)
                return obj
        if not _exists(path):
            return default
        try:
            return self._load(path)
        except (OSError, ValueError) as e:
            self.problems.append((name, str(e)))
            try:
                self._replace(path, path + ".bad")
            except OSError:
                pass
            return default

    def write(self, name, obj):
        """Store obj as name atomically. OSError (full or read-only flash) leaves the old file."""
        path = self._path(name)
        head = _header(obj)
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
        """Keep a finished game's record; the oldest beyond LOG_KEEP are dropped."""
        logs = self.logs()
        last = int(logs[-1][4:-5]) if logs else 0
        self.write("log/%05d.json" % (last + 1), record)
        for old in logs[:max(0, len(logs) + 1 - LOG_KEEP)]:
            self.remove(old)
