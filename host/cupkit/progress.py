"""A one-line progress bar on stderr (only when stderr is a terminal)."""

import sys
import time


class Bar:
    def __init__(self, label, stream=None):
        self.label = label
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.start = time.monotonic()
        self.shown = False

    def __call__(self, done, total, what=""):
        if not self.live:
            return
        frac = done / total if total else 1.0
        fill = int(frac * 30)
        self.stream.write("\r%s [%s%s] %3d%% %d/%d KB %-28.28s" % (
            self.label, "#" * fill, "." * (30 - fill), int(frac * 100), done // 1024, (total + 1023) // 1024, what))
        self.stream.flush()
        self.shown = True

    def close(self):
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
        return time.monotonic() - self.start
