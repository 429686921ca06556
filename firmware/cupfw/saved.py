"""What the device saves in its store (cupfw.store), and how a finished game is kept.

Apart from the store, which stays in memory for the saves during a game: this
module is imported when a file is read (shape), at boot (check_logs) and at a
game's end (finish), and the app drops it between screens.

stats.json: {pack: {"games", "wins", "best", "seats": [wins of seat 1, 2, ...],
"log": the number of the last log counted}} (older files lack "seats" and "log").
A game record (game.json, log/NNNNN.json) is checked here only in shape; replay
checks the rest.
"""

from cupfw.store import LOG_KEEP, intact

_BIG = 1 << 30  # counts stay small ints on a 32-bit board


def _count(v):
    return type(v) is int and 0 <= v < _BIG


def _stats(st, word):
    if not isinstance(st, dict):
        return False
    for pid in st:
        e = st[pid]
        if not word(pid, 24) or not isinstance(e, dict):
            return False
        seats = e.get("seats", [])
        best = e.get("best")
        if not (_count(e.get("games", 0)) and _count(e.get("wins", 0)) and _count(e.get("log", 0))
                and (best is None or type(best) is int and -_BIG < best < _BIG)
                and type(seats) is list and len(seats) <= 8 and not [w for w in seats if not _count(w)]):
            return False
    return True


def _record(rec, word):
    if not isinstance(rec, dict):
        return False
    acts = rec.get("actions")
    return word(rec.get("pack"), 24) and type(rec.get("players")) is int and type(acts) is list \
        and not [a for a in acts if type(a) is not str]


def shape(name, obj):
    """ValueError unless obj has the shape the device expects of the file name."""
    from cupcore.packs import word
    if name == "stats.json":
        ok = _stats(obj, word)
    elif name == "game.json" or name[:4] == "log/":
        ok = _record(obj, word)
    else:
        ok = isinstance(obj, dict)
    if not ok:
        raise ValueError("not the shape of " + name)


def check_logs(st):
    """At boot: settle the logs a power cut left half written, and set aside every damaged one
    (size, header and checksum, read in small pieces: no log is held in memory)."""
    import os
    for n in os.listdir(st.root + "/log"):
        if n[-9:] == ".json.new":
            st.settle("log/" + n[:-4])
    for name in st.logs():
        try:
            intact(st.root + "/" + name)
        except (OSError, ValueError) as e:
            st.aside(name, e)


def add_log(st, record, after=0):
    """Keep a finished game's record under a number above after and every log's, set-aside
    ones too (a number is never used twice); the oldest beyond LOG_KEEP are dropped. Its number."""
    import os
    logs = st.logs()
    n = after
    for f in os.listdir(st.root + "/log"):
        if f[:5].isdigit():
            n = max(n, int(f[:5]))
    n += 1
    st.write("log/%05d.json" % n, record)
    for old in logs[:max(0, len(logs) + 1 - LOG_KEEP)]:
        st.remove(old)
    return n


def finish(st, rec, won, best, winner):
    """Keep a finished game: its log, its count in the statistics, then no game.json.

    The statistics name the last log they counted, so finishing the resumed game again after
    a power cut anywhere in here adds what is missing and never counts a game twice."""
    stats = st.read("stats.json", {})
    logs = st.logs()
    if logs and st.read(logs[-1]) == rec:
        n = int(logs[-1][4:-5])
    else:
        n = add_log(st, rec, max([e.get("log", 0) for e in stats.values()] + [0]))
    e = stats.get(rec["pack"]) or {"games": 0, "wins": 0, "best": None}
    if e.get("log", 0) < n:
        e["games"] = e.get("games", 0) + 1
        e["wins"] = e.get("wins", 0) + (1 if won else 0)
        if best is not None and (e.get("best") is None or best > e["best"]):
            e["best"] = best
        seats = e.get("seats", [])
        seats += [0] * (rec["players"] - len(seats))
        if winner is not None:
            seats[winner] += 1
        e["seats"] = seats
        e["log"] = n
        stats[rec["pack"]] = e
        st.write("stats.json", stats)
    st.remove("game.json")
