"""Card and dice notation (RULES.md section 1), on CPython and MicroPython."""

import pytest

from cupcore import notation as n

from conftest import run_mp_json

DECK = [u * 16 + r for u in range(4) for r in range(1, 14)]  # the 52 cards, clubs to spades, ace to king


def test_cards_round_trip():
    deck = DECK
    assert len(deck) == 52 == len(set(deck))
    assert n.names(deck)[:3] == ["AC", "2C", "3C"] and n.names(deck)[-1] == "KS"
    for c in deck:
        assert n.card(n.name(c)) == c
    assert n.card("10d") == n.card("TD") == n.card(" td ")
    assert n.name(n.card("JK")) == "JK" and n.name(n.card("jk2")) == "JK2"
    assert n.card("QS") == 3 * 16 + 12  # suit * 16 + rank


@pytest.mark.parametrize("bad", ["", "1S", "ZZ", "QX", "10", "AS ", 5, None])
def test_unknown_cards(bad):
    if bad == "AS ":
        assert n.card(bad) == n.card("AS")
        return
    with pytest.raises(ValueError, match="unknown card"):
        n.card(bad)


def test_stacked_deck_errors_name_the_card():
    full = list(DECK)
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


def test_notation_on_micropython(image):
    code = ("import json\nfrom cupcore import notation as n\n"
            "d = %r\nprint(json.dumps(n.names(d)))\n"
            "print(json.dumps([n.card('10h'), n.card('jk')]))\n"
            "try:\n    n.check_deck(n.names(d)[1:], d)\nexcept ValueError as e:\n    print(json.dumps(str(e)))\n") % DECK
    got = run_mp_json(image, code)
    assert got[0] == n.names(DECK)
    assert got[1] == [n.card("TH"), 64]
    assert got[2] == "deck: card AC is missing"
