"""cupkit vdev: a virtual device (the MicroPython unix port on a pseudo-terminal, a folder as its flash)."""

import os
import signal
import sys
import threading

from cupkit import tools
from cupkit.device import vdev
from cupkit.cli import Fail, count

NAME = "vdev"
HELP = "run a virtual device: MicroPython on a pseudo-terminal with a folder as its flash (Ctrl-C stops it)"


def add_arguments(p):
    p.add_argument("--dir", default="vdev-flash", help="the folder that is its flash (default: ./vdev-flash)")
    p.add_argument("--heap", type=count, metavar="KB", help="MicroPython heap size in KB (default: the port's)")


def run(args):
    if os.path.exists(args.dir) and not os.path.isdir(args.dir):
        raise Fail("--dir %s is a file: name a folder for the device's flash" % args.dir)
    try:
        dev = vdev.VirtualDevice(args.dir, heap_kb=args.heap)
        dev.start()
    except tools.ToolMissing as e:
        raise Fail(str(e))
    except OSError as e:
        raise Fail("cannot make the virtual device in %s: %s" % (args.dir, e.strerror or e))
    dev.advertise()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *a: stop.set())
    print("virtual device on %s, flash folder %s" % (dev.port, dev.dir))
    print("cupkit commands find it on their own (or pass --port %s); Ctrl-C stops it" % dev.port)
    sys.stdout.flush()
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        dev.stop()
    return 0
