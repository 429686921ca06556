"""cupkit sim: the device program in a window (pygame), or headless from a key script."""

import os
import shutil
import sys
import tempfile

from cupkit.cli import Fail

NAME = "sim"
HELP = "run the firmware in a simulator window, or headless from a key script (--headless)"
SCALE = 5
KEYS_HELP = "arrows; Z or Enter = A; X or Backspace = B; S = shake; Esc quits"


def add_arguments(p):
    p.add_argument("--headless", action="store_true", help="no window: run --keys on simulated time")
    p.add_argument("--keys", metavar="FILE", help="key script: press/keydown/keyup KEY, wait MS, shot NAME, shake")
    p.add_argument("--shots", metavar="DIR", help="write each shot as DIR/NAME.png")
    p.add_argument("--micropython", action="store_true", help="run the firmware inside the micropython binary")
    p.add_argument("--heap", type=int, metavar="KB", help="micropython heap size (-X heapsize; implies --micropython)")
    p.add_argument("--demo", action="store_true", help="play one demo cycle of every pack first, then the keys")
    p.add_argument("--data", metavar="DIR", help="the device's /data folder (default: ~/.cupkit/sim-data for the "
                   "window, a fresh one for --headless)")
    p.add_argument("--flash", metavar="DIR", help="run the firmware installed in a virtual device's folder "
                   "(DIR/lib, DIR/packs, DIR/data; implies --micropython)")
    p.add_argument("--seed", type=int, metavar="N", help="the board's game seeds follow from N, so a key script "
                   "plays the same games every run (default: random, as on a board)")


def has_display():
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run(args):
    args.micropython = args.micropython or bool(args.heap)
    if args.headless or args.keys or args.flash or args.micropython:
        return headless(args)
    if has_display():
        from cupkit.sim import headless as sim
        data = os.path.abspath(args.data or os.path.join(os.path.expanduser("~"), ".cupkit", "sim-data"))
        root = tempfile.mkdtemp(prefix="cupkit-simdev-")
        here = sim.device(root)  # the window's device: built-in packs, whatever the working directory
        xdg = os.environ.get("XDG_RUNTIME_DIR")
        if not xdg or not os.path.isdir(xdg):  # else SDL prints "error: XDG_RUNTIME_DIR is invalid..."
            os.environ["XDG_RUNTIME_DIR"] = os.path.join(root, "xdg")
            os.mkdir(os.environ["XDG_RUNTIME_DIR"], 0o700)
        try:
            return window(data, args.seed)
        except RuntimeError as e:  # pygame.error: the display would not open
            print("The window did not open (%s)." % e)
        finally:
            os.chdir(here)
            shutil.rmtree(root, ignore_errors=True)
            if xdg is not None:
                os.environ["XDG_RUNTIME_DIR"] = xdg
            else:
                os.environ.pop("XDG_RUNTIME_DIR", None)
    print("No display here: playing the headless demo instead (a short game of every pack).")
    print("Try `cupkit sim --headless --keys FILE --shots DIR` to drive it yourself.")
    args.demo = True
    return headless(args)


