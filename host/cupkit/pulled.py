"""The device's /data on the laptop: decode the store files, verify game records, read the statistics.

A pulled folder (default ./logs) holds stats.json ({pack: {"games", "wins", "best"}})
and log/NNNNN.json, the finished games' records as plain JSON, plus packs/ with
the device's copies of the packs those records use (house rules the laptop may
not have), so every record replays here as it did on the device.
"""

import json
import os

from cupcore import packs, replay
from cupfw import store

from cupkit import paths, records


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
        with open(os.path.join(folder, "packs", os.path.basename(path)), "wb") as f:
            f.write(data)
    return written


def verify(folder, path):
    """(record, None) if the record replays to a finished game (the log keeps only those),
    else (record or None, reason)."""
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
        summary = replay.run(rec, [os.path.join(folder, "packs"), "packs", paths.PACKS])
    except (OSError, ValueError) as e:
        return None, str(e)
    return rec, None if summary["over"] else "it replays, but the game is not over"


def stats(folder):
    """Rows {pack, name, games, wins, best, logs} from folder/stats.json and the records pulled beside it."""
    with open(os.path.join(folder, "stats.json"), encoding="utf-8") as f:
        st = json.load(f)
    logs = {}
    logdir = os.path.join(folder, "log")
    for n in sorted(os.listdir(logdir)) if os.path.isdir(logdir) else ():
        try:
            with open(os.path.join(logdir, n), encoding="utf-8") as f:
                pid = json.load(f).get("pack")
        except (OSError, ValueError, AttributeError):
            continue
        logs[pid] = logs.get(pid, 0) + 1
    rows = []
    for pid in sorted(set(st) | set(logs)):
        s = st.get(pid) or {}
        try:
            name = packs.load(pid, [os.path.join(folder, "packs"), "packs", paths.PACKS])["name"]
        except ValueError:
            name = pid
        rows.append({"pack": pid, "name": name, "games": s.get("games", 0), "wins": s.get("wins", 0),
                     "best": s.get("best"), "logs": logs.get(pid, 0)})
    return rows
