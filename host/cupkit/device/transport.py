"""A MicroPython device over serial: mpremote's SerialTransport in raw REPL, without soft reset.

Connecting never soft-resets (resume semantics): the unix port of the virtual
device has no soft reset, and a board keeps its state. find_port() picks the
device when no --port is given: CUPKIT_PORT, else the one USB board that looks
like MicroPython/CircuitPython, else a running `cupkit vdev`.
"""

import contextlib
import io
import json
import os
import time

from cupkit.device import vdev
from cupkit.cli import Fail

# USB vendor ids of boards that run MicroPython or CircuitPython out of the box:
# Raspberry Pi, Adafruit, MicroPython (pyboard), Espressif.
BOARD_VIDS = (0x2E8A, 0x239A, 0xF055, 0x303A)
HINTS = (("Errno 30", " — its flash is read-only to its own code (CircuitPython: use --drive)"),
         ("Errno 28", " — its flash is full: remove files from it (not /data) and retry"),
         ("ImportError", " — is it flashed? run `cupkit flash`"),
         ("MemoryError", " — the device is short of RAM: unplug it, plug it in again and retry"))
# What a (re)starting MicroPython prints: seen while a command runs, the device restarted under it.
BOOTED = (b"soft reboot\r\n", b'Type "help()" for more information.')
RESTARTED = "it restarted in the middle of a command: a reset or a power cut?"
# What CircuitPython prints once Ctrl-C has stopped its program; it drops what came meanwhile (mpremote's Ctrl-A).
ANY_KEY = b"Press any key to enter the REPL"
QUIET = 10  # seconds the raw REPL's handshakes may stay silent (a device answers them in milliseconds)
NO_DEVICE = "no device found — is it plugged in? try `cupkit devices` (or start one: `cupkit vdev`)"


def usb_ports():
    """[(port, description)] of serial ports whose USB vendor makes MicroPython boards."""
    from serial.tools import list_ports
    return [(p.device, p.description or "") for p in sorted(list_ports.comports(), key=lambda p: p.device)
            if p.vid in BOARD_VIDS]


def describe(port, patience=2):
    """What runs on the port: {impl, version, machine, board, cupkit} read over the raw REPL (cupkit:
    whether /lib/cupfw is installed); Fail if nothing answers."""
    with Device(port, timeout=5, patience=patience) as dev:
        return dev.json(
            "import sys,json,os\ni=sys.implementation\nb=None\nc=True\ntry:\n f=open('board.json');b=json.load(f).get('name');f.close()\n"
            "except Exception:pass\ntry:os.stat('lib/cupfw')\nexcept OSError:c=False\n"
            "print(json.dumps({'impl':i.name,'version':'.'.join([str(x) for x in i.version[:3]]),"
            "'machine':getattr(i,'_machine',sys.platform),'board':b,'cupkit':c}))")


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


def _lost(why):
    from mpremote.transport import TransportError  # mpremote loads only when a device is used
    raise TransportError(why)


