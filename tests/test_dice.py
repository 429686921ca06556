"""RULES.md sections 7 to 11 (the dice table: the plain cup, the luck games, the score sheets, Liar's Dice and Yamb)
beyond the scenarios.

The scenarios (shared/scenarios/<engine>.json, run by test_scenarios.py on CPython and
MicroPython) hold every rule; this file checks that they do, and the properties no single
record shows: rejected actions change nothing, legal() is what apply() takes, the hidden
cup stays hidden, roll-offs follow the rule in random games, the dice have their sides.
"""

import pytest

from cupcore import replay, selfplay

from conftest import load_scenarios

PACKS = {"cup": "cup", "beetle": "beetle", "chicago": "chicago", "drop-dead": "dropdead",
         "drop-dead-classic": "dropdead", "boston": "boston", "midnight": "midnight", "scc": "scc",
         "scc-classic": "scc", "zambales": "zambales", "mafia": "mafia", "generala": "generala",
         "poker-dice": "pokerdice", "dix-mille": "dixmille", "dix-mille-500": "dixmille", "liars-dice": "liars",
         "yamb": "yamb"}
TABLE = ("scores", "last_roll", "round", "rolloff")

RULES = {
    "cup": ("roll rolls every die", "rerolls those positions in place", "order written", "needs a first roll",
            "named twice", "dice from 1 to 10", "twenty-sided", "four-sided", "above the sides", "common die",
            "one player only", "never over", "nothing to lift", "hidden: the rolled dice are not in the summary",
            "peeks in view(0)", "lift shows the dice", "reroll hides every die again", "names no hidden die",
            "plain ASCII", "exhausted"),
    "beetle": ("each roll is one turn", "1 eye, 2 antenna, 3 leg, 4 wing, 5 head, 6 body", "count rounds",
               "already complete", "two eyes at most", "six legs at most", "any part may come first",
               "(14 parts) wins at once", "game is over", "order: a leg before the body", "order: the head needs",
               "order: eyes need the head", "order: antennae need the head", "order: a wing needs the body"),
    "chicago": ("round 1", "a miss scores nothing", "once a round, in seat order", "round r aims at r + 1",
                "targets 2 to 12", "round 11 aims at 12", "rounds are 1 to 11", "tied top rolls off",
                "roll-off tie rolls again", "only the tied players roll off", "still tied", "no roll-off",
                "runs out of stacked dice"),
    "dropdead": ("no 2 or 5 adds its total", "showing 2 drops dead", "showing 5 drops dead", "total of 2 (1+1)",
                 "total of 5 (1+4)", "one turn each", "seat order", "tie rolls off", "everyone dead",
                 "no choice", "classic: a roll with no 2 or 5", "classic: 2s and 5s", "classic: the rest roll on",
                 "classic: a total of 2 is no drop", "no dice are left", "classic: the highest score wins"),
    "boston": ("3 dice; the highest is set aside", "only one is set aside", "other 2 dice", "the last die",
               "the next player's starts empty", "a turn each, in seat order", "3 turns each", "rounds: one turn each",
               "tied totals roll off", "at least 3 players", "no choices"),
    "midnight": ("six dice", "one die of that roll", "then the rest", "needs a roll first", "needs a keep first",
                 "exactly one die a roll", "only faces of this roll", "faces are 1 to 6",
                 "last die is rolled and kept too", "a 1 without a 4", "without a 1 and a 4", "second 1 counts",
                 "one turn each", "tie rolls off", "keep any: several dice", "order kept", "keeping all six",
                 "keep any: at least one", "needs two such dice", "keep is one or any", "Kelvin",
                 "aside shows the last turn's"),
    "scc": ("6 is the ship", "5 before the ship", "4 before the captain", "from one roll", "dice not aside",
            "second 6 is cargo", "crew ends the turn at once", "scores 0", "rolls_left counts down",
            "starts with nothing aside", "highest score wins", "tie rolls off", "no stop",
            "classic: with the crew aside",
            "classic: stop scores the cargo", "rerolls only the two cargo dice", "last roll's cargo counts",
            "out of rolls", "crew on the third roll", "stop before the crew"),
    "zambales": ("a pair ends the turn", "one try fewer", "fifth try the turn ends", "pair on the fifth try",
                 "highest pair wins", "pair beats no pair", "equal pairs roll off", "only the highest pairs",
                 "nobody paired", "tries are 1 to 10"),
    "mafia": ("5 dice and 5 tokens", "1s leave play", "6s go to the next player", "last seat's 6s",
              "seat order", "ends the round at once", "from the next seat on", "highest die loses a token",
              "seat after the last starter", "wraps past the last seat", "ender of the round does not roll",
              "ender's own 6s", "ties roll again, in seat order", "only the tied roll", "no tokens: out",
              "6s go to the next player with tokens", "two players left", "showdown of one", "3 to 6 players"),
    "generala": ("first roll is all five dice", "rerolls those positions in place", "order written", "rerolls every die",
                 "first roll is every die", "three rolls at most", "score needs a roll first", "ones to sixes",
                 "scores 0 (a scratch)", "straight 1-2-3-4-5", "straight 2-3-4-5-6", "no straight", "full house",
                 "five of a kind is no full house", "four of a kind scores 40", "also counts as four",
                 "generala (five of a kind, not served) scores 50", "generala param 60", "after generala scored 100",
                 "double param 120", "double before generala", "after a scratched generala", "scored once",
                 "served Generala", "served Generala wins even behind", "11 rounds, one per box",
                 "after 11 rounds the highest total wins", "tied top rolls off", "1 to 8 players", "50 or 60",
                 "100 or 120", "plain ASCII", "run out"),
    "pokerdice": ("stand after the first roll", "rerolls those positions", "third roll stands by itself",
                  "stand needs a roll first", "five of a kind beats four", "four of a kind beats a full house",
                  "full house beats a straight", "straight beats three", "three of a kind beats two pair",
                  "two pair beats one pair", "one pair beats nothing", "9-T-J-Q-K is a straight",
                  "T-J-Q-K-A beats 9-T-J-Q-K", "9-T-J-Q-A is no straight", "largest group first", "next group",
                  "single dice, high to low", "exactly equal best hands roll off", "only the tied best hands",
                  "wild: an ace makes", "five aces stay five aces", "ace completes a straight",
                  "two pairs and an ace make a full house", "high straight", "not wild: aces are aces",
                  "one hand each", "2 to 8 players"),
    "dixmille": ("first roll is six dice", "adds their score", "dice not aside are rolled", "bank adds the turn total",
                 "nothing that scores busts", "bust loses the turn total", "three pairs are no bust",
                 "only faces of this roll", "dice that all score", "at least one die", "keep needs a roll first",
                 "roll again needs a keep first", "bank needs a keep first", "bank at a turn's start",
                 "single 1 scores 100", "single 5 scores 50", "three 1s score 1000", "four 1s score 2000",
                 "five 1s score 4000", "six 1s score 8000", "three of a kind scores 100 times",
                 "four of a kind scores 200 times", "five of a kind scores 400 times", "six of a kind scores 800 times",
                 "full house (three and a pair) scores 1500", "three pairs score 1000", "straight 1-6 scores 1500",
                 "best split", "a full house and a single", "each keep scores alone", "from two rolls",
                 "three pairs must be different faces", "all six aside: the next roll is six dice and does not count",
                 "straight always rolls again", "no roll left banks by itself", "free roll is still there",
                 "reaching the goal wins at once", "round 2", "rolls param", "500 to enter: a smaller",
                 "500 to enter: 500 or more", "once on the board", "automatic bank below it"),
    "liars": ("5 dice each", "every player rolls all their dice, in seat order", "only their own cup",
              "no cup before the call", "starter bids first", "same face with more dice", "higher face with any quantity",
              "not a raise: the same bid", "not a raise: a lower face", "at most the dice in play",
              "wild: bids are on faces 2 to 6", "not wild: 1s may be bid", "bid needs a roll first", "liar needs a bid",
              "rolled once a round", "the bid holds (exactly Q, wild 1s included): the caller loses",
              "too few: the bidder loses", "1s count only as 1s", "loser starts the next round",
              "each player's dice left", "dice in play shrink", "next player in starts", "out player is skipped",
              "out player's cup empty", "last player with dice wins", "2 to 6 players"),
}


