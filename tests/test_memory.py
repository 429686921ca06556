"""Memory budgets, measured by `cupkit bench memory` on the real unix port (.mpy, -X heapsize)."""

import json
import tempfile

import pytest

from cupcore import packs

from cupkit import packfiles, paths
from cupkit.bench import memory as bench_memory
from cupkit.device import layout

from conftest import cupkit, micropython_path


@pytest.fixture(scope="module")
def rows():
    """Every workload tried at its budget (the figures' search is the bench's, for the README)."""
    micropython_path()
    r = cupkit("bench", "memory", "--json", "--at-budget", timeout=1200)
    assert r.returncode in (0, 1), r.stderr
    return {row["workload"]: row for row in json.loads(r.stdout)}


def test_every_engine_pack_is_measured(rows):
    names = [w["name"] for w in bench_memory.workloads()]
    assert sorted(rows) == sorted(names)
    assert {"pig", "big-pig", "hog"} <= set(rows)


def test_self_play_budgets_are_the_issues_24_kb_but_for_the_listed_packs_of_issue_14():
    """Only issue 14's packs may be over 24 KB (their measured figure), and only until they fit."""
    budgets = {w["name"]: w["budget_kb"] for w in bench_memory.workloads() if "self-play" in w["what"]}
    assert set(bench_memory.SELFPLAY_OVER_KB) <= {"generala", "dix-mille", "dix-mille-500", "liars-dice"}
    assert all(kb > bench_memory.SELFPLAY_KB for kb in bench_memory.SELFPLAY_OVER_KB.values())
    assert {k: v for k, v in budgets.items() if v != 24} == bench_memory.SELFPLAY_OVER_KB


def test_the_firmware_plays_a_whole_game_of_every_pack_at_its_most_players_new_and_resumed():
    """Each pack with an engine (and the house pack) has a game workload: after the demo, a new game
    at the pack's most players through the screens, then the same game resumed from its saved record
    mid-game and at its last action, each in a fresh interpreter as after a power cut."""
    games = {w["name"]: w for w in bench_memory.workloads() if w["name"].startswith("game-")}
    pids = [p for p in packs.ids([paths.PACKS]) if packs.load(p, [paths.PACKS]).get("engine", "cup") != "cup"]
    assert sorted(games) == sorted(["game-" + p for p in pids + [bench_memory.HOUSE]])
    for pid in pids:
        runs = games["game-" + pid]["runs"]
        most = packs.load(pid, [paths.PACKS])["players"]["max"]
        assert "bench_player.demo(app)" in runs[0]["script"]
        assert "import bench_game\nbench_game.new(app, %r, %d, 1)" % (pid, most) in runs[0]["script"]
        assert [r.get("cut") for r in runs] == [None, "mid", "last"]
    whole = dict(games, firmware=[w for w in bench_memory.workloads() if w["name"] == "firmware"][0])
    assert {k: w["budget_kb"] for k, w in whole.items() if w["budget_kb"] != 64} == bench_memory.OVER_KB == {}


def test_the_house_pack_is_valid_with_the_longest_rules_the_schema_allows(tmp_path):
    pack = bench_memory.house_pack()
    path = tmp_path / (pack["id"] + ".json")
    path.write_text(json.dumps(pack))
    assert packfiles.problems(str(path)) == []
    assert len(pack["rules"]) == bench_memory.RULES_MAX == packfiles.schema_validator().schema[
        "properties"]["rules"]["maxLength"]
    firmware = [w for w in bench_memory.workloads() if w["name"] == "firmware"][0]["runs"][0]["script"]
    assert "bench_player.rules(app, %r)" % pack["id"] in firmware and "app.run(400000)" in firmware
    assert "bench_game" not in firmware  # the player's game half: no game follows its demo


# A whole program's figure (the firmware, a whole game) at its budget moved by 1 KB between two checkouts of
# the same tree: the pip package's MicroPython runs inside a CPython process, and what the collector's
# conservative scan of that C stack keeps alive depends on where the process puts things. Self-play does not.
NOISE_KB = 1


def test_every_workload_fits_its_budget(rows):
    over = sorted(k for k, r in rows.items() if not r["ok"])
    self_play = [k for k in over if not k.startswith(("game-", "firmware"))]
    assert not self_play, "these do not complete in their budgets: %s" % ", ".join(self_play)
    workloads = dict((w["name"], w) for w in bench_memory.workloads())
    with tempfile.TemporaryDirectory() as image:
        bench_memory.build(image)
        far = [k for k in over if not bench_memory.completes(image, workloads[k], rows[k]["budget_kb"] + NOISE_KB)]
    assert not far, "these do not complete in their budgets (and %d KB of noise): %s" % (NOISE_KB, ", ".join(far))


def test_the_firmware_s_interned_names_stay_inside_their_pools(rows):
    """After the demo of every pack the names MicroPython has interned (never freed) fit the five pools it
    has made (620 names): one more would make a sixth of 640 names, 7 KB at once on this port, which the
    64 KB budget has no room for. A game that needs it must find those 7 KB elsewhere first."""
    fw = rows["firmware"]
    assert fw["ok"] and 0 <= fw["names_room"] and fw["names"] + fw["names_room"] == 620, fw


def test_the_figure_is_deterministic_and_tight():
    """Same workload, same number; one KB less does not complete; the Pig family in 24 KB."""
    figures = dict((r["workload"], r["heap_kb"]) for r in bench_memory.measure(["pig", "big-pig", "hog"]))
    assert max(figures.values()) <= 24, figures
    again = bench_memory.measure(["pig"])[0]["heap_kb"]
    assert again == figures["pig"]
    w = [w for w in bench_memory.workloads() if w["name"] == "pig"][0]
    with tempfile.TemporaryDirectory() as image:
        layout.build(image, mpy=True, firmware=False)
        assert bench_memory.completes(image, w, again)
        assert not bench_memory.completes(image, w, again - 1)
