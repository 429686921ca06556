"""MicroPython boards (the Raspberry Pi Pico first), built from the board profile.

Buttons are machine.Pin inputs with pull-ups (pull-downs for the buttons the
profile lists in pull_down). The display is micropython-lib's ssd1306 driver:
its object is itself the framebuf.FrameBuffer the firmware draws in. LEDs go
through the built-in neopixel module, the buzzer is a PWM pin stopped by a
one-shot Timer, the optional LIS3DH is read straight from its registers.

A display that does not answer is an OSError (the boot code blinks a code);
a missing optional part is noted in problems and the board runs without it.
"""

import machine
import os
import time

from cupfw.hal import HEIGHT, NAMES, WIDTH, panel, shake


class Board:
    contrast = panel.contrast
    tick_ms = 10  # the app polls the buttons every 10 ms: a press is seen twice (debounced) 10-20 ms after it

    def __init__(self, profile):
        p = profile
        Pin = machine.Pin
        self.problems = []
        self.data_dir = p.get("data_dir", "/data")
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self._woke = False
        down = p.get("pull_down", ())
        keys = []
        for n in NAMES:
            on = 1 if n in down else 0
            keys.append((Pin(p["buttons"][n], Pin.IN, Pin.PULL_DOWN if on else Pin.PULL_UP), on))
        self._keys = tuple(keys)
        # Each button's edges are noted as they happen, so that a release and a press again while the
        # program is busy (a screen being loaded) still reach the app: see buttons().
        self._edges = 0
        self._was = 0
        bit = 1
        for pin, _ in self._keys:
            pin.irq(self._edge(bit), Pin.IRQ_FALLING | Pin.IRQ_RISING)
            bit <<= 1
        c = p["i2c"]
        i2c = machine.I2C(c.get("id", 0), sda=Pin(c["sda"]), scl=Pin(c["scl"]), freq=c.get("freq", 400000))
        found = i2c.scan()
        a = p["display"]["address"]
        if a not in found:
            raise OSError("no display at I2C 0x%02x (SDA %s, SCL %s)" % (a, c["sda"], c["scl"]))
        import ssd1306
        self.fb = ssd1306.SSD1306_I2C(WIDTH, HEIGHT, i2c, a)  # its init clears the panel and sends a blank frame
        self._bus = i2c
        self._at = a
        self._sent = bytearray(1024)  # what the panel holds
        self._on = True
        l = p.get("leds")
        self.led_count = l["count"] if l else 0
        if l:
            import neopixel
            self._np = neopixel.NeoPixel(Pin(l["pin"], Pin.OUT), l["count"])
            o = l["order"]
            self._order = ("RGB".find(o[:1]), "RGB".find(o[1:2]), "RGB".find(o[2:]))  # (slices: no 1-character names)
        b = p.get("buzzer")
        self._pwm = machine.PWM(Pin(b["pin"])) if b else None
        if b:
            self._pwm.duty_u16(0)
            self._timer = machine.Timer()
            self._hush = lambda t: self._pwm.duty_u16(0)
        m = p.get("motion")
        self._acc = None
        if m:
            if m["address"] in found:
                self._i2c = i2c
                self._acc = bytearray(6)
                self._last = [0, 0, 0]
                self._calm = time.ticks_ms()
                i2c.writeto_mem(m["address"], shake.REG_CTRL1, b"\x57")
                self._addr = m["address"]
                self.shaken()
            else:
                self.problems.append("no accelerometer at I2C 0x%02x: shake is off" % m["address"])
        v = p.get("battery")
        self._adc = (machine.ADC(Pin(v["pin"])), v) if v else None

    def show(self):
        """Send the pages (rows of 8 pixel lines, 128 bytes each) that changed since the last frame, each run
        of them in one transfer: a whole frame holds the I2C bus 9.3 ms at 1 MHz (the Pico profiles), 23 ms at
        400 kHz; a page 1.2 or 2.9 ms."""
        new = memoryview(self.fb.buffer)
        old = memoryview(self._sent)
        p = 0
        while p < 1024:
            q = p
            while q < 1024 and new[q:q + 128] != old[q:q + 128]:
                q += 128
            if q > p:  # a command stream (columns 0-127, pages p to q), then the data
                self._bus.writeto(self._at, bytes((0, 0x21, 0, 127, 0x22, p >> 7, (q >> 7) - 1)))
                old[p:q] = new[p:q]
                self._bus.writevto(self._at, (b"\x40", old[p:q]))
                p = q
            p += 128

    def leds(self, buf):
        n = self.led_count
        if len(buf) != 3 * n:
            raise ValueError("leds: %d bytes for %d LEDs" % (len(buf), n))
        if n:
            out = self._np.buf
            o0, o1, o2 = self._order
            for j in range(0, 3 * n, 3):
                out[j] = buf[j + o0]
                out[j + 1] = buf[j + o1]
                out[j + 2] = buf[j + o2]
            self._np.write()

    def _edge(self, bit):
        def noted(pin):
            self._edges |= bit
        return noted

    def sleep_ms(self, ms):
        """Wait ms; the main loop's pause of a tick ends early when a button's pin changes meanwhile (its
        interrupt notes the edge): the app's next poll sees the change at once, and its debounce (the same on
        the poll after) confirms it a tick later, not one to two ticks. The sleep after such a wake is whole,
        so that those two polls are still a tick apart (a contact's bounce is shorter)."""
        if self._woke or ms > self.tick_ms:
            self._woke = False
            time.sleep_ms(ms)
            return
        for _ in range(ms):
            if self._edges:
                self._woke = True
                return
            time.sleep_ms(1)

    def buttons(self):
        m = 0
        bit = 1
        for pin, on in self._keys:
            if pin.value() == on:
                m |= bit
            bit <<= 1
        e = self._edges
        self._edges = 0
        # A button that changed since the last call and reads as it did then went and came back
        # meanwhile: it reads the other way once, so the app sees that release (or tap).
        m ^= e & ~(m ^ self._was)
        self._was = m
        return m

    def shaken(self):
        if self._acc is None:
            return False
        self._i2c.readfrom_mem_into(self._addr, shake.REG_OUT, self._acc)
        now = time.ticks_ms()
        if shake.jolt(self._acc, self._last) < shake.JOLT or time.ticks_diff(now, self._calm) < 0:
            return False
        self._calm = time.ticks_add(now, shake.QUIET_MS)
        return True

    def tone(self, hz, ms):
        if self._pwm is None:
            return
        if hz <= 0:
            self._pwm.duty_u16(0)
            return
        self._pwm.freq(hz)
        self._pwm.duty_u16(32768)
        self._timer.init(mode=machine.Timer.ONE_SHOT, period=max(1, ms), callback=self._hush)

    def idle(self, ms):
        """lightsleep in short steps, checking the buttons between them."""
        end = time.ticks_add(time.ticks_ms(), ms)
        while not self.buttons():
            left = time.ticks_diff(end, time.ticks_ms())
            if left <= 0:
                return
            machine.lightsleep(min(left, 50))

    def seed(self):
        r = os.urandom(4)
        return (r[0] | r[1] << 8 | r[2] << 16 | (r[3] & 0x3F) << 24)

    def battery(self):
        if self._adc is None:
            return None
        adc, v = self._adc
        mv = adc.read_u16() * 3300 * v["divider"] // 65535
        pct = (mv - v["empty_mv"]) * 100 // (v["full_mv"] - v["empty_mv"])
        return max(0, min(100, int(pct)))
