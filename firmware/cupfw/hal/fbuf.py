"""A pure-Python stand-in for framebuf.FrameBuffer (MONO_VLSB): the part the firmware draws with.

MONO_VLSB: byte (y >> 3) * width + x is the column of the 8 rows of page y >> 3 at x, bit 0 on top
(the SSD1306's own layout). Where CircuitPython and CPython have no framebuf, this draws the same
bytes a page at a time rather than a pixel at a time: a run of bytes of one page is read as one Python
int, changed with a mask repeated in each byte (fill_rect) or with the source's own columns (blit), and
written back, so a bar or a line of text costs a few dozen operations, done in C, whatever its length.
The height is a multiple of 8 (whole pages).
"""

MONO_VLSB = 0


def _rep(m, n):
    """The byte m in each of n bytes, as an int (little-endian, as the runs are read)."""
    return int.from_bytes(bytes((m,)) * n, "little")


class FrameBuffer:
    """The part of framebuf.FrameBuffer the firmware uses, MONO_VLSB, in plain Python."""

    def __init__(self, buf, width, height, fmt=MONO_VLSB):
        self.buf = buf
        self.width = width
        self.height = height

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y >> 3) * self.width + x
            m = 1 << (y & 7)
            if c is None:
                return 1 if self.buf[i] & m else 0
            if c:
                self.buf[i] |= m
            else:
                self.buf[i] &= 255 ^ m

    def _run(self, i, n, ones, zeros):
        """Bytes i .. i+n-1: the bits of ones set, those of zeros cleared (ints, little-endian)."""
        a = int.from_bytes(self.buf[i:i + n], "little")
        self.buf[i:i + n] = ((a | ones) & ~zeros).to_bytes(n, "little")

    def fill_rect(self, x, y, w, h, c):
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        w = min(w, self.width - x)
        end = min(y + h, self.height)
        if w <= 0:
            return
        while y < end:
            p = y >> 3
            top = min(end, p * 8 + 8)  # rows y .. top-1 are on page p
            m = (255 << (y & 7)) & (255 >> (p * 8 + 8 - top))
            i = p * self.width + x
            if m == 255:
                self.buf[i:i + w] = (b"\xff" if c else b"\x00") * w
            elif w == 1:  # a vertical line: one byte, no int to make
                self.buf[i] = self.buf[i] | m if c else self.buf[i] & (255 ^ m)
            elif c:
                self._run(i, w, _rep(m, w), 0)
            else:
                self._run(i, w, 0, _rep(m, w))
            y = top

    def fill(self, c):
        self.buf[:] = (b"\xff" if c else b"\x00") * len(self.buf)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
        else:
            self.fill_rect(x, y, w, 1, c)
            self.fill_rect(x, y + h - 1, w, 1, c)
            self.fill_rect(x, y, 1, h, c)
            self.fill_rect(x + w - 1, y, 1, h, c)

    def blit(self, src, x, y, key=-1, palette=None):
        """framebuf's blit of a MONO_VLSB source (buf, width, height): each source pixel's colour (through
        palette, a 2x1 buffer, if given) is drawn unless it is key."""
        c0, c1 = (palette.pixel(0, 0), palette.pixel(1, 0)) if palette else (0, 1)
        sx = 0
        w = src.width
        if x < 0:
            sx = -x
            w += x
            x = 0
        w = min(w, self.width - x)
        if w <= 0:
            return
        full = _rep(255, w)
        pages = self.height >> 3
        for q in range((src.height + 7) >> 3):
            o = q * src.width + sx
            on = int.from_bytes(src.buf[o:o + w], "little")
            rows = src.height - 8 * q
            if rows < 8:  # the last page of a source whose height is not a multiple of 8
                full = _rep(255 >> (8 - rows), w)
                on &= full
            off = full ^ on
            ones = zeros = 0  # the source pixels that draw a 1, a 0
            for v, cv in ((on, c1), (off, c0)):
                if cv != key:
                    if cv:
                        ones |= v
                    else:
                        zeros |= v
            if not (ones or zeros):
                continue
            yy = y + 8 * q
            p = yy >> 3
            s = yy & 7
            if 0 <= p < pages:
                low = _rep(255 >> s, w)  # the bits that stay on page p when moved down by s
                self._run(p * self.width + x, w, (ones & low) << s, (zeros & low) << s)
            if s and 0 <= p + 1 < pages:
                high = _rep(255 >> (8 - s), w)
                self._run((p + 1) * self.width + x, w, (ones >> (8 - s)) & high, (zeros >> (8 - s)) & high)
