"""RULES.md section 13, Insider, beyond its scenarios: every rule has one; no secret (the Insider's seat,
the word) reaches the summary, legal(), an error or another player's view before the rules reveal it;
the word list is read one word at a time; records replay alike on CPython and MicroPython."""

import copy
import json
import os

import pytest

from cupcore import insider, replay, selfplay

from cupkit import paths

from conftest import load_scenarios, run_mp_json

SCENARIOS = load_scenarios("insider")
PROBES = ("start", "timeout", "guessed 0 10", "guessed 1 10", "guessed 2 10", "guessed 4 299", "guessed 3 300",
          "vote1 0", "vote1 2", "vote1 3", "vote1 9", "vote2 0 0 0 0 0", "vote2 3 3 3 3 3", "vote2 1 1 3 3 4",
          "vote2 0 1", "master 1", "master 3", "master 4", "roll", "guessed")


def test_every_rule_has_scenarios():
    names = " ".join(s["name"] for s in SCENARIOS)
    for rule in ("the Master is public", "the Master's view has the word", "the Insider's view has the word",
                 "a Common's view has no word", "every other seat is a Common", "start: the guessing phase",
                 "start only in the deal", "the word is public, the timer is flipped", "the Insider may guess",
                 "the Master may not guess", "T must be below the limit", "T may be 0", "plain decimal digits",
                 "timeout: the clock reached the limit", "timeout only while guessing",
                 "a majority accuses the guesser, a Common", "a majority accuses the guesser, the Insider",
                 "a tie (3 of 6) accuses no one", "nobody accusing", "vote 1 counts at most every player",
                 "no majority needed", "point at oneself, or at the Master", "a tie for the most",
                 "the Master picks a Common", "the Master picks the Insider", "the Master picks only a tied seat",
                 "vote 2 names where every player points", "once over every action is an error",
                 "the vote timer changes nothing", "limit sets the guessing time", "limit is 1 to 3600",
                 "the built-in list", "repeats allowed", "16 characters and 500 words", "words: at least one",
                 "word: an index", "roles: two different seats", "unstacked: the Master's seat",
                 "stacked roles draw nothing", "a stacked word draws nothing", "at least 4 players",
                 "at most 8 players", "no dice", "no deck"):
        assert rule in names, rule


def _public(game, seats):
    """What the seats (not the Master's or the Insider's) can learn: summary, legal actions, their views,
    and the errors of every probe that legal() does not list (each refused, the state unchanged)."""
    out = [game.summary(), list(game.legal())] + [game.view(p) for p in seats]
    for a in PROBES:
        g = copy.deepcopy(game)
        try:
            g.apply(a)
            out.append("accepted " + a)  # (what it reveals is compared when the game plays it)
        except ValueError as e:
            out.append(str(e))
            assert g.summary() == game.summary()
    return out


@pytest.mark.parametrize("seed", range(30))
def test_no_secret_shows_before_the_rules_reveal_it(seed):
    """The same game with the Insider in another seat and another word: every Common sees the same until
    the word is guessed (then only the roles differ) and until the end."""
    rec = selfplay.play("insider", 4 + seed % 5, seed)
    n = rec["players"]
    first = replay.start(dict(rec, actions=[]))
    m, i = first.seats
    other = [p for p in range(n) if p not in (m, i)][seed % (n - 2)]
    words = ["ghost", "anchor", "ghost", "sun"]
    a = replay.start(dict(rec, actions=[], roles=[m, i], word=0, params={"words": words}))
    b = replay.start(dict(rec, actions=[], roles=[m, other], word=1, params={"words": words}))
    commons = [p for p in range(n) if p not in (m, i, other)]
    for act in rec["actions"]:
        pa, pb = _public(a, commons), _public(b, commons)
        if a.summary()["word"] is None:
            assert pa == pb
        else:  # the word is public: only the Insider's seat may differ, and not until the end
            assert pa[2 + len(commons):] == pb[2 + len(commons):]
            assert pa[:2 + len(commons)] == [dict(x, word="ghost") if "word" in x else x for x in pb[:2 + len(commons)]]
        assert a.legal() == b.legal()
        a.apply(act)
        b.apply(act)
    s = a.summary()
    assert s["over"] and s["roles"][i] == "insider" and s["roles"][m] == "master"
    assert b.summary()["roles"][other] == "insider"


