"""The state file a running virtual device or emulated Pico leaves, so that commands without --port find it."""

import json
import os


def advertise(path, info):
    """Record info ({port, ...}; the pid is added) atomically in the state file at path."""
    tmp = path + ".%d" % os.getpid()
    with open(tmp, "w") as f:
        json.dump(dict(info, pid=os.getpid()), f)
    os.replace(tmp, path)


def running(path):
    """What the state file at path advertises, if its process is alive, else None."""
    try:
        with open(path) as f:
            st = json.load(f)
        os.kill(st["pid"], 0)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return st


def forget(path, port):
    """Remove the state file, unless it advertises another port that is alive."""
    st = running(path)
    if st is None or st.get("port") == port:
        try:
            os.remove(path)
        except OSError:
            pass
