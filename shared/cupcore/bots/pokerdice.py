"""The cup's player for Poker Dice (RULES.md section 9).

It sees the hands made before its turn (their scores) and how many players
are still to play. It stands on a hand that beats every hand made so far when
nobody is still to play, or when the hand is strong for the rolls left (a
straight or better after the first roll, three of a kind or better after the
second); else it rerolls: keeping its largest group (the higher pair of two
pairs, the three of a full house, every wild ace too), or its highest die.
Playing last it keeps rolling a hand that loses, and stands on one that wins.
"""

from cupcore.pokerdice import hand


def move(params, view):
    left = view["rolls_left"]
    if left == 3:
        return "roll"
    wild = params["wild"]
    d = view["last_roll"]
    h = hand(d, wild)
    me = view["turn"]
    top = 0
    still = 0  # players still to play after this one
    sc = view["scores"]
    for i in range(len(sc)):
        if i != me:
            if sc[i] > top:
                top = sc[i]
            if not sc[i]:
                still += 1
    rank = h // 100000
    if h > top and (not still or rank >= 5) or rank == 8:  # (a five of a kind stands: nothing is better)
        return "stand"
    c = [0] * 7
    for f in d:
        c[f] += 1
    big = 0
    g = 0  # the face of the largest group (the highest face on a tie)
    for f in range(1, 7 if not wild else 6):
        if c[f] >= big and c[f]:
            big, g = c[f], f
    keep = [False] * 7
    keep[g] = True  # the largest group, or the highest single (one pair of two: keeping both does worse)
    if wild:
        keep[6] = True
    out = "roll"
    for i in range(5):
        if not keep[d[i]]:
            out += " %d" % (i + 1)
    if out == "roll":
        return "stand"
    return "roll" if out == "roll 1 2 3 4 5" else out
