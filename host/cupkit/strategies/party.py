"""A simple greedy player for The Shooting Party, for `cupkit bench greedy` (CPython only).

It never looks at the draw pile. With a queen in the hand it sheds the other
cards: the discard that takes the most of them (never the queen), else the
butler (displaying her suit's ace from the draw pile when it is there, so that
contact brings the communique), else a draw while the hand may draw, else it
leaves the room. Without a queen it has the butler bring one back from the
discards if it can, else it sheds the largest discard, else draws, else leaves.
Of a queen, her king and her jack it keeps the queen (spouse jack).
"""


def _largest(discards):
    return max(discards, key=lambda a: len(a.split()))  # the first of the largest


def choose(game):
    legal = game.legal()
    if legal[0].startswith("spouse"):
        return "spouse jack"
    queen = [c for c in game.summary()["hand"] if c[0] == "Q"]
    if queen:
        sheds = [a for a in legal if a.startswith("discard") and queen[0] not in a.split()]
        for a in ([_largest(sheds)] if sheds else []) + ["butler ace A" + queen[0][1], "butler"]:
            if a in legal:
                return a
    else:
        back = [a for a in legal if a.startswith("butler take Q")]
        sheds = [a for a in legal if a.startswith("discard")]
        if back or sheds:
            return back[0] if back else _largest(sheds)
    return "draw" if "draw" in legal else "leave"
