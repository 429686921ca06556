"""A pure-Python stand-in for framebuf.FrameBuffer (MONO_VLSB): the part the firmware draws with."""


class FrameBuffer:
    """The part of framebuf.FrameBuffer the firmware uses, MONO_VLSB, in plain Python."""

    def __init__(self, buf, w, h):
        self.buf = buf
        self.w = w
        self.h = h

    def pixel(self, x, y, c=None):
        if 0 <= x < self.w and 0 <= y < self.h:
            i = (y >> 3) * self.w + x
            m = 1 << (y & 7)
            if c is None:
                return 1 if self.buf[i] & m else 0
            if c:
                self.buf[i] |= m
            else:
                self.buf[i] &= 255 ^ m

    def fill_rect(self, x, y, w, h, c):
        for yy in range(max(y, 0), min(y + h, self.h)):
            for xx in range(max(x, 0), min(x + w, self.w)):
                self.pixel(xx, yy, c)

    def fill(self, c):
        v = 255 if c else 0
        for i in range(len(self.buf)):
            self.buf[i] = v

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