class _Port:
    """The serial port as mpremote sees it, with every wait bounded.

    A pushback buffer: a command's output is read in bulk (mpremote reads it byte by
    byte), and what came after it (the raw REPL's prompt) is left for mpremote. In
    `watch` mode "run" (a command being sent) a read waits at most QUIET seconds for its
    bytes; in "run" and "enter" (entering the raw REPL) a read fails at once when the
    device shows it restarted: mpremote's own reads would wait forever on a device that
    came back in its friendly REPL after a power cut. While entering, a CircuitPython
    board waiting for a key is given one, and at its prompt the raw REPL is asked again."""

    def __init__(self, ser):
        object.__setattr__(self, "ser", ser)
        object.__setattr__(self, "back", b"")
        object.__setattr__(self, "watch", None)
        object.__setattr__(self, "tail", b"")
        object.__setattr__(self, "woken", False)

    def read(self, n=1):
        if self.back:
            out = self.back[:n]
            self.back = self.back[n:]
        elif not self.watch:
            return self.ser.read(n)
        elif self.watch == "enter":
            out = self.ser.read(n)
        else:
            out, end = b"", time.monotonic() + QUIET
            while len(out) < n:
                got = self.ser.read(n - len(out))
                out += got
                if not got and time.monotonic() > end:
                    _lost("no answer for %d s" % QUIET)
        if self.watch:
            tail = self.tail + out
            self.tail = tail[-40:]
            if any(b in tail for b in BOOTED):
                _lost(RESTARTED)
            if self.watch == "enter":
                self._wake(tail)
        return out

    def _wake(self, tail):
        if ANY_KEY in tail:
            self.ser.write(b"\r")
            self.tail, self.woken = b"", True
        elif self.woken and tail.endswith(b">>> "):
            self.ser.write(b"\r\x01")  # Ctrl-A: the raw REPL
            self.woken = False

    def inWaiting(self):
        return len(self.back) + self.ser.inWaiting()

    def __getattr__(self, name):
        return getattr(self.ser, name)

    def __setattr__(self, name, value):
        if name in ("watch", "tail", "back", "woken"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.ser, name, value)


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
            if os.path.exists(self.port) and not os.access(self.port, os.R_OK | os.W_OK):
                raise Fail("no permission to open %s: add yourself to its group (Linux: sudo usermod -aG dialout "
                           "$USER, then log in again)" % self.port)
            raise Fail("device busy: %s is open in another program (a serial monitor, Thonny, mpremote?) "
                       "— close it and retry" % self.port)
        self.t.serial = _Port(self.t.serial)
        # mpremote reads a pty byte by byte: without timeouts a silent device (or a full pty) hangs it
        self.t.serial.ser.timeout = 0.05
        self.t.serial.ser.write_timeout = QUIET
        # What the device printed before we opened the port (a boot banner) is no restart of ours.
        self.t.serial.ser.reset_input_buffer()
        try:
            self._enter(patience)
            # Connecting stopped a board's program (Ctrl-C); leaving restarts it. The unix port of
            # the virtual device runs nothing at start, so it is restarted only after changes.
            self.is_board = self.run("import sys\nprint(sys.platform)").strip() != b"linux"
            if self.is_board:  # a soft reset in the raw REPL: a clean heap, and main.py does not start
                self.t.enter_raw_repl(soft_reset=True, timeout_overall=patience)
        except (TransportError, OSError):
            self.close()
            raise Fail("the device at %s does not answer MicroPython's raw REPL — press its reset button "
                       "and retry (CircuitPython boards: use --drive)" % self.port)
        except Fail:
            self.close()
            raise

    def _enter(self, patience):
        """Enter the raw REPL; once more if the device restarted meanwhile (a new program came up)."""
        from mpremote.transport import TransportError
        port = self.t.serial
        for again in (True, False):
            port.watch, port.tail = "enter", b""
            try:
                with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got when it fails
                    self.t.enter_raw_repl(soft_reset=False, timeout_overall=patience)
                return
            except TransportError as e:
                if not again or str(e) != RESTARTED:
                    raise
            finally:
                port.watch = None
            # let the new program answer what it got late (our first Ctrl-C, Ctrl-A), then drop that:
            # wait until it has been quiet for 0.1 s (0.5 s at most)
            end = last = time.monotonic()
            end += 0.5
            while time.monotonic() < end and time.monotonic() - last < 0.1:
                if port.ser.read(256):
                    last = time.monotonic()
            port.back = b""
            port.ser.reset_input_buffer()

    def run(self, code, timeout=None):
        """Execute code on the device; its printed output (bytes). Fail with the device's error."""
        from mpremote.transport import TransportError
        port = self.t.serial
        port.watch, port.tail = "run", b""
        try:
            self.t.exec_raw_no_follow(code)
            out, err = self._follow(timeout or self.timeout)
        except (TransportError, OSError) as e:
            why = str(e)
            if isinstance(e, TransportError) and why != RESTARTED and self._restarted():
                why = RESTARTED
            raise Fail("lost the device at %s (%s) — check the cable and retry" % (self.port, why))
        finally:
            port.watch = None
        if err:
            lines = err.decode("utf-8", "replace").strip().splitlines()
            last = lines[-1] if lines else "an error"
            hint = next((h for k, h in HINTS if k in last), "")
            raise Fail("the device reported: %s%s" % (last, hint))
        return out

    def _restarted(self):
        """Whether the device shows its start-up banner within a moment: mpremote gives up on the
        banner's first byte ("unexpected read during raw paste: b'M'")."""
        port = self.t.serial
        seen, end = port.tail, time.monotonic() + 0.5
        while not any(b in seen for b in BOOTED) and time.monotonic() < end:
            seen += port.ser.read(256)
        return any(b in seen for b in BOOTED)

    def _follow(self, timeout):
        """(stdout, stderr) of the command just sent: the raw REPL ends each with Ctrl-D. The command
        may stay silent for up to timeout seconds (a board writing its flash)."""
        port = self.t.serial
        raw = port.ser
        buf, ends, seen = port.back, [], 0
        port.back = b""
        idle = time.monotonic()
        while True:
            cut = buf.find(b"\x04", seen)
            if cut >= 0:
                ends.append(cut)
                seen = cut + 1
                if len(ends) == 2:
                    break
                continue
            seen = len(buf)
            chunk = raw.read(max(1, raw.in_waiting))
            if chunk:
                buf += chunk
                idle = time.monotonic()
                if any(b in buf for b in BOOTED):
                    _lost(RESTARTED)
            elif time.monotonic() - idle > timeout:
                _lost("no answer for %d s" % timeout)
        port.back = buf[ends[1] + 1:]
        return buf[:ends[0]], buf[ends[0] + 1:ends[1]]

    def json(self, code, timeout=None):
        """Execute code that prints one JSON value as its last line; that value."""
        out = self.run(code, timeout).decode("utf-8", "replace").strip().splitlines()
        try:
            return json.loads(out[-1])
        except (IndexError, ValueError):
            raise Fail("unexpected answer from the device: %r" % "\n".join(out)[-200:])

    def close(self, restart=None):
        """Leave the raw REPL and, with restart (default: on a board), soft-reboot (Ctrl-D at the REPL)
        so its program runs again with any new files (the unix port of the virtual device ends
        instead, and the virtual device starts it again)."""
        if restart is None:
            restart = getattr(self, "is_board", False)
        try:
            if self.t.in_raw_repl:
                self.t.exit_raw_repl()
            if restart:
                self.t.read_until(1, b">>> ", timeout=2, timeout_overall=3)
                self.t.serial.write(b"\x04")
                # wait for the reboot to show, so the next connection's bytes reach the new program
                seen, end = b"", time.monotonic() + 3
                while b"soft reboot" not in seen and b"MicroPython" not in seen and time.monotonic() < end:
                    seen += self.t.serial.read(64)
            self.t.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
