"""The virtual device: the MicroPython unix port on a pseudo-terminal, a folder as its flash.

The unix port only runs its REPL when stdin is a terminal, and a client (mpremote,
pyserial) needs a terminal of its own to open, so there are two pseudo-terminals
with a relay between them, as `socat PTY EXEC:micropython,pty` would do. The
client opens `port`; micropython sits on the other one with the folder as its
working directory and MICROPYPATH=DIR/lib, so /lib is on sys.path like a board's.

The unix port has no soft reset: Ctrl-D at the raw REPL ends the process. The
relay then starts a fresh one (a reboot), so the device stays up for the next
client; connect with resume semantics (no soft reset) all the same.
"""

import os
import pty
import select
import shutil
import subprocess
import tempfile
import threading
import tty

from cupkit import tools
from cupkit.device import advert

STATE = os.environ.get("CUPKIT_VDEV_STATE") or os.path.join(tempfile.gettempdir(), "cupkit-vdev.json")


class VirtualDevice:
    def __init__(self, flash_dir, heap_kb=None):
        self.dir = os.path.abspath(flash_dir)
        os.makedirs(self.dir, exist_ok=True)
        self.heap_kb = heap_kb
        self.proc = None
        self.boots = 0
        self._stop = False
        # The client's side: we keep its slave open so the master never sees EIO between clients.
        self._cmaster, self._cslave = pty.openpty()
        tty.setraw(self._cslave)
        self.port = os.ttyname(self._cslave)
        self._thread = None
        # The unix port keeps REPL history in $HOME/.micropython.history and loads it into its heap
        # at every start: a board has no such thing, so each interpreter gets an empty home of its own.
        self._home = tempfile.mkdtemp(prefix="cupkit-vdev-home-")

    def _spawn(self):
        master, slave = pty.openpty()
        tty.setraw(slave)
        cmd = [tools.micropython()]
        if self.heap_kb:
            cmd += ["-X", "heapsize=%dk" % self.heap_kb]
        shutil.rmtree(self._home, ignore_errors=True)
        os.makedirs(self._home)
        env = dict(os.environ, MICROPYPATH=os.path.join(self.dir, "lib") + ":.frozen", HOME=self._home)
        self.proc = subprocess.Popen(cmd, cwd=self.dir, env=env, stdin=slave, stdout=slave, stderr=slave,
                                     close_fds=True, start_new_session=True)
        os.close(slave)
        self._dmaster = master
        self.boots += 1

    def start(self):
        self._spawn()
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()
        return self

    def _relay(self):
        """Copy bytes both ways. Input waits until micropython shows its first prompt: it flushes
        its terminal's input when it starts, so earlier bytes (a client's Ctrl-C, Ctrl-A) would be lost."""
        booting = True
        while not self._stop:
            try:
                ready = select.select([self._dmaster] if booting else [self._cmaster, self._dmaster], [], [], 0.2)[0]
            except (OSError, ValueError):
                return
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    data = b""
                if fd == self._dmaster:
                    if not data:  # micropython ended (Ctrl-D): reboot
                        self._reap()
                        if not self._stop:
                            self._spawn()
                            booting = True
                        break
                    booting = booting and b">>> " not in data
                    os.write(self._cmaster, data)
                elif data:
                    try:
                        os.write(self._dmaster, data)
                    except OSError:  # micropython just died: the bytes are lost, as on a board losing power
                        pass

    def _reap(self):
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        try:
            os.close(self._dmaster)
        except OSError:
            pass

    def stop(self):
        self._stop = True
        if self._thread:
            self._thread.join(timeout=2)
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
        if self.proc:
            self._reap()
        for fd in (self._cmaster, self._cslave):
            try:
                os.close(fd)
            except OSError:
                pass
        forget(self.port)
        shutil.rmtree(self._home, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def advertise(self):
        """Record the port so that commands without --port find this device."""
        advert.advertise(STATE, {"port": self.port, "dir": self.dir})


def running():
    """The advertised virtual device {port, pid, dir} if its process is alive, else None."""
    return advert.running(STATE)


def forget(port):
    advert.forget(STATE, port)
