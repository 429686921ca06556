"""The shuffles a card game makes during play (RULES.md section 12), and a card's name for their errors.

Here, not in cupcore.engine, which every dice game loads too. The Shooting Party, which shuffles in most
games, imports it with itself (a module imported in the middle of a game on the device interns its names
where the heap is busy then: the games after it had a KB less); The Bogey, which seldom does, when it
reshuffles. (cupcore.notation's import would cost the device 2 KB of heap.)
"""


def name(c):
    """A card's name as cupcore.notation prints it ("TD", "AS", "JK"): a slice of one string, two letters a card
    and two spare before each suit's ace, the joker last (MicroPython interns a str's s[i] for good, not a slice)."""
    c = c * 2 - (c >> 4) * 4
    return ("  AC2C3C4C5C6C7C8C9CTCJCQCKC  AD2D3D4D5D6D7D8D9DTDJDQDKD"
            "  AH2H3H4H5H6H7H8H9HTHJHQHKH  AS2S3S4S5S6S7S8S9STSJSQSKSJK")[c:c + 2]


def shuffle(rng, cards):
    """Shuffle cards (a bytearray in the order the game states) in place: the record's next `shuffles` list
    (rng.stack, set by cupcore.replay), else the PRNG (the deal's shuffle is the PRNG's alone). A list that
    is not exactly these cards raises, and stays unused."""
    s = rng.stack
    if not s:
        rng.shuffle(cards)
        return
    new = s[0]
    for c in new:
        if cards.find(bytes((c,))) < 0:
            raise ValueError("shuffles: card %s is not among the cards shuffled" % name(c))
    for c in cards:
        if new.find(bytes((c,))) < 0:
            raise ValueError("shuffles: card %s is missing" % name(c))
    cards[:] = new
    del s[0]
