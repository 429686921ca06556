"""The core's seeded PRNG: unbiased, identical on every port, every value below 2**30.

Two multiply-with-carry generators in base 2**15 (Marsaglia), with multipliers
32760 and 32730. For each, a*2**15-1 is a safe prime, so each generator has the
prime period (a*2**15-2)/2 (about 5.4e8) and the pair about 2.9e17. The state
update a*x+c stays below a*2**15 < 2**30, so on a 32-bit board (31-bit small
ints) a step allocates nothing. Seeds pass through a 4-round Feistel bijection
so that neighbouring seeds (days, games) give unrelated streams.
On a device the seed comes from the hardware RNG (the HAL's entropy).
"""


_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)
_SEED_MAX = const(0x3FFFFFFF)  # seeds are 0..2**30-1 (private: a const name kept in the module would be one more name)


class Rng:
    stack = ()  # the record's stacked shuffles (RULES.md section 12), which cupcore.cards.shuffle takes first: replay sets them

    def __init__(self, seed):
        if not isinstance(seed, int) or seed is True or seed is False or seed < 0 or seed > _SEED_MAX:
            raise ValueError("seed must be an integer from 0 to %d" % _SEED_MAX)
        left = seed >> 15
        right = seed & _M15
        for k in [0x5BD1, 0x1F35, 0x6C8E, 0x2A97]:  # (a list: a tuple of ints is more .mpy)
            f = (right ^ k) * 0x4E6D
            f = (f >> 15) ^ (f & _M15)
            left, right = right, left ^ f
        self._z = left + 1
        self._w = right + 1
        for _ in range(4):
            self.next30()

    def next30(self):
        """The next value, uniform on 0..2**30-1."""
        z = self._z
        z = _A1 * (z & _M15) + (z >> 15)
        self._z = z
        w = self._w
        w = _A2 * (w & _M15) + (w >> 15)
        self._w = w
        return ((z & _M15) << 15) | (w & _M15)

    def below(self, n):
        """A uniform integer in 0..n-1 (1 <= n < 2**30), unbiased by rejection."""
        if n < 1 or n > _SEED_MAX:
            raise ValueError("below(n) needs 1 <= n < 2**30")
        rem = (_SEED_MAX % n + 1) % n  # 2**30 mod n, without forming 2**30
        r = self.next30()
        while r < rem:
            r = self.next30()
        return r % n

    def shuffle(self, seq):
        """Fisher-Yates shuffle in place (lists and bytearrays)."""
        i = len(seq) - 1
        while i > 0:
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
