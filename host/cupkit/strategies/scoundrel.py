"""A greedy Scoundrel player for `cupkit bench greedy scoundrel`.

It plans one room at a time and uses only what a player at the table knows: the
room, health, the weapon and the last monster it slew, whether a potion was
already taken in this room, and which cards are still unseen (not their order).
It tries every order of the cards still to face in the room, fighting each
monster with the weapon or bare, and plays the first step of the plan that ends
with the most health minus the damage the unseen monsters are still expected to
do (less where the weapon can take them on). In the final room it counts the
escape score itself, potion bonus included. It avoids a room (when allowed)
whose best plan costs more than COST_TO_AVOID.
"""

from cupcore.scoundrel import name, value

# Share of the unseen monsters' damage counted against a plan, and share of it the weapon is
# expected to absorb where it could fight them (tuned on seeds 0..999).
FUTURE = 0.8
WEAPON_WORTH = 0.1
COST_TO_AVOID = 8


def choose(game):
    """The action to play now in the Scoundrel game `game` (not over)."""
    room = [c for c in game.room if c]
    unseen = [value(c) for c in room if not (c >> 4) % 3]
    for i in range(game.left):
        c = game.dungeon[(game.top + i) % 44]
        if not (c >> 4) % 3:
            unseen.append(value(c))
    need = len(room) if game.faced + len(room) < 4 else 3 - game.faced
    state = (game.health, game.weapon & 15, _limit(game, game.slain), game.healed)
    best, first = _plan(game, room, need, state, unseen, game.left == 0 and need == len(room))
    if "avoid" in game.legal() and best < _worth(state, unseen) - COST_TO_AVOID:
        return "avoid"
    return first


def _limit(game, slain):
    """The weapon fights monsters below this value (16: it has slain nothing yet)."""
    if not slain:
        return 16
    return value(slain) + (0 if game.lt else 1)


def _worth(state, unseen):
    health, weapon, limit, _ = state
    if health <= 0:
        return health - 1000
    cost = 0
    for m in unseen:
        cost += m - (WEAPON_WORTH * min(weapon, m) if m < limit else 0)
    return health - FUTURE * cost


def _plan(game, room, need, state, unseen, final):
    """(best worth, its first action) over every way to face `need` of the room's cards.

    final: these are the last cards, so the worth of a plan is its escape score.
    """
    best = None
    first = None
    for i, c in enumerate(room):
        rest = room[:i] + room[i + 1:]
        left = [m for m in unseen] if (c >> 4) % 3 else _without(unseen, value(c))
        for act, after in _moves(game, c, state):
            if need > 1 and after[0] > 0:
                worth = _plan(game, rest, need - 1, after, left, final)[0]
            elif final and after[0] > 0:
                worth = after[0] + (value(c) if c >> 4 == 2 and after[0] == game.max else 0)
            else:
                worth = _worth(after, left)
            if best is None or worth > best:
                best = worth
                first = act
    return best, first


def _without(values, v):
    out = list(values)
    out.remove(v)
    return out


def _moves(game, c, state):
    """[(action, state after)] for facing card c."""
    health, weapon, limit, healed = state
    v = value(c)
    if c >> 4 == 1:
        return [("take " + name(c), (health, v, 16, healed))]
    if c >> 4 == 2:
        return [("take " + name(c), (health if healed else min(game.max, health + v), weapon, limit, True))]
    out = [("bare " + name(c), (health - v, weapon, limit, healed))]
    if weapon and v < limit:
        out.append(("fight " + name(c), (health - max(0, v - weapon), weapon, _limit(game, c), healed)))
    return out
