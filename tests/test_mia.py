"""RULES.md section 4 (Mia and Meier): scenarios on CPython and MicroPython, the secrecy of the cup, helpers."""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from cupcore import replay, selfplay

from cupkit import paths

from conftest import cupkit, load_scenarios, run_mp_json

SCENARIOS = load_scenarios("mia")
PACKS = ("mia", "mia-modern", "meier")
VALUES = [a * 10 + b for a in range(1, 7) for b in range(1, a + 1)]
PROBES = ["roll", "challenge", "pass", "concede", "jump", "claim 12", "claim"] + ["claim %d" % v for v in VALUES]


def test_every_rule_has_scenarios():
    names = " ".join(s["name"] for s in SCENARIOS)
    for rule in ("player 0 rolls first", "only the roller may look", "hidden from the other players",
                 "high die first", "must claim", "a bluff higher", "a bluff lower", "the owner loses",
                 "equal value, the challenger", "greater value, the challenger", "true Mia lifted",
                 "bluffed Mia lifted", "6 lives and Mia costs 3", "never go below 0", "ranking mia:",
                 "ranking mia-modern:", "ranking meier:", "too short is rejected", "repeated value is rejected",
                 "claims higher and owns", "claiming the same value", "resets the claim", "any value may be claimed",
                 "pass: accepts", "pass: not in meier", "refused when blind_raise is false",
                 "anyone may raise without rolling", "raises without rolling", "knower: may not pass",
                 "facing Mia: may not raise", "facing Mia: may reroll", "facing Mia: may challenge",
                 "facing Mia: may not concede", "concede: against Mia costs 1", "concede: only against Mia",
                 "starter loser", "starter challenger", "a loser who is out is skipped",
                 "a challenger who is out is skipped", "skipped in turn", "the last player with lives wins",
                 "no action after the game is over", "exhausted", "last lifted value stays"):
        assert rule in names, rule


def _public(game):
    """Everything a player who did not roll the cup can learn: summary, legal actions, others' views, errors."""
    out = [game.summary(), list(game.legal()), game.claims()]
    out += [game.view(p) for p in range(game.players) if p != game.knower]
    for a in PROBES:
        if a not in game.legal():
            try:
                game.apply(a)
                out.append("accepted " + a)
            except ValueError as e:
                out.append(str(e))
    return out


def _secrecy_holds(game, action):
    """The public state, and the outcome of the next action unless it lifts the cup, are the same for any cup."""
    real = game.cup
    if not real:
        return
    seen = _public(game)
    assert "cup" not in seen[0]
    after = None
    if action != "challenge":
        probe = copy.deepcopy(game)
        probe.apply(action)
        after = probe.summary()
    for other in (VALUES[0], VALUES[10], VALUES[-1], 21):
        game.cup = other
        assert _public(game) == seen
        if after is not None:
            probe = copy.deepcopy(game)
            probe.apply(action)
            assert probe.summary() == after
    game.cup = real


@settings(max_examples=60, deadline=None)
@given(pack=st.sampled_from(PACKS), players=st.integers(2, 8), seed=st.integers(0, 2**30 - 1),
       lives=st.integers(1, 3), penalty=st.integers(1, 3), flags=st.tuples(st.booleans(), st.booleans(), st.booleans()),
       starter=st.sampled_from(["loser", "challenger"]), picks=st.randoms(use_true_random=False))
def test_random_play_keeps_the_cup_secret_and_ends_with_one_winner(pack, players, seed, lives, penalty, flags,
                                                                     starter, picks):
    params = {"lives": lives, "mia_penalty": penalty, "pass": flags[0], "blind_raise": flags[1],
              "concede": flags[2], "starter": starter}
    game = replay.start({"pack": pack, "players": players, "seed": seed, "params": params})
    steps = 0
    while not game.over:
        legal = list(game.legal())
        assert legal
        action = picks.choice(legal)
        _secrecy_holds(game, action)
        game.apply(action)
        steps += 1
        assert steps < 5000
    s = game.summary()
    alive = [p for p in range(players) if s["lives"][p]]
    assert alive == [s["winner"]]
    assert s["turn"] is None and list(game.legal()) == []


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("players", range(2, 9))
def test_selfplay_ends_with_one_winner_and_replays(pack, players):
    for seed in range(4):
        rec = selfplay.play(pack, players, seed)
        s = replay.run(json.loads(json.dumps(rec)))
        assert s["over"] and s["turn"] is None
        assert [p for p in range(players) if s["lives"][p]] == [s["winner"]]
        assert s["actions"] == len(rec["actions"])
        assert "cup" not in s