@pytest.mark.parametrize("engine", sorted(RULES))
def test_every_rule_has_scenarios(engine):
    scs = load_scenarios(engine)
    names = " ".join(s["name"] for s in scs)
    for rule in RULES[engine]:
        assert rule in names, rule
    assert [s for s in scs if "error" in s], "illegal actions"
    if engine not in ("cup", "beetle", "mafia", "dixmille", "liars"):  # the games a tied top score decides
        assert [s for s in scs if s.get("expect", {}).get("rolloff")], "a roll-off"
    for field in TABLE:
        assert [s for s in scs if field in s.get("expect", {})], field


@pytest.mark.parametrize("pack", sorted(PACKS))
def test_summary_has_the_table_fields(pack):
    s = replay.run(selfplay.play(pack, 1 if pack == "cup" else 3, 5))
    assert all(k in s for k in TABLE)


WRONG = ("hold", "roll 0", "roll 11", "roll 1 1", "roll x", "roll +1", "keep", "keep 7", "keep 1 4", "keep six",
         "stop", "lift", "roll roll", "roll\u00a01", "roll \u0661", "k\u212aeep 6", "roll\x1c1", "\u212aeep 1",
         "", "   ", "pass")


def _state(game):
    return game.summary(), game.used, (game.rng._z, game.rng._w)


