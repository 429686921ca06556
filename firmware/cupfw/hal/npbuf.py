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
    """The uint8 array over buffer's bytes from at: reading it reads the frame, a slice assigned writes it, and
    so do its in-place +=, -= and *= (its |=, &= and ^= make a new array)."""
    return np.frombuffer(buffer, dtype=U8, offset=at)


def frame(buffer):
    """The panel's frame (buffer from its byte 1) as view() and as a view of each of its 8 pages, kept: a text's
    row drawn on a whole page makes no view of a part of it."""
    return view(buffer, 1), [np.frombuffer(buffer, dtype=U8, offset=1 + 128 * p, count=128) for p in range(8)]


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
        self.flush()
        v = self.view  # in place (its in-place arithmetic writes through): no new array
        v *= 0
        if c:
            v -= 1
        if _KEPT[0]:  # a frame begins: what the last one drew stays kept (kept())
            _KEPT[1] = _KEPT[0]
            _KEPT[0] = {}

    def fill_rect(self, x, y, w, h, c):
        self.flush()
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

    def line(self, b, x, y, c):
        """A line of text (bytes of characters 32-126) drawn at x, y where its glyphs' bits are 1, in c: as
        blit with the key 0 (c 1), or with the key 1 through gfx's inverting palette (c 0). Lines at the same y
        in the same c, side by side (a title and its right part, a sheet's row), are drawn as one: a line is laid
        out in a row of columns first, each character's six copied there from the table (_GLYPH: no object
        made), and the row drawn when the next one does not fit beside it or before anything else is drawn
        (flush)."""
        sx = -x if x < 0 else 0
        w = min(6 * len(b) - sx, self.width - x - sx)
        if w <= 0:
            return
        r = _ROW  # y, c, the first column laid out, the column after the last
        if r[2] < r[3] and (r[0] != y or r[1] != c or x + sx < r[3] and x + sx + w > r[2]):
            self.flush()
        g = _GLYPH[0]
        j = x
        for o in b:
            if 0 <= j <= 122:
                _INK[j:j + 6] = g[o]
            elif j > -6 and j < 128:  # a character cut at an edge
                _INK[max(j, 0):min(j + 6, 128)] = g[o][max(-j, 0):min(6, 128 - j)]
            j += 6
            if j >= 128:
                break
        x += sx
        if r[2] < r[3]:
            r[2] = min(r[2], x)
            r[3] = max(r[3], x + w)
        else:
            r[:] = [y, c, x, x + w]

    def flush(self):
        """Draw the row of text laid out (line), if any: every other drawing, and the panel's show, call this first
        (fbuf's pixel, which the firmware never calls on the panel, does not)."""
        r = _ROW
        if r[2] < r[3]:
            r[2] = r[3] = 0
            y = r[0]
            p = y >> 3
            s = y & 7
            v = _INKV
            if s:  # the columns moved down s rows: the low bytes on page p, the high on page p + 1
                w = _WIDE
                w += v
                w *= 1 << s
                self._page(p, _LOW, r[1])
                self._page(p + 1, _HIGH, r[1])
                w -= w
            else:
                self._page(p, v, r[1])
            v -= v  # cleared in place

    def _page(self, p, m, c):
        """Page p's rows m (an array of 128 columns) drawn in c: one operation on the page's view (frame())."""
        if 0 <= p < len(self.page_views):
            v = self.page_views[p]
            if c:
                self.buf[p * 128:p * 128 + 128] = (v | m).tobytes()
            else:
                v -= v & m

    def blit(self, src, x, y, key=-1, palette=None):
        """framebuf's blit of a MONO_VLSB source (buf, width, height): each source pixel's colour (through
        palette, a 2x1 buffer, if given) drawn unless it is key."""
        self.flush()
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


    def box(self, pages, n, x, y, h, c):
        """n columns drawn from x, y, their pages (bytes of n each, from y's page on; columns(), each column's
        bits moved down by y & 7): their 1s in c, or, where h, the h rows from y set to theirs (an opaque box:
        a card). A page is a copy, or one ulab operation where the box shares it."""
        self.flush()
        s = y & 7
        full = ((1 << h) - 1) << s
        sx = -x if x < 0 else 0
        w = min(n, self.width - x) - sx
        i = (y >> 3) * self.width + x + sx
        for q in range(0, len(pages), n):
            if 0 <= i < len(self.buf) and w > 0:  # (a page below the frame's last, or above its first: not drawn)
                m = full >> q // n * 8 & 255
                if h and m == 255:
                    self.buf[i:i + w] = pages[q + sx:q + sx + w]
                else:
                    r = np.frombuffer(pages, dtype=U8, count=w, offset=q + sx)
                    if h:
                        r = (self.view[i:i + w] & (255 ^ m) | r).tobytes()
                        self.buf[i:i + w] = r
                    else:
                        self._on(i, w, r, c)
            i += self.width

    def die(self, x, y, v, s, c, pips):
        """fbuf's die (a d6 face v, or the blank die; see fbuf.FrameBuffer.die), its pages kept by kind (die()):
        a page the die fills is a copy, one it shares with what is around it an int's and and or."""
        self.flush()
        if x < 0 or y < 0 or x + s > self.width or y + s > self.height or not (v or 9 <= s < 18):
            return False
        r = y & 7
        d = die(v, s, c, r, pips)
        buf = self.buf
        i = (y >> 3) * self.width + x
        for q in range(0, len(d), 2):
            if r <= q * 4 <= r + s - 8:  # (page q // 2: its rows 4 q on are all the die's)
                buf[i:i + s] = d[q + 1]
            else:
                m = int.from_bytes(d[q], "little")
                buf[i:i + s] = (((int.from_bytes(buf[i:i + s], "little") | m) ^ m) |
                                int.from_bytes(d[q + 1], "little")).to_bytes(s, "little")
            i += self.width
        return True

    def row(self, dice, s, x, y):
        """A line of dice of s pixels drawn from x, y, 3 columns apart (die() of each): each page of the line
        laid out in two rows of 128 columns (the rows the dice cover, their columns; 0 in the gaps between them
        and around, which are left as they are) and drawn as a few ulab operations in place on the page's view."""
        self.flush()  # (the row of text's columns are clear: they hold what the dice cover)
        m = _INKV
        r = _RUNS
        for q in range(0, len(dice[0]), 2):
            j = x
            for d in dice:
                _INK[j:j + s] = d[q]
                _SPARE[j:j + s] = d[q + 1]
                j += s + 3
            v = self.page_views[(y >> 3) + q // 2]
            v -= v & m
            v += r
            m -= m
            r -= r


def die(v, s, c, r, pips, made=0):
    """The pages of a d6 face v (or the blank die) of s pixels, c 0 inverted, its top row r on its first page, as
    a tuple of bytes of s each: for each page, the rows it covers in each column, then its columns (fbuf.runs)
    (drawn as they are: no slice made); kept as long as the frames draw it (kept(): a screen of 30 dice of 15
    kinds makes each once, and no kind of die is kept past the screens that draw it)."""
    if made:
        out = []
        for m, run in fbuf.runs(r, v, s, c, pips):
            out.append((m ^ ((1 << 8 * s) - 1)).to_bytes(s, "little"))
            out.append(run.to_bytes(s, "little"))
        return tuple(out)
    return kept(-1 - (((v * 32 + s) * 2 + c) * 8 + r), die, v, s, c, r, pips, 1)


_ROW = [0, 0, 0, 0]  # Pages.line's row of text laid out: y, c, its first column, the column after its last
_INK = bytearray(128)  # its columns
_INKV = np.frombuffer(_INK, dtype=U8)
_SPARE = bytearray(256)  # all 0 between uses: flush's columns moved down as 16 bits (_WIDE: their low bytes, their
# high bytes), or a row of dice's columns (_RUNS, its first 128 bytes)
_WIDE = np.frombuffer(_SPARE, dtype=np.uint16)
_LOW = np.frombuffer(_SPARE, dtype=U8)[0::2]
_HIGH = np.frombuffer(_SPARE, dtype=U8)[1::2]
_RUNS = np.frombuffer(_SPARE, dtype=U8, count=128)
_GLYPH = [None]  # each character's six columns, from 32 to 126 (texts() makes the table)
_KEPT = [{}, {}]  # kept(): what this frame drew, what the last one did


def kept(key, make, *args):
    """make(*args), kept as long as the frames draw it: what a frame draws is kept for the next (Pages.fill
    begins a frame), so a screen redrawn with its cards or its large digits makes each once, and the heap holds
    only what the last frame drew. key: an int (a tuple would be one more object kept): a large character's
    below 8,192, a card's from 393,216 on, a die's below 0."""
    now = _KEPT[0]
    got = now.get(key) or _KEPT[1].get(key)
    if got is None:
        got = make(*args)
    now[key] = got
    return got


def pages(cols, n, p):
    """Pages.box's pages (bytes of n each) of n columns given as their p bytes each, one after the other."""
    a = np.frombuffer(cols, dtype=U8).reshape((n, p))
    return b"".join([np.array(a[:, q], dtype=U8).tobytes() for q in range(p)])


def cell(font, o, k, s, p):
    """Character o's six columns at k times their size (moved down s rows), a page at a time: a tuple of p
    bytes of 6 k (a text's pages are then joins of these, no array made in its frames). Laid out byte by byte:
    a character of a cover's "Player 3" is made again at each hand-off, and ulab's views would leave 1.5 KB of
    garbage each."""
    n = 6 * k
    t = bytearray(n * p)  # page q's columns from byte n q
    if 32 <= o < 127:
        j = 0
        for v in font[5 * o - 160:5 * o - 155]:
            v = wide(v, k) << s
            for q in range(j, j + n * p, n):
                for i in range(q, q + k):
                    t[i] = v & 255
                v >>= 8
            j += k
    return tuple([bytes(t[q:q + n]) for q in range(0, n * p, n)])


def cards(font, suits, b, u, k, c, s):
    """gfx.card's card b (its name's bytes; u its suit's index) in Pages.box's pages, its top row at row s."""
    w = 15 if k == 1 else 26
    h = 18 if k == 1 else 32
    full = (1 << h) - 1
    cols = [full] + [full if not c else 1 | 1 << (h - 1)] * (w - 2) + [full]
    r = b[:1] if b[0] != 84 else b"10"  # T: ten, at size 1
    n = k if len(r) < 2 else 1
    j = 2
    for o in r:  # the rank's pixels in c over the inside's 1 - c: each flips its pixel
        for v in font[5 * o - 160:5 * o - 155]:
            v = wide(v, n) << 2
            for t in range(n):
                cols[j] ^= v
                j += 1
        j += n
    j = w - 7 * k - 2
    for v in suits[7 * u:7 * u + 7]:
        v = wide(v, k) << (h - 7 * k - 2)
        for t in range(k):
            cols[j] ^= v
            j += 1
    p = (h + s + 7) >> 3
    return pages(b"".join([(v << s).to_bytes(p, "little") for v in cols]), w, p)


def wide(v, k):
    """The bits of v each made k bits (a font column at k times its size)."""
    if k < 3:  # (a card's: at once, a nibble's bits doubled from a table)
        return v if k == 1 else b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"[v & 15] | \
            b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"[v >> 4] << 8
    out = 0
    j = 0
    while v:
        if v & 1:
            out |= ((1 << k) - 1) << j
        v >>= 1
        j += k
    return out


def texts(gfx):
    """gfx's text, bar, card and dice for frame buffers with line (CircuitPython's panel installs them:
    cupfw.hal.circuit); what they cannot draw (not ASCII, other dice, off the panel) gfx's own do. A line of
    text at size 1 is laid out by line from a table of each character's six columns (the sixth blank; where gfx's
    loop costs 0.7 ms a line here) and drawn a row at a time; larger text as its columns made k
    times as tall and wide, drawn by box, and so is a card; the title line's two pages are written at once
    from its text; a line of dice is drawn by row."""
    if gfx.text.__name__ == "ascii":  # installed already
        return
    plain = gfx.text
    titled = gfx.bar
    boxed = gfx.card
    lined = gfx.dice
    font = gfx.FONT
    g = _GLYPH[0] = tuple([b""] * 32 + [font[5 * o - 160:5 * o - 155] + b"\x00" for o in range(32, 127)])

    def ascii(fb, s, x, y, k=1, c=1):
        b = s.encode() if type(s) is str else s
        f = getattr(type(fb), "line", None)  # (the class's: an instance's would be a bound method made)
        if f and k == 1 and len(b) == len(s):
            if b and (min(b) < 32 or max(b) > 126):  # (no glyph in the table): gfx's own draws it
                return plain(fb, s, x, y, k, c)
            f(fb, b, x, y, c)
            return x + 6 * len(b)
        if f and len(b) == len(s):  # larger: each character's pages made (a clock's digits, a player's number), kept
            # as long as frames draw them (kept()), the text's pages joined from them
            n = 6 * k
            i = max(0, -x // n)
            t = b[i:max(i, (fb.width - x + n - 1) // n)]  # the characters on the panel
            if t:
                r = y & 7
                p = (8 * k + r + 7) >> 3
                t = [kept((o * 8 + k) * 8 + r, cell, font, o, k, r, p) for o in t]
                fb.box(b"".join([b"".join([e[q] for e in t]) for q in range(p)]), n * len(t), x + i * n, y, 0, c)
            return x + n * len(b)
        return plain(fb, s, x, y, k, c)

    def bar(fb, s, right=""):
        b = s.encode() if type(s) is str else s
        t = right.encode() if type(right) is str else right
        if hasattr(type(fb), "line") and len(b) == len(s) and len(t) == len(right) and 6 * (len(b) + len(t)) < 128:
            if b and (min(b) < 32 or max(b) > 126) or t and (min(t) < 32 or max(t) > 126):
                return titled(fb, s, right)
            fb.flush()  # (the row of text's columns are clear: the text's are laid out there, inverted, a row
            j = 1  # down, on the bar's rows 0-8: pages 0 and 1)
            for o in b:
                _INK[j:j + 6] = g[o]
                j += 6
            j = 128 - 6 * len(t)
            for o in t:
                _INK[j:j + 6] = g[o]
                j += 6
            a = _INKV
            w = _WIDE
            w += a
            w += w  # a row down: the low bytes on page 0, the high ones on page 1's top row
            v = fb.page_views[0]  # (in place: 255 - the low bytes)
            v -= v
            v -= 1
            v -= _LOW
            v = fb.page_views[1]  # its top row 1 - the high bytes, the rest as it was
            v -= v & 1
            v += 1
            v -= _HIGH
            w -= w
            a -= a
            return
        titled(fb, s, right)

    def card(fb, x, y, name, k=2, c=1):
        b = name.encode()
        u = b"CDHS".find(b[-1:])
        if not hasattr(fb, "box") or u < 0 or not 32 <= b[0] < 127:
            return boxed(fb, x, y, name, k, c)
        r = y & 7
        fb.box(kept((((b[0] * 128 + b[-1]) * 4 + k) * 2 + c) * 8 + r, cards, font, gfx.SUIT, b, u, k, c, r),
               15 if k == 1 else 26, x, y, 18 if k == 1 else 32, 1)

    def dice(fb, faces, x, y, s, per, sides=6, mark=0, cur=0, hide=False, items=None):
        n = len(faces)
        f = getattr(fb, "row", None)
        if not f or sides != 6 or not n or x < 0 or y < 0 or x + min(n, per) * (s + 3) - 3 > fb.width or \
                y + (n - 1) // per * (s + 4) + s > fb.height or not (9 <= s < 18 or not hide and min(faces)):
            return lined(fb, faces, x, y, s, per, sides, mark, cur, hide, items)
        for a in range(0, n, per):
            yy = y + a // per * (s + 4)
            line = []
            k = -1
            for i in range(a, min(n, a + per)):
                v = 0 if hide else faces[i]
                c = 0 if mark >> i & 1 else 1
                if v * 2 + c != k:  # (a die like the one before it, as hidden dice are, is the same kind)
                    k = v * 2 + c
                    d = die(v, s, c, yy & 7, gfx.PIPS if v else font)
                line.append(d)
            f(line, s, x, yy)
        if cur:
            fb.fill_rect(x + (cur - 1) % per * (s + 3), y + (cur - 1) // per * (s + 4) + s, s, 2, 1)

    gfx.text = ascii
    gfx.bar = bar
    gfx.card = card
    gfx.dice = dice