def headless(args):
    from cupkit import quoting, tools
    from cupkit.sim import png
    from cupkit.sim import headless as sim
    for opt, path in (("--shots", args.shots), ("--data", args.data)):
        if path and os.path.exists(path) and not os.path.isdir(path):
            raise Fail("%s %s is a file: name a folder" % (opt, path))
    text = ""
    if args.keys:
        try:
            with open(args.keys, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise Fail("cannot read the key script: %s" % e)
    elif not args.demo:
        raise Fail("--headless needs --keys FILE (or --demo)")
    try:
        steps = sim.parse(text)
    except ValueError as e:
        raise Fail("%s: %s" % (args.keys, quoting.clip(e)))
    if args.demo and not args.keys:
        steps = [("shot", "menu")]
    image = data = None
    if args.flash:
        image = os.path.abspath(args.flash)
        if not os.path.isdir(os.path.join(image, "lib", "cupfw")):
            raise Fail("%s has no firmware (lib/cupfw): install it with `cupkit flash` first" % args.flash)
        data = os.path.join(image, "data")
    if args.data:
        data = args.data
    try:
        frames = sim.headless(steps, args.shots, data, args.micropython, args.heap, args.demo, image, args.seed)
    except tools.ToolMissing as e:
        raise Fail(str(e))
    except OSError as e:
        raise Fail("cannot write %s: %s" % (e.filename, e.strerror or e))
    except RuntimeError as e:
        print(quoting.lines(e), file=sys.stderr)
        raise Fail("the simulated device stopped with an error (above)")
    if args.demo:
        print("demo: every pack played through the game screens, back at the menu")
    if not args.shots and frames:
        name = sorted(frames)[-1] if "menu" not in frames else "menu"
        print(png.ascii_art(frames[name][0]))
    elif args.shots:
        print("%d screenshot%s in %s" % (len(frames), "" if len(frames) == 1 else "s", args.shots))
    elif args.keys:
        print("%s: done, %d step%s played and no shot taken: add `shot NAME` lines to see the screen (--shots DIR "
              "keeps them as PNGs)%s" % (args.keys, len(steps), "" if len(steps) == 1 else "s", "" if data else
                                         "; the device's /data was a fresh folder, now gone (keep it: --data DIR)"))
    return 0


def window(data, seed):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        raise Fail("pygame is missing: pip install -e .  (it is a runtime dependency)")
    from cupfw.app import App
    from cupfw.hal import UP, DOWN, LEFT, RIGHT, A, B
    from cupfw.hal.virtual import Board
    os.makedirs(data, exist_ok=True)
    board = Board(data_dir=data, seed=seed)
    app = App(board)
    pygame.display.init()
    pygame.font.init()
    w, h = 128 * SCALE + 40, 64 * SCALE + 190
    screen = pygame.display.set_mode((w, h))
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.quit()
        raise RuntimeError("no display: SDL fell back to its %s driver" % driver)
    pygame.display.set_caption("cupkit simulator  (%s)" % KEYS_HELP)
    font = pygame.font.Font(None, 26)
    keymap = {pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
              pygame.K_z: A, pygame.K_RETURN: A, pygame.K_x: B, pygame.K_BACKSPACE: B}
    oy = 64 * SCALE + 70
    pads = [(UP, "^", 80, oy), (DOWN, "v", 80, oy + 80), (LEFT, "<", 40, oy + 40), (RIGHT, ">", 120, oy + 40),
            (A, "A", w - 150, oy + 40), (B, "B", w - 80, oy + 20), (0, "shake", w // 2 - 40, oy + 40)]
    rects = [(bit, label, pygame.Rect(x - 28, y - 22, 56 if bit else 80, 44)) for bit, label, x, y in pads]
    keys = mouse = 0
    shown = oled = None
    last = pygame.time.get_ticks()
    clock = pygame.time.Clock()
    while True:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                pygame.quit()
                return 0
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                if ev.type == pygame.KEYDOWN and ev.key == pygame.K_s:
                    board.shake = True
                bit = keymap.get(ev.key, 0)
                keys = keys | bit if ev.type == pygame.KEYDOWN else keys & ~bit
            elif ev.type == pygame.MOUSEBUTTONDOWN:
                for bit, _, r in rects:
                    if r.collidepoint(ev.pos):
                        mouse = bit
                        board.shake = board.shake or not bit
            elif ev.type == pygame.MOUSEBUTTONUP:
                mouse = 0
        board.held = keys | mouse
        now = pygame.time.get_ticks()
        app.run(now - last)
        last = now
        screen.fill((30, 30, 34))
        if (board.frames, board.level) != shown:
            shown = (board.frames, board.level)
            oled = _oled(pygame, board)
        screen.blit(oled, (14, 14))
        n = board.led_count
        for i in range(n):
            rgb = tuple(board.led[3 * i:3 * i + 3])
            pygame.draw.circle(screen, rgb if any(rgb) else (50, 50, 50), (40 + i * (w - 80) // max(1, n - 1), 64 * SCALE + 45), 10)
        for bit, label, r in rects:
            down = (board.held & bit) if bit else False
            pygame.draw.rect(screen, (200, 200, 210) if down else (90, 90, 100), r, border_radius=10)
            t = font.render(label, True, (0, 0, 0) if down else (240, 240, 240))
            screen.blit(t, t.get_rect(center=r.center))
        pygame.display.flip()
        clock.tick(40)


def _oled(pygame, board):
    """The panel as a surface: every pixel a square with a gap, brighter with the contrast."""
    surf = pygame.Surface((128 * SCALE + 12, 64 * SCALE + 12))
    surf.fill((0, 0, 0))
    lvl = board.level / 255.0
    on = (int(40 + 90 * lvl), int(40 + 170 * lvl), int(40 + 215 * lvl))
    buf = board.buf
    for y in range(64):
        for x in range(128):
            lit = board.level and buf[(y >> 3) * 128 + x] >> (y & 7) & 1
            surf.fill(on if lit else (14, 16, 24), (6 + x * SCALE, 6 + y * SCALE, SCALE - 1, SCALE - 1))
    return surf
