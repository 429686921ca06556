"""RULES.md section 13, the turn timer, beyond its scenarios: every rule has one, legal() is what the
engine accepts, and records replay alike on CPython and MicroPython."""

import json

import pytest

from cupcore import replay, selfplay

from conftest import load_scenarios, run_mp_json

SCENARIOS = load_scenarios("timer")
PROBES = ("next 0", "next 59", "next 60", "next", "over", "pause", "resume", "end", "next x", "roll")


def test_every_rule_has_scenarios():
    names = " ".join(s["name"] for s in SCENARIOS)
    for rule in ("seat 0 has the first turn", "the next seat has the turn", "round and round", "longest keeps",
                 "next 0", "one below seconds", "may not reach seconds", "plain decimal digits", "over: a turn of seconds",
                 "overruns count per seat", "pause stops", "only resume and end", "resume only while paused",
                 "paused time not counted", "end: the session stops", "a turn in progress is not counted",
                 "end while paused", "once over", "seconds is 1 to 3600", "warn is 0 to 3600", "penalty is at most 32",
                 "printable ASCII", "change no state", "at least 2 players", "at most 8 players", "no dice", "no deck"):
        assert rule in names, rule


@pytest.mark.parametrize("seed", range(20))
def test_legal_is_what_apply_accepts(seed):
    """Every listed action applies; every probe not listed is refused and changes nothing."""
    rec = selfplay.play("turn-timer", 2 + seed % 7, seed)
    game = replay.start(dict(rec, actions=[]))
    for act in rec["actions"] + [None]:
        legal = game.legal()
        for probe in PROBES:
            if probe in legal or probe.split()[0] == "next" and "next 0" in legal and probe[5:].isdigit() \
                    and int(probe[5:]) < 60:
                continue
            before = game.summary()
            with pytest.raises(ValueError):
                game.apply(probe)
            assert game.summary() == before
        if act is None:
            assert game.over and legal == ()
            break
        assert act in legal
        game.apply(act)


def test_a_session_s_figures():
    rec = {"pack": "turn-timer", "players": 3, "params": {"seconds": 90}, "actions": [
        "next 80", "pause", "resume", "next 3", "over", "next 89", "over", "next 0", "pause", "end"]}
    s = replay.run(rec)
    assert (s["turns"], s["total"], s["longest"], s["overruns"]) == ([2, 2, 2], [169, 93, 90], [89, 90, 90], [0, 1, 1])
    assert s["over"] and not s["paused"] and s["winner"] is None and s["turn"] is None


def test_records_replay_alike_on_micropython(image):
    """Self-play sessions and a hand-made one: the same summaries after every action on both ports."""
    records = [selfplay.play("turn-timer", n, seed) for n in (2, 3, 8) for seed in range(4)]
    records.append({"pack": "turn-timer", "players": 4, "seed": 3, "params": {"seconds": 3600, "warn": 0, "penalty": ""},
                    "actions": ["next 3599", "over", "pause", "resume", "next 0", "NEXT  12", "end"]})
    code = ("import json\nfrom cupcore import replay\nfor rec in json.loads(%r):\n"
            "    g = replay.start(dict(rec, actions=[]))\n"
            "    for a in rec['actions']:\n"
            "        g.apply(a)\n"
            "        print(json.dumps([g.summary(), list(g.legal())]))\n") % json.dumps(records)
    want = []
    for rec in records:
        g = replay.start(dict(rec, actions=[]))
        for a in rec["actions"]:
            g.apply(a)
            want.append(json.loads(json.dumps([g.summary(), list(g.legal())])))
    assert run_mp_json(image, code) == want
