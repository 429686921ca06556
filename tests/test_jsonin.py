"""cupcore.jsonin, the reader of JSON files: a value or a ValueError on every port, never another
error (RecursionError on CPython, RuntimeError or MemoryError on MicroPython)."""

import os

import pytest

from cupcore import jsonin
from cupkit import paths

from conftest import run_mp_json

DEEP_RECORD = b'{"pack": "pig", "players": 2, "actions": ' + b"[" * 5000 + b"]" * 5000 + b"}"
BAD = [DEEP_RECORD, b"[" * 17 + b"]" * 17, b"[" * 5000, b"", b"   ", b"{", b'"\xff"', b'"\xc3"',
       b'{"a": 1} x', b"tru", b"-", b'{"a": "\\', b"\x00", b'["a" "b"', b"}" * 20]
# Not JSON, yet MicroPython's parser takes them (the device and the host never write such text):
# still a value or a ValueError there, never another error.
LAX = [b'{"a": }', b"[1,]", b"[01]", b'{"a" 1}']
GOOD = [b'{"pack": "pig", "players": 2, "seed": 7, "actions": ["roll", "hold"]}', b"[" * 16 + b"]" * 16,
        b'{"pig": {"games": 3, "wins": 2, "best": null, "seats": [1, 1, 0], "log": 9}}', b'"caf\\u00e9"', b"-0.5e3"]

_LOADS = """import json, binascii
from cupcore import jsonin
for h in %r:
    try:
        print(json.dumps(["value", jsonin.loads(binascii.unhexlify(h))]))
    except ValueError as e:
        print(json.dumps(["ValueError", str(e)]))
"""


def _cpython(data):
    try:
        return ["value", jsonin.loads(data)]
    except ValueError as e:
        return ["ValueError", str(e)]


def test_bad_json_is_a_value_error_and_good_json_the_same_value_on_every_port(image):
    cases = BAD + GOOD + LAX
    mp = run_mp_json(image, _LOADS % [c.hex() for c in cases])  # any other error fails the run
    cp = [_cpython(c) for c in cases]
    n, g = len(BAD), len(BAD) + len(GOOD)
    assert [r[0] for r in cp[:n]] == [r[0] for r in mp[:n]] == ["ValueError"] * n
    assert cp[n:g] == mp[n:g] and all(r[0] == "value" for r in cp[n:g])
    assert [r[0] for r in cp[g:]] == ["ValueError"] * len(LAX)
    assert cp[0][1] == mp[0][1] == "JSON nested over 16 deep"


def test_a_file_over_the_limit_is_refused(tmp_path):
    f = tmp_path / "big.json"
    f.write_bytes(b"[" + b"0," * 600 + b"0]")
    assert jsonin.read(str(f), 2000) == [0] * 601
    with pytest.raises(ValueError, match="too big: 1203 bytes"):
        jsonin.read(str(f), 1000)


_RUNNER = """import sys
sys.path.append(%r)
import run
try:
    run.main([%r])
    print('"no error"')
except ValueError as e:
    print('"ValueError"')
"""


def test_the_scenario_runner_fails_with_a_value_error_on_every_port(image, tmp_path):
    """A scenario whose record's actions are nested 5,000 deep: the runner reads its files through
    cupcore.jsonin, so every port stops with a ValueError (before: RecursionError on CPython,
    RuntimeError on MicroPython)."""
    f = tmp_path / "deep.json"
    f.write_bytes(b'[{"name": "deep", "record": ' + DEEP_RECORD + b', "error": "action 1"}]')
    import importlib.util
    spec = importlib.util.spec_from_file_location("scenario_run", os.path.join(paths.SCENARIOS, "run.py"))
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    with pytest.raises(ValueError):
        run.main([str(f)])
    assert run_mp_json(image, _RUNNER % (paths.SCENARIOS, str(f))) == ["ValueError"]
