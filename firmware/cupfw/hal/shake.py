"""Shake detection shared by the board HALs: a LIS3DH's six output bytes in, a jolt size out.

Only each axis' high byte is used (1/64 g at the default +-2 g range): enough to
tell a shake from a tilt, and no 16-bit arithmetic or allocation per reading.
"""


REG_CTRL1 = const(0x20)  # write 0x57: 100 Hz, x, y and z on
REG_OUT = const(0xA8)    # OUT_X_L with the auto-increment bit: six bytes follow
JOLT = const(80)         # summed change over the axes that counts as a shake (1.25 g)
QUIET_MS = const(600)    # one shake, one event


def jolt(raw, last):
    """Summed change of the three axes since last (a list, updated in place)."""
    d = 0
    for i in range(3):
        v = raw[2 * i + 1]
        if v > 127:
            v -= 256
        d += abs(v - last[i])
        last[i] = v
    return d
