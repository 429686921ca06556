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

# Where the fuzz starts: the menu, and a game of each engine in progress.
STARTS = [None] + [{"pack": p, "players": n, "seed": 4, "actions": []}
                   for p, n in (("pig", 3), ("hog", 2), ("mia", 4), ("meier", 3), ("scoundrel", 1), ("bogey", 1),
                                ("midnight", 3), ("scc-classic", 2), ("mafia", 3))] + \
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
            app.run(310000)  # asleep
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
print(json.dumps(seen))
"""


def test_thousands_of_random_keys_never_crash(image_mpy, tmp_path):
    """Random presses, long presses, chords, shakes and idle spells (dim, sleep, the attract demo)
    on the menus and on a game of every engine; the program must never raise."""
    code = _FUZZ % {"seed": 12345, "starts": repr(STARTS),
                    "root": str(tmp_path), "events": 800}
    seen = run_mp_json(image_mpy, code, timeout=600)[0]
    for screen in ("screens.menu", "screens.pack", "screens.text", "screens.settings", "games.pig", "games.mia",
                   "games.scoundrel", "games.bogey", "games.midnight", "games.scc", "games.mafia", "games.cup"):
        assert seen.get(screen), (screen, seen)


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