@pytest.mark.parametrize("pack", sorted(PACKS))
def test_legal_is_what_apply_takes_and_a_rejected_action_changes_nothing(pack):
    """Every listed action applies; every other tried one raises and leaves the game as it was."""
    n = 1 if pack == "cup" else 3
    for seed in range(1 if pack == "yamb" else 3):  # (a Yamb game is 52 turns: one has more actions than three of the others)
        rec = selfplay.play(pack, n, seed)
        game = replay.start(rec)
        for a in list(rec["actions"]) + [None]:  # (Yamb's are cupcore.codes.Codes)
            legal = list(game.legal())
            for act in legal:
                probe = replay.load(dict(rec, actions=rec["actions"][:game.count]))
                probe.apply(act)
            before = _state(game)
            for bad in WRONG + ("roll", "keep 6", "keep 1", "roll 1"):
                if bad in legal:
                    continue
                with pytest.raises(ValueError):
                    game.apply(bad)
                assert _state(game) == before, bad
            if a is None:
                break
            assert a in legal
            game.apply(a)


def test_the_cup_takes_any_set_of_positions_but_lists_single_ones():
    game = replay.start({"pack": "cup", "players": 1, "seed": 3, "actions": []})
    assert game.legal() == ["roll"]
    game.apply("roll")
    assert game.legal() == ["roll", "roll 1", "roll 2", "roll 3", "roll 4", "roll 5"]
    game.apply("roll 5 3 1")
    assert game.summary()["rolls"] == 2


def test_a_roll_off_short_of_stacked_dice_changes_nothing():
    rec = {"pack": "chicago", "players": 2, "seed": 1, "params": {"rounds": 1}, "dice": [1, 1, 1, 1, 3],
           "actions": ["roll"]}
    game = replay.load(rec)
    before = _state(game)
    with pytest.raises(ValueError, match="dice stack exhausted"):
        game.apply("roll")
    assert _state(game) == before and game.used == 2
    rec["dice"] += [4]
    s = replay.run(dict(rec, actions=["roll", "roll"]))
    assert s["winner"] == 1 and s["rolloff"] == [[3, 4]]


