"""cupkit emu: an emulated Pico on the desk: the stock MicroPython UF2 (or CircuitPython's) on an emulated RP2040,
the board modelled."""

import os
import signal
import sys
import threading
import time

from cupkit.cli import Fail

NAME = "emu"
HELP = ("run an emulated Pico (stock MicroPython, or CircuitPython, on rp2040js, the board modelled) with its USB "
        "serial on a pseudo-terminal: in a window, or headless from a key script")
DEFAULT_FLASH = os.path.join(os.path.expanduser("~"), ".cupkit", "emu-flash.bin")
DEFAULT_CP_FLASH = os.path.join(os.path.expanduser("~"), ".cupkit", "emu-cp-flash.bin")


def add_arguments(p):
    p.add_argument("--circuitpython", action="store_true", help="run CircuitPython 10.2.1 (firmware/ports) "
                   "instead of MicroPython: board pico-cp, CIRCUITPY a FAT volume in the flash")
    p.add_argument("--flash", metavar="FILE", help="the chip's 2 MB flash, kept between runs (default: "
                   "~/.cupkit/emu-flash.bin, with --circuitpython emu-cp-flash.bin; made with the UF2 on it when missing)")
    p.add_argument("--fresh", action="store_true", help="start from a blank chip (the flash erased, the UF2 copied on)")
    p.add_argument("--uf2", metavar="FILE", help="copy this UF2 onto the chip before it boots, as onto its BOOTSEL "
                   "drive (default for a new chip: firmware/ports' stock MicroPython)")
    p.add_argument("--install", action="store_true", help="put what `cupkit flash --board BOARD` installs on the "
                   "chip's filesystem before it boots (its /data kept), instead of flashing over the serial line; "
                   "with --circuitpython, `cupkit flash --drive` installs onto CIRCUITPY, the chip stopped")
    p.add_argument("--fs", metavar="IMAGE", help="a filesystem image: littlefs (4096-byte blocks) at 0xA0000, "
                   "with --circuitpython a FAT volume (2048 sectors) at 0x100000")
    p.add_argument("--board", help="the board profile it is wired as (default: pico, with --circuitpython pico-cp)")
    p.add_argument("--headless", action="store_true", help="no window: run --keys, or serve the serial line")
    p.add_argument("--keys", metavar="FILE", help="key script (as cupkit sim): press/keydown/keyup KEY, wait MS, "
                   "shot NAME, shake; run on the chip's time from its first frame, then exit")
    p.add_argument("--shots", metavar="DIR", help="write each shot as DIR/NAME.png")
    p.add_argument("--speed", choices=("realtime", "fast"), help="how the chip's time runs when free: near wall "
                   "time (the default) or as fast as this machine can (an idle cup then dims, sleeps and plays its "
                   "demo in moments)")
    p.add_argument("--seed", type=int, default=0, help="seed of the chip's ring-oscillator random bit (runs repeat)")
    p.add_argument("--hold", metavar="KEY", action="append", default=[], help="a button held from power-on "
                   "(--hold b: the boot-safety REPL)")
    p.add_argument("--no-display", action="store_true", help="no OLED on the I2C bus")
    p.add_argument("--no-motion", action="store_true", help="no accelerometer on the I2C bus")
    p.add_argument("--battery-mv", type=int, default=4000, help="the battery's voltage (default 4000 mV)")
    p.add_argument("-v", "--verbose", action="count", default=0, help="the emulator's warnings (-vv: everything)")


