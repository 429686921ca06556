"""Run a scenario file on CPython and on MicroPython (source and .mpy) and compare."""

import os

from cupkit import paths

from conftest import load_scenarios, run_mp_json

MP_RUNNER = """import sys
sys.path.append(%r)
import run
run.main([%r])
"""


def _runner():
    """shared/scenarios/run.py, the same runner the devices use."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("cupkit_scenario_run", os.path.join(paths.SCENARIOS, "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


check = _runner().check


def cpython_results(engine):
    return {sc["name"]: check(sc) for sc in load_scenarios(engine)}


def micropython_results(image_dir, engine):
    lines = run_mp_json(image_dir, MP_RUNNER % (paths.SCENARIOS, os.path.join(paths.SCENARIOS, engine + ".json")))
    return {name: problem for _, name, problem in lines}
