"""Incremental, atomic installs of files onto a device (serial raw REPL) or a drive (a folder).

Every install goes the same way: list the device's files with their hashes
(computed on the device), send only the files whose hash differs, each under
.cupkit/new/PATH, then write a switch journal (.cupkit/switch, itself created
by a rename: the commit point) and apply it: rename every new file into place,
remove files that are gone, delete the journal. Before the commit the device
holds the old version untouched; the switch runs on the device in one go, and
a switch cut short (power loss) is finished at the board's next boot (main.py
and code.py run firmware/switch.py before they import anything) or by the next install.
/data is never listed, written or removed.
"""

import binascii
import hashlib
import json
import os
import shutil
import zlib

STAGE = ".cupkit/new/"
JOURNAL = ".cupkit/switch"
TOP = ("main.py", "code.py", "boot.py", "switch.py", "board.json")
CHUNK = 1024      # raw bytes per write call (1.4 KB of base64: small strings for a fragmented heap)
BATCH = 4096      # raw bytes per raw-REPL exec (about 6 KB of source: a flash fits a heap of about 28 KB)

# Sent once per session; runs on MicroPython and CircuitPython. The unix port
# (the virtual device) keeps its folder as the working directory; boards use /.
DEVICE_HELPERS = """import os,sys,json
if sys.platform!='linux':os.chdir('/')
try:
 import hashlib;H=hashlib.sha256
except (ImportError,AttributeError):
 H=None
try:
 from binascii import a2b_base64 as B
except ImportError:
 B=None
_b=bytearray(1024);_m=memoryview(_b)
S='.cupkit';T=%r
def hs(p):
 f=open(p,'rb');h=H() if H else None;a=1;c=0
 while 1:
  n=f.readinto(_b)
  if not n:break
  if h:h.update(_m[:n])
  else:
   for x in _m[:n]:
    a=(a+x)%%65521;c=(c+a)%%65521
 f.close()
 if h:return ''.join(['%%02x'%%x for x in h.digest()[:8]])
 return '%%08x'%%((c<<16)|a)
def ex(p):
 try:
  os.stat(p);return 1
 except OSError:return 0
def md(p):
 q=''
 for s in p.split('/')[:-1]:
  q+=s
  if not ex(q):os.mkdir(q)
  q+='/'
def wf(p,d,a):
 if not a:md(p)
 f=open(p,'ab' if a else 'wb');f.write(B(d) if B else d);f.close()
def rt(d):
 for e in os.ilistdir(d):
  p=d+'/'+e[0]
  if e[1]&0x4000:rt(p)
  else:os.remove(p)
 os.rmdir(d)
def ki(c):
 try:
  import micropython;micropython.kbd_intr(c)
 except (ImportError,AttributeError):pass
def ap():
 j=S+'/switch'
 if not ex(j):return 0
 ki(-1)
 f=open(j)
 while 1:
  l=f.readline().rstrip('\\n')
  if not l:break
  if l[:2]=='r ':
   s,d=l[2:].split(' ')
   if ex(s):
    md(d)
    if ex(d):os.remove(d)
    os.rename(s,d)
  elif l[:2]=='d ' and ex(l[2:]):os.remove(l[2:])
 f.close();os.remove(j)
 ki(3)
 if ex(S+'/new'):rt(S+'/new')
 return 1
def wk(d):
 for e in os.ilistdir(d or '.'):
  p=(d+'/' if d else '')+e[0]
  if e[1]&0x4000:
   if d or p in ('lib','packs',S):wk(p)
  elif d or p in T:print('F '+hs(p)+' '+p)
def ck():
 E=[];f=open(S+'/new/.check')
 while 1:
  l=f.readline().split()
  if not l:break
  if not ex(l[0]) or hs(l[0])!=l[1]:E.append(l[0])
 f.close()
 if E:print(json.dumps({'bad':E}));return
 os.rename(S+'/new/.switch',S+'/switch');ap();print(json.dumps({'ok':1}))
def pr():
 ki(3);r=ap();wk('');fr=-1;bd=None;i=sys.implementation
 try:
  v=os.statvfs('.');fr=v[0]*v[4]
 except (AttributeError,OSError):pass
 try:
  f=open('board.json');bd=json.load(f).get('name');f.close()
 except (OSError,ValueError,AttributeError):pass
 print(json.dumps({'impl':i.name,'version':'.'.join([str(x) for x in i.version[:3]]),'mpy':getattr(i,'_mpy',0),
  'platform':sys.platform,'machine':getattr(i,'_machine',''),'hash':'sha256' if H else 'adler32',
  'b64':B is not None,'free':fr,'board':bd,'recovered':r}))
""" % (TOP,)


