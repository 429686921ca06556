"""One game on every port: the core reads only printable ASCII, so a record that uses anything else
(Arabic or full-width digits, the long s, a no-break space, a control character) is the same error on
CPython and on MicroPython, never a game on one and an error on the other.

Beyond ASCII, str.split(), lower(), upper(), isdigit() and int() differ between the ports, and so
does repr() in error messages: CPython's int("\u0666\u0665") is 65 and "9\u017f".upper() is "9S";
MicroPython refuses both.
"""

import json
import os

import pytest

from cupcore import replay

from cupkit import paths

from conftest import run_mp

MIA = {"pack": "mia", "players": 2, "seed": 1, "dice": [6, 5]}
HOG = {"pack": "hog", "players": 2, "seed": 1}
PIG = {"pack": "pig", "players": 2, "seed": 1, "dice": [4, 4]}
SCOUNDREL = {"pack": "scoundrel", "players": 1, "seed": 1}  # the first room: TS 2D 2S 9H


def scenario(engine, name):
    with open(os.path.join(paths.SCENARIOS, engine + ".json"), encoding="utf-8") as f:
        return [sc for sc in json.load(f) if sc["name"].startswith(name)][0]["record"]


BOGEY_WON = scenario("bogey", "won: all 52 cards down in 4 columns")
BOGEY = dict(BOGEY_WON, actions=[])  # a stacked deck: the hand is KS QS JS TS 9S


def act(rec, *actions):
    return dict(rec, actions=list(actions))


# Each would play on CPython before the core read only ASCII, and fail on MicroPython (or fail on
# both with different errors).
NOT_ASCII = [
    act(MIA, "roll", "claim \u0666\u0665"),  # Arabic-Indic digits: int() reads them on CPython
    act(MIA, "roll", "claim \uff16\uff15"),  # full-width digits
    act(MIA, "roll", "claim \u00b2\u00b9"),  # superscripts: isdigit() on CPython, yet no int()
    act(MIA, "roll\u00a0"),  # a no-break space: whitespace to CPython's split()
    act(MIA, "\u2003roll"),  # an em space
    act(HOG, "roll \u0663"),
    act(HOG, "roll\u00a02"),
    act(PIG, "roll\u3000"),  # an ideographic space
    act(PIG, "roll", "hold\u2028"),  # a line separator
    act(PIG, "roll\x1c"),  # ASCII, but a separator only to CPython's split()
    act(PIG, "roll\x1fhold"),
    act(PIG, "roll\thold"),
    act(SCOUNDREL, "bare T\u017f"),  # the long s: upper() makes it an S on CPython only
    act(SCOUNDREL, "ta\u212ae 2D"),  # the Kelvin sign: lower() makes it a k on CPython only
    act(SCOUNDREL, "take 2D", "fight\u00a02S"),
    act(BOGEY, "play 1\u0660S new"),  # "1\u0660" is 10 to CPython's isdigit() and int()
    act(BOGEY, "play KS new", "play QS c\u0661"),
    act(BOGEY, "discard Q\u017f"),
    dict(BOGEY, deck=[c[0] + "\u017f" if c[1] == "S" else c for c in BOGEY["deck"]]),  # a deck named with it
    dict(BOGEY, deck=[c + "\u00a0" for c in BOGEY["deck"]]),  # strip() takes it off on CPython only
    dict(BOGEY_WON, params={"levels": {"ep\u00a0ic": 4, "legendary": 9}}),  # a level name split on CPython only
    {"pack": "pig\u0000", "players": 2},  # MicroPython's open() cuts the name at the NUL: pig
    {"pack": "p\u00efg", "players": 2},
    {"pack": "pig", "players": 2, "s\u00e9ed": 1},  # errors that show such text: repr() differs
    {"pack": "pig", "players": 2, "params": {"g\u00f6al": 5}},
    {"pack": "bogey", "players": 1, "deck": ["\u00c5S"]},
]
ASCII = [
    act(MIA, "roll", "claim 65"), act(MIA, "ROLL", "Claim 65"), act(HOG, " roll  3 "), act(PIG, "roll", "HOLD"),
    act(SCOUNDREL, "bare ts", "take 2d", "fight 2S"), act(BOGEY, "play 10s new"), BOGEY_WON,
    dict(BOGEY, deck=[" %s " % c.lower() for c in BOGEY["deck"]]),
]
CODE = """import json
from cupcore import replay
for rec in json.loads(%r):
    try:
        print(json.dumps(replay.run(rec)))
    except ValueError as e:
        print(json.dumps(str(e)))
"""


def cpython(records):
    out = []
    for rec in records:
        try:
            out.append(json.loads(json.dumps(replay.run(rec))))
        except ValueError as e:
            out.append(str(e))
    return out


def test_every_record_outside_ascii_is_an_error_on_cpython():
    got = cpython(NOT_ASCII)
    played = [(rec, r) for rec, r in zip(NOT_ASCII, got) if not isinstance(r, str)]
    assert not played, played


def test_the_records_give_the_same_result_on_micropython(image):
    records = NOT_ASCII + ASCII
    out = run_mp(image, CODE % json.dumps(records))  # lines at "\n" only: MicroPython's json leaves U+2028 as it is
    assert [json.loads(line) for line in out.split("\n") if line] == cpython(records)


@pytest.mark.parametrize("rec", ASCII, ids=range(len(ASCII)))
def test_plain_ascii_records_still_play(rec):
    assert isinstance(replay.run(rec), dict)
