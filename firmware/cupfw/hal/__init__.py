"""The one interface every board implements (DESIGN.md, "The firmware").

A board family is one module in this package with a class Board(profile),
profile being the board profile dict (hardware/boards/NAME.json; None for the
virtual board). The firmware talks to nothing else:

  Display (128x64, 1 bit)
    fb                 a framebuf.FrameBuffer (MONO_VLSB, WIDTH x HEIGHT) or an object with
                       the same methods; the firmware draws with fill, pixel, hline, vline,
                       rect, fill_rect and blit only, so frames are identical on every port
    show()             push fb to the screen
    contrast(level)    0..255; 0 switches the panel off (sleep)
  LEDs
    led_count          number of RGB LEDs (0 if none)
    leds(buf)          show a bytearray of 3 * led_count bytes, r, g, b per LED, already
                       scaled for brightness by the firmware
  Input
    buttons()          bitmask of the buttons held now (UP..B below); raw, the firmware
                       debounces and makes press / release / long-press events
    shaken()           True once after each shake (always False without a motion sensor)
  Sound
    tone(hz, ms)       start a tone and return at once; hz 0 = silence (no-op without a buzzer)
  Time
    ticks_ms()         monotonic milliseconds (wrapping is handled with ticks_diff)
    ticks_diff(a, b)   a - b in milliseconds, wrap-safe
    sleep_ms(ms)       wait; the main loop's pacing
    idle(ms)           low-power wait that any button ends early (machine.lightsleep and the like)
  Storage and the rest
    data_dir           the folder for persistent data ("/data" on a device)
    seed()             a fresh seed 0..2**30-1 from the hardware RNG
    battery()          charge 0..100, or None where the board cannot tell

A board may also set tick_ms, the milliseconds between the app's polls of the buttons (20 if absent).
"""


WIDTH = const(128)
HEIGHT = const(64)

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)

NAMES = ("up", "down", "left", "right", "a", "b")  # bit i is NAMES[i]
