"""CircuitPython boards, and Linux computers through Adafruit Blinka, built from the board profile.

Pins are names in the board module ("GP2", "D5", "BUTTON_A"). Buttons are
digitalio inputs; the display is an SSD1306 on busio.I2C, started here, drawn in with
cupfw.hal.npbuf (fbuf on Blinka: framebuf's calls, a page at a time) and sent a changed page
at a time; LEDs go through the neopixel library, the buzzer is a
pwmio.PWMOut (silenced by buttons(), which the app polls every tick), the
optional LIS3DH is read straight from its registers.

A display that does not answer is an OSError (the boot code blinks a code);
a missing optional part is noted in problems and the board runs without it.
"""

import os
import time

import board
import busio
import digitalio
from adafruit_bus_device.i2c_device import I2CDevice

from cupfw.hal import HEIGHT, NAMES, WIDTH, fbuf, panel, shake

try:  # CircuitPython: the drawing in C, on ulab's arrays
    from cupfw.hal import npbuf
    Draw = npbuf.Pages
except ImportError:  # Blinka on CPython: fbuf's Python ints
    npbuf = None
    Draw = fbuf.FrameBuffer

try:
    from supervisor import ticks_ms
except ImportError:  # Blinka: the same 2**29 wrap as CircuitPython's clock
    def ticks_ms():
        return (time.monotonic_ns() // 1000000) & 0x1FFFFFFF


def ticks_diff(a, b):
    return ((a - b + 0x10000000) & 0x1FFFFFFF) - 0x10000000


def pin(name):
    try:
        return getattr(board, name)
    except AttributeError:
        raise ValueError("this board has no pin %s (check the board profile)" % name)


# The SSD1306's start, as adafruit_ssd1306 sends it to a 128x64 panel on its own charge pump: off, horizontal
# addressing, the layout (column 127 on SEG0, COM63 first), clock, precharge, VCOMH, contrast, RAM shown not
# inverted, the current reference, the charge pump, on.
_START = b"\xae\x20\x00\x40\xa1\xa8\x3f\xc8\xd3\x00\xda\x12\xd5\x80\xd9\xf1\xdb\x30\x81\xff\xa4\xa6\xad\x30\x8d\x14\xaf"


class Panel:
    """The SSD1306 as the framebuf-style object the firmware draws in, on its own buffer: started and switched
    here (adafruit_ssd1306 and the adafruit_framebuf under it would hold about 13 KB of CircuitPython's heap
    for nothing the firmware draws with), drawn in by cupfw.hal.npbuf (fbuf on Blinka) a page at a time;
    show() sends only the pages that changed since the last frame."""

    pixel = fbuf.FrameBuffer.pixel
    fill = Draw.fill
    fill_rect = Draw.fill_rect
    hline = fbuf.FrameBuffer.hline
    vline = fbuf.FrameBuffer.vline
    rect = fbuf.FrameBuffer.rect
    blit = Draw.blit
    die = Draw.die
    if npbuf:
        line = npbuf.Pages.line
        _put = npbuf.Pages._put
        _on = npbuf.Pages._on
        box = npbuf.Pages.box
        row = npbuf.Pages.row
        flush = npbuf.Pages.flush
        _page = npbuf.Pages._page

    def __init__(self, width, height, i2c, addr):
        """ValueError if nothing answers at addr."""
        from cupfw import gfx
        gfx.die = fbuf.dies(gfx)  # its dice faces drawn a page at a time (fbuf.FrameBuffer.die)
        self.i2c_device = I2CDevice(i2c, addr)
        self.width = width
        self.height = height
        self.buffer = bytearray(1 + width * height // 8)  # 0x40 (the data's control byte), then the frame
        self.buffer[0] = 0x40
        self.buf = memoryview(self.buffer)[1:]
        self._sent = None  # what the panel holds; None: not known, the next show() sends every page
        if npbuf:
            npbuf.texts(gfx)  # text, the title line, cards and lines of dice laid out in C and drawn at once
            self.view, self.page_views = npbuf.frame(self.buffer)
        self.command(_START)
        self.fill(0)
        self.show()

    def command(self, b):
        """The commands (and their arguments) in b, a byte each after its control byte (0x80)."""
        dev = self.i2c_device
        for c in b:
            with dev:
                dev.write(bytes((0x80, c)))

    def poweroff(self):
        self.command(b"\xae")

    def poweron(self):
        self.command(b"\xaf")

    def contrast(self, level):
        self.command(bytes((0x81, level)))

    def show(self):
        """Each run of pages (128 bytes each) that changed in one transfer, after a command stream that
        sets its columns and pages, as cupfw.hal.micro does: a whole frame holds the bus 9.3 ms at 1 MHz."""
        if npbuf:
            self.flush()  # the last row of text laid out (npbuf.Pages.line)
        new = self.buffer  # 0x40 (the data's control byte), then the 1,024 bytes of the frame
        now = self.buf  # the frame (a memoryview: its slices copy nothing, and compare by their bytes)
        old = self._sent
        every = old is None
        if every:
            old = self._sent = memoryview(bytearray(1024))
        dev = self.i2c_device
        p = 0
        while p < 8:
            q = p
            while q < 8 and (every or now[128 * q:128 * q + 128] != old[128 * q:128 * q + 128]):
                q += 1
            if q > p:
                i = 128 * p  # the byte before page p's data stands in for the control byte meanwhile
                was = new[i]
                new[i] = 0x40
                with dev:
                    dev.write(bytes((0, 0x21, 0, 127, 0x22, p, q - 1)))
                    dev.write(new, start=i, end=128 * q + 1)
                new[i] = was
                old[i:128 * q] = now[i:128 * q]
                p = q
            p += 1


class Board:
    contrast = panel.contrast
    tick_ms = 10  # the app polls the buttons every 10 ms, as on MicroPython; a change wakes it early (sleep_ms): a
    # press is confirmed 10-13 ms after it, not 10-20

    def __init__(self, profile):
        p = profile
        self.problems = []
        self.data_dir = p.get("data_dir", "/data")
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        down = p.get("pull_down", ())
        keys = []
        for n in NAMES:
            k = digitalio.DigitalInOut(pin(p["buttons"][n]))
            k.switch_to_input(pull=digitalio.Pull.DOWN if n in down else digitalio.Pull.UP)
            keys.append((k, n in down))
        self._keys = keys
        self._woke = False  # the last sleep_ms ended at a button's change
        c = p["i2c"]
        i2c = busio.I2C(pin(c["scl"]), pin(c["sda"]), frequency=c.get("freq", 400000))
        a = p["display"]["address"]
        try:
            self.fb = Panel(WIDTH, HEIGHT, i2c, addr=a)
        except ValueError:
            raise OSError("no display at I2C 0x%02x (SDA %s, SCL %s)" % (a, c["sda"], c["scl"]))
        self.show = self.fb.show
        self._on = True
        l = p.get("leds")
        self.led_count = l["count"] if l else 0
        if l:
            import neopixel  # (Adafruit's library, as on Blinka: about 1.5 KB of the chip's heap)
            self._np = neopixel.NeoPixel(pin(l["pin"]), l["count"], auto_write=False, pixel_order=l["order"])
        b = p.get("buzzer")
        self._pwm = self._amp = None
        if b:
            import pwmio
            self._pwm = pwmio.PWMOut(pin(b["pin"]), frequency=440, duty_cycle=0, variable_frequency=True)
            self._stop = None
            if b.get("enable"):  # an amplifier: on only while a tone plays
                self._amp = digitalio.DigitalInOut(pin(b["enable"]))
                self._amp.switch_to_output(value=False)
        m = p.get("motion")
        self._acc = None
        if m:
            bus = busio.I2C(pin(m["scl"]), pin(m["sda"])) if "sda" in m else i2c
            try:
                self._dev = I2CDevice(bus, m["address"])
            except ValueError:
                self.problems.append("no accelerometer at I2C 0x%02x: shake is off" % m["address"])
            else:
                self._acc = bytearray(6)
                self._reg = bytes((shake.REG_OUT,))
                self._last = [0, 0, 0]
                self._calm = ticks_ms()
                with self._dev as d:
                    d.write(bytes((shake.REG_CTRL1, 0x57)))
                self.shaken()
        v = p.get("battery")
        self._adc = None
        if v:
            import analogio
            self._adc = (analogio.AnalogIn(pin(v["pin"])), v)

    def leds(self, buf):
        n = self.led_count
        if len(buf) != 3 * n:
            raise ValueError("leds: %d bytes for %d LEDs" % (len(buf), n))
        if n:
            for i in range(n):  # (a colour as an int: no tuple made for each LED)
                self._np[i] = buf[3 * i] << 16 | buf[3 * i + 1] << 8 | buf[3 * i + 2]
            self._np.show()

    def buttons(self):
        if self._pwm and self._stop is not None and ticks_diff(ticks_ms(), self._stop) >= 0:
            self.tone(0, 0)
        m = 0
        bit = 1
        for k, high in self._keys:
            if k.value == high:
                m |= bit
            bit <<= 1
        return m

    def shaken(self):
        if self._acc is None:
            return False
        with self._dev as d:
            d.write_then_readinto(self._reg, self._acc)
        now = ticks_ms()
        if shake.jolt(self._acc, self._last) < shake.JOLT or ticks_diff(now, self._calm) < 0:
            return False
        self._calm = (now + shake.QUIET_MS) & 0x1FFFFFFF
        return True

    def tone(self, hz, ms):
        if self._pwm is None:
            return
        if self._amp:
            self._amp.value = hz > 0
        if hz <= 0:
            self._pwm.duty_cycle = 0
            self._stop = None
            return
        self._pwm.frequency = hz
        self._pwm.duty_cycle = 32768
        self._stop = (ticks_ms() + ms) & 0x1FFFFFFF

    def sleep_ms(self, ms):
        """Wait ms; the main loop's pause of a tick ends early when a button changes meanwhile: the app's next poll
        then sees the change within 2 ms, and its debounce (the same on the poll after) confirms it a tick later,
        not one to two ticks. The sleep after such a wake is whole, so that those two polls are still a tick apart
        (a contact's bounce is shorter)."""
        if self._woke or ms > self.tick_ms:
            self._woke = False
            time.sleep(ms / 1000)
            return
        end = (ticks_ms() + ms) & 0x1FFFFFFF
        was = self.buttons()
        left = ms
        while left > 0:
            time.sleep(min(left, 2) / 1000)
            if self.buttons() != was:
                self._woke = True
                return
            left = ticks_diff(end, ticks_ms())

    def idle(self, ms):
        """Sleep in short steps, checking the buttons between them."""
        end = (ticks_ms() + ms) & 0x1FFFFFFF
        while not self.buttons():
            left = ticks_diff(end, ticks_ms())
            if left <= 0:
                return
            time.sleep(min(left, 50) / 1000)

    def seed(self):
        r = os.urandom(4)
        return r[0] | r[1] << 8 | r[2] << 16 | (r[3] & 0x3F) << 24

    def battery(self):
        if self._adc is None:
            return None
        adc, v = self._adc
        mv = adc.value * adc.reference_voltage * 1000 * v["divider"] / 65535
        pct = (mv - v["empty_mv"]) * 100 // (v["full_mv"] - v["empty_mv"])
        return max(0, min(100, int(pct)))