def test_midnight_keep_any_lists_every_choice_once():
    game = replay.start({"pack": "midnight", "players": 2, "params": {"keep": "any"}, "dice": [1, 1, 4, 6, 6, 2],
                         "actions": []})
    game.apply("roll")
    legal = game.legal()
    assert len(legal) == len(set(legal)) == 3 * 2 * 2 * 3 - 1  # 0-2 ones, 0-1 two, 0-1 four, 0-2 sixes, not none
    assert "keep 1 1 2 4 6 6" in legal and "keep 6" in legal and "keep 1 6" in legal


HIDDEN = {"pack": "cup", "players": 1, "seed": 1, "params": {"dice": 4, "sides": 20, "hidden": True}}


def test_the_hidden_cup_shows_its_dice_only_in_view_0_until_lift():
    a = replay.start(dict(HIDDEN, dice=[17, 13, 19, 11, 18, 14], actions=[]))
    b = replay.start(dict(HIDDEN, dice=[2, 3, 4, 5, 6, 7], actions=[]))
    for act in ("roll", "roll 2 4"):
        a.apply(act)
        b.apply(act)
        assert a.summary() == b.summary() and a.legal() == b.legal()
        assert a.view(1) == b.view(1)
        for bad in WRONG:
            if bad in a.legal():
                continue
            errs = []
            for g in (a, b):
                try:
                    g.apply(bad)
                except ValueError as e:
                    errs.append(str(e))
            assert len(errs) == 2 and errs[0] == errs[1], bad
    assert a.view(0)["dice"] == [17, 18, 19, 14] and a.view(0)["total"] == 68
    assert b.view(0)["dice"] == [2, 6, 4, 7]
    a.apply("lift")
    assert a.summary()["dice"] == [17, 18, 19, 14] and a.summary()["last_roll"] == [17, 18, 19, 14]


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20])
def test_the_cup_rolls_dice_of_its_sides(sides):
    game = replay.start({"pack": "cup", "players": 1, "seed": sides, "params": {"dice": 10, "sides": sides},
                         "actions": []})
    seen = set()
    for _ in range(60):
        game.apply("roll")
        seen.update(game.summary()["dice"])
    assert seen == set(range(1, sides + 1))


def test_the_cup_self_plays_twenty_actions():
    rec = selfplay.play("cup", 1, 9)
    assert len(rec["actions"]) == 20
    s = replay.run(rec)
    assert not s["over"] and s["actions"] == 20 and s["winner"] is None


@pytest.mark.parametrize("pack", sorted(p for p in PACKS if p != "cup"))
def test_random_games_end_by_the_rules(pack):
    """Self-play games: the winner has the top score (roll-offs among exactly the tied top, in rounds
    of the players still tied, the last round's highest face alone); Zambales without a pair has none."""
    for n in ((3, 6) if pack in ("mafia", "liars-dice") else (2, 3, 8) if pack != "boston" else (3, 8)):
        for seed in range(20):
            s = replay.run(selfplay.play(pack, n, seed))
            assert s["over"] and s["turn"] is None
            sc = s["scores"]
            if pack == "zambales" and max(sc) == 0:
                assert s["winner"] is None and s["rolloff"] is None
                continue
            if pack in ("mafia", "liars-dice"):
                assert sc.count(0) == n - 1 and sc[s["winner"]] > 0 and s["rolloff"] is None
                continue
            if pack.startswith("dix-mille"):
                assert sc[s["winner"]] >= 10000 and sorted(sc)[-2] < 10000 and s["rolloff"] is None
                continue
            if pack == "generala" and None in s["sheet"][s["winner"]].values():
                d = s["last_roll"]
                assert d.count(d[0]) == 5  # a served Generala: won at once, whatever the scores
                continue
            top = [i for i in range(n) if sc[i] == max(sc)]
            assert s["winner"] in top
            if pack == "beetle":
                assert sc[s["winner"]] == 14 and sc.count(14) == 1 and s["rolloff"] is None
                continue
            if len(top) == 1:
                assert s["rolloff"] is None
                continue
            tied = top
            for faces in s["rolloff"]:
                assert len(faces) == len(tied)
                tied = [tied[i] for i in range(len(faces)) if faces[i] == max(faces)]
            assert tied == [s["winner"]]