def test_legal_actions_are_exactly_the_accepted_ones():
    for pack in PACKS:
        for players in (2, 4):
            rec = selfplay.play(pack, players, 12)
            game = replay.start(rec)
            for a in rec["actions"]:
                legal = list(game.legal())
                assert a in legal and len(set(legal)) == len(legal)
                for probe in PROBES:
                    trial = copy.deepcopy(game)
                    if probe in legal:
                        trial.apply(probe)
                    else:
                        with pytest.raises(ValueError):
                            trial.apply(probe)
                game.apply(a)


def test_rejected_action_leaves_state_untouched():
    game = replay.load({"pack": "meier", "players": 3, "seed": 5, "dice": [3, 5, 2, 1],
                        "actions": ["roll", "claim 53"]})
    before = (game.summary(), [game.view(p) for p in range(3)], game.used)
    for bad in ("claim 52", "claim 53", "claim 12", "pass", "concede", "roll roll", "claim", "", "hold", "claim 6 5"):
        with pytest.raises(ValueError):
            game.apply(bad)
        assert (game.summary(), [game.view(p) for p in range(3)], game.used) == before


def _beats(ranking, v):
    """Brute force over the 36 rolls: how many rank strictly higher than v."""
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            x = max(a, b) * 10 + min(a, b)
            n += ranking.index(x) < ranking.index(v)
    return n


@pytest.mark.parametrize("pack", PACKS)
def test_odds_are_exact_36ths(pack):
    game = replay.start({"pack": pack, "players": 2})
    ranking = game.params["ranking"]
    assert game.odds(None) == 36
    assert game.odds(21) == 0
    for v in VALUES:
        assert game.odds(v) == _beats(ranking, v), v
    assert game.odds(ranking[-1]) == 36 - (1 if ranking[-1] % 11 == 0 else 2)


def test_claims_helper_is_ranked_highest_first():
    game = replay.load({"pack": "mia", "players": 3, "dice": [3, 5], "actions": []})
    assert game.claims() is None  # round start: roll first
    game.apply("roll")
    assert game.claims() == game.params["ranking"]
    game.apply("claim 61")
    assert game.claims() is None  # mia: no raise without rolling for the others
    meier = replay.load({"pack": "meier", "players": 3, "dice": [3, 5], "actions": ["roll", "claim 61"]})
    assert meier.claims() == [21, 66, 55, 44, 33, 22, 11, 65, 64, 63, 62]
    assert [a for a in meier.legal() if a[:5] == "claim"] == ["claim %d" % v for v in meier.claims()]


# The same trace code runs on CPython and on the unix port.
TRACE = """
from cupcore import replay


def trace(rec):
    game = replay.start(rec)
    out = []
    for a in rec["actions"]:
        out.append([list(game.legal()), game.claims(), game.odds(game.claim), [game.view(p) for p in range(3)]])
        game.apply(a)
    return out
"""


def test_helpers_and_views_match_on_micropython(image):
    """claims(), odds(), legal() and every view along self-play games, on the unix port."""
    records = [selfplay.play(p, 3, 8) for p in PACKS]
    ns = {}
    exec(TRACE, ns)
    code = "import json\n" + TRACE + "for rec in json.loads(%r):\n    print(json.dumps(trace(rec)))\n" % json.dumps(records)
    assert run_mp_json(image, code) == [json.loads(json.dumps(ns["trace"](r))) for r in records]


def test_a_house_rule_is_a_pack(tmp_path):
    """6 lives, Mia costs 3: a pack file, validated by the CLI and played by replay."""
    pack = json.load(open(paths.PACKS + "/mia.json"))
    pack.update(id="mia-six", name="Mia, 6 lives")
    pack["params"].update(lives=6, mia_penalty=3)
    d = tmp_path / "packs"
    d.mkdir()
    (d / "mia-six.json").write_text(json.dumps(pack))
    r = cupkit("packs", "validate", str(d / "mia-six.json"))
    assert r.returncode == 0, r.stdout + r.stderr
    rec = {"pack": "mia-six", "players": 2, "dice": [3, 1], "actions": ["roll", "claim 21", "challenge"]}
    assert replay.run(rec, [str(d)])["lives"] == [3, 6]


def test_a_bad_ranking_is_reported_by_validate_and_replay(tmp_path):
    pack = json.load(open(paths.PACKS + "/mia.json"))
    pack["params"]["ranking"][1] = 21
    path = tmp_path / "mia.json"
    path.write_text(json.dumps(pack))
    r = cupkit("packs", "validate", str(path))
    assert r.returncode == 2 and "ranking" in r.stdout
    rec = {"pack": "mia", "players": 2, "params": {"ranking": pack["params"]["ranking"]}}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    r = cupkit("replay", str(path))
    assert r.returncode == 2
    assert "params: ranking must list the 21 values once each, highest first" in r.stderr
