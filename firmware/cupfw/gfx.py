"""Drawing on the 128x64 frame buffer with the firmware's own bitmaps.

Text uses a 5x7 font in 6x8 cells (21 columns x 8 rows; g j p q y reach
into the cell's eighth row with their descenders), blitted a line at a time
(framebuf's C code on MicroPython, cupfw.hal.fbuf elsewhere), a glyph at
twice the size in one blit too; glyph() on an fb without blit draws the same
pixels one by one. A frame is the same bytes everywhere. Dice and
card suits are small bitmaps that can be scaled up to be read at arm's length.
"""

# ASCII 32..126, five column bytes each (bit 0 = top row, bit 7 the descenders).
FONT = (
    b"\x00\x00\x00\x00\x00\x00\x00\x5f\x00\x00\x00\x07\x00\x07\x00\x14\x7f\x14\x7f\x14"
    b"\x24\x2a\x7f\x2a\x12\x23\x13\x08\x64\x62\x36\x49\x55\x22\x50\x00\x05\x03\x00\x00"
    b"\x00\x1c\x22\x41\x00\x00\x41\x22\x1c\x00\x14\x08\x3e\x08\x14\x08\x08\x3e\x08\x08"
    b"\x00\x50\x30\x00\x00\x08\x08\x08\x08\x08\x00\x60\x60\x00\x00\x20\x10\x08\x04\x02"
    b"\x3e\x51\x49\x45\x3e\x00\x42\x7f\x40\x00\x42\x61\x51\x49\x46\x21\x41\x45\x4b\x31"
    b"\x18\x14\x12\x7f\x10\x27\x45\x45\x45\x39\x3c\x4a\x49\x49\x30\x01\x71\x09\x05\x03"
    b"\x36\x49\x49\x49\x36\x06\x49\x49\x29\x1e\x00\x36\x36\x00\x00\x00\x56\x36\x00\x00"
    b"\x08\x14\x22\x41\x00\x14\x14\x14\x14\x14\x00\x41\x22\x14\x08\x02\x01\x51\x09\x06"
    b"\x32\x49\x79\x41\x3e\x7e\x11\x11\x11\x7e\x7f\x49\x49\x49\x36\x3e\x41\x41\x41\x22"
    b"\x7f\x41\x41\x22\x1c\x7f\x49\x49\x49\x41\x7f\x09\x09\x09\x01\x3e\x41\x49\x49\x7a"
    b"\x7f\x08\x08\x08\x7f\x00\x41\x7f\x41\x00\x20\x40\x41\x3f\x01\x7f\x08\x14\x22\x41"
    b"\x7f\x40\x40\x40\x40\x7f\x02\x0c\x02\x7f\x7f\x04\x08\x10\x7f\x3e\x41\x41\x41\x3e"
    b"\x7f\x09\x09\x09\x06\x3e\x41\x51\x21\x5e\x7f\x09\x19\x29\x46\x46\x49\x49\x49\x31"
    b"\x01\x01\x7f\x01\x01\x3f\x40\x40\x40\x3f\x1f\x20\x40\x20\x1f\x3f\x40\x38\x40\x3f"
    b"\x63\x14\x08\x14\x63\x07\x08\x70\x08\x07\x61\x51\x49\x45\x43\x00\x7f\x41\x41\x00"
    b"\x02\x04\x08\x10\x20\x00\x41\x41\x7f\x00\x04\x02\x01\x02\x04\x40\x40\x40\x40\x40"
    b"\x00\x01\x02\x04\x00\x20\x54\x54\x54\x78\x7f\x48\x44\x44\x38\x38\x44\x44\x44\x20"
    b"\x38\x44\x44\x48\x7f\x38\x54\x54\x54\x18\x08\x7e\x09\x01\x02\x18\xa4\xa4\xa4\x7c"
    b"\x7f\x08\x04\x04\x78\x00\x44\x7d\x40\x00\x40\x80\x84\x7d\x00\x7f\x10\x28\x44\x00"
    b"\x00\x41\x7f\x40\x00\x7c\x04\x18\x04\x78\x7c\x08\x04\x04\x78\x38\x44\x44\x44\x38"
    b"\xfc\x24\x24\x24\x18\x18\x24\x24\x24\xfc\x7c\x08\x04\x04\x08\x48\x54\x54\x54\x20"
    b"\x04\x3f\x44\x40\x20\x3c\x40\x40\x20\x7c\x1c\x20\x40\x20\x1c\x3c\x40\x30\x40\x3c"
    b"\x44\x28\x10\x28\x44\x1c\xa0\xa0\xa0\x7c\x44\x64\x54\x4c\x44\x00\x08\x36\x41\x00"
    b"\x00\x00\x7f\x00\x00\x00\x41\x36\x08\x00\x08\x04\x08\x10\x08"
)
# Suits C D H S as 7x7 bitmaps (columns, bit 0 = top row).
SUIT = b"\x1c\x1c\x4b\x7f\x4b\x1c\x1c\x08\x1c\x3e\x7f\x3e\x1c\x08\x06\x0f\x1f\x3e\x1f\x0f\x06\x18\x1c\x4e\x7f\x4e\x1c\x18"
# The pips of the die faces 1..6 one after the other, face v's from v * (v - 1) // 2 on: each a cell of the
# 3x3 grid, row cell // 3, column cell % 3.
PIPS = b"\x04\x00\x08\x00\x04\x08\x00\x02\x06\x08\x00\x02\x04\x06\x08\x00\x02\x03\x05\x06\x08"


