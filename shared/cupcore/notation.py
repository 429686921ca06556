"""Card and dice notation of RULES.md section 1.

A card is a small int: suit * 16 + rank, suits C D H S = 0..3, ranks A..K = 1..13.
Jokers are 64 (JK) and 65 (JK2).

The core reads only printable ASCII (actions, card names, level names): beyond it,
str.split(), strip(), lower(), upper(), isdigit() and int() differ between CPython
and MicroPython ("9\u017f".upper() is "9S" on CPython alone), and a record must play
the same on every port, or fail there with the same error. Its bytes are looked at,
not its characters: MicroPython makes each character taken out of a str a qstr,
which stays in the heap for good.
"""


_RANKS = const("A23456789TJQK")
_SUITS = const("CDHS")
_JOKER = const(64)


def card(text):
    """Parse a card name ("QS", "10d", "JK") into its int; ValueError if unknown."""
    b = text.encode() if isinstance(text, str) else b""
    s = text.strip().upper() if b and min(b) > 31 and max(b) < 127 else ""
    if s == "JK":
        return _JOKER
    if s == "JK2":
        return _JOKER + 1
    if s[:2] == "10":
        s = "T" + s[2:]
    if len(s) == 2:
        r = _RANKS.find(s[:1])  # slices, not s[0]: MicroPython interns a str's single characters for good
        u = _SUITS.find(s[1:])
        if r >= 0 and u >= 0:
            return u * 16 + r + 1
    raise ValueError("unknown card '%s'" % text if isinstance(text, str) else "unknown card: a card is a name, e.g. QS")


def name(c):
    """The printed name of card int c ("TD", "AH", "JK")."""
    if c == _JOKER:
        return "JK"
    if c == _JOKER + 1:
        return "JK2"
    r = (c & 15) - 1
    u = c >> 4
    return _RANKS[r:r + 1] + _SUITS[u:u + 1]  # slices: MicroPython interns a str's s[i] for good


def names(cards):
    return list(map(name, cards))


def check_deck(given, full, every=True):
    """Parse a stacked deck (card names, top first) that must be a permutation of full.

    Returns the list of card ints; ValueError naming the first unknown, repeated,
    extra or missing card. every=False: a record's `shuffles` (RULES.md section 12), a list of
    lists, each of cards of full at most once, not necessarily all; returned as bytearrays.
    """
    if every is False:  # (each list is then checked with every None)
        out = []
        for s in given if isinstance(given, list) else [0]:
            if not isinstance(s, list):
                raise ValueError("shuffles must be a list of lists of cards")
        for s in given:
            out.append(bytearray(check_deck(s, full, None)))
        return out
    head = "deck: card %s is " if every else "shuffles: card %s is "  # (long strings: no names kept for good)
    if not isinstance(given, list):
        raise ValueError("deck must be a list of cards")
    want = bytearray(128)
    for c in full:
        want[c] += 1
    seen = bytearray(128)
    out = []
    for text in given:
        c = card(text)
        if not want[c]:
            raise ValueError((head + "not in this pack's deck") % name(c))
        if seen[c]:
            raise ValueError((head + "repeated") % name(c))
        seen[c] = 1
        out.append(c)
    for c in full if every else ():
        if not seen[c]:
            raise ValueError("deck: card %s is missing" % name(c))
    return out
