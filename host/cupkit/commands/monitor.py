"""cupkit monitor: the device's serial console (pyserial's miniterm); Ctrl-] leaves."""

import os
import sys

from cupkit.device import transport as device
from cupkit.cli import Fail, count

NAME = "monitor"
HELP = "the device's serial console: what it prints, and its REPL (Ctrl-] to leave)"


def add_arguments(p):
    p.add_argument("--port", help="serial port (default: the device found)")
    p.add_argument("--baud", type=count, default=115200)


def enter():
    """Enter sends CR, as mpremote's REPL does: the terminal turns it into LF, which CircuitPython's REPL ignores."""
    from serial.tools import miniterm

    class Enter(miniterm.Transform):
        def tx(self, text):
            return text.replace("\n", "\r")
    return Enter()


def run(args):
    import serial
    from serial.tools import miniterm
    if not sys.stdin.isatty():
        raise Fail("monitor is interactive: run it in a terminal")
    port = device.find_port(args.port)
    try:
        ser = serial.serial_for_url(port, args.baud, timeout=1, do_not_open=True, exclusive=True)
        ser.open()
    except (serial.SerialException, OSError, ValueError) as e:
        if not os.path.exists(port):
            raise Fail("no device at %s — is it plugged in? try `cupkit devices`" % port)
        raise Fail("device busy: cannot open %s (%s) — close the other program using it" % (port, e))
    term = miniterm.Miniterm(ser, echo=False, eol="lf")
    term.tx_transformations.append(enter())
    term.exit_character = chr(0x1D)  # Ctrl-]
    term.menu_character = chr(0x14)  # Ctrl-T
    term.set_rx_encoding("utf-8")
    term.set_tx_encoding("utf-8")
    sys.stderr.write("--- %s: Ctrl-] to leave, Ctrl-C interrupts the device's program ---\n" % port)
    term.start()
    try:
        term.join(True)
    except KeyboardInterrupt:
        pass
    term.join()
    term.close()
    return 0