def glyph(fb, bits, at, n, x, y, k=1, c=1):
    """Draw the n column bytes of bits from index at, at x, y, each pixel a k x k block: in one blit where
    fb can (k 1 or 2: a column's 8 bits doubled are 16 rows on two pages), else pixel by pixel."""
    if k <= 2 and hasattr(fb, "blit"):
        w = n * k
        b = bytearray(w * k)
        for i in range(n):
            v = bits[at + i]
            if k == 2:  # bit j to bits 2j and 2j + 1: a nibble at a time (as text() does)
                b[w + 2 * i] = b[w + 2 * i + 1] = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"[v >> 4]
                v = b[2 * i + 1] = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"[v & 15]
            b[k * i] = v
        b = framebuf.FrameBuffer(b, w, 8 * k, framebuf.MONO_VLSB)
        if c:
            fb.blit(b, x, y, 0)
        else:
            fb.blit(b, x, y, 1, _INK)
        return
    for i in range(n):
        col = bits[at + i]
        j = 0
        while col:
            if col & 1:
                if k == 1:
                    fb.pixel(x + i, y + j, c)
                else:
                    fb.fill_rect(x + i * k, y + j * k, k, k, c)
            col >>= 1
            j += 1


from array import array  # here, not in wrap(): MicroPython looks for an array.py on the flash at each import

try:
    import framebuf
except ImportError:  # CPython and CircuitPython: the pure-Python stand-in, the same bytes a page at a time
    from cupfw.hal import fbuf as framebuf
# A line of text is laid out as glyph columns (6 bytes a cell, the sixth blank) in a scratch MONO_VLSB
# buffer and blitted once, with its 0s as the key, so only the glyphs' pixels are drawn, as glyph()
# draws them; inverted text (c = 0) goes through the palette _INK, which swaps the colours (blit
# compares the key after the palette).
_INK = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, framebuf.MONO_VLSB)


def text(fb, s, x, y, k=1, c=1):
    """Draw s (a str, or bytes) at x, y in 6x8 cells scaled by k; returns the x after the last cell."""
    b = s.encode() if type(s) is str else s  # (a pack's rules are a bytearray)
    if k <= 2 and len(b) == len(s):  # ASCII (else a character would be two bytes: cell by cell below)
        f = memoryview(FONT)
        d = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"  # a nibble's bits doubled
        w = 6 * k * len(b)
        line = bytearray(w * k)
        j = 0
        for o in b:  # iterating the bytes, not the str, makes no 1-character strings
            o -= 32
            if 0 <= o < 95:
                o *= 5
                if k == 1:
                    line[j:j + 5] = f[o:o + 5]
                else:  # twice the size: each column twice, its bits doubled, the lower four on the first page
                    i = j
                    for v in f[o:o + 5]:
                        line[i] = line[i + 1] = d[v & 15]
                        line[w + i] = line[w + i + 1] = d[v >> 4]
                        i += 2
            j += 6 * k
        try:
            if j:
                line = framebuf.FrameBuffer(line, j, 8 * k, framebuf.MONO_VLSB)
                if c:
                    fb.blit(line, x, y, 0)
                else:
                    fb.blit(line, x, y, 1, _INK)
            return x + j
        except AttributeError:  # an fb without blit (the tests' pixel by pixel reference)
            pass
    for ch in s:
        o = (ch if type(ch) is int else ord(ch)) - 32
        if 0 <= o < 95:
            glyph(fb, FONT, o * 5, 5, x, y, k, c)
        x += 6 * k
    return x


