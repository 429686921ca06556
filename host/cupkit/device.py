"""A MicroPython device over serial: mpremote's SerialTransport in raw REPL, without soft reset.

Connecting never soft-resets (resume semantics): the unix port of the virtual
device has no soft reset, and a board keeps its state. find_port() picks the
device when no --port is given: CUPKIT_PORT, else the one USB board that looks
like MicroPython/CircuitPython, else a running `cupkit vdev`.
"""

import json
import os

from cupkit import vdev
from cupkit.cli import Fail

# USB vendor ids of boards that run MicroPython or CircuitPython out of the box:
# Raspberry Pi, Adafruit, MicroPython (pyboard), Espressif.
BOARD_VIDS = (0x2E8A, 0x239A, 0xF055, 0x303A)
NO_DEVICE = "no device found — is it plugged in? try `cupkit devices` (or start one: `cupkit vdev`)"


def usb_ports():
    """[(port, description)] of serial ports whose USB vendor makes MicroPython boards."""
    from serial.tools import list_ports
    return [(p.device, p.description or "") for p in sorted(list_ports.comports(), key=lambda p: p.device)
            if p.vid in BOARD_VIDS]


def describe(port, patience=2):
    """What runs on the port: {impl, version, machine, board} read over the raw REPL; Fail if nothing answers."""
    with Device(port, timeout=5, patience=patience) as dev:
        return dev.json(
            "import sys,json\ni=sys.implementation\nb=None\ntry:\n f=open('board.json');b=json.load(f).get('name');f.close()\n"
            "except Exception:pass\nprint(json.dumps({'impl':i.name,'version':'.'.join([str(x) for x in i.version[:3]]),"
            "'machine':getattr(i,'_machine',sys.platform),'board':b}))")


def find_port(port=None):
    if port or os.environ.get("CUPKIT_PORT"):
        return port or os.environ["CUPKIT_PORT"]
    found = usb_ports()
    if len(found) > 1:
        raise Fail("several devices (%s): choose one with --port" % ", ".join(p for p, _ in found))
    if found:
        return found[0][0]
    st = vdev.running()
    if st:
        return st["port"]
    raise Fail(NO_DEVICE)


class Device:
    """An open raw-REPL session; use as a context manager."""

    def __init__(self, port=None, timeout=30, patience=5):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport
        self.port = find_port(port)
        self.timeout = timeout
        if not os.path.exists(self.port) and not self.port.startswith(("COM", "socket:", "rfc2217:")):
            raise Fail("no device at %s — is it plugged in? try `cupkit devices`" % self.port)
        try:
            self.t = SerialTransport(self.port, baudrate=115200)
        except TransportError:
            raise Fail("device busy: %s is open in another program (a serial monitor, Thonny, mpremote?) "
                       "— close it and retry" % self.port)
        try:
            self.t.enter_raw_repl(soft_reset=False, timeout_overall=patience)
        except (TransportError, OSError):
            self.close()
            raise Fail("the device at %s does not answer MicroPython's raw REPL — press its reset button "
                       "and retry (CircuitPython boards: use --drive)" % self.port)

    def run(self, code, timeout=None):
        """Execute code on the device; its printed output (bytes). Fail with the device's error."""
        from mpremote.transport import TransportError
        try:
            self.t.exec_raw_no_follow(code)
            out, err = self.t.follow(timeout or self.timeout)
        except (TransportError, OSError) as e:
            raise Fail("lost the device at %s (%s) — check the cable and retry" % (self.port, e))
        if err:
            lines = err.decode("utf-8", "replace").strip().splitlines()
            raise Fail("the device reported: %s" % (lines[-1] if lines else "an error"))
        return out

    def json(self, code, timeout=None):
        """Execute code that prints one JSON value as its last line; that value."""
        out = self.run(code, timeout).decode("utf-8", "replace").strip().splitlines()
        try:
            return json.loads(out[-1])
        except (IndexError, ValueError):
            raise Fail("unexpected answer from the device: %r" % "\n".join(out)[-200:])

    def close(self):
        try:
            if self.t.in_raw_repl:
                self.t.exit_raw_repl()
            self.t.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
