"""Card and dice notation (RULES.md section 1), on CPython and MicroPython."""

import pytest

from cupcore import notation as n

from conftest import run_mp_json


def test_cards_round_trip():
    deck = n.standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert n.names(deck)[:3] == ["AC", "2C", "3C"] and n.names(deck)[-1] == "KS"
    for c in deck:
        assert n.card(n.name(c)) == c
    assert n.card("10d") == n.card("TD") == n.card(" td ")
    assert n.name(n.card("JK")) == "JK" and n.name(n.card("jk2")) == "JK2"
    assert n.rank(n.card("QS")) == 12 and n.suit(n.card("QS")) == 3


@pytest.mark.parametrize("bad", ["", "1S", "ZZ", "QX", "10", "AS ", 5, None])
def test_unknown_cards(bad):
    if bad == "AS ":
        assert n.card(bad) == n.card("AS")
        return
    with pytest.raises(ValueError, match="unknown card"):
        n.card(bad)


def test_stacked_deck_errors_name_the_card():
    full = n.standard_deck()
    names = n.names(full)
    assert n.check_deck(names, full) == full
    with pytest.raises(ValueError, match="deck: card KS is missing"):
        n.check_deck(names[:-1], full)
    with pytest.raises(ValueError, match="deck: card AC is repeated"):
        n.check_deck(names + ["AC"], full)
    with pytest.raises(ValueError, match="deck: card JK is not in this pack's deck"):
        n.check_deck(names + ["JK"], full)
    with pytest.raises(ValueError, match="unknown card 'XX'"):
        n.check_deck(["XX"], full)


def test_mia_values():
    assert n.mia_value(2, 1) == 21 == n.mia_value(1, 2)
    assert n.mia_value(5, 6) == 65 and n.mia_value(3, 3) == 33


def test_notation_on_micropython(image):
    code = ("import json\nfrom cupcore import notation as n\n"
            "d = n.standard_deck()\nprint(json.dumps(n.names(d)))\n"
            "print(json.dumps([n.card('10h'), n.card('jk'), n.mia_value(1, 2)]))\n"
            "try:\n    n.check_deck(n.names(d)[1:], d)\nexcept ValueError as e:\n    print(json.dumps(str(e)))\n")
    got = run_mp_json(image, code)
    assert got[0] == n.names(n.standard_deck())
    assert got[1] == [n.card("TH"), 64, 21]
    assert got[2] == "deck: card AC is missing"