def center(fb, s, y, k=1, c=1):
    text(fb, s, (128 - len(s) * 6 * k + k) // 2, y, k, c)


def bar(fb, s, right=""):
    """The inverted title line at the top, with optional right-aligned text."""
    fb.fill_rect(0, 0, 128, 9, 1)
    text(fb, s, 1, 1, 1, 0)
    text(fb, right, 128 - 6 * len(right), 1, 1, 0)


def wrap(s, cols=21):
    """The lines of s broken at spaces and newlines, at most cols characters each, as
    start, end offsets into s (an array of pairs): no line strings are made, so a long
    rules text costs a few hundred bytes here, not a string per line. s: a str, or bytes."""
    out = array("H")
    n = len(s)
    nl, sp = ("\n", " ") if type(s) is str else (b"\n", b" ")
    start = 0
    while True:
        end = s.find(nl, start)
        if end < 0:
            end = n
        while end - start > cols:
            k = s.rfind(sp, start, start + cols + 1)
            if k <= start:  # a word longer than a line: cut it
                out.append(start)
                start += cols
                out.append(start)
            else:
                out.append(start)
                out.append(k)
                start = k + 1
        out.append(start)
        out.append(end)
        if end == n:
            return out
        start = end + 1


def lines(fb, s, breaks, first, count, y):
    """Draw count wrapped lines of s (breaks from wrap) from line first on, 9 pixels apart from y."""
    for i in range(first, min(first + count, len(breaks) // 2)):
        text(fb, s[breaks[2 * i]:breaks[2 * i + 1]], 0, y)
        y += 9


def die(fb, x, y, v, s=15, sides=6, c=1):
    """A die face v of size s: pips on a d6, the number on other dice (d4..d20); v 0 is a blank
    die with a question mark; c=0 draws it inverted (a marked die)."""
    # a square with its corner pixels off: cleared, then a cross of two rectangles on; a face not inverted
    # is then cleared inside its border
    fb.fill_rect(x, y, s, s, 0)
    fb.fill_rect(x + 1, y, s - 2, s, 1)
    fb.fill_rect(x, y + 1, s, s - 2, 1)
    if c:
        fb.fill_rect(x + 1, y + 1, s - 2, s - 2, 0)
    if not v or sides != 6:
        t = str(v) if v else "?"
        k = 2 if s > 17 and sides < 10 else 1  # one large digit where every face has one
        text(fb, t, x + (s - len(t) * 6 * k + k) // 2, y + (s - 7 * k) // 2, k, c)
        return
    p = s // 5
    d = (s + 1) // 4
    x += (s - p) // 2 - d  # the top left pip
    y += (s - p) // 2 - d
    for i in PIPS[v * (v - 1) // 2:v * (v + 1) // 2]:
        fb.fill_rect(x + i % 3 * d, y + i // 3 * d, p, p, c)


def dice(fb, faces, x, y, s, per, sides=6, mark=0, cur=0, hide=False, items=None):
    """A row of dice of size s from x, y, per to a line (then the next line below): die i
    inverted when bit i of mark is set, with a thick bottom edge when cur is i + 1, blank when hide.
    items: a dict the caller keeps for one frame of several rows (Liar's Dice's cups); with it, or for
    blank dice, MicroPython's framebuf draws each kind of d6 face once, in a frame buffer of its own, and
    blits it where it shows (one call, where a face is several)."""
    if sides != 6 or s < 7 or framebuf.__name__ != "framebuf":
        items = None  # (cupfw.hal.fbuf draws a face at once; a small die's "?" would reach out of its square)
    elif hide and items is None:
        items = {}
    for i in range(len(faces)):
        xx = x + i % per * (s + 3)
        yy = y + i // per * (s + 4)
        v = 0 if hide else faces[i]
        c = 0 if mark >> i & 1 else 1
        if items is None:
            die(fb, xx, yy, v, s, sides, c)
        else:
            b = items.get(v * 2 + c)  # (one size of dice to a dict)
            if b is None:  # the whole square, what die() draws there, in a frame buffer of its own
                b = items[v * 2 + c] = framebuf.FrameBuffer(bytearray(s * ((s + 7) >> 3)), s, s, framebuf.MONO_VLSB)
                die(b, 0, 0, v, s, 6, c)
            fb.blit(b, xx, yy)
        if cur == i + 1:
            fb.fill_rect(xx, yy + s, s, 2, 1)


def card(fb, x, y, name, k=2, c=1):
    """A card from its name ("QS", "TD"): a box with the rank and the suit; k=2 large, k=1 small;
    c=0 draws it inverted (the selected card)."""
    w = 15 if k == 1 else 26
    h = 18 if k == 1 else 32
    fb.fill_rect(x, y, w, h, 1 - c)
    fb.rect(x, y, w, h, 1)
    b = name.encode()  # bytes: a str's name[0] would be interned for good on MicroPython, a name a card
    r = b[:1] if b[0] != 84 else b"10"  # T: ten
    text(fb, r, x + 2, y + 2, k if len(r) < 2 else 1, c)
    glyph(fb, SUIT, b"CDHS".find(b[-1:]) * 7, 7, x + w - 7 * k - 2, y + h - 7 * k - 2, k, c)


def error(fb, title, detail):
    """The error screen: the title inverted, the detail wrapped below it."""
    fb.fill(0)
    bar(fb, title)
    lines(fb, detail, wrap(detail), 0, 6, 11)


def menu(fb, items, sel, y=11):
    """A list of lines below the title bar, scrolled to keep the selected one in view, which is inverted."""
    rows = (65 - y) // 9
    top = min(max(0, sel - rows + 1), max(0, len(items) - rows))
    for i in range(top, min(len(items), top + rows)):
        if i == sel:
            fb.fill_rect(0, y - 1, 128, 9, 1)
        text(fb, items[i], 2, y, 1, 0 if i == sel else 1)
        y += 9
