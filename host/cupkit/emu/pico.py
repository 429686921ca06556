"""The emulated Pico as a Python object: the Node process (js/emu.mjs), its serial line on a pseudo-terminal.

    with Pico(flash_path, board="pico", seed=1) as pico:   # powered on, paused
        pico.run(2000)               # 2 s of the chip's time (stepped: exact and repeatable)
        pico.press("a"); pico.run(80); pico.release("a")
        pico.frame, pico.leds        # what the OLED and the LED strip show
        pico.port                    # /dev/pts/N: mpremote, cupkit flash, a terminal ...
        pico.mode("realtime")        # or "fast": free running, for the serial line
        pico.power_cut()             # SIGKILL: the flash file keeps what was written
        pico.power_on()

The pseudo-terminal is the board's USB port: it goes when the power is cut (a program
that has it open gets an error, as when a board is unplugged) and comes back at the next
power-on, mostly under the same name. A watchdog reset keeps it, as the chip's restart
banner tells the host what happened. Its bridge keeps the terminal's other end open (so a
client closing it never breaks the line) and drops the oldest output past a bound when
nobody reads (a terminal that is not read fills up and would stall the chip).
"""

import collections
import json
import os
import pty
import select
import signal
import socket
import subprocess
import tempfile
import threading
import time
import tty

from cupkit import paths
from cupkit.device import advert
from cupkit.emu import image, node
from cupkit.paths import checked

HERE = os.path.dirname(os.path.abspath(__file__))
BOOTROM = os.path.join(HERE, "rp2040-bootrom-b1.bin")
EMU_JS = os.path.join(HERE, "js", "emu.mjs")
MS = 1000000  # nanoseconds
BACKLOG = 64 * 1024  # bytes of serial output kept for a terminal that is not read
STATE = os.environ.get("CUPKIT_EMU_STATE") or os.path.join(tempfile.gettempdir(), "cupkit-emu.json")


class EmuError(RuntimeError):
    """The emulator stopped or did not answer: the message has the end of its log."""


def profile_path(board):
    """A board profile's file: a name in hardware/boards, a path, or a dict (written to a temporary file)."""
    if isinstance(board, dict):
        fd, p = tempfile.mkstemp(prefix="cupkit-emu-board-", suffix=".json")
        with os.fdopen(fd, "w") as f:
            json.dump(board, f)
        return p
    if os.path.exists(board):
        return board
    p = os.path.join(paths.HARDWARE, "boards", board + ".json")
    if not os.path.exists(p):
        raise ValueError("no board profile %r (hardware/boards has %s)" % (
            board, ", ".join(sorted(f[:-5] for f in os.listdir(os.path.join(paths.HARDWARE, "boards"))))))
    return p


class Bridge:
    """The serial line: a pseudo-terminal for the host's programs, a socket to the chip's USB.

    unplug() closes the terminal, as a board's port goes when its power is cut: a program that has
    it open gets an error at once rather than silence. plug() opens a new one (usually with the same
    name: the system gives out the lowest free number)."""

    def __init__(self, with_pty=True):
        self.sock = None
        self.transcript = bytearray()  # everything the chip sent, for tests and logs (last 256 KB)
        self.out = collections.deque()  # to the terminal, not written yet
        self.out_len = 0
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.stop = False
        self.master = self.slave = None
        self.port = None
        self.with_pty = with_pty
        self.wake_r, self.wake_w = os.pipe()
        self.plug()
        self.thread = threading.Thread(target=self._pump, daemon=True)
        self.thread.start()

    def plug(self):
        if not self.with_pty or self.master is not None:
            return
        master, slave = pty.openpty()
        tty.setraw(slave)
        tty.setraw(master)
        os.set_blocking(master, False)
        with self.lock:
            self.master, self.slave = master, slave
            self.port = os.ttyname(slave)
            self.out.clear()
            self.out_len = 0
        os.write(self.wake_w, b"x")

    def unplug(self):
        with self.lock:
            fds = (self.master, self.slave)
            self.master = self.slave = None
            self.out.clear()
            self.out_len = 0
        os.write(self.wake_w, b"x")
        for fd in fds:
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass

    def attach(self, sock):
        with self.lock:
            self.sock = sock
        os.write(self.wake_w, b"x")

    def send(self, data):
        """Bytes to the chip, as if typed on the terminal."""
        s = self.sock
        if s is not None:
            try:
                s.sendall(data)
            except OSError:
                pass

    def _from_chip(self, data):
        with self.lock:
            self.transcript += data
            if len(self.transcript) > 256 * 1024:
                del self.transcript[:len(self.transcript) - 256 * 1024]
            if self.master is not None:
                self.out.append(data)
                self.out_len += len(data)
                while self.out_len > BACKLOG and len(self.out) > 1:
                    self.out_len -= len(self.out.popleft())
            self.changed.notify_all()

    def _pump(self):
        while not self.stop:
            with self.lock:
                sock, master, pending = self.sock, self.master, bool(self.out)
            rd = [self.wake_r] + ([sock] if sock is not None else []) + ([master] if master is not None else [])
            wr = [master] if pending and master is not None else []
            try:
                r, w, _ = select.select(rd, wr, [], 0.5)
            except (OSError, ValueError):  # an fd closed under us (unplugged): look again
                time.sleep(0.01)
                continue
            if self.wake_r in r:
                os.read(self.wake_r, 64)
            if sock is not None and sock in r:
                try:
                    data = sock.recv(65536)
                except OSError:
                    data = b""
                if data:
                    self._from_chip(data)
                else:  # the chip's process ended (a power cut): wait for the next one
                    with self.lock:
                        if self.sock is sock:
                            self.sock = None
            if master is not None and master in r:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    data = b""
                if data:
                    self.send(data)
            if w:
                with self.lock:
                    while self.out and self.master == master:
                        chunk = self.out[0]
                        try:
                            n = os.write(master, chunk)
                        except OSError:  # full (nobody reads), or unplugged meanwhile
                            break
                        self.out_len -= n
                        if n < len(chunk):
                            self.out[0] = chunk[n:]
                            break
                        self.out.popleft()

    def close(self):
        self.stop = True
        os.write(self.wake_w, b"x")
        self.thread.join(timeout=2)
        self.unplug()
        for fd in (self.wake_r, self.wake_w):
            try:
                os.close(fd)
            except OSError:
                pass


