"""Settings: screen brightness, sound, LED brightness, dim and sleep times. Saved on leaving."""

from cupfw import gfx
from cupfw.hal import UP, DOWN, LEFT, RIGHT, B

# (setting, label, choices); the times are seconds, 0 = never.
_ROWS = (
    ("bright", "Brightness", (1, 2, 3, 4)),
    ("sound", "Sound", (0, 1)),
    ("leds", "LEDs", (0, 1, 2, 3, 4)),
    ("dim", "Dim after", (0, 30, 60, 120, 300)),
    ("sleep", "Sleep after", (0, 120, 300, 600, 1800)),
)


class Screen:
    def __init__(self, app, arg):
        self.app = app
        self.sel = 0
        self.changed = False

    def key(self, ev, bit):
        if ev:
            return
        app = self.app
        d = (bit == RIGHT) - (bit == LEFT)
        if bit == UP or bit == DOWN:
            self.sel = (self.sel + (1 if bit == DOWN else -1)) % len(_ROWS)
        elif d:
            k, _, ch = _ROWS[self.sel]
            i = ch.index(app.cfg[k]) if app.cfg[k] in ch else 0
            app.cfg[k] = ch[max(0, min(len(ch) - 1, i + d))]
            app.b.contrast(app.contrast())
            app.lstate = -1
            self.changed = True
        elif bit == B:
            if self.changed:
                try:
                    app.st.write("settings.json", app.cfg)
                except OSError:
                    pass
            app.go("screens.menu", 0)
            return
        app.dirty = True

    def tick(self, now):
        return False

    def draw(self, fb):
        gfx.bar(fb, "Settings")
        rows = []
        for k, label, _ in _ROWS:
            v = self.app.cfg[k]
            if k == "sound":
                v = "on" if v else "off"
            elif k == "dim" or k == "sleep":
                v = "never" if not v else ("%ds" % v if v < 60 else "%dmin" % (v // 60))
            rows.append("%-12s< %s >" % (label, v))
        gfx.menu(fb, rows, self.sel)
