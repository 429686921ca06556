"""PNG pictures of the simulated device (the OLED with visible pixels, the LED strip), with zlib only."""

import struct
import zlib

ON = (130, 210, 255)
OFF = (12, 14, 22)
GAP = (0, 0, 0)


def pixels(buf, w=128, h=64):
    """Rows of 0/1 from a MONO_VLSB frame buffer."""
    return [[(buf[(y >> 3) * w + x] >> (y & 7)) & 1 for x in range(w)] for y in range(h)]


def ascii_art(buf):
    """The frame as 64 lines of '#' and '.', for golden files a reviewer can read."""
    return "\n".join("".join("#" if p else "." for p in row) for row in pixels(buf))


def device_image(buf, leds, scale=4):
    """RGB rows: the screen scaled up with a gap between pixels, then a strip of LEDs below it."""
    rows = []
    for row in pixels(buf):
        line = bytearray()
        for p in row:
            line += bytes(ON if p else OFF) * (scale - 1) + bytes(GAP)
        rows.extend([bytes(line)] * (scale - 1))
        rows.append(bytes(GAP) * (len(line) // 3))
    width = 128 * scale
    n = len(leds) // 3
    if n:
        cell = width // n
        strip = bytearray()
        for i in range(n):
            rgb = bytes(leds[3 * i:3 * i + 3])
            rgb = rgb if any(rgb) else bytes((30, 30, 30))
            strip += bytes(GAP) * 4 + rgb * (cell - 8) + bytes(GAP) * 4
        strip += bytes(GAP) * (width - len(strip) // 3)
        rows += [bytes(GAP) * width] * 4 + [bytes(strip)] * 10 + [bytes(GAP) * width] * 4
    return width, rows


def encode(width, rows):
    """PNG bytes of 8-bit RGB rows."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + r for r in rows)
    head = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def write(path, buf, leds, scale=4):
    with open(path, "wb") as f:
        f.write(encode(*device_image(buf, leds, scale)))
