"""The device program under abuse, inside the MicroPython unix port: random keys on every screen,
and power cuts (SIGKILL) while it saves."""

import json
import os
import random
import signal
import subprocess
import time

from cupcore import replay
from cupfw.store import Store

from cupkit import tools

from conftest import run_mp_json
from device_scripts import BOOT

# Where the fuzz starts: the menu, and a game of each engine in progress.
STARTS = [None] + [{"pack": p, "players": n, "seed": 4, "actions": []}
                   for p, n in (("pig", 3), ("hog", 2), ("mia", 4), ("meier", 3), ("scoundrel", 1), ("bogey", 1),
                                ("midnight", 3), ("scc-classic", 2), ("mafia", 3),
                                ("generala", 3), ("poker-dice", 2), ("dix-mille-500", 3), ("wish", 1),
                                ("shooting-party", 1), ("yamb", 3))] + \
    [{"pack": "cup", "players": 1, "seed": 4, "params": {"hidden": True}, "actions": []}]

_FUZZ = """import os, json
from cupfw.hal.virtual import Board
from cupfw.app import App
from cupfw.store import Store
x = %(seed)d
def rnd(n):
    global x
    x = (x * 1103515245 + 12345) & 0x3FFFFFFF
    return (x >> 7) %% n
seen = {}
starts = %(starts)s
for i in range(len(starts)):
    d = %(root)r + "/fz%%d" %% i
    os.mkdir(d)
    Store(d).write("settings.json", {"dim": 20, "sleep": 45})  # the idle spells below reach both
    if starts[i]:
        Store(d).write("game.json", starts[i])
    app = App(Board(data_dir=d, seed=%(seed)d))
    b = app.b
    if starts[i]:  # resume it: the fuzz starts in the game
        b.held = 16
        app.run(60)
        b.held = 0
    for k in range(%(events)d):
        r = rnd(20)
        if k == 500:
            app.run(50000)  # asleep
        elif r < 14:
            bit = 1 << rnd(6)
            b.held |= bit
            app.run((20, 60, 120, 900)[rnd(4)])
            b.held &= ~bit
            app.run(40)
        elif r < 16:
            b.shake = True
            app.run(40)
        elif r < 18:
            b.held = rnd(64)
            app.run(100)
            b.held = 0
            app.run(40)
        elif r == 18:
            app.run(rnd(3000))
        else:
            app.run((1000, 31000, 61000)[rnd(3)])
        seen[app.name] = seen.get(app.name, 0) + 1
        seen[app.mode] = seen.get(app.mode, 0) + 1  # 0 awake, 1 dimmed, 2 asleep
print(json.dumps(seen))
"""


def test_thousands_of_random_keys_never_crash(image_mpy, tmp_path):
    """Random presses, long presses, chords, shakes and idle spells (dim, sleep, the attract demo)
    on the menus and on a game of every engine; the program must never raise."""
    code = _FUZZ % {"seed": 12345, "starts": repr(STARTS),
                    "root": str(tmp_path), "events": 800}
    seen = run_mp_json(image_mpy, code, timeout=600)[0]
    for screen in ("screens.menu", "screens.pack", "screens.text", "screens.settings", "games.pig", "games.mia",
                   "games.scoundrel", "games.bogey", "games.midnight", "games.scc", "games.mafia", "games.cup",
                   "games.generala", "games.pokerdice", "games.dixmille", "games.wish", "games.party",
                   "games.yamb"):
        assert seen.get(screen), (screen, seen)
    assert seen.get("1") and seen.get("2"), seen  # dimmed and asleep (JSON's keys are strings)


_PLAY = """from cupfw.hal.virtual import Board
from cupfw.app import App
app = App(Board(data_dir=%(data)r))
b = app.b
def press(bit):
    b.held = bit
    app.run(60)
    b.held = 0
    app.run(60)
press(16)
print("up")
while True:
    for bit in (16, 16, 16, 32):
        press(bit)
        app.run(600)
"""