def digest(data, algo):
    """The hash the device computes for a file's bytes: the first 64 bits of its SHA-256 (short
    answers keep a probe quick), or its Adler-32 on a port without hashlib."""
    if algo == "sha256":
        return hashlib.sha256(data).hexdigest()[:16]
    return "%08x" % zlib.adler32(data)


class Plan:
    """What an install does: files to send, files to switch in (sent or already staged), files to delete."""

    def __init__(self, want, info, owned):
        have = info["files"]
        algo = self.algo = info["hash"]
        self.send, self.switch, self.delete = [], [], []
        self.hashes = {}
        for path in sorted(want):
            if " " in path:
                raise Failed("device paths may not contain spaces: %r" % path)
            h = self.hashes[path] = digest(want[path], algo)
            if have.get(path) == h:
                continue
            self.switch.append(path)
            if have.get(STAGE + path) != h:
                self.send.append(path)
        self.delete = sorted(p for p in have if owned(p) and p not in want and not p.startswith(".cupkit/"))
        self.stale = any(p.startswith(".cupkit/") for p in have)
        self.nbytes = sum(len(want[p]) for p in self.send)

    def empty(self):
        return not (self.switch or self.delete)

    def journal(self):
        return "".join(["r %s%s %s\n" % (STAGE, p, p) for p in self.switch] + ["d %s\n" % p for p in self.delete])


class SerialTarget:
    """A MicroPython device in raw REPL (cupkit.device.transport.Device)."""

    def __init__(self, dev):
        self.dev = dev
        # a few functions per command: compiling all of them at once needs a few KB more heap
        part = ""
        for block in DEVICE_HELPERS.replace("\ndef ", "\n\0def ").split("\0"):
            if len(part) + len(block) > 800:
                dev.run(part)
                part = ""
            part += block
        dev.run(part)
        self._calls = []
        self._pending = 0

    def probe(self):
        """The device's facts and {path: hash} of its files. The hashes come one line a file
        ("F HASH PATH"), printed as they are computed: a dict of them built on the device
        would fragment a small heap until the answer no longer fits in one block."""
        out = self.dev.run("pr()").decode("utf-8", "replace").strip().splitlines()
        files = {}
        for line in out[:-1]:
            if line.startswith("F "):
                digest_, path = line[2:].split(" ", 1)
                files[path] = digest_
        try:
            info = json.loads(out[-1])
        except (IndexError, ValueError):
            from cupkit.cli import Fail
            raise Fail("unexpected answer from the device: %r" % "\n".join(out)[-200:])
        info["files"] = files
        return info

    def write(self, path, data, b64):
        """Queue the file's bytes for path; sent in raw-REPL execs of about BATCH bytes."""
        for i in range(0, max(len(data), 1), CHUNK):
            chunk = data[i:i + CHUNK]
            arg = repr(binascii.b2a_base64(chunk).decode().strip()) if b64 else repr(chunk)
            self._calls.append("wf(%r,%s,%d)" % (path, arg, i > 0))
            self._pending += len(chunk)
            if self._pending >= BATCH:
                self.flush()

    def flush(self):
        if self._calls:
            self.dev.run("\n".join(self._calls), timeout=60)
        self._calls, self._pending = [], 0

    def commit(self, plan, b64):
        """Check the staged files, write the journal by rename (the commit point), apply it on the device.
        The list to check and the journal go as files like the others: a command that spelled them
        out would need a few KB of heap for their source at once. The journal is checked too."""
        journal = plan.journal().encode()
        check = ["%s%s %s\n" % (STAGE, p, plan.hashes[p]) for p in plan.switch]
        self.write(STAGE + ".switch", journal, b64)
        self.write(STAGE + ".check", "".join(check + ["%s.switch %s\n" % (STAGE, digest(journal, plan.algo))]).encode(),
                   b64)
        self.flush()
        return self.dev.json("ck()", timeout=120)

    def clean(self):
        self.dev.run("if ex(S+'/new'):rt(S+'/new')")

    def read(self, folders=(), paths=()):
        """{path: bytes} of the files directly in folders, and of paths, that exist on the device."""
        out = {}
        text = self.dev.run(
            "from binascii import b2a_base64 as E\n"
            "P=list(%r)\n"
            "for d in %r:\n"
            " if ex(d):P+=[d+'/'+e[0] for e in os.ilistdir(d) if not e[1]&0x4000]\n"
            "for p in P:\n"
            " if ex(p):\n"
            "  f=open(p,'rb');print(p,E(f.read()).decode().strip());f.close()" % (list(paths), list(folders)),
            timeout=60).decode()
        for line in text.splitlines():
            path, _, data = line.strip().partition(" ")
            if path:
                out[path] = binascii.a2b_base64(data)
        return out


