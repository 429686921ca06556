"""The log and the statistics: the damaged logs found at boot, and a finished game kept once.

Imported at boot when there are logs, and when a game that ended is kept (App.keep_ended),
with cupfw.saved for reading; the app drops both again.
"""

from cupfw.saved import HEAD, aside, intact, read, settle
from cupfw.store import LOG_KEEP, header, pieces


def check_logs(st):
    """At boot: settle the logs a power cut left half written, and set aside every damaged one
    (size, header and checksum, read in small pieces: no log is held in memory)."""
    for name in st.logs(True):
        if name[-9:] == ".json.new":
            settle(st, name[:-4])
    for name in st.logs():
        try:
            intact(st.path(name))
        except (OSError, ValueError) as e:
            aside(st, name, e)


def add_log(st, record, after=0):
    """Keep a finished game's record under a number above after and every log's, set-aside
    ones too (a number is never used twice); the oldest beyond LOG_KEEP are dropped. Its number."""
    n = after
    for f in st.logs(True):
        if f[4:9].isdigit():
            n = max(n, int(f[4:9]))
    n += 1
    st.write("log/%05d.json" % n, record)
    _trim(st)
    return n


def _trim(st):
    for old in st.logs()[:-LOG_KEEP]:
        st.remove(old)


def holds(st, name, obj):
    """True if the file name holds exactly obj, as write() stores it: compared piece by piece, so
    neither is held twice in memory."""
    try:
        with open(st.path(name), "rb") as f:
            if f.read(HEAD) != header(obj):
                return False
            for p in pieces(obj):
                if f.read(len(p)) != p:
                    return False
            return not f.read(1)
    except OSError:
        return False


def finish(st, rec, won, best, winner):
    """Keep a finished game: its log, its count in the statistics, then no game.json.

    The statistics name the last log they counted, so finishing the resumed game again after
    a power cut anywhere in here adds what is missing and never counts a game twice."""
    stats = read(st, "stats.json", {})
    logs = st.logs()
    if logs and holds(st, logs[-1], rec):
        n = int(logs[-1][4:-5])
        _trim(st)  # a power cut may have come before the oldest went
    else:
        n = 0  # the last log number the statistics name
        for e in stats.values():
            n = max(n, e.get("log", 0))
        n = add_log(st, rec, n)
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
