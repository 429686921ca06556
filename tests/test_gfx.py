"""Text on MicroPython is blitted glyph by glyph (framebuf, C); elsewhere drawn pixel by pixel.
Both must give the same bytes, at every offset, clipped at every edge, in both colours."""

from conftest import run_mp

CODE = """
import framebuf
from cupfw import gfx
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
                if path:
                    gfx.text(fb, s, x, y, 1, c)
                else:
                    xx = x
                    for ch in s:
                        o = ord(ch) - 32
                        if 0 <= o < 95:
                            gfx.glyph(fb, gfx.FONT, o * 5, 5, xx, y, 1, c)
                        xx += 6
                out.append(bytes(buf))
half = len(out) // 2
print(sum([1 for i in range(half) if out[i] != out[half + i]]), half)
"""


def test_blitted_text_is_the_same_pixels_as_drawn_text(image):
    same, total = run_mp(image, CODE).split()
    assert same == "0" and int(total) == 120
