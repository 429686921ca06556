"""Text on MicroPython is blitted glyph by glyph (framebuf, C); elsewhere drawn pixel by pixel.
Both must give the same bytes, at every offset, clipped at every edge, in both colours."""

from conftest import run_mp

CODE = """
import framebuf
from cupfw import gfx
class Pixels:  # no blit: gfx.glyph draws pixel by pixel
    def __init__(self, fb):
        self.fb = fb
    def pixel(self, x, y, c):
        self.fb.pixel(x, y, c)
    def fill_rect(self, x, y, w, h, c):
        self.fb.fill_rect(x, y, w, h, c)
chars = "".join([chr(c) for c in range(32, 127)]) + "\\x7f\\xe9"
out = []
for path in (0, 1):
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    n = 0
    for y in (-7, -3, 0, 1, 5, 11, 30, 57, 60, 63):
        for x in (-8, -2, 0, 3, 100, 125):
            for c in (0, 1):
                fb.fill(1 - c if n % 3 else c)
                s = chars[n % 80:n % 80 + 24]
                n += 1
                for k in (1, 2):
                    if path:
                        gfx.text(fb, s, x, y + 20 * k - 20, k, c)
                    else:
                        xx = x
                        for ch in s:
                            o = ord(ch) - 32
                            if 0 <= o < 95:
                                gfx.glyph(Pixels(fb), gfx.FONT, o * 5, 5, xx, y + 20 * k - 20, k, c)
                            xx += 6 * k
                out.append(bytes(buf))
half = len(out) // 2
print(sum([1 for i in range(half) if out[i] != out[half + i]]), half)
"""


def test_blitted_text_is_the_same_pixels_as_drawn_text(image):
    same, total = run_mp(image, CODE).split()
    assert same == "0" and int(total) == 120


def test_the_pure_python_framebuffer_draws_the_pixels_one_by_one_would():
    """cupfw.hal.fbuf (CPython, and CircuitPython's panel) changes whole runs of a page at once: its text
    (one blit a line, both colours), rectangles and lines are the pixels a pixel-by-pixel drawing sets, at
    every offset and clipped at every edge."""
    from cupfw import gfx
    from cupfw.hal.fbuf import FrameBuffer

    class Pixels:
        """The reference: everything through pixel(), and no blit (so text goes through gfx.glyph)."""
        __init__ = FrameBuffer.__init__
        pixel = FrameBuffer.pixel
        hline = FrameBuffer.hline
        vline = FrameBuffer.vline
        rect = FrameBuffer.rect

        def fill_rect(self, x, y, w, h, c):
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    self.pixel(xx, yy, c)

        def fill(self, c):
            self.fill_rect(0, 0, self.width, self.height, c)

    chars = "".join([chr(c) for c in range(32, 127)]) + "\x7f\xe9"
    n = 0
    for y in (-9, -7, -3, 0, 1, 5, 8, 11, 30, 57, 60, 63, 64):
        for x in (-130, -8, -2, 0, 3, 100, 125, 128):
            for c in (0, 1):
                fast, slow = FrameBuffer(bytearray(1024), 128, 64), Pixels(bytearray(1024), 128, 64)
                for fb in (fast, slow):
                    fb.fill(1 - c if n % 3 else c)
                    gfx.text(fb, chars[n % 80:n % 80 + 24], x, y, 1, c)
                    gfx.text(fb, chars[n % 90:n % 90 + 5], x - 1, y + 12, 2, c)
                    fb.fill_rect(x + 7, y - 5, 40 + y % 9, 3 + x % 13, c)
                    fb.rect(x, y, 20, 11, 1 - c)
                    fb.hline(x - 3, y + 2, 50, c)
                    fb.vline(x + 1, y - 9, 20, 1 - c)
                    gfx.die(fb, x + 20, y + 1, 1 + n % 6, 15 - n % 4)
                    gfx.card(fb, x + 40, y - 3, "QH", 1 + n % 2, c)
                assert fast.buf == slow.buf, (x, y, c)
                n += 1


def test_the_pure_python_die_is_the_rectangles_one():
    """fbuf's die (a face a page at a time, on CircuitPython and CPython) draws the pixels gfx.die's rectangles do,
    every face of every size (and the blank one), inverted or not, over what was there, at every offset
    (clipped: the rectangles)."""
    from cupfw import gfx
    from cupfw.hal.fbuf import FrameBuffer, dies

    die = dies(gfx)  # what CircuitPython's panel installs as gfx.die (once)
    assert die.__name__ == "face"

    class Rects(FrameBuffer):
        die = None  # no die of its own: gfx.die's rectangles

    n = 0
    for s in range(5, 19):
        for v in range(7):  # 0: blank, with a question mark
            for c in (0, 1):
                for x, y in ((0, 0), (3, 5), (40 + n % 7, 17 + n % 11), (128 - s, 64 - s), (-2, 3), (120, 60)):
                    fast = FrameBuffer(bytearray(b"\x5a\xa5" * 512), 128, 64)
                    slow = Rects(bytearray(b"\x5a\xa5" * 512), 128, 64)
                    for fb in (fast, slow):
                        die(fb, x, y, v, s, 6, c)
                    assert fast.buf == slow.buf, (s, v, c, x, y)
                    n += 1


def test_the_pure_python_blit_is_framebufs():
    """fbuf's blit of sources of any height (a part page at the bottom), with and without a key and a palette,
    against framebuf's rule pixel by pixel."""
    from cupfw.hal.fbuf import FrameBuffer
    pal = FrameBuffer(bytearray(b"\x01\x00"), 2, 1)
    same = FrameBuffer(bytearray(b"\x00\x01"), 2, 1)  # (a palette that keeps the colours)
    for w, h in ((5, 8), (3, 3), (4, 7), (9, 11), (130, 16)):
        src = FrameBuffer(bytearray([(i * 37 + 11) & 255 for i in range(w * ((h + 7) // 8))]), w, h)
        for x, y in ((-4, -5), (0, 0), (60, 3), (125, 58)):
            for key, palette in ((-1, None), (0, None), (1, None), (1, pal), (0, pal), (0, same), (-1, pal)):
                fast = FrameBuffer(bytearray(b"\x5a" * 1024), 128, 64)
                slow = FrameBuffer(bytearray(b"\x5a" * 1024), 128, 64)
                fast.blit(src, x, y, key, palette)
                for j in range(h):
                    for i in range(w):
                        c = src.pixel(i, j)
                        c = palette.pixel(c, 0) if palette else c
                        if c != key:
                            slow.pixel(x + i, y + j, c)
                assert fast.buf == slow.buf, (w, h, x, y, key, palette)
