"""The virtual board seeds its games like a real board (os.urandom), unless told a seed: then they
are repeatable, on CPython and on MicroPython alike. `cupkit sim` plays a new game each run."""

import os

from cupfw.hal.virtual import Board
from cupfw.store import Store

from conftest import cupkit, run_mp_json

SEEDS = """from cupfw.hal.virtual import Board
import json
a, b, c = Board(), Board(), Board(seed=%d)
print(json.dumps([[a.seed() for _ in range(4)], [b.seed() for _ in range(4)], [c.seed() for _ in range(4)]]))
"""

# Pig for two from the menu (Push your luck, its third pack): roll once and hold, until someone reaches 100 (it takes about 60 turns).
PIG = "press down\npress down\npress a\npress down\npress down\npress a\npress a\n" + \
    "press a\nwait 700\npress b\nwait 300\n" * 150


def seeds(seed):
    """What SEEDS prints, on CPython."""
    a, b, c = Board(), Board(), Board(seed=seed)
    return [[board.seed() for _ in range(4)] for board in (a, b, c)]


def test_board_seeds_are_random_unless_fixed_on_every_port(image):
    here, there = seeds(7), run_mp_json(image, SEEDS % 7)[0]
    assert here[2] == there[2] == seeds(7)[2]  # a fixed seed: the same sequence every run, on every port
    for first, second, _ in (here, there):
        assert first != second and len(set(first)) == 4
        assert all(type(s) is int and 0 <= s < 2 ** 30 for s in first + second)


def played(data):
    st = Store(str(data))
    return [st.read(name) for name in st.logs()]


def test_the_same_key_script_plays_a_new_game_each_run(tmp_path):
    (tmp_path / "pig.keys").write_text(PIG)
    for _ in range(2):
        r = cupkit("sim", "--headless", "--keys", "pig.keys", "--data", "data", cwd=str(tmp_path))
        assert r.returncode == 0, r.stderr
    games = played(tmp_path / "data")
    assert len(games) == 2 and games[0]["seed"] != games[1]["seed"]
    assert Store(str(tmp_path / "data")).read("stats.json")["pig"]["games"] == 2
    for d in ("s1", "s2"):
        r = cupkit("sim", "--headless", "--keys", "pig.keys", "--data", d, "--seed", "5", cwd=str(tmp_path))
        assert r.returncode == 0, r.stderr
    assert played(tmp_path / "s1") == played(tmp_path / "s2") and len(played(tmp_path / "s1")) == 1


def test_keys_without_shots_say_what_happened(tmp_path):
    (tmp_path / "k.keys").write_text("press down\npress up\n")
    r = cupkit("sim", "--headless", "--keys", "k.keys", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert r.stdout == ("k.keys: done, 2 steps played and no shot taken: add `shot NAME` lines to see the screen "
                        "(--shots DIR keeps them as PNGs); the device's /data was a fresh folder, now gone "
                        "(keep it: --data DIR)\n")
    r = cupkit("sim", "--headless", "--keys", "k.keys", "--data", "d", cwd=str(tmp_path))
    assert r.stdout.startswith("k.keys: done, 2 steps played") and "/data" not in r.stdout
    assert os.path.isdir(str(tmp_path / "d"))
