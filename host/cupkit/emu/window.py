"""The emulated Pico in a pygame window, on real time: the OLED, the LED strip, the status LED, the buttons.

Keys as in `cupkit sim`: arrows; Z or Enter = A; X or Backspace = B; S = shake; Esc quits.
The buttons on the window can be clicked too. The chip runs in real-time mode: its time
stays near wall time (it falls behind while the core is busy: the emulation is slower
than a 125 MHz Pico), so holds and long presses last what they look like.
"""

import os

SCALE = 5
KEYS_HELP = "arrows; Z or Enter = A; X or Backspace = B; S = shake; Esc quits"


def run(pico, title="cupkit emu", on_frame=None):
    """Show pico (started, running: real time suits a window) until the window is closed; RuntimeError if no
    window can open. on_frame(n, pygame), if given, is called before each frame's events are read (tests post
    events with it) and ends the loop by returning False."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.display.init()
    pygame.font.init()
    w, h = 128 * SCALE + 40, 64 * SCALE + 190
    try:
        screen = pygame.display.set_mode((w, h))
    except pygame.error as e:
        raise RuntimeError(str(e))
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.quit()
        raise RuntimeError("no display: SDL fell back to its %s driver" % driver)
    pygame.display.set_caption("%s on %s  (%s)" % (title, pico.port, KEYS_HELP))
    font = pygame.font.Font(None, 26)
    small = pygame.font.Font(None, 20)
    keymap = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
              pygame.K_z: "a", pygame.K_RETURN: "a", pygame.K_x: "b", pygame.K_BACKSPACE: "b"}
    oy = 64 * SCALE + 70
    pads = [("up", "^", 80, oy), ("down", "v", 80, oy + 80), ("left", "<", 40, oy + 40), ("right", ">", 120, oy + 40),
            ("a", "A", w - 150, oy + 40), ("b", "B", w - 80, oy + 20), (None, "shake", w // 2 - 40, oy + 40)]
    rects = [(key, label, pygame.Rect(x - 28, y - 22, 56 if key else 80, 44)) for key, label, x, y in pads]
    held = set()
    keys = set()
    mouse = None
    shown = oled = None
    clock = pygame.time.Clock()
    n = 0
    try:
        while True:
            n += 1
            if on_frame is not None and on_frame(n, pygame) is False:
                return 0
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                    return 0
                if ev.type == pygame.KEYDOWN and ev.key == pygame.K_s:
                    pico.shake()
                elif ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.key in keymap:
                    (keys.add if ev.type == pygame.KEYDOWN else keys.discard)(keymap[ev.key])
                elif ev.type == pygame.MOUSEBUTTONDOWN:
                    for key, _, r in rects:
                        if r.collidepoint(ev.pos):
                            if key:
                                mouse = key
                            else:
                                pico.shake()
                elif ev.type == pygame.MOUSEBUTTONUP:
                    mouse = None
            want = keys | ({mouse} if mouse else set())
            for k in want - held:
                pico.press(k)
            for k in held - want:
                pico.release(k)
            held = want
            if pico.proc is None or pico.proc.poll() is not None:
                raise RuntimeError("the emulator stopped" + pico._tail())
            screen.fill((30, 30, 34))
            state = (pico.fb, pico.display_on, pico.contrast)
            if state != shown:
                shown = state
                oled = _oled(pygame, *state)
            screen.blit(oled, (14, 14))
            leds = pico.leds
            count = len(leds) // 3
            for i in range(count):
                rgb = tuple(leds[3 * i:3 * i + 3])
                pygame.draw.circle(screen, rgb if any(rgb) else (50, 50, 50),
                                   (40 + i * (w - 80) // max(1, count - 1), 64 * SCALE + 45), 10)
            status = pico.status[-1][1] if pico.status else 0
            pygame.draw.circle(screen, (60, 230, 60) if status else (40, 60, 40), (w - 24, 64 * SCALE + 45), 6)
            for key, label, r in rects:
                down = key in held if key else False
                pygame.draw.rect(screen, (200, 200, 210) if down else (90, 90, 100), r, border_radius=10)
                t = font.render(label, True, (0, 0, 0) if down else (240, 240, 240))
                screen.blit(t, t.get_rect(center=r.center))
            tone = pico.tones[-1][1] if pico.tones else 0
            info = "chip time %.1f s%s" % (pico.now / 1e9, "   buzzer %d Hz" % tone if tone else "")
            screen.blit(small.render(info, True, (150, 150, 160)), (14, h - 22))
            pygame.display.flip()
            clock.tick(40)
    finally:
        pygame.quit()


def _oled(pygame, fb, on, contrast):
    """The panel as a surface: every pixel a square with a gap, brighter with the contrast; dark when off."""
    surf = pygame.Surface((128 * SCALE + 12, 64 * SCALE + 12))
    surf.fill((0, 0, 0))
    lvl = contrast / 255.0
    lit = (int(40 + 90 * lvl), int(40 + 170 * lvl), int(40 + 215 * lvl))
    dark = (14, 16, 24)
    for y in range(64):
        for x in range(128):
            v = on and fb[(y >> 3) * 128 + x] >> (y & 7) & 1
            surf.fill(lit if v else dark, (6 + x * SCALE, 6 + y * SCALE, SCALE - 1, SCALE - 1))
    return surf
