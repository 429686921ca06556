"""CircuitPython's drawing in C: framebuf's calls on a ulab.numpy view of the panel's frame buffer.

CircuitPython has no framebuf, and on its RP2040 a Python int of a page's run (cupfw.hal.fbuf) costs
about 0.35 ms an operation on a line of text's 126 bytes; ulab's uint8 arrays do a run in 0.1-0.2 ms
whatever its length (most of it the new array's allocation). The frame
buffer (MONO_VLSB, bit 0 on top) is viewed as an array of 8 pages of 128 columns, and a rectangle or a
bitmap changes a page's run of columns in place: its rows as a mask or'ed in (drawn in 1s), or or'ed in
and xor'ed out (drawn in 0s); a bitmap's columns shifted down by y & 7 on its first page, the rest on
the next (left_shift truncates to 8 bits, as the page does). The same bytes as framebuf's and fbuf's.
Only CircuitPython's panel (cupfw.hal.circuit) imports this, where ulab is built in.
"""

from ulab import numpy as np

from cupfw.hal import fbuf

U8 = np.uint8


def view(buffer, at=0):
    """The uint8 array over buffer's bytes from at (reading it reads the frame; it is written through
    the frame's own buffer, as ulab's in-place operators make a new array)."""
    return np.frombuffer(buffer, dtype=U8, offset=at)


class Pages:
    """fill, fill_rect and blit of framebuf, and line (a line of text's columns), on buf (the frame, a
    memoryview) and view (view() of it); for a class that also has width and height (cupfw.hal.circuit's
    panel: fbuf's hline, vline and rect call its fill_rect). Runs of under 5 columns (a vertical line, a
    die's pip) go byte by byte, as in fbuf."""

    def _on(self, i, w, m, c):
        """Rows m (a mask, or an array of a mask for each column) of the w columns from byte i drawn in c."""
        r = self.view[i:i + w]
        self.buf[i:i + w] = (r | m if c else r & (255 ^ m if type(m) is int else np.bitwise_xor(m, 255))).tobytes()

    def fill(self, c):
        self.buf[:] = b"\xff" * len(self.buf) if c else _CLEAR

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
        buf = self.buf
        while y < end:
            p = y >> 3
            top = min(end, p * 8 + 8)  # rows y .. top-1 are on page p
            m = (255 << (y & 7)) & (255 >> (p * 8 + 8 - top))
            i = p * self.width + x
            if m == 255:
                buf[i:i + w] = (b"\xff" if c else b"\x00") * w
            elif w < 5:
                for i in range(i, i + w):
                    buf[i] = buf[i] | m if c else buf[i] & (255 ^ m)
            else:
                self._on(i, w, m, c)
            y = top

    def _put(self, cols, x, y, c):
        """cols (a uint8 array: columns of 8 rows, from x, already clipped) drawn at y in c where its bits are 1."""
        n = self.height >> 3
        p = y >> 3
        s = y & 7
        if 0 <= p < n:
            self._on(p * self.width + x, len(cols), np.left_shift(cols, s) if s else cols, c)
        if s and 0 <= p + 1 < n:
            self._on((p + 1) * self.width + x, len(cols), np.right_shift(cols, 8 - s), c)

    def line(self, cols, x, y, c):
        """A line of text's glyph columns (bytes, one page high) drawn at x, y where its bits are 1, in c: as
        blit with the key 0 (c 1), or with the key 1 through gfx's inverting palette (c 0)."""
        sx = -x if x < 0 else 0
        w = min(len(cols) - sx, self.width - x - sx)
        if w > 0:
            self._put(np.frombuffer(cols, dtype=U8, count=w, offset=sx), x + sx, y, c)

    def blit(self, src, x, y, key=-1, palette=None):
        """framebuf's blit of a MONO_VLSB source (buf, width, height): each source pixel's colour (through
        palette, a 2x1 buffer, if given) drawn unless it is key."""
        c0, c1 = (palette.buf[0] & 1, palette.buf[1] & 1) if palette else (0, 1)  # its pixels (0, 0), (1, 0)
        sx = 0
        w = src.width
        if x < 0:
            sx = -x
            w += x
            x = 0
        w = min(w, self.width - x)
        a = c1 != key  # the source's 1s are drawn (in c1), its 0s (in c0)
        b = c0 != key
        if w <= 0 or not (a or b):
            return
        s = view(src.buf)
        for q in range((src.height + 7) >> 3):
            rows = min(8, src.height - 8 * q)
            full = 255 >> (8 - rows)
            on = s[q * src.width + sx:q * src.width + sx + w]
            if rows < 8:
                on = on & full
            off = np.bitwise_xor(on, full) if b else None
            for c in (0, 1):  # what is drawn in c: the 1s, the 0s or both
                m = on if a and c1 == c else None
                if b and c0 == c:
                    m = off if m is None else np.bitwise_or(m, off)
                if m is not None:
                    self._put(m, x, y + 8 * q, c)


    def die(self, x, y, v, s, c, pips):
        """fbuf's die (a d6 face v, or the blank die; see fbuf.FrameBuffer.die), its pages' runs (fbuf.runs)
        kept for the last few kinds of die drawn (face, size, colour, top row on its page; the tumble's, a row
        of blank dice): a page the die fills is then a copy, one it shares with what is around it an int's
        and and or."""
        if x < 0 or y < 0 or x + s > self.width or y + s > self.height or not (v or 9 <= s < 18):
            return False
        k = ((v * 32 + s) * 2 + c) * 8 + (y & 7)
        got = _DICE.get(k)
        if got is None:
            if len(_DICE) >= 16:
                _DICE.clear()
            got = _DICE[k] = [(m, run if m else run.to_bytes(s, "little")) for m, run in fbuf.runs(y & 7, v, s, c, pips)]
        buf = self.buf
        i = (y >> 3) * self.width + x
        for m, run in got:
            buf[i:i + s] = (int.from_bytes(buf[i:i + s], "little") & m | run).to_bytes(s, "little") if m else run
            i += self.width
        return True


_CLEAR = bytes(1024)  # a frame cleared (fill(0), each full redraw: a copy, where making it took 1 ms)
_DICE = {}  # Pages.die's runs by kind of die, at most 16 kinds (about 2 KB)


def texts(gfx):
    """gfx.text for frame buffers with line (CircuitPython's panel installs it: cupfw.hal.circuit): a line
    of text at size 1 laid out by bytes.join from a table of each character's six columns (the sixth blank:
    a call in C, where gfx's loop costs 0.7 ms a line here) and drawn by line; anything else by gfx's own."""
    plain = gfx.text
    if plain.__name__ == "ascii":  # installed already
        return plain
    blank = bytes(6)
    cells = dict((o, blank if o < 32 else gfx.FONT[5 * o - 160:5 * o - 155] + b"\x00") for o in range(127))
    get = cells.get

    def ascii(fb, s, x, y, k=1, c=1):
        b = s.encode() if type(s) is str else s
        f = getattr(fb, "line", None)
        if f and k == 1 and len(b) == len(s):
            try:
                cols = b"".join(map(get, b))
            except TypeError:  # a byte past 126 (get gave None): gfx's own draws it
                return plain(fb, s, x, y, k, c)
            f(cols, x, y, c)
            return x + len(cols)
        return plain(fb, s, x, y, k, c)
    return ascii
