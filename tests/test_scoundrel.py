"""RULES.md section 5 (Scoundrel) on CPython and MicroPython, the seed of the day, the greedy player."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cupcore import daily, replay, scoundrel, selfplay
from cupcore.notation import names

from cupkit.bench import greedy as bench_greedy
from cupkit.strategies import scoundrel as strategy_scoundrel

from conftest import load_scenarios, run_mp_json

SCENARIOS = load_scenarios("scoundrel")
FULL = sorted(names(scoundrel.full_deck(None)))
DATES = ["2026-11-21", "2024-02-29", "0001-01-01", "9999-12-31", "2023-02-29", "1900-02-29", "2000-02-29",
         "2026-13-01", "2026-04-31", "2026-00-10", "2026-1-01", "2026/11/21", "20261121", "", "x026-11-21"]


def scenario(name):
    return [s for s in SCENARIOS if s["name"] == name][0]


def test_every_rule_has_scenarios():
    text = " ".join(s["name"] for s in SCENARIOS)
    for rule in ("first room is the top 4", "seed's shuffle", "keeps its place", "take a weapon",
                 "discards the old weapon", "heals by its value", "capped", "only the first potion",
                 "next room heals again", "monster minus the weapon", "up to the last it slew",
                 "may not slay a bigger", "lt: a monster equal", "ace is worth 14", "without a weapon",
                 "full damage even with a usable weapon", "can still be fought bare", "weapons and potions only",
                 "monsters only", "not in the room", "avoid: the 4 cards go to the bottom in room order",
                 "never two rooms in a row", "only before facing", "allowed again", "cannot fill a room",
                 "no avoiding it", "every remaining card must be faced", "wins with the potion bonus",
                 "not a potion", "below full health", "death: health 0 or below", "exactly 0",
                 "the one that killed does not", "missing card", "repeated card", "not in the pack",
                 "10 is accepted", "one player"):
        assert rule in text, rule


def test_known_cleared_deal_wins_with_the_potion_bonus():
    rec = scenario("escape: a fully cleared deal wins with the potion bonus (health full, last card a potion)")["record"]
    s = replay.run(rec)
    assert (s["result"], s["health"], s["score"]) == ("won", 20, 22)
    assert rec["actions"][-1] == "take 2H" and len(rec["actions"]) == 44


def test_card_names_and_values_match_the_notation():
    deck = scoundrel.full_deck(None)
    assert [scoundrel.name(c) for c in deck] == names(deck) and len(set(deck)) == 44
    assert sorted(scoundrel.value(c) for c in deck if c >> 4 in (0, 3)) == sorted(list(range(2, 15)) * 2)
    assert sorted(scoundrel.value(c) for c in deck if c >> 4 in (1, 2)) == sorted(list(range(2, 11)) * 2)


def _state(game):
    out = {k: bytes(v) if isinstance(v, bytearray) else v for k, v in vars(game).items() if k != "rng"}
    out["rng"] = (game.rng._z, game.rng._w)
    return out


def test_rejected_action_leaves_state_untouched():
    rec = {"pack": "scoundrel", "players": 1, "deck": scenario("take a weapon: it is equipped and leaves the room")["record"]["deck"],
           "actions": ["take 5D", "fight 6C"]}
    game = replay.load(rec)
    before = _state(game)
    for bad in ("fight QS", "take QS", "bare 5D", "take 7H", "avoid", "avoid 5D", "take", "take 5D 6C", "jump",
                "", "take zz", "fight 11S", 3, None):
        with pytest.raises(ValueError):
            game.apply(bad)
        assert _state(game) == before, bad
    game.apply("avoid" if "avoid" in game.legal() else "take 2H")
    assert _state(game) != before


def test_legal_actions_are_exactly_the_accepted_ones():
    for seed in range(40):
        rec = selfplay.play("scoundrel", 1, seed)
        game = replay.start(rec)
        for a in rec["actions"]:
            legal = list(game.legal())
            assert a in legal
            tries = ["avoid"] + [v + " " + c for c in game.summary()["room"] for v in ("take", "fight", "bare")]
            for t in tries:
                probe = replay.load(dict(rec, actions=rec["actions"][:game.count]))
                if t in legal:
                    probe.apply(t)
                else:
                    with pytest.raises(ValueError):
                        probe.apply(t)
            game.apply(a)
        assert list(game.legal()) == []


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**30 - 1), health=st.integers(1, 99), rule=st.sampled_from(["le", "lt"]), data=st.data())
def test_random_legal_play_keeps_the_invariants(seed, health, rule, data):
    game = replay.start({"pack": "scoundrel", "players": 1, "seed": seed,
                         "params": {"health": health, "weapon_rule": rule}})
    start = game.summary()
    acts = []
    faced = []
    while not game.over:
        assert game.count < scoundrel.Game.RESERVE, "the game must end"
        legal = game.legal()
        a = legal[data.draw(st.integers(0, len(legal) - 1))]
        game.apply(a)
        acts.append(a)
        if a != "avoid":
            faced.append(a.split()[1])
        s = game.summary()
        assert s["health"] <= health
        assert sorted(s["dungeon"] + s["room"] + faced) == FULL
        for c in (s["weapon"], s["slain"]):
            assert c is None or c in faced
    s = game.summary()
    assert game.count <= scoundrel.Game.RESERVE
    assert s["result"] in ("won", "lost") and s["turn"] is None
    assert _reference(start["room"] + start["dungeon"], acts, health, rule == "lt") == (s["result"], s["score"])
    if s["result"] == "won":
        assert s["room"] == s["dungeon"] == [] and len(faced) == 44 and s["score"] >= s["health"] > 0
    else:
        assert s["health"] <= 0 and s["score"] <= s["health"]


def test_daily_seed():
    assert daily.seed("2026-11-21") == 20261121
    assert daily.seed("9999-12-31") < 2**30
    with pytest.raises(ValueError, match="no such date: 2023-02-29"):
        daily.seed("2023-02-29")
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        daily.seed("2026/11/21")
    a = replay.run({"pack": "scoundrel", "players": 1, "seed": daily.seed("2026-11-21")})
    b = replay.run({"pack": "scoundrel", "players": 1, "seed": daily.seed("2026-11-22")})
    assert a["room"] + a["dungeon"] != b["room"] + b["dungeon"]


def _daily_cpython(d):
    try:
        return daily.seed(d)
    except ValueError as e:
        return str(e)


def test_daily_and_selfplay_match_on_micropython(image):
    code = ("import json\nfrom cupcore import daily, replay, selfplay\n"
            "for d in %r:\n"
            "    try:\n        print(json.dumps(daily.seed(d)))\n"
            "    except ValueError as e:\n        print(json.dumps(str(e)))\n"
            "for s in range(6):\n    print(json.dumps(replay.run(selfplay.play('scoundrel', 1, s))))\n") % (DATES,)
    want = [_daily_cpython(d) for d in DATES]
    want += [json.loads(json.dumps(replay.run(selfplay.play("scoundrel", 1, s)))) for s in range(6)]
    assert run_mp_json(image, code) == want


def test_greedy_plays_legal_moves_to_the_end():
    for seed in range(30):
        game = replay.start({"pack": "scoundrel", "players": 1, "seed": seed})
        while not game.over:
            a = strategy_scoundrel.choose(game)
            assert a in game.legal()
            game.apply(a)
    r = bench_greedy.run("scoundrel", 30)
    assert r["seeds"] == 30 and sum(r["scores"].values()) == 30


def test_greedy_clears_the_known_deal_with_the_bonus():
    rec = dict(scenario("final room: the last cards cannot fill a room of 4")["record"], actions=[])
    game = replay.start(rec)
    while not game.over:
        game.apply(strategy_scoundrel.choose(game))
    assert game.summary()["score"] == 22


def _reference(deck, actions, health=20, lt=False):
    """RULES.md section 5 again, written plainly with card names: (result, score) or None if not over."""
    def val(c):
        return {"A": 14, "J": 11, "Q": 12, "K": 13, "T": 10}.get(c[0]) or int(c[0])

    dungeon, room, h = list(deck), [None] * 4, health
    st = {"weapon": None, "slain": None, "healed": False, "faced": 0, "avoided": False}

    def deal():
        for i in range(4):
            if room[i] is None and dungeon:
                room[i] = dungeon.pop(0)
        st.update(healed=False, faced=0)

    deal()
    for a in actions:
        if a == "avoid":
            assert None not in room and st["faced"] == 0 and not st["avoided"]
            dungeon.extend(room)
            room[:] = [None] * 4
            deal()
            st["avoided"] = True
            continue
        verb, c = a.split()
        room[room.index(c)] = None
        st["faced"] += 1
        if c[1] in "CS" and verb == "fight":
            assert st["weapon"] and (st["slain"] is None or val(c) + lt <= val(st["slain"]))
            h -= max(0, val(c) - val(st["weapon"]))
            st["slain"] = c
        elif c[1] in "CS":
            assert verb == "bare"
            h -= val(c)
        elif c[1] == "D":
            assert verb == "take"
            st.update(weapon=c, slain=None)
        else:
            assert verb == "take"
            h = h if st["healed"] else min(health, h + val(c))
            st["healed"] = True
        left = [x for x in room if x is not None]
        if h <= 0:
            return "lost", h - sum(val(x) for x in left + dungeon if x[1] in "CS")
        if not left:
            return "won", h + (val(c) if h == health and c[1] == "H" else 0)
        if len(left) == 1 and st["faced"] == 3:
            st["avoided"] = False
            deal()
    return None


@pytest.mark.parametrize("rule", ["le", "lt"])
def test_greedy_games_agree_with_a_plain_reference(rule):
    """Greedy games (which reach the final rooms and escape) score the same under an independent model."""
    won = 0
    for seed in range(150):
        game = replay.start({"pack": "scoundrel", "players": 1, "seed": seed, "params": {"weapon_rule": rule}})
        start = game.summary()
        acts = []
        while not game.over:
            acts.append(strategy_scoundrel.choose(game))
            game.apply(acts[-1])
        s = game.summary()
        won += s["result"] == "won"
        assert _reference(start["room"] + start["dungeon"], acts, lt=rule == "lt") == (s["result"], s["score"]), seed
    assert won > 0
