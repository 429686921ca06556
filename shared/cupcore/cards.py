"""The shuffles a card game makes during play (RULES.md section 12), and a card's name for their errors.

Here, not in cupcore.engine, which every dice game loads too. The Shooting Party, which shuffles in most
games, imports it with itself (a module imported in the middle of a game on the device interns its names
where the heap is busy then: the games after it had a KB less); The Bogey, which seldom does, when it
reshuffles. (cupcore.notation's import would cost the device 2 KB of heap.)
"""


def name(c):
    """A card's name as cupcore.notation prints it ("TD", "AS", "JK")."""
    r = c & 15
    if not r:
        r = "A23456789TJQK"  # (slices of a long literal: a literal "JK" would be a name MicroPython keeps for good)
        return r[10:11] + r[12:13]
    return "A23456789TJQK"[r - 1:r] + "CDHS"[c >> 4:(c >> 4) + 1]  # slices: MicroPython interns a str's s[i] for good


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
