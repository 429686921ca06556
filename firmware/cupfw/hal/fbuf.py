"""A pure-Python stand-in for framebuf.FrameBuffer (MONO_VLSB): the part the firmware draws with.

MONO_VLSB: byte (y >> 3) * width + x is the column of the 8 rows of page y >> 3 at x, bit 0 on top
(the SSD1306's own layout). Where CircuitPython and CPython have no framebuf, this draws the same
bytes a page at a time rather than a pixel at a time: a run of bytes of one page is read as one Python
int, changed with a mask repeated in each byte (fill_rect) or with the source's own columns (blit), and
written back, so a bar or a line of text costs a few dozen operations, done in C, whatever its length.
The height is a multiple of 8 (whole pages).
"""

MONO_VLSB = 0


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
            elif w < 5:  # a vertical line, a die's pip: byte by byte, no int to make
                for i in range(i, i + w):
                    self.buf[i] = self.buf[i] | m if c else self.buf[i] & (255 ^ m)
            else:  # the run as one int, the mask repeated in each byte (1 in each, times the mask)
                a = int.from_bytes(self.buf[i:i + w], "little")
                m = int.from_bytes(bytes((m,)) * w, "little")
                self.buf[i:i + w] = (a | m if c else a & ~m).to_bytes(w, "little")
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
        palette, a 2x1 buffer, if given) is drawn unless it is key. (Its masks are made as ints times a
        repeated byte, and its runs changed here, not in calls: a line of text is one blit.)"""
        c0, c1 = (palette.buf[0] & 1, palette.buf[1] & 1) if palette else (0, 1)  # its pixels (0, 0), (1, 0)
        sx = 0
        w = src.width
        if x < 0:
            sx = -x
            w += x
            x = 0
        w = min(w, self.width - x)
        if w <= 0:
            return
        one = int.from_bytes(b"\x01" * w, "little")  # 1 in each byte: times a byte, that byte in each
        full = one * 255
        pages = self.height >> 3
        buf = self.buf
        for q in range((src.height + 7) >> 3):
            o = q * src.width + sx
            on = int.from_bytes(src.buf[o:o + w], "little")
            rows = src.height - 8 * q
            if rows < 8:  # the last page of a source whose height is not a multiple of 8
                full = one * (255 >> (8 - rows))
                on &= full
            off = full ^ on
            ones = (on if c1 and c1 != key else 0) | (off if c0 and c0 != key else 0)  # drawn as 1s, 0s
            zeros = (on if not c1 and c1 != key else 0) | (off if not c0 and c0 != key else 0)
            if not (ones or zeros):
                continue
            yy = y + 8 * q
            p = yy >> 3
            s = yy & 7
            for i in (p, p + 1) if s else (p,):  # the page it starts on, and the next for the rows moved down
                if 0 <= i < pages:
                    m = one * (255 >> s if i == p else 255 >> (8 - s))  # the bits of the source's that go there
                    a = int.from_bytes(buf[i * self.width + x:i * self.width + x + w], "little")
                    if ones:  # (text, a line: its 1s only; through a palette, its 0s only)
                        a |= (ones & m) << s if i == p else (ones >> (8 - s)) & m
                    if zeros:
                        a &= ~((zeros & m) << s if i == p else (zeros >> (8 - s)) & m)
                    buf[i * self.width + x:i * self.width + x + w] = a.to_bytes(w, "little")

    def die(self, x, y, v, s, c, pips):
        """gfx.die's face v of a d6, s pixels square, c 0 inverted, a page at a time: v 1..6 with its pips
        (pips: gfx.PIPS), v 0 the blank die with its question mark (pips: gfx.FONT). Each page it covers is
        read as one int, its s columns made from the die's kinds of column (the border, the inside, the
        inside with pips or the mark's columns) and written back once, not several rectangles and a blit
        each a few runs. False where it would be clipped, or the mark would touch the border (gfx.die then
        draws it as rectangles and text)."""
        if x < 0 or y < 0 or x + s > self.width or y + s > self.height or not (v or 9 <= s < 18):
            return False
        i = (y >> 3) * self.width + x
        for m, run in runs(y & 7, v, s, c, pips):
            self.buf[i:i + s] = (int.from_bytes(self.buf[i:i + s], "little") & m | run).to_bytes(s, "little")
            i += self.width
        return True


def runs(r, v, s, c, pips):
    """FrameBuffer.die's pages, from the first: for each (what it leaves of each column, its columns), as ints
    of s bytes, for the die's top row r on its first page."""
    full = ((1 << s) - 1) << r  # a column's rows, bit r the die's top row (on the first page it covers)
    edge = full ^ (1 << r) ^ (1 << (s - 1 + r))  # the left and right border: no corner pixel
    inner = (1 << r | 1 << (s - 1 + r)) if c else full  # inside: the top and bottom border, or all on
    dots = []  # (first column, columns, rows) of what is drawn inside in c (cleared, inverted)
    if v:
        p = s // 5
        d = (s + 1) // 4
        m = (s - p) // 2 - d  # the top left pip's offset
        rows = [0, 0, 0]  # the rows of the pips in each column of pips
        for i in pips[v * (v - 1) // 2:v * (v + 1) // 2]:
            rows[i % 3] |= ((1 << p) - 1) << (m + i // 3 * d + r)
        for j in range(3):
            dots.append((m + j * d, p, rows[j]))
    else:  # "?", as gfx.text centres it
        for j in range(5):
            dots.append(((s - 5) // 2 + j, 1, pips[155 + j] << ((s - 7) // 2 + r)))
    one = int.from_bytes(b"\x01" * s, "little")  # 1 in each column's byte: times a byte, that byte in each
    out = []
    for k in range(0, r + s, 8):
        b = inner >> k & 255
        run = one * b ^ (b ^ (edge >> k & 255)) * (1 | 1 << 8 * (s - 1))
        for i, n, bits in dots:
            if bits >> k & 255:
                run ^= (one >> 8 * (s - n)) * (bits >> k & 255) << 8 * i
        out.append((one * (255 ^ (full >> k & 255)), run))
    return out


def dies(gfx):
    """gfx.die for frame buffers of this module's kind (CircuitPython's panel installs it: cupfw.hal.circuit):
    a d6 face or the blank die drawn at once (FrameBuffer.die), gfx's own rectangles where that cannot. (Here,
    not in gfx: MicroPython's framebuf does not need it, and there every byte of gfx's code is heap.)"""
    plain = gfx.die
    if plain.__name__ == "face":  # installed already
        return plain

    def face(fb, x, y, v, s=15, sides=6, c=1):
        f = getattr(fb, "die", None)
        if not (f and (sides == 6 or not v) and f(x, y, v, s, c, gfx.PIPS if v else gfx.FONT)):
            plain(fb, x, y, v, s, sides, c)
    return face
