"""Finish a `cupkit flash` that power loss cut short in its last step.

The host stages new files under .cupkit/new and commits by writing the journal
.cupkit/switch ("r STAGED PATH" and "d PATH" lines). main.py and code.py call
finish() first thing, before anything is read from /lib, so the board runs the
whole new version, never a mix. It lives at the root, outside /lib, with the
entry files; every step can run twice safely.
"""

import os


def finish():
    """Replay the journal, if any. On a read-only flash nothing happens and the next flash finishes it."""
    try:
        with open(".cupkit/switch") as f:
            steps = [line.split(" ") for line in f.read().split("\n")]
    except OSError:
        return
    # littlefs finishes or undoes a rename that power loss cut short at its next change to the
    # filesystem; until then the file may be in neither folder, and a staged file looks moved when it
    # is not. Make that change now (a folder that is there already: nothing is written).
    try:
        os.mkdir(".cupkit")
    except OSError:
        pass
    for s in steps:
        try:
            if s[0] == "r":
                os.stat(s[1])  # missing: this step ran before the power went
                q = ""
                for part in s[2].split("/")[:-1]:
                    q += part
                    try:
                        os.mkdir(q)
                    except OSError:
                        pass
                    q += "/"
                try:
                    os.remove(s[2])  # FAT will not rename over a file
                except OSError:
                    pass
                os.rename(s[1], s[2])
            elif s[0] == "d":
                os.remove(s[1])
        except OSError:
            pass
    try:
        os.remove(".cupkit/switch")
    except OSError:
        pass