class Pico:
    """An emulated Pico on a board profile; see the module's docstring."""

    def __init__(self, flash, board="pico", seed=0, bootsel=False, display=True, motion=True, battery_mv=4000,
                 verbose=0, with_pty=True, log=None, plain_decode=False):
        self.flash = os.path.abspath(flash)
        image.load(self.flash)  # a 2 MB file, or ValueError now
        self.board_file = profile_path(board)
        with open(self.board_file) as f:
            self.profile = json.load(f)
        self.seed = seed
        self.bootsel = bootsel
        self.display = display
        self.motion = motion
        self.battery_mv = battery_mv
        self.verbose = verbose
        self.log = log
        self.plain_decode = plain_decode
        self.bridge = Bridge(with_pty)
        self.port = self.bridge.port
        self.proc = None
        self.cond = threading.Condition()
        self.errors = collections.deque(maxlen=60)
        self._reset_state()

    def _reset_state(self):
        self.t = 0  # board time of the last event, ns
        self.at = -1
        self.busy = False
        self.fb = bytes(1024)
        self.display_on = False
        self.contrast = 0
        self.frames = 0  # transfers that wrote display RAM
        self.frame_events = 0
        self.frame_t = -1
        self.transfers = collections.deque(maxlen=100000)  # (start, end) board ns of each transfer to the OLED
        self.leds = bytes(3 * (self.profile.get("leds") or {}).get("count", 0))
        self.status = []  # (t, on): the status LED's changes
        self.tones = []  # (t, hz)
        self.resets = []  # (t, reason): watchdog resets
        self.last_stats = None
        self.ready = False
        self.usb = None  # board time the USB serial came up
        self.flash_ops = []  # (t, "erase"|"program", address, size): every write to the flash file

    # --- process

    def power_on(self, mode="paused", hold=()):
        """Start the chip from its flash file (the board's parts fresh, as at power-on).
        hold: buttons held down from the first instant (boot safety: B)."""
        entry = node.rp2040js(self.log)
        try:
            checked(BOOTROM)
        except RuntimeError as e:
            raise EmuError(str(e))
        self._reset_state()
        self.bridge.plug()
        self.port = self.bridge.port
        ours, theirs = socket.socketpair()
        cmd = [node.node(), EMU_JS, "--bootrom", BOOTROM, "--flash", self.flash, "--board", self.board_file,
               "--seed", str(self.seed), "--serial-fd", str(theirs.fileno()),
               "--battery-mv", str(self.battery_mv), "--verbose", str(self.verbose)]
        if self.bootsel:
            cmd.append("--bootsel")
        if not self.display:
            cmd.append("--no-display")
        if not self.motion:
            cmd.append("--no-motion")
        if self.plain_decode:
            cmd.append("--plain-decode")
        env = dict(os.environ, CUPKIT_RP2040JS=entry)
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     pass_fds=(theirs.fileno(),), env=env, start_new_session=True)
        theirs.close()
        self.bridge.attach(ours)
        self._sock = ours
        proc = self.proc
        threading.Thread(target=self._events, args=(proc,), daemon=True).start()
        threading.Thread(target=self._stderr, args=(proc,), daemon=True).start()
        self._wait(lambda: self.ready, 30, "to start")
        for k in hold:
            self.press(k)
        if mode != "paused":
            self.mode(mode)
        return self

    start = power_on

    def _events(self, proc):
        for line in proc.stdout:
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            with self.cond:
                if proc is not self.proc:
                    return
                self._event(ev)
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

    def _event(self, ev):
        kind = ev.get("ev")
        self.t = max(self.t, ev.get("t", 0))
        if kind == "display":
            self.fb = bytes.fromhex(ev["fb"])
            self.display_on = ev["on"]
            self.contrast = ev["contrast"]
            self.frames = ev["frames"]
            self.frame_events += 1
            self.frame_t = ev["t"]
            self.transfers.append((ev.get("since", ev["t"]), ev["t"]))
        elif kind == "leds":
            self.leds = bytes.fromhex(ev["rgb"])
        elif kind == "status":
            self.status.append((ev["t"], ev["on"]))
        elif kind == "tone":
            self.tones.append((ev["t"], ev["hz"]))
        elif kind == "reset":
            self.resets.append((ev["t"], ev["reason"]))
        elif kind == "at":
            self.at = ev["t"]
            self.busy = ev.get("busy", False)
        elif kind == "stats":
            self.last_stats = ev
        elif kind == "ready":
            self.ready = True
        elif kind == "usb":
            self.usb = ev["t"]
        elif kind == "flash":
            self.flash_ops.append((ev["t"], ev["op"], ev["addr"], ev["size"]))

    def _stderr(self, proc):
        for line in proc.stderr:
            text = line.decode("utf-8", "replace").rstrip()
            self.errors.append(text)
            if self.verbose:
                print(text, flush=True)

    def _send(self, **cmd):
        p = self.proc
        if p is None or p.poll() is not None:
            raise EmuError("the emulator is not running%s" % self._tail())
        try:
            p.stdin.write((json.dumps(cmd) + "\n").encode())
            p.stdin.flush()
        except OSError:
            raise EmuError("the emulator stopped%s" % self._tail())

    def _tail(self):
        p = self.proc
        code = p.poll() if p else None
        lines = list(self.errors)[-25:]
        return "%s%s" % (" (exit status %s)" % code if code is not None else "",
                         (":\n" + "\n".join(lines)) if lines else "")

    def _wait(self, pred, timeout, what):
        end = time.monotonic() + timeout
        with self.cond:
            while not pred():
                if self.proc is None or self.proc.poll() is not None:
                    # the last events may still be in the pipe
                    self.cond.wait(0.2)
                    if pred():
                        return
                    raise EmuError("the emulator stopped before %s%s" % (what, self._tail()))
                left = end - time.monotonic()
                if left <= 0:
                    raise EmuError("the emulator did not %s in %d s of wall time%s" % (what, timeout, self._tail()))
                self.cond.wait(min(left, 0.5))

    def power_cut(self):
        """SIGKILL the chip's process at once, wherever it is: what it wrote to flash stays, and its USB
        serial goes (the pseudo-terminal closes; power_on() opens one again)."""
        self.bridge.unplug()
        p = self.proc
        if p and p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                p.kill()
        if p:
            p.wait()
            for s in (p.stdin, p.stdout, p.stderr):
                try:
                    s.close()
                except OSError:
                    pass
        self.proc = None

    def stop(self):
        p = self.proc
        if p and p.poll() is None:
            try:
                self._send(cmd="quit")
                p.wait(timeout=5)
            except (EmuError, subprocess.TimeoutExpired):
                pass
        self.power_cut()

    def close(self):
        self.stop()
        self.bridge.close()

    def __enter__(self):
        if self.proc is None:
            self.power_on()
        return self

    def __exit__(self, *exc):
        self.close()

    # --- time

    def mode(self, mode):
        """'paused', 'fast' (as fast as the host can) or 'realtime' (near wall time)."""
        self._send(cmd="mode", mode=mode)

    def run_until(self, t_ns, timeout=300, stop=None, count=1):
        """Run the chip to board time t_ns (stepped), then it pauses. stop="frame" ends the run early at the
        first frame with something on it, stop="flash" just after the count-th write to the flash (an erase
        or a page program) from now."""
        self.at = -1
        if stop:
            self._send(cmd="run", until=int(t_ns), stop=stop, count=count)
        else:
            self._send(cmd="run", until=int(t_ns))
        self._wait(lambda: self.at >= 0, timeout, "reach %.3f s of emulated time" % (t_ns / 1e9))
        self.t = max(self.t, self.at)

    def run(self, ms, timeout=300):
        """Run the chip for ms milliseconds of its time."""
        self.run_until(self.now + ms * MS, timeout)

    @property
    def now(self):
        return max(self.t, self.at)

    def run_while(self, pred, step_ms=20, limit_ms=60000, timeout=300):
        """Run in steps while pred() holds, at most limit_ms of emulated time; True if pred() stopped holding."""
        end = self.now + limit_ms * MS
        while pred():
            if self.now >= end:
                return False
            self.run_until(min(end, self.now + step_ms * MS), timeout)
        return True

    def stats(self):
        """{t, wallMs, busyNs, idleNs, flashWrites}: emulated and wall time spent so far."""
        self.last_stats = None
        self._send(cmd="stats")
        self._wait(lambda: self.last_stats is not None, 30, "report")
        return self.last_stats

    # --- the board

    def press(self, key):
        self._send(cmd="press", key=key, down=True)

    def release(self, key):
        self._send(cmd="press", key=key, down=False)

    def shake(self):
        self._send(cmd="shake")

    def battery(self, mv):
        self._send(cmd="battery", mv=mv)

    @property
    def frame(self):
        return self.fb

    # --- the serial line

    @property
    def serial(self):
        """Everything the chip has sent on its USB serial (the last 256 KB), as text."""
        with self.bridge.lock:
            return bytes(self.bridge.transcript).decode("utf-8", "replace")

    def type(self, text):
        """Bytes to the chip's USB serial, as typed at a terminal."""
        self.bridge.send(text.encode() if isinstance(text, str) else text)

    def wait_serial(self, text, timeout=60, start=0):
        """Wait (wall time, the chip running free) until the serial output from offset start contains text
        (or the first of a tuple of texts); the offset just past it."""
        wants = [t.encode() if isinstance(t, str) else t for t in (text if isinstance(text, tuple) else (text,))]
        end = time.monotonic() + timeout
        b = self.bridge

        def found():
            hits = [(i, i + len(w)) for w in wants for i in [b.transcript.find(w, start)] if i >= 0]
            return min(hits)[1] if hits else -1

        with b.lock:
            while found() < 0:
                if self.proc is None or self.proc.poll() is not None:
                    raise EmuError("the emulator stopped before it printed %r%s" % (text, self._tail()))
                left = end - time.monotonic()
                if left <= 0:
                    raise EmuError("no %r on the serial line in %d s; it printed:\n%s" % (
                        text, timeout, bytes(b.transcript[-1500:]).decode("utf-8", "replace")))
                b.changed.wait(min(left, 0.5))
            return found()

    def blinks(self, since=0):
        """The status LED's blink counts: the numbers of flashes between pauses of over 1 s, from board time since."""
        groups = []
        last_off = None
        n = 0
        for t, on in self.status:
            if t < since:
                continue
            if on:
                if last_off is not None and t - last_off > 1000 * MS and n:
                    groups.append(n)
                    n = 0
                n += 1
            else:
                last_off = t
        return groups

    def repl(self, code, timeout=120):
        """Run code at the chip's raw REPL (Ctrl-C stops its program first) and return what it printed;
        EmuError with the traceback if it raised. The chip must be running free (mode fast or realtime)."""
        start = len(self.bridge.transcript)
        if self.profile.get("family") == "circuitpython":
            # CircuitPython drops what comes while its program stops, then waits for a key to start the REPL;
            # at its REPL (raw or not) Ctrl-B, Ctrl-C give the prompt
            self.type(b"\x02\x03")
            at = self.wait_serial((b"Press any key to enter the REPL", b">>> "), timeout, start)
            if b"Press any key" in self.bridge.transcript[start:at]:
                self.type(b"\r")
                at = self.wait_serial(b">>> ", timeout, at)
            start = at
        self.type(b"\r\x03\x03\x01")
        at = self.wait_serial(b"raw REPL; CTRL-B to exit\r\n>", timeout, start)
        self.type(code.encode() + b"\x04")
        end = self.wait_serial(b"\x04>", timeout, at)
        with self.bridge.lock:
            reply = bytes(self.bridge.transcript[at:end])
        if not reply.startswith(b"OK"):
            raise EmuError("the raw REPL refused the code: %r" % reply[:200])
        out, _, err = reply[2:].partition(b"\x04")
        err = err[:-2] if err.endswith(b"\x04>") else err
        if err.strip():
            raise EmuError("on the chip: %s" % err.decode("utf-8", "replace").strip())
        return out.decode("utf-8", "replace")

    def wait_usb(self, timeout=60):
        """Wait (the chip running free) until its USB serial is up: the moment a board's port appears."""
        self._wait(lambda: self.usb is not None, timeout, "bring its USB serial up")

    def advertise(self):
        """Record the port so that `cupkit devices` lists this emulated Pico."""
        advert.advertise(STATE, {"port": self.port, "flash": self.flash})

    def forget(self):
        advert.forget(STATE, self.port)


def running():
    """The advertised emulated Pico {port, pid, flash} if its process is alive, else None."""
    return advert.running(STATE)
