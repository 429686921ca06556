"""RULES.md section 3 (the Pig family), scenario by scenario, on CPython and MicroPython."""

import pytest

from cupcore import replay, selfplay

from conftest import load_scenarios

SCENARIOS = load_scenarios("pig")


def test_every_rule_has_scenarios():
    names = " ".join(s["name"] for s in SCENARIOS)
    for rule in ("a 1 loses", "must roll before holding", "goal by holding wins", "clockwise",
                 "two 1s", "single 1 just counts", "double scores twice", "names the dice",
                 "same N", "may not change N", "any 1 among the dice", "exhausted"):
        assert rule in names, rule


def test_rejected_action_leaves_state_untouched():
    rec = {"pack": "hog", "players": 2, "seed": 3, "actions": ["roll 3"]}
    game = replay.load(rec)
    before = game.summary()
    rng_state = (game.rng._z, game.rng._w)
    for bad in ("roll 2", "roll 9", "jump", "hold hold", "", "roll x"):
        with pytest.raises(ValueError):
            game.apply(bad)
        assert game.summary() == before
        assert (game.rng._z, game.rng._w) == rng_state


def test_exhausted_stack_consumes_nothing():
    game = replay.start({"pack": "hog", "players": 2, "dice": [2, 3], "actions": []})
    with pytest.raises(ValueError, match="dice stack exhausted"):
        game.apply("roll 3")
    game.apply("roll 2")
    assert game.summary()["turn_total"] == 5


@pytest.mark.parametrize("pack", ["pig", "big-pig", "hog"])
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_selfplay_ends_with_a_winner_and_replays(pack, players):
    for seed in range(5):
        rec = selfplay.play(pack, players, seed)
        s = replay.run(rec)
        assert s["over"] and s["winner"] is not None
        assert s["scores"][s["winner"]] >= 100
        assert max(s["scores"]) == s["scores"][s["winner"]]
        assert s["actions"] == len(rec["actions"])


def test_legal_actions_are_exactly_the_accepted_ones():
    """Every listed action applies; the usual wrong ones do not."""
    for pack in ("pig", "big-pig", "hog"):
        rec = selfplay.play(pack, 3, 11)
        game = replay.start(rec)
        for a in rec["actions"]:
            legal = list(game.legal())
            assert a in legal
            same_n = "roll %d" % game.turn_dice  # Hog's long form of a later roll
            for wrong in ("hold", "roll", "roll 1", "roll 4"):
                if wrong not in legal and wrong != same_n:
                    probe = replay.load(dict(rec, actions=rec["actions"][:game.count]))
                    with pytest.raises(ValueError):
                        probe.apply(wrong)
            game.apply(a)
        assert list(game.legal()) == []
