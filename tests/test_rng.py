"""The core PRNG: same stream on every port, fair dice and shuffles, nothing reaches 2**30."""

import json
import math

import pytest

from cupcore.rng import Rng

from conftest import run_mp_json

SEED_MAX = 2 ** 30 - 1  # the largest seed (cupcore.rng keeps it as a private constant)

SEEDS = [0, 1, 2, 12345, 2**29, SEED_MAX]


def chi2_critical(df, alpha_z=4.753):
    """Wilson-Hilferty upper quantile of chi-square; z=4.753 is alpha = 1e-6 (tiny: no flaky test)."""
    return df * (1 - 2 / (9 * df) + alpha_z * math.sqrt(2 / (9 * df))) ** 3


def chi2(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def stream(seed, n=50):
    r = Rng(seed)
    return [r.next30() for _ in range(n)] + [r.below(k) for k in (1, 2, 6, 52, 1000, SEED_MAX)]


def test_same_sequence_on_micropython(image):
    code = "from cupcore.rng import Rng\nimport json\n"
    code += "for seed in %r:\n" % SEEDS
    code += ("    r = Rng(seed)\n"
             "    print(json.dumps([r.next30() for _ in range(50)] + [r.below(k) for k in (1, 2, 6, 52, 1000, %d)]))\n"
             % SEED_MAX)
    got = run_mp_json(image, code)
    assert got == [stream(s) for s in SEEDS]


def test_same_shuffle_on_micropython(image):
    code = ("from cupcore.rng import Rng\nimport json\n"
            "r = Rng(99)\nb = bytearray(range(52))\nr.shuffle(b)\nl = list(range(44))\nr.shuffle(l)\n"
            "print(json.dumps([list(b), l]))\n")
    r = Rng(99)
    b = bytearray(range(52))
    r.shuffle(b)
    lst = list(range(44))
    r.shuffle(lst)
    assert run_mp_json(image, code) == [[list(b), lst]]


def test_seeds_are_checked():
    for bad in (-1, SEED_MAX + 1, 1.5, "3", True, None):
        with pytest.raises(ValueError, match="seed must be an integer"):
            Rng(bad)


def test_die_faces_are_fair():
    r = Rng(20261121)
    n = 60000
    counts = [0] * 6
    for _ in range(n):
        counts[r.below(6)] += 1
    assert chi2(counts, n / 6) < chi2_critical(5)


def test_next30_bits_are_fair():
    """The top and bottom bits of the raw stream: 64 buckets each."""
    r = Rng(7)
    n = 64000
    top = [0] * 64
    low = [0] * 64
    for _ in range(n):
        v = r.next30()
        top[v >> 24] += 1
        low[v & 63] += 1
    assert chi2(top, n / 64) < chi2_critical(63)
    assert chi2(low, n / 64) < chi2_critical(63)


def test_shuffle_position_matrix_is_uniform():
    """Every card of a 6-card deck lands in every position equally often."""
    r = Rng(4242)
    k, n = 6, 30000
    counts = [[0] * k for _ in range(k)]
    for _ in range(n):
        deck = list(range(k))
        r.shuffle(deck)
        for pos, card in enumerate(deck):
            counts[card][pos] += 1
    flat = [c for row in counts for c in row]
    assert chi2(flat, n / k) < chi2_critical((k - 1) * (k - 1))


def test_all_permutations_of_a_small_deck_appear_evenly():
    r = Rng(31337)
    n = 24000
    seen = {}
    for _ in range(n):
        deck = [0, 1, 2, 3]
        r.shuffle(deck)
        seen[tuple(deck)] = seen.get(tuple(deck), 0) + 1
    assert len(seen) == 24
    assert chi2(list(seen.values()), n / 24) < chi2_critical(23)


def test_below_rejects_the_biased_tail():
    """below(n) for an n just over 2**29 must not favour low values (plain modulo would 2:1)."""
    r = Rng(5)
    n = (1 << 29) + 12345
    lows = sum(1 for _ in range(20000) if r.below(n) < (1 << 30) - n)
    share = lows / 20000
    expected = ((1 << 30) - n) / n
    assert abs(share - expected) < 0.03


class Checked(int):
    """An int whose every arithmetic result is checked to stay within -2**30..2**30-1."""

    def _c(self, v):
        assert -(1 << 30) <= v < (1 << 30), "value %d leaves the 31-bit small-int range" % v
        return Checked(v)

    def __add__(self, o): return self._c(int(self) + int(o))
    def __radd__(self, o): return self._c(int(o) + int(self))
    def __sub__(self, o): return self._c(int(self) - int(o))
    def __rsub__(self, o): return self._c(int(o) - int(self))
    def __mul__(self, o): return self._c(int(self) * int(o))
    def __rmul__(self, o): return self._c(int(o) * int(self))
    def __mod__(self, o): return self._c(int(self) % int(o))
    def __rmod__(self, o): return self._c(int(o) % int(self))
    def __floordiv__(self, o): return self._c(int(self) // int(o))
    def __and__(self, o): return self._c(int(self) & int(o))
    def __rand__(self, o): return self._c(int(o) & int(self))
    def __or__(self, o): return self._c(int(self) | int(o))
    def __ror__(self, o): return self._c(int(o) | int(self))
    def __xor__(self, o): return self._c(int(self) ^ int(o))
    def __rxor__(self, o): return self._c(int(o) ^ int(self))
    def __lshift__(self, o): return self._c(int(self) << int(o))
    def __rshift__(self, o): return self._c(int(self) >> int(o))


def test_no_value_reaches_2_pow_30():
    """Seeds wrapped in Checked carry the check into every value derived from them."""
    for seed in SEEDS + [0x2AAAAAAA, 0x15555555, 0x3FFF8000, 0x7FFF]:
        r = Rng(0)
        r2 = Rng(seed)
        r._z = Checked(r2._z)
        r._w = Checked(r2._w)
        for _ in range(20000):
            v = r.next30()
            assert isinstance(v, Checked) and 0 <= v < (1 << 30)
        for n in (Checked(6), Checked(52), Checked(SEED_MAX), Checked(1)):
            assert 0 <= r.below(n) < n


def test_seeding_stays_below_2_pow_30():
    """The Feistel mixing of the seed and the warm-up, run on Checked seeds."""
    for seed in SEEDS + [0x3FFF8000, 0x7FFF]:
        r = Rng(Checked(seed))
        assert isinstance(r._z, Checked) and isinstance(r._w, Checked)
        assert (r._z, r._w) == (Rng(seed)._z, Rng(seed)._w)


def test_neighbouring_seeds_are_unrelated():
    """Seeds n and n+1 (like days) must not give correlated first dice."""
    same = sum(1 for s in range(6000) if Rng(s).below(6) == Rng(s + 1).below(6))
    assert abs(same / 6000 - 1 / 6) < 0.03
