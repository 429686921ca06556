"""Yamb (RULES.md section 11) beyond the scenarios: the scenarios hold every rule; each row's points
against its plain definition for every roll; legal() is exactly what apply() takes; the summary's
sheets and totals agree with the engine's cells; records replay alike on CPython and MicroPython."""

import itertools
import json

import pytest

from cupcore import replay, selfplay, yamb

from conftest import load_scenarios, run_mp_json

ROWS = [yamb.word(0, r) for r in range(13)]

RULES = ("first roll is all five dice", "rerolls those positions in place", "order written",
         "roll 1 2 3 4 5 rerolls every die", "bare roll is only the turn's first", "first roll is every die",
         "positions are 1 to 5", "three rolls at most", "score needs a roll first", "after any roll ends the turn",
         "last_roll is kept after a score", "ones to sixes", "scores 0 (a scratch)", "min is the sum", "max is the sum",
         "two pairs: the four dice + 10", "a full house counts", "one pair is not two", "four of a kind is not two",
         "pairs_same true", "after the first roll scores 66", "2-3-4-5-6", "second roll scores 56",
         "third roll scores 46", "no straight", "full house: three and two", "five of a kind is not one",
         "the odd die included", "carriage: five of a kind counts", "param four", "yamb: five of a kind",
         "up: only the topmost", "down: only the bottommost", "free: any empty cell", "cannot be scored again",
         "right after the first roll", "a miss scores 0", "no other cell", "not after a reroll", "once a turn",
         "not before the first roll", "announce cell is empty", "without an announcement", "only with an announce column",
         "only a column in play", "hand: any empty cell while", "hand: closed after a reroll",
         "updown: the topmost and the bottommost", "middle: min and max are open first", "then sixes above min",
         "reroll: refused when only announce or hand", "reroll: allowed once a row is announced", "bonus 30",
         "upper 62: no bonus", "bonus is per column", "minimax: (max - min) x ones", "minimax is negative",
         "minimax is 0 until", "lower: pairs", "sum of their column totals", "13 rounds a column", "13 x the number",
         "tied top rolls off", "roll-off tie rolls again", "no roll-off", "1 to 8 players", "columns: an id at most once",
         "columns: only the known ids", "columns: not empty", "pairs_same is true or false", "carriage is all or four",
         "all seven columns", "plain ASCII", "run out")


def test_every_rule_has_scenarios():
    names = " ".join(s["name"] for s in load_scenarios("yamb"))
    for rule in RULES:
        assert rule in names, rule


def _plain(d, row, rolled, same, four):
    """Each row as RULES.md words it, written out plainly."""
    c = {f: d.count(f) for f in range(1, 7)}
    total = sum(d)
    if row < 6:
        return c[row + 1] * (row + 1)
    if row < 8:
        return total
    if row == 8:
        pairs = [f for f in c if c[f] >= 2]
        if len(pairs) == 2:
            return 2 * sum(pairs) + 10
        four_of = [f for f in c if c[f] >= 4]
        return 4 * four_of[0] + 10 if same and four_of else 0
    if row == 9:
        return {1: 66, 2: 56, 3: 46}[rolled] if sorted(d) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) else 0
    if row == 10:
        return total + 30 if sorted(c.values())[-2:] == [2, 3] else 0
    if row == 11:
        four_of = [f for f in c if c[f] >= 4]
        return (4 * four_of[0] if four else total) + 40 if four_of else 0
    return total + 50 if 5 in c.values() else 0


def test_points_for_every_roll():
    for d in itertools.product(range(1, 7), repeat=5):
        d = list(d)
        for row in range(13):
            for rolled in (1, 2, 3):
                for same, four in ((False, False), (True, True)):
                    assert yamb.points(d, row, rolled, same, four) == _plain(d, row, rolled, same, four), (d, row)


def _total(col):
    """A column's total as RULES.md words it (None: an empty cell)."""
    v = [0 if x is None else x for x in col]
    up = sum(v[:6])
    mm = (v[7] - v[6]) * v[0] if None not in (col[0], col[6], col[7]) else 0
    return up + (30 if up >= 63 else 0) + mm + sum(v[8:])


COLUMNS = (None, ["free"], ["up", "down", "free", "announce", "hand", "updown", "middle"], ["announce", "hand"],
           ["middle", "updown"])