class DriveTarget:
    """A CIRCUITPY-like drive (or any folder laid out like a device's flash), with the same journal."""

    def __init__(self, root):
        self.root = root

    def _p(self, path):
        return os.path.join(self.root, *path.split("/"))

    def _read(self, path):
        with open(self._p(path), "rb") as f:
            return f.read()

    def probe(self):
        recovered = self._apply()
        files = {}
        for top in os.listdir(self.root):
            full = self._p(top)
            if os.path.isfile(full) and top in TOP:
                files[top] = digest(self._read(top), "sha256")
            elif os.path.isdir(full) and top in ("lib", "packs", ".cupkit"):
                for base, dirs, names in os.walk(full):
                    rel = os.path.relpath(base, self.root).replace(os.sep, "/")
                    for n in names:
                        files[rel + "/" + n] = digest(self._read(rel + "/" + n), "sha256")
        st = os.statvfs(self.root) if hasattr(os, "statvfs") else None
        info = {"impl": "drive", "hash": "sha256", "b64": False, "files": files, "recovered": recovered,
                "free": st.f_bavail * st.f_frsize if st else -1, "board": None, "mpy": 0}
        try:
            with open(self._p("board.json"), encoding="utf-8") as f:
                info["board"] = json.load(f).get("name")
        except (OSError, ValueError, AttributeError):
            pass
        return info

    def write(self, path, data, b64):
        full = self._p(path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def flush(self):
        pass

    def commit(self, plan, b64):
        bad = [p for p in plan.switch
               if not os.path.exists(self._p(STAGE + p)) or digest(self._read(STAGE + p), "sha256") != plan.hashes[p]]
        if bad:
            return {"bad": [STAGE + p for p in bad]}
        tmp = self._p(STAGE + ".switch")
        os.makedirs(os.path.dirname(tmp), exist_ok=True)
        with open(tmp, "w") as f:
            f.write(plan.journal())
            f.flush()
            os.fsync(f.fileno())
        os.rename(tmp, self._p(JOURNAL))
        self._apply()
        return {"ok": 1}

    def _apply(self):
        if not os.path.exists(self._p(JOURNAL)):
            return 0
        with open(self._p(JOURNAL)) as f:
            lines = f.read().split("\n")
        for line in lines:
            if line.startswith("r "):
                src, dst = (self._p(p) for p in line[2:].split(" "))
                if os.path.exists(src):
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    if os.path.exists(dst):
                        os.remove(dst)  # FAT will not rename over a file
                    os.rename(src, dst)
            elif line.startswith("d ") and os.path.exists(self._p(line[2:])):
                os.remove(self._p(line[2:]))
        os.remove(self._p(JOURNAL))
        self.clean()
        return 1

    def clean(self):
        shutil.rmtree(self._p(STAGE), ignore_errors=True)

    def read(self, folders=(), paths=()):
        """{path: bytes} of the files directly in folders, and of paths, that exist on the drive."""
        names = list(paths)
        for d in folders:
            if os.path.isdir(self._p(d)):
                names += [d + "/" + n for n in sorted(os.listdir(self._p(d))) if os.path.isfile(self._p(d + "/" + n))]
        return {p: self._read(p) for p in names if os.path.isfile(self._p(p))}


class Failed(Exception):
    """An install that could not go ahead; the message says what to do."""


def install(target, info, want, owned, progress=None):
    """Bring the target's files to want ({path: bytes}); delete owned(path) files not in want.

    Returns {"sent", "bytes", "switched", "deleted"}; raises Failed (nothing switched) on no space
    or a damaged transfer.
    """
    plan = Plan(want, info, owned)
    if plan.empty():
        if plan.stale:
            target.clean()
        return {"sent": 0, "bytes": 0, "switched": 0, "deleted": 0}
    if 0 <= info["free"] < plan.nbytes + 4096:
        raise Failed("not enough space: need %d KB, %d KB free — delete files on the device or install fewer packs"
                     % ((plan.nbytes + 4096 + 1023) // 1024, info["free"] // 1024))
    done = 0
    for path in plan.send:
        target.write(STAGE + path, want[path], info["b64"])
        done += len(want[path])
        if progress:
            progress(done, plan.nbytes, path)
    res = target.commit(plan, info["b64"])
    if "bad" in res:
        raise Failed("the copy of %s on the device is damaged (a flaky cable?) — run the command again; "
                     "the device still has its previous files" % ", ".join(res["bad"]))
    return {"sent": len(plan.send), "bytes": plan.nbytes, "switched": len(plan.switch), "deleted": len(plan.delete)}
