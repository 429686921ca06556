"""The virtual board: the device in memory, for the simulator and the tests.

Runs on CPython and on the MicroPython unix port. The clock is virtual (it
moves only when the firmware sleeps), the buttons are whatever the driver sets
in held, and the frame buffer is MicroPython's framebuf where it exists, else
the pure-Python stand-in of cupfw.hal.fbuf with the same bytes (MONO_VLSB).
Its game seeds come from os.urandom like a real board's, unless it is made with
a seed: then they are a repeatable sequence (tests, golden sessions, sim --seed).
"""

import os

from cupfw.hal import WIDTH, HEIGHT

try:
    import framebuf
except ImportError:  # CPython: the stand-in, loaded only where it is needed
    framebuf = None
    from cupfw.hal.fbuf import FrameBuffer


class Board:
    def __init__(self, profile=None, data_dir="data", led_count=8, seed=None):
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        if framebuf:
            self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        else:
            self.fb = FrameBuffer(self.buf, WIDTH, HEIGHT)
        self.data_dir = data_dir
        self.led_count = led_count
        self.led = bytearray(3 * led_count)
        self.level = 255  # display contrast; 0 = off
        self.frames = 0  # how many times show() pushed a frame
        self.now = 0  # the virtual clock, ms
        self.held = 0  # buttons held, set by the driver
        self.shake = False
        self.sound = 0  # the last tone's hz
        self._seed = seed

    def show(self):
        self.frames += 1

    def contrast(self, level):
        self.level = level

    def leds(self, buf):
        self.led[:] = buf

    def buttons(self):
        return self.held

    def shaken(self):
        s = self.shake
        self.shake = False
        return s

    def tone(self, hz, ms):
        self.sound = hz

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += ms

    def idle(self, ms):
        self.now += ms

    def seed(self):
        if self._seed is None:
            r = os.urandom(4)
            return r[0] | r[1] << 8 | r[2] << 16 | (r[3] & 0x3F) << 24
        self._seed = (self._seed * 1103515245 + 12345) & 0x3FFFFFFF
        return self._seed

    def battery(self):
        return None