def _record(n, seed, cols):
    rec = selfplay.play("yamb", n, seed) if cols is None else None
    if rec is not None:
        rec["actions"] = list(rec["actions"])  # (selfplay.Codes: JSON has a list)
    else:
        game = replay.start({"pack": "yamb", "players": n, "seed": seed, "params": {"columns": cols}})
        from cupcore.rng import Rng
        pick = Rng(seed + 99)
        acts = []
        while not game.over:
            legal = game.legal()
            a = legal[pick.below(len(legal))]
            game.apply(a)
            acts.append(a)
        rec = {"pack": "yamb", "players": n, "seed": seed, "params": {"columns": cols}, "actions": acts}
    return rec


@pytest.mark.parametrize("cols", COLUMNS)
def test_random_games_fill_every_cell_and_total_by_the_rules(cols):
    for n, seed in ((1, 0), (2, 1), (3, 2), (8, 3)):
        rec = _record(n, seed, cols)
        game = replay.start(rec)
        for a in rec["actions"]:
            game.apply(a)
            s = game.summary()
            for p in range(n):
                for c, col in s["sheet"][p].items():
                    assert s["totals"][p][c] == _total([col[r] for r in ROWS])
                assert s["scores"][p] == sum(s["totals"][p].values())
        assert s["over"] and s["rolls_left"] is None and s["announced"] is None
        assert all(v is not None for sh in s["sheet"] for col in sh.values() for v in col.values())
        assert s["round"] == 13 * len(s["sheet"][0])
        top = max(s["scores"])
        assert s["scores"][s["winner"]] == top
        assert (s["rolloff"] is None) == (s["scores"].count(top) == 1)


def test_legal_is_exactly_what_apply_takes():
    """Every action of the form the engine reads applies exactly when legal() lists it (a reroll of any
    positions when it lists `roll 1`), and a refused one changes nothing."""
    cols = ["up", "down", "free", "announce", "hand", "updown", "middle"]
    forms = ["roll", "roll 1", "roll 2 4", "roll 1 2 3 4 5"] + ["announce " + r for r in ROWS] + [
        "score %s %s" % (c, r) for c in cols for r in ROWS]
    rec = _record(2, 5, cols)
    game = replay.start(rec)
    for a in rec["actions"][:150]:
        legal = list(game.legal())
        assert len(set(legal)) == len(legal)
        before = (game.summary(), game.used)
        probe = None
        for f in forms:
            if probe is None:  # a fresh game after each action it took (a refused one must leave it as it was)
                probe = replay.load(dict(rec, actions=rec["actions"][:game.count]))
            ok = f in legal or f.startswith("roll ") and "roll 1" in legal
            try:
                probe.apply(f)
                assert ok, f
                probe = None
            except ValueError as e:
                assert not ok, (f, str(e))
                assert probe.summary() == before[0] and probe.used == before[1]
        game.apply(a)


def test_the_device_summary_leaves_out_the_sheets():
    game = replay.load(selfplay.play("yamb", 2, 3))
    game.sheets = False
    s = game.summary()
    assert "sheet" not in s and "totals" not in s and s["scores"]


def test_records_replay_alike_on_micropython(image):
    """Random games of every column kind, 1 to 8 players, and their summaries: the same on both ports."""
    recs = [_record(n, seed, cols) for cols in COLUMNS for n, seed in ((1, 7), (4, 8), (8, 9))]
    code = ("import json\nfrom cupcore import replay\nfor rec in json.loads(%r):\n"
            "    print(json.dumps(replay.run(rec)))\n" % json.dumps(recs))
    assert run_mp_json(image, code, timeout=600) == [json.loads(json.dumps(replay.run(r))) for r in recs]


def test_refusals_read_alike_on_micropython(image):
    bad = ["roll 1", "score free ones", "announce ones", "roll", "roll 1 1", "score up yamb", "score announce ones",
           "score hand ones", "keep 6", "roll 9", "announce x", "score free"]
    recs = [{"pack": "yamb", "players": 2, "seed": 4, "actions": acts + [b]}
            for acts in ([], ["roll"], ["roll", "roll 2"], ["roll", "announce fives"]) for b in bad]
    code = ("import json\nfrom cupcore import replay\nfor rec in json.loads(%r):\n    try:\n"
            "        replay.run(rec)\n        print(json.dumps(None))\n    except ValueError as e:\n"
            "        print(json.dumps(str(e)))\n" % json.dumps(recs))

    def cpy(rec):
        try:
            replay.run(rec)
        except ValueError as e:
            return str(e)

    assert run_mp_json(image, code) == [cpy(r) for r in recs]
