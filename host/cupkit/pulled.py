"""The device's /data on the laptop: decode the store files, verify game records, read the statistics.

A pulled folder (default ./logs) holds stats.json ({pack: {"games", "wins", "best"}},
and from newer firmware "seats": the wins of seat 1, 2, ... of a pass-and-play game),
log/NNNNN.json, the finished games' records as plain JSON, and packs/ with the
device's copies of the packs those records use (house rules the laptop may not
have), so every record replays here as it did on the device.
"""

import os

from cupcore import replay
from cupfw import store

from cupkit import jsonfile, packfiles, paths, quoting, records


def decode_store(files):
    """{name: object} from {device path: bytes} of store files: like store.read, a complete NAME.new
    wins over NAME; damaged files are reported in the second value, never fatal."""
    out, bad = {}, []
    for path in sorted(files):
        if path.endswith(".bad") or path.endswith(".new"):
            continue
        newer = files.get(path + ".new")
        for data in ([newer] if newer is not None else []) + [files[path]]:
            try:
                out[path] = store.decode(data)
                break
            except ValueError as e:
                reason = str(e)
        else:
            bad.append((path, reason))
    return out, bad


def save(folder, decoded, pack_files):
    """Write stats.json, log/*.json and packs/*.json under folder; returns the record paths written."""
    os.makedirs(os.path.join(folder, "log"), exist_ok=True)
    os.makedirs(os.path.join(folder, "packs"), exist_ok=True)
    written = []
    for path, obj in sorted(decoded.items()):
        name = path[len("data/"):]
        if name == "stats.json" or name.startswith("log/"):
            records.write(os.path.join(folder, *name.split("/")), obj)
            if name.startswith("log/"):
                written.append(os.path.join(folder, *name.split("/")))
    for path, data in pack_files.items():
        dest = os.path.join(folder, "packs", os.path.basename(path))
        with open(dest + ".tmp", "wb") as f:
            f.write(data)
        os.replace(dest + ".tmp", dest)
    return written


def verify(folder, path):
    """(record, None) if the record replays to a finished game (the log keeps only those),
    else (record or None, reason)."""
    try:
        rec = jsonfile.read(path)
        summary = replay.run(rec, [os.path.join(folder, "packs"), "packs", paths.PACKS])
    except (OSError, ValueError) as e:
        return None, quoting.clip(e)
    return rec, None if summary["over"] else "it replays, but the game is not over"


def stats(folder):
    """(rows, problems): rows {pack, name, games, wins, best, logs, and seats if the device kept them}
    from folder/stats.json and the records pulled beside it; problems name the entries of stats.json
    left out for their shape. ValueError if stats.json is not an object of packs at all."""
    st = jsonfile.read(os.path.join(folder, "stats.json"))
    if not isinstance(st, dict):
        raise ValueError("not an object of packs ({\"pig\": {\"games\": ...}, ...})")
    logs = {}
    logdir = os.path.join(folder, "log")
    for n in sorted(os.listdir(logdir)) if os.path.isdir(logdir) else ():
        try:
            pid = jsonfile.read(os.path.join(logdir, n)).get("pack")
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(pid, str):
            logs[pid] = logs.get(pid, 0) + 1
    rows, problems = [], []
    for pid in sorted(set(st) | set(logs)):
        s = st.get(pid, {})
        why = shape_problem(s)
        if why:
            problems.append("pack %s: %s" % (quoting.quote(pid), why))
            continue
        try:
            name = packfiles.load(pid, [os.path.join(folder, "packs"), "packs", paths.PACKS])[1]["name"]
        except ValueError:
            name = pid
        row = {"pack": pid, "name": name, "games": s.get("games", 0), "wins": s.get("wins", 0),
               "best": s.get("best"), "logs": logs.get(pid, 0)}
        if "seats" in s:
            row["seats"] = s["seats"]
        rows.append(row)
    return rows, problems


def _count(v):
    return type(v) is int and v >= 0


def shape_problem(entry):
    """Why one pack's entry of stats.json cannot be shown, or None: games and wins whole numbers (wins
    at most games), best a whole number or null, seats (optional) a list of at most 8 whole numbers
    adding up to at most games."""
    if not isinstance(entry, dict):
        return "not an object"
    games = entry.get("games", 0)
    if not (_count(games) and _count(entry.get("wins", 0))):
        return "games and wins must be whole numbers, 0 or more"
    if entry.get("wins", 0) > games:
        return "more wins than games"
    if entry.get("best") is not None and type(entry["best"]) is not int:
        return "best must be a whole number or null"
    seats = entry.get("seats", [])
    if not (isinstance(seats, list) and len(seats) <= 8 and all(_count(n) for n in seats) and sum(seats) <= games):
        return "seats must be a list of at most 8 whole numbers adding up to at most the games"
    return None
