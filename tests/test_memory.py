"""Memory budgets, measured by `cupkit bench memory` on the real unix port (.mpy, -X heapsize)."""

import json

import pytest

from cupkit.bench import memory as bench_memory

from conftest import cupkit, micropython_path


@pytest.fixture(scope="module")
def rows():
    micropython_path()
    r = cupkit("bench", "memory", "--json")
    assert r.returncode in (0, 1), r.stderr
    return {row["workload"]: row for row in json.loads(r.stdout)}


def test_every_engine_pack_is_measured(rows):
    names = [w["name"] for w in bench_memory.workloads()]
    assert sorted(rows) == sorted(names)
    assert {"pig", "big-pig", "hog"} <= set(rows)


def test_every_workload_fits_its_budget(rows):
    over = {k: (r["heap_kb"], r["budget_kb"], r["completes_at_budget"]) for k, r in rows.items() if not r["ok"]}
    assert not over, "over budget (heap KB, budget KB, completes at budget): %r" % over


@pytest.mark.parametrize("pack", ["pig", "big-pig", "hog"])
def test_pig_family_in_24k(rows, pack):
    assert rows[pack]["heap_kb"] <= 24


@pytest.mark.parametrize("pack", ["cup", "beetle", "chicago", "drop-dead", "drop-dead-classic", "boston", "midnight",
                                  "scc", "scc-classic", "zambales", "mafia"])
def test_the_dice_table_in_24k(rows, pack):
    """The plain cup and the luck games (issue 13): 20 self-play games each within 24 KB."""
    assert rows[pack]["heap_kb"] <= 24 and rows[pack]["completes_at_budget"]


@pytest.mark.parametrize("pack", ["generala", "poker-dice", "dix-mille", "dix-mille-500", "liars-dice"])
def test_the_score_sheets_and_liars_dice_in_26k(rows, pack):
    """The score sheets and Liar's Dice (issue 14; Liar's Dice at 6 players): 20 self-play games each within 26 KB."""
    assert rows[pack]["heap_kb"] <= 26 and rows[pack]["completes_at_budget"]


def test_the_figure_is_deterministic_and_tight(rows):
    """Same workload, same number; one KB less does not complete."""
    again = bench_memory.measure(["pig"])[0]["heap_kb"]
    assert again == rows["pig"]["heap_kb"]
    import tempfile
    from cupkit.device import layout
    w = [w for w in bench_memory.workloads() if w["name"] == "pig"][0]
    with tempfile.TemporaryDirectory() as image:
        layout.build(image, mpy=True, firmware=False)
        assert bench_memory.completes(image, w["script"], again)
        assert not bench_memory.completes(image, w["script"], again - 1)