def test_errors_never_name_a_secret():
    words = ["kettle"]
    for roles in ([0, 1], [0, 3], [2, 1]):
        for acts in ([], ["start"], ["start", "guessed 4 9"], ["start", "guessed 4 9", "vote1 0"],
                     ["start", "guessed 4 9", "vote1 0", "vote2 1 1 3 3 4"]):
            g = replay.start({"pack": "insider", "players": 5, "roles": roles, "word": 0, "params": {"words": words},
                              "actions": []})
            for a in acts:
                g.apply(a)
            for probe in PROBES:
                try:
                    g.apply(probe)
                except ValueError as e:
                    msg = str(e).lower()
                    assert "kettle" not in msg and "insider" not in msg and "common" not in msg, msg
            assert g.view(roles[1])["word"] == "kettle"


def test_the_built_in_list():
    """Records of insider._WIDTH bytes: the word, spaces, a newline; a few hundred different common nouns."""
    with open(os.path.join(paths.CORE, "insider.bin"), "rb") as f:
        data = f.read()
    width = 12
    assert len(data) % width == 0
    words = [data[k:k + width] for k in range(0, len(data), width)]
    assert 300 <= len(words) <= 500 and insider.text(None) == len(words)
    seen = set()
    for k, rec in enumerate(words):
        w = rec.rstrip(b" \n").decode("ascii")
        assert rec == w.encode().ljust(width - 1) + b"\n" and insider.word(w) and w.islower(), rec
        assert w not in seen
        seen.add(w)
        assert insider.text(k) == w


def test_the_device_reads_one_word_not_the_list(monkeypatch):
    """A game opens the list's file and reads one record of it, by seeking."""
    reads = []
    real = open

    class Spy:
        def __init__(self, path, mode):
            self.f = real(path, mode)

        def seek(self, *a):
            return self.f.seek(*a)

        def read(self, n=-1):
            reads.append(n)
            return self.f.read(n)

        def close(self):
            self.f.close()

    monkeypatch.setattr(replay.engine("insider"), "open", Spy, raising=False)  # (the module a game is made by)
    game = replay.start({"pack": "insider", "players": 6, "seed": 5})
    assert reads == [12] and game.view(game.seats[0])["word"]


@pytest.mark.parametrize("seed", range(20))
def test_legal_is_what_apply_accepts(seed):
    rec = selfplay.play("insider", 4 + seed % 5, seed)
    game = replay.start(dict(rec, actions=[]))
    for act in rec["actions"]:
        for a in game.legal():
            g = replay.load(dict(rec, actions=rec["actions"][:game.count]))
            g.apply(a)
        assert act in game.legal()
        game.apply(act)
    assert game.over and game.legal() == ()


def test_records_replay_alike_on_micropython(image):
    """Self-play games and hand-made ones: the same summaries and views after every action on both ports."""
    records = [selfplay.play("insider", n, seed) for n in (4, 5, 8) for seed in range(5)]
    records.append({"pack": "insider", "players": 5, "seed": 9, "roles": [2, 4], "word": 355,
                    "actions": ["start", "guessed 1 183", "vote1 2", "vote2 1 1 3 3 4", "master 3"]})
    records.append({"pack": "insider", "players": 6, "seed": 9, "params": {"words": ["jack-in-the-box", "ice cream"],
                    "limit": 60}, "actions": ["start", "timeout"]})
    code = ("import json\nfrom cupcore import replay\nfor rec in json.loads(%r):\n"
            "    g = replay.start(dict(rec, actions=[]))\n"
            "    for a in [None] + rec['actions']:\n"
            "        if a:\n"
            "            g.apply(a)\n"
            "        print(json.dumps([g.summary(), list(g.legal())] + [g.view(p) for p in range(g.players)]))\n"
            ) % json.dumps(records)
    want = []
    for rec in records:
        g = replay.start(dict(rec, actions=[]))
        for a in [None] + rec["actions"]:
            if a:
                g.apply(a)
            want.append(json.loads(json.dumps([g.summary(), list(g.legal())] + [g.view(p) for p in range(g.players)])))
    assert run_mp_json(image, code) == want