def test_power_cut_while_saving_always_resumes_a_consistent_game(image_mpy, tmp_path):
    """Kill the device (SIGKILL) at random moments of a game that saves after every action; each time
    it must start again, resume the same game and go on: never a damaged or diverging record."""
    data = str(tmp_path / "data")
    Store(data).write("game.json", {"pack": "big-pig", "players": 2, "seed": 21, "params": {"goal": 10000},
                                    "actions": []})
    script = os.path.join(image_mpy, "_cut_%d.py" % os.getpid())
    with open(script, "w") as f:
        f.write(_PLAY % {"data": data})
    rnd = random.Random(6)
    before = []
    grew = 0
    try:
        for trial in range(12):
            p = subprocess.Popen([tools.micropython(), os.path.basename(script)], cwd=image_mpy,
                                 env=dict(os.environ, MICROPYPATH="lib"), stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
            assert p.stdout.readline().strip() == b"up", p.stderr.read()
            time.sleep(rnd.uniform(0.01, 0.3))
            p.send_signal(signal.SIGKILL)
            p.wait()
            st = Store(data)
            rec = st.read("game.json")
            assert st.problems == [], st.problems
            assert isinstance(rec, dict), "the game in progress was lost"
            game = replay.load(rec)
            assert not game.over
            acts = rec["actions"]
            assert acts[:len(before)] == before, "the resumed game diverged"
            grew += len(acts) > len(before)
            before = acts
    finally:
        os.remove(script)
    assert grew >= 6  # the game went on between the cuts


# The last hold of a Pig game on a device with 20 logs and statistics, and A to leave its end (where
# the game is kept), its store's flash access
# pausing before and after every rename and remove, and before, halfway through and after every
# file's bytes; the test lets each pause go on, or cuts the power (SIGKILL) there.
_FINISH_CUT = """import os as real_os
import sys
from cupfw import store
def pause():
    print("pause")
    sys.stdin.readline()
class Flash:
    def __getattr__(self, name):
        return getattr(real_os, name)
    def rename(self, a, b):
        pause()
        real_os.rename(a, b)
        pause()
    def remove(self, p):
        pause()
        real_os.remove(p)
        pause()
class Writing:
    def __init__(self, f):
        self.f = f
    def write(self, data):
        half = len(data) // 2
        pause()
        self.f.write(data[:half])
        pause()
        self.f.write(data[half:])
        pause()
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        self.f.close()
def opened(path, mode="r"):
    f = open(path, mode)
    return Writing(f) if "w" in mode else f
""" + BOOT + """press(16)
store.os = Flash()
store.open = opened
press(32)
press(16)
print("done")
"""

_RESUME = "import json\n" + BOOT + """boot = app.name
over = None  # no game to resume: the cut came after its end was kept
if app.scr.labels[0] == "Resume pig":
    press(16)
    if not app.scr.s["over"]:
        press(32)
    over = app.scr.s["over"]
    press(16)  # the end seen, the screen left: the game is kept
print(json.dumps([boot, over]))
"""

_LAST_HOLD = {"pack": "pig", "players": 2, "seed": 3, "dice": [5], "params": {"goal": 5}, "actions": ["roll"]}


def _device_with_history(data):
    st = Store(data)
    for i in range(20):
        st.add_log({"pack": "pig", "players": 2, "seed": 100 + i, "actions": ["roll", "hold"]})
    st.write("stats.json", {"pig": {"games": 20, "wins": 20, "best": 100, "seats": [10, 10], "log": 20}})
    st.write("game.json", _LAST_HOLD)


def test_a_power_cut_at_any_step_of_a_game_end_loses_nothing_and_counts_it_once(image_mpy, tmp_path):
    """Cut the power at each write and rename step of the end of a game (the game record, the log,
    the dropped oldest log, the statistics, the game record's removal), start again and resume:
    every time the game is in the statistics exactly once and in the log exactly once."""
    won = dict(_LAST_HOLD, actions=["roll", "hold"])
    script = os.path.join(image_mpy, "_fincut_%d.py" % os.getpid())
    cuts = 0
    try:
        for at in range(1, 200):
            data = str(tmp_path / ("d%d" % at))
            _device_with_history(data)
            with open(script, "w") as f:
                f.write(_FINISH_CUT % {"data": data})
            p = subprocess.Popen([tools.micropython(), os.path.basename(script)], cwd=image_mpy,
                                 env=dict(os.environ, MICROPYPATH="lib"), stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            pauses = 0
            for line in p.stdout:
                if line.strip() != b"pause":
                    continue
                pauses += 1
                if pauses == at:
                    p.send_signal(signal.SIGKILL)
                    break
                p.stdin.write(b"\n")
                p.stdin.flush()
            p.wait()
            if pauses < at:  # the game ended before this pause: every step has had its cut
                assert p.returncode == 0, p.stderr.read()
                break
            cuts += 1
            boot, over = run_mp_json(image_mpy, _RESUME % {"data": data})[0]
            assert boot == "screens.menu", "something was reported damaged after a cut at pause %d" % at
            st = Store(data)
            assert st.read("game.json") is None and over is not False, at
            pig = st.read("stats.json")["pig"]
            assert (pig["games"], pig["wins"]) == (21, 21), "counted %d times after a cut at pause %d" % (pig["games"] - 20, at)
            assert pig == {"games": 21, "wins": 21, "best": 100, "seats": [11, 10], "log": 21}, at
            assert [st.read(n) for n in st.logs()].count(won) == 1, at
            assert len(st.logs()) == 20 and st.problems == [], at
    finally:
        os.remove(script)
    assert cuts >= 15  # game record, log, oldest log, statistics and the removal, each cut several ways
