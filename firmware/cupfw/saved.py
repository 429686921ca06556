"""Reading the store's files (cupfw.store), checked before use: size, header and checksum, JSON, shape.

Apart from the store, which stays in memory for the saves during a game: this
module is imported when a file is read, and the app drops it again.

stats.json: {pack: {"games", "wins", "best", "seats": [wins of seat 1, 2, ...],
"log": the number of the last log counted}} (older files lack "seats" and "log").
A game record (game.json, log/NNNNN.json) is checked here only in shape; replay
checks the rest.
"""

import os

from cupfw.store import MOST, adler32


_BIG = const(1 << 30)  # counts stay small ints on a 32-bit board
HEAD = 14  # "cup1 " + 8 hex digits + "\n"


def _sum(head):
    """The checksum a store file's first line names (exactly as encode writes it); ValueError if none."""
    if len(head) != HEAD or head[:5] != b"cup1 " or head[13] != 10 \
            or head[5:13].strip(b"0123456789abcdef"):  # (left over: a byte that is no hex digit)
        raise ValueError("no store header")
    return int(head[5:13], 16)


def decode(data):
    """The object in a store file's bytes; ValueError if it is damaged."""
    from cupcore import jsonin
    body = data[HEAD:]
    if adler32(body) != _sum(data[:HEAD]):
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
        want = _sum(f.read(HEAD))
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


def settle(st, name):
    """A NAME.new left by a power cut: switched in if complete, else removed (the old file stands)."""
    path = st.path(name)
    if _exists(path + ".new"):
        try:
            intact(path + ".new")
        except (OSError, ValueError):
            os.remove(path + ".new")
        else:
            st.replace(path + ".new", path)


def aside(st, name, why):
    """Set a damaged file aside as NAME.bad (or the first free NAME.badN) and report it."""
    st.aside_count += 1
    if len(st.problems) < 10:
        st.problems.append((name, str(why)))
    path = st.path(name)
    dst = path + ".bad"
    k = 1
    while _exists(dst) and k < 9:
        k += 1
        dst = path + ".bad%d" % k
    try:
        st.replace(path, dst)
    except OSError:
        pass


def read(st, name, default=None, head=False):
    """The object stored as name, or default if absent or damaged (then set aside).

    head: of a game record, only its head (see record), its actions left out (an empty list),
    so that a long game's actions are not read at all (the menu, and the check at boot)."""
    settle(st, name)
    path = st.path(name)
    if not _exists(path):
        return default
    try:
        intact(path)
        with open(path, "rb") as f:  # checked, then parsed, in small pieces: never a copy of the file in memory
            f.seek(HEAD)
            if name == "game.json" or name[:4] == "log/":
                obj = record(f, head)
            else:
                from cupcore import jsonin
                obj = jsonin.load(f)
        shape(name, obj)
        return obj
    except (OSError, ValueError) as e:
        aside(st, name, e)
        return default


def record(f, head=False):
    """A game record from the binary stream f. As the store writes it, its head (the fields before
    "actions", written last) is parsed at once and its actions one by one into a cupfw.play.Actions:
    a list of Mafia's 900 rolls would be one block of 7 KB of a 64-bit heap. A text laid out
    otherwise is parsed whole, as any JSON. head: the head only, the actions an empty list."""
    from cupcore import jsonin
    start = f.tell()
    b = f.read(256)
    mark = b', "actions": ['
    i = b.find(mark)
    if i > 0:
        rec = jsonin.loads(b[:i] + b', "actions": []}')
        if head:
            return rec
        f.seek(start + i + len(mark))
        acts = _actions(f)
        if acts is not None and isinstance(rec, dict):
            rec["actions"] = acts
            return rec
    f.seek(start)
    return jsonin.load(f)


def _actions(f):
    """The actions from f, just after the list's "[", exactly as pieces() writes them ("a", "b"]} and
    the end of the file), each a plain ASCII string; None if they are written any other way. Their
    codes go in one bytearray made whole at once (its size from the commas, which C counts): grown
    a few bytes at a time, it would be moved over and over through a nearly full heap."""
    import sys
    play = sys.modules.get("cupfw.play")  # loaded when a game screen reads its record
    if play is None:  # (a record read on its own, as by the tests: as any JSON, a list)
        return None
    from cupcore import jsonin
    at = f.tell()
    n = 1 + jsonin.count(f, (b",",))
    f.seek(at)
    acts = play.Actions(())
    w = acts.words
    codes = bytearray(n)
    k = 0
    data = f.read(64)
    while True:
        if data[:2] == b"]}":
            if len(data) != 2 or f.read(1):
                return None
            acts.codes = codes if k == n else codes[:k]
            return acts
        e = data.find(b'"', 1)
        while e < 0:
            more = f.read(64)
            if not more:
                return None
            data += more
            e = data.find(b'"', 1)
        a = data[1:e]
        if data[:1] != b'"' or b"\\" in a or a and (max(a) > 126 or min(a) < 32) or k == n:
            return None
        a = a.decode()
        if a not in w:
            if len(w) == 256:  # more than a byte tells apart: read as any JSON
                return None
            w.append(a)
        codes[k] = w.index(a)
        k += 1
        data = data[e + 1:]
        if len(data) < 3:
            data += f.read(64)
        if data[:2] == b", ":
            data = data[2:]
        elif data[:2] != b"]}":
            return None


def _count(v):
    return type(v) is int and 0 <= v < _BIG


def shape(name, obj):
    """ValueError unless obj has the shape the device expects of the file name."""
    from cupcore import word
    ok = isinstance(obj, dict)
    if ok and name == "stats.json":
        for pid in obj:
            e = obj[pid]
            if not word(pid, 24) or not isinstance(e, dict):
                ok = False
                break
            seats = e.get("seats", [])
            best = e.get("best")
            if not (_count(e.get("games", 0)) and _count(e.get("wins", 0)) and _count(e.get("log", 0))
                    and (best is None or type(best) is int and -_BIG < best < _BIG)
                    and type(seats) is list and len(seats) <= 8 and all(map(_count, seats))):
                ok = False
                break
    elif ok and (name == "game.json" or name[:4] == "log/"):
        acts = obj.get("actions")
        ok = word(obj.get("pack"), 24) and type(obj.get("players")) is int and (hasattr(acts, "codes") or (
            type(acts) is list and not [a for a in acts if type(a) is not str]))
    if not ok:
        raise ValueError("wrong shape")
