"""Every rule scenario of shared/scenarios/*.json on CPython, and on MicroPython from source and .mpy.

The per-engine test files check that their rules have scenarios; this file runs them all.
"""

import os

import pytest

from cupkit import paths

from conftest import load_scenarios
from scenario_runner import check, cpython_results, micropython_results

ENGINES = sorted(f[:-5] for f in os.listdir(paths.SCENARIOS) if f.endswith(".json"))
CASES = [(e, sc) for e in ENGINES for sc in load_scenarios(e)]


def test_every_engine_has_scenarios():
    assert ENGINES == ["beetle", "bogey", "boston", "chicago", "cup", "dixmille", "dropdead", "generala", "insider", "liars",
                       "mafia", "mia", "midnight", "party", "pig", "pokerdice", "scc", "scoundrel", "timer", "wish", "yamb",
                       "zambales"]


@pytest.mark.parametrize("sc", [sc for _, sc in CASES], ids=["%s: %s" % (e, sc["name"]) for e, sc in CASES])
def test_scenario_cpython(sc):
    assert check(sc) is None


@pytest.mark.parametrize("engine", ENGINES)
def test_scenarios_micropython(image, engine):
    got = micropython_results(image, engine)
    assert got == cpython_results(engine)
    assert all(v is None for v in got.values()), {k: v for k, v in got.items() if v}