def prepare(args):
    """The flash file, made or changed as the options say; returns its path."""
    from cupkit.device import cpfs, rp2fs, uf2
    from cupkit.emu import CP_UF2, UF2, drive, headless, image
    from cupkit.paths import checked
    cp = args.circuitpython
    stock, fs = (CP_UF2, cpfs) if cp else (UF2, rp2fs)
    path = os.path.abspath(args.flash or (DEFAULT_CP_FLASH if cp else DEFAULT_FLASH))
    new = args.fresh or not os.path.exists(path)
    try:
        img = image.blank() if new else image.load(path)
    except ValueError as e:
        raise Fail("%s (start a new chip with --fresh)" % e)
    if new or args.uf2:
        source = args.uf2 or stock
        try:
            image.install_uf2(img, source if args.uf2 else checked(stock))
        except (uf2.UF2Error, RuntimeError) as e:
            raise Fail(str(e))
        print("%s copied onto the chip" % os.path.basename(source))
    if args.fs:
        try:
            with open(args.fs, "rb") as f:
                image.put_fs(img, f.read(), fs)
        except (OSError, ValueError) as e:
            raise Fail("--fs %s: %s" % (args.fs, e))
    if args.install and cp:
        drive.flash(img, args.board)
    elif args.install:
        files = headless.device_files(args.board)
        try:
            old = image.read_files(img)
        except Exception:  # no filesystem there yet, or a damaged one: nothing to keep
            old = {}
        files.update((p, d) for p, d in old.items() if p.startswith("data/"))
        image.put_fs(img, image.make_fs(files))
        print("installed %d files on the chip's filesystem (board %s)" % (len(files), args.board))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    image.save(path, img)
    return path


def run(args):
    from cupkit.emu import node
    from cupkit.emu.pico import EmuError, Pico
    from cupkit.sim import headless as sim
    steps = None
    if args.keys:
        try:
            with open(args.keys, encoding="utf-8") as f:
                steps = sim.parse(f.read())
        except OSError as e:
            raise Fail("cannot read the key script: %s" % e)
        except ValueError as e:
            raise Fail("%s: %s" % (args.keys, e))
        args.headless = True
    args.board = args.board or ("pico-cp" if args.circuitpython else "pico")
    path = prepare(args)
    try:
        pico = Pico(path, board=args.board, seed=args.seed, bootsel=False, display=not args.no_display,
                    motion=not args.no_motion, battery_mv=args.battery_mv, verbose=args.verbose)
    except ValueError as e:
        raise Fail(str(e))
    t0 = time.monotonic()
    try:
        pico.power_on(hold=args.hold)
    except (node.NodeMissing, EmuError) as e:
        pico.close()
        raise Fail(str(e))
    try:
        if steps is not None:
            return script(pico, steps, args, t0)
        pico.mode(args.speed or "realtime")
        pico.wait_usb()  # its port is there once the chip's USB is up, as a board's
        pico.advertise()
        print("emulated Pico on %s, flash %s" % (pico.port, path))
        print("`cupkit devices` lists it; give cupkit commands --port %s (or export CUPKIT_PORT=%s); %s" % (
            pico.port, pico.port, "Ctrl-C stops it" if args.headless else "close the window or press Esc to stop it"))
        sys.stdout.flush()
        if not args.headless and has_display():
            from cupkit.emu import window
            try:
                return window.run(pico)
            except RuntimeError as e:
                print("The window did not open (%s): running headless, Ctrl-C stops it." % e)
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *a: stop.set())
        try:
            while not stop.wait(0.5):
                if pico.proc.poll() is not None:
                    raise Fail("the emulator stopped" + pico._tail())
        except KeyboardInterrupt:
            pass
        return 0
    except (EmuError, RuntimeError) as e:
        raise Fail(str(e))
    finally:
        report(pico, t0)
        pico.forget()
        pico.close()


def has_display():
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def script(pico, steps, args, t0):
    from cupkit.emu import headless
    from cupkit.sim import png
    boot = headless.boot(pico)
    print("booted to its first frame in %.2f s of the chip's time" % (boot / 1e9))
    frames = headless.play(pico, steps, args.shots, wait_ready=args.circuitpython)
    if args.shots:
        print("%d screenshot%s in %s" % (len(frames), "" if len(frames) == 1 else "s", args.shots))
    else:
        print(png.ascii_art(pico.frame))
    return 0


def report(pico, t0):
    try:
        s = pico.stats()
    except Exception:
        return
    wall = time.monotonic() - t0
    busy = s["busyNs"] / 1e9
    print("the chip ran %.1f s of its time in %.1f s; busy %.1f s of it, emulated at %.2fx a 125 MHz Pico"
          % (s["t"] / 1e9, wall, busy, busy / max(1e-9, s["wallMs"] / 1000.0)), file=sys.stderr)
