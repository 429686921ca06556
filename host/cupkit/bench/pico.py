"""The cup's speed and heap on the emulated Pico (`cupkit bench pico`), in the chip's own time at 125 MHz.

One chip boots once, with the firmware installed as `cupkit flash --board pico` installs it (or, with
circuitpython, CircuitPython's UF2 and CIRCUITPY as `cupkit flash --drive --board pico-cp` fills it) and
the bench file in /data (cupfw.bench: the least free heap of each screen, on the serial console). Then:

- tours (TOURS): key presses on the running cup, through the menu, a pack's page and a game of each engine
  that has a screen, for the most players the pack takes (the cup: its most dice; its heap figure is the
  busiest moment of that game). A key's time is from the press (from the release for B, which acts when
  let go) to the end of the first display transfer that begins after it; the chip runs on after each key
  until its animation is over; the tumble is the frames from a roll's first to its last;
- at the chip's REPL (the app stopped, the bench file removed): each screen, and each page of one that
  has several (Generala's sheet, Liar's Dice's cover, turn, peek, bid and reveal, ...), drawn from a blank
  frame buffer and sent whole over I2C (a full redraw: draw, bus; games for their most players) as the
  running cup draws each frame of a screen, after the frame before it (its first frame's drawing is a figure
  of its own: on CircuitPython a screen makes its cards, large text and dice once, for the frames after), the time
  to open each game, and each core and firmware module's import (.mpy; on CircuitPython .py, compiled on
  the chip).

Every figure is deterministic: the chip runs stepped, seeded, on its own clock. CircuitPython compiles
a screen's source when it opens it and loses a key pressed meanwhile (as a real board would), so on it
the chip is let finish its work after each key before the next (cupkit.emu.headless.ready).
"""

import json
import re

from cupcore import packs

from cupkit import paths
from cupkit.device import cpfs
from cupkit.emu import CP_UF2, headless
from cupkit.emu.pico import MS, Pico

TARGETS = {"redraw_ms": 30, "key_ms": 50, "tumble_fps": 20, "heap_kb": 150}
CP_HEAP_KB = 80  # CircuitPython's heap is about 160 KB, MicroPython's 240 KB
HOLD = 80  # ms a key is held (as cupkit sim's scripts)
LONG = 1000  # ms B is held to leave a game
SAME_SHOW = 2 * MS  # transfers this close belong to one frame (the runs of changed pages)
QUIET = 120  # ms with no frame after a key's wait: its animation is over (a tumble's frames are 40 ms apart,
# the dots of Mia's and Liar's Dice's lifting cups 80 ms)

# (pack, keys): a key is (name, label, what): "key", "open" (a screen opens), "roll" (a tumble follows),
# "release" (timed from the release), "release roll" (both). B acts when let go in a game.
# One pack of each engine with a screen (cupfw/games), and Hog (Pig's screen with its dice to choose);
# where an engine has several packs, the one whose screen does the most (scc-classic's stop,
# drop-dead-classic's five dice).
TOURS = (
    ("pig", (("a", "start", "open"), ("a", "roll", "roll"), ("b", "hold", "release"), ("a", "roll", "roll"))),
    ("hog", (("a", "start", "open"), ("up", "more dice", "key"), ("a", "roll", "roll"))),
    ("mia", (("a", "start", "open"), ("a", "cover: I have it", "key"), ("a", "roll", "roll"),
             ("b", "to the claim", "release"), ("up", "a higher claim", "key"), ("a", "claim", "key"),
             ("a", "cover: I have it", "key"), ("down", "next choice", "key"))),
    ("scoundrel", (("a", "start", "open"), ("right", "next card", "key"), ("left", "card back", "key"),
                   ("down", "avoid the room", "key"), ("a", "take or fight", "key"))),
    ("bogey", (("a", "start", "open"), ("right", "next card", "key"), ("a", "pick up", "key"),
               ("b", "put back", "release"), ("down", "discard", "key"), ("b", "end the turn", "release"))),
    ("wish", (("a", "start", "open"), ("right", "next pile", "key"), ("a", "pick its top", "key"),
              ("b", "let it go", "release"), ("left", "pile back", "key"))),
    ("shooting-party", (("a", "start", "open"), ("right", "next card", "key"), ("a", "mark", "key"),
                        ("up", "leave, the butler", "key"), ("right", "next action", "key"), ("b", "back", "release"),
                        ("a", "unmark", "key"), ("down", "draw", "key"))),
    # the cup for its most dice, 10 (the pack page's keys: page_keys); open, as a roll under the cup shows no
    # tumble (the REPL draws the cup hidden, peeked at and lifted)
    ("cup", (("a", "start", "open"), ("a", "roll", "roll"), ("right", "next die", "key"), ("up", "mark", "key"),
             ("right", "next die", "key"), ("a", "mark", "key"), ("b", "unmark all", "release"), ("up", "mark", "key"),
             ("left", "die back", "key"), ("left", "to the roll", "key"), ("a", "roll the marked", "roll"))),
    ("beetle", (("a", "start", "open"), ("a", "roll", "roll"), ("down", "scores", "key"),
                ("up", "back", "key"), ("a", "roll", "roll"))),
    ("chicago", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "roll", "roll"), ("down", "scores", "key"),
                 ("up", "back", "key"))),
    ("drop-dead-classic", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "roll", "roll"),
                           ("down", "scores", "key"), ("up", "back", "key"))),
    ("boston", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "roll", "roll"), ("a", "roll", "roll"),
                ("down", "scores", "key"), ("up", "back", "key"))),
    ("midnight", (("a", "start", "open"), ("a", "roll", "roll"), ("right", "next die", "key"),
                  ("a", "keep", "key"), ("a", "roll", "roll"), ("down", "scores", "key"), ("up", "back", "key"))),
    ("scc-classic", (("a", "start", "open"), ("a", "roll", "roll"), ("b", "stop", "release"), ("a", "roll", "roll"),
                     ("down", "scores", "key"), ("up", "back", "key"))),
    ("zambales", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "roll", "roll"), ("down", "scores", "key"),
                  ("up", "back", "key"))),
    ("mafia", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "roll", "roll"), ("down", "tokens", "key"),
               ("up", "back", "key"))),
    ("generala", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "mark", "key"), ("right", "next die", "key"),
                  ("a", "mark", "key"), ("b", "roll the marked", "release roll"), ("down", "the sheet", "key"),
                  ("down", "next box", "key"), ("right", "next sheet", "key"), ("a", "own sheet", "key"),
                  ("a", "score", "key"), ("a", "roll", "roll"))),
    ("poker-dice", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "mark", "key"),
                    ("right", "next die", "key"), ("a", "mark", "key"), ("b", "roll the marked", "release roll"),
                    ("b", "stand", "release"), ("down", "hands", "key"), ("up", "back", "key"))),
    # (a first roll that busts, as Player 1's does in the whole tour, shows BUST: the next A rolls for Player 2)
    ("dix-mille", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "mark (or roll: bust)", "key"),
                   ("right", "next die", "key"), ("a", "mark", "key"), ("b", "keep (or why not)", "release"),
                   ("down", "scores", "key"), ("up", "back", "key"))),
    # (the sheet opens on the best open cell for the dice: down and right move over the open ones)
    ("yamb", (("a", "start", "open"), ("a", "roll", "roll"), ("a", "mark", "key"), ("right", "next die", "key"),
              ("a", "mark", "key"), ("b", "roll the marked", "release roll"), ("down", "the sheet", "key"),
              ("down", "next cell", "key"), ("right", "next column", "key"), ("a", "score", "key"),
              ("a", "roll", "roll"))),
    ("liars-dice", (("a", "start", "open"), ("a", "roll every cup", "roll"), ("a", "peek (A held)", "key"),
                    ("up", "one more", "key"), ("right", "next face", "key"), ("b", "to the choice", "release"),
                    ("a", "bid", "key"), ("a", "cover: I have it", "key"), ("b", "to the choice", "release"),
                    ("b", "Liar!", "release"), ("a", "next round", "key"))),
    # the table helpers roll nothing: the turn timer's turn, pause and resume; Insider's deal, a peek held
    ("turn-timer", (("a", "start", "open"), ("a", "next turn", "key"), ("b", "pause", "release"),
                    ("a", "resume", "key"), ("a", "next turn", "key"))),
    ("insider", (("a", "start", "open"), ("a", "cover: I have it", "key"), ("a", "peek (A held)", "key"),
                 ("b", "pass it on", "release"), ("a", "cover: I have it", "key"))),
)

# each interpreter's HAL and clock, ahead of REPL (CircuitPython has no ticks_us: its monotonic_ns)
CLOCKS = {
    "micropython": "from cupfw.hal.micro import Board\nus = time.ticks_us\ndiff = time.ticks_diff\n",
    "circuitpython": "import storage\nstorage.remount('/', readonly=False)\n"  # as boot.py does, B not held
                     "from cupfw.hal.circuit import Board\nus = lambda: time.monotonic_ns() // 1000\n"
                     "diff = lambda a, b: a - b\n",
}

REPL = r"""
try:
    os.remove("/data/bench")
except OSError:
    pass
from cupfw import app as A
from cupfw.hal import A as KA, B, DOWN
b = Board(json.load(open("/board.json")))
a = A.App(b)
fb = a.fb
out = {"redraw": [], "first": [], "open": [], "import": [], "heap_total": gc.mem_free() + gc.mem_alloc()}
def redraw(name):
    gc.collect()
    t = us(); fb.fill(0); a.scr.draw(fb); t1 = us()  # the screen's first frame
    out["first"].append([name, diff(t1, t)])
    fb.fill(1)
    b.show()
    gc.collect()  # timed from a collection: a collection's pause, where one falls, is no screen's cost
    t = us(); fb.fill(0); a.scr.draw(fb); t1 = us(); b.show(); t2 = us()
    out["redraw"].append([name, diff(t1, t), diff(t2, t1)])
def key(bit, ev=0):
    a.scr.key(ev, bit)
    if a.next:
        a.switch()
def screen(name, arg=None):
    a.go(name, arg)
    a.switch()
def game(pack, players, params=None):
    rec = {"pack": pack, "players": players, "seed": 1, "actions": []}
    if params:
        rec["params"] = params
    t = us()
    a.start(rec, 1)
    a.switch()
    out["open"].append([pack, diff(us(), t)])
def act(bit, ev=0):  # a key, and the animation it started run to its end
    key(bit, ev)
    if a.scr.anim:
        a.scr.tick(a.scr.anim)
def tray(pack, scores="scores"):  # a game on the dice tray after its first roll, then its scores page
    game(pack, MOST[pack])
    act(KA)
    redraw(pack)
    act(DOWN)
    redraw(pack + ": " + scores)
redraw("menu")
screen("screens.pack", "mia")
redraw("pack page")
screen("screens.text", ("rules", "mia"))
redraw("rules")
screen("screens.settings")
redraw("settings")
game("pig", 8)
key(KA)
a.scr.anim = 0
redraw("pig")
game("hog", 8)
redraw("hog")
game("mia", 8)
redraw("mia: cover")
key(KA)
redraw("mia: choices")
key(KA)
a.scr.anim = 0
redraw("mia: cup")
key(B, 1)
redraw("mia: claim")
key(KA)
key(KA)
a.scr.sel = a.scr.choices.index("challenge")
key(KA)
a.scr.tick(a.scr.anim)
redraw("mia: reveal")
game("scoundrel", 1)
redraw("scoundrel")
game("bogey", 1)
redraw("bogey: hand")
key(KA)
redraw("bogey: places")
game("wish", 1)
redraw("wish")
game("shooting-party", 1)
redraw("shooting-party")
game("cup", 1, {"dice": 10, "sides": 6, "hidden": True})
act(KA)
redraw("cup: hidden")
key(KA)
redraw("cup: peek")
key(KA, 1)
act(B, 1)
redraw("cup: lifted")
for p in ("beetle", "chicago", "drop-dead-classic", "boston", "midnight", "scc-classic", "zambales"):
    tray(p)
tray("mafia", "tokens")
game("generala", MOST["generala"])
for i in range(2 * MOST["generala"]):  # two rounds: each player's best box for the first roll
    act(KA)
    act(DOWN)
    act(KA)
act(KA)
act(KA)
redraw("generala")
act(DOWN)
redraw("generala: sheet")
game("poker-dice", MOST["poker-dice"])
for i in range(MOST["poker-dice"] - 1):  # every player but the last stands on a first roll
    act(KA)
    act(B, 1)
act(KA)
act(KA)
redraw("poker-dice")
act(DOWN)
redraw("poker-dice: hands")
game("dix-mille", MOST["dix-mille"])
act(KA)
act(KA)
redraw("dix-mille: keep")
g = a.scr.g
for i in range(200):  # keep the first that scores and roll again, to a bust
    if a.scr.s["bust"]:
        break
    l = g.legal()
    a.scr.do("roll" if "roll" in l else l[0])
    a.scr.tick(a.scr.anim)
g = l = None
redraw("dix-mille: bust")
act(DOWN)
redraw("dix-mille: scores")
tray("yamb", "sheet")
game("liars-dice", MOST["liars-dice"])
redraw("liars-dice: first cover")
act(KA)
key(B, 1)
act(KA)
redraw("liars-dice: cover")
key(KA)
redraw("liars-dice: turn")
key(KA)
redraw("liars-dice: peek")
key(KA, 1)
key(B, 1)
redraw("liars-dice: bid")
act(B, 1)
redraw("liars-dice: reveal")
game("turn-timer", MOST["turn-timer"])
redraw("turn-timer")
key(KA)
key(B, 1)
redraw("turn-timer: paused")
key(DOWN)
redraw("turn-timer: times")
game("insider", MOST["insider"])
redraw("insider: cover")
key(KA)
key(KA)
redraw("insider: peek")
key(KA, 1)
for i in range(MOST["insider"]):  # the deal passed round, then the Master starts the clock
    key(B, 1)
    key(KA)
redraw("insider: clock")
key(KA)
key(KA)
redraw("insider: vote clock")
screen("screens.menu")
a = fb = b = None  # the app, its panel and what its frames keep let go: the imports below have the heap to themselves
for m in MODULES:
    A.drop(m)
gc.collect()
import cupcore
for m in MODULES:
    gc.collect()
    t = us()
    try:
        __import__(m)
    except MemoryError:  # this loop holds every shared module at once (the firmware never does): on CircuitPython,
        for k in MODULES:  # which compiles each .py on the chip, its heap may not; then from a clean heap, the
            A.drop(k)  # module's time with what it imports
        gc.collect()
        t = us()
        __import__(m)
    out["import"].append([m, diff(us(), t)])
    if m[:12] == "cupfw.games." and m != "cupfw.games.tray" or m[:14] == "cupfw.screens." or (
            m[:8] == "cupcore." and cupcore.is_engine(m[8:])):
        A.drop(m)  # a screen or an engine, which nothing later needs: CircuitPython's heap holds not all
        gc.collect()
for m in MODULES:
    A.drop(m)
gc.collect()
from cupfw import play, saved, store  # the longest record a game writes, read and saved as the cup does
f = open("/data/long.json", "rb")
f.seek(saved.HEAD)
rec = saved.record(f)  # (its actions a byte each: cupfw.play.Actions)
f.close()
gc.collect()
st = store.Store("/data")
t = us(); s = store.measure(rec); t1 = us(); st.write("long.json", rec); t2 = us()
out["save"] = [len(rec["actions"]), s[1], diff(t1, t), diff(t2, t1)]
rec = st = None
for k in out:  # a line each: the whole in one string may not find room on CircuitPython's heap
    print(json.dumps([k, out[k]]))
"""


# The longest record a game writes: a whole 8-player Yamb game (some 1,400 actions), saved after every action.
LONGEST = ("yamb", 8, 3)


def long_record():
    """LONGEST's record, its actions as texts (self-play's random legal moves, as long as a played game)."""
    from cupcore import selfplay
    rec = selfplay.play(LONGEST[0], LONGEST[1], LONGEST[2], [paths.PACKS])
    rec["actions"] = list(rec["actions"])
    return rec


def modules(board="pico", ext=".mpy"):
    """The core and firmware modules a flash installs, as import names, leaves first (each imported with
    what it needs already there, so that each time is its own file's)."""
    names = [p[4:-len(ext)].replace("/", ".") for p in sorted(headless.device_files(board, ext == ".mpy"))
             if p.startswith("lib/cup") and p.endswith(ext) and not p.endswith("__init__" + ext)]
    first = ("cupcore.rng", "cupcore.engine", "cupcore.notation", "cupcore.packs", "cupcore.replay", "cupfw.hal.",
             "cupfw.gfx", "cupfw.store", "cupfw.app", "cupfw.play")
    rank = lambda n: next((i for i, f in enumerate(first) if n.startswith(f)), len(first))
    other = ("cupfw.hal.micro",) if ext == ".py" else ("cupfw.hal.circuit", "cupfw.hal.npbuf")  # the other's HAL
    return [n for n in sorted(names, key=rank) if n not in other + ("cupfw.start", "cupfw.hal.virtual")]


def shows(transfers):
    """[(start, end)] of the frames: transfers to the OLED that follow each other closely are one frame."""
    out = []
    for since, end in transfers:
        if out and since - out[-1][1] < SAME_SHOW:
            out[-1] = (out[-1][0], end)
        else:
            out.append((since, end))
    return out


def press(pico, key, what, wait, slow=False):
    """Press key (held HOLD ms, or LONG), run on for wait ms, and on while frames still come (QUIET); (ms to
    the frame, or None; ms to the end of the last frame, or None; the frames since).
    slow (CircuitPython): then run on until the chip has finished its work."""
    n = len(pico.transfers)
    t0 = pico.now
    pico.press(key)
    pico.run(LONG if what == "leave" else HOLD)
    if what in ("release", "release roll"):
        t0 = pico.now
    pico.release(key)
    pico.run(wait)
    end = pico.now + 5000 * MS
    while pico.now < end and pico.transfers and pico.now - pico.transfers[-1][1] < QUIET * MS:
        pico.run(QUIET)  # an animation still running (a roll after a bust, a lift): its frames are this key's
    if slow:
        headless.ready(pico)
    frames = [f for f in shows(list(pico.transfers)[n:]) if f[0] >= t0]
    if not frames:
        return None, None, frames
    return (frames[0][1] - t0) / MS, (frames[-1][1] - t0) / MS, frames


def tumble(frames):
    """Frames per second of a roll's animation (its frames within 600 ms of the first)."""
    roll = [f for f in frames if f[1] - frames[0][1] <= 600 * MS]
    return (len(roll) - 1) / ((roll[-1][1] - roll[0][1]) / 1e9) if len(roll) > 2 else None


def most(pack):
    """The most players pack's game takes."""
    return packs.load(pack, [paths.PACKS])["players"]["max"]


def page_keys(pack):
    """The keys on pack's page (cupfw.screens.pack), from its first line back to it: the most players (the
    page offers 2, or the fewest the pack takes if more, or the most if fewer); on the cup's page the most
    dice, 10 (it offers the pack's 5)."""
    if pack == "cup":
        return [("down", "down")] + [("right", "more dice")] * 5 + [("up", "up")]
    pl = packs.load(pack, [paths.PACKS])["players"]
    offered = min(pl["max"], max(pl["min"], 2))
    return [("down", "down")] + [("right", "more players")] * (pl["max"] - offered) + [("up", "up")]


def route(pack, last, resume):
    """The keys from the top of the grouped menu to pack's line: down to its group's line (below "Resume"
    once a game is saved), A into the group if it holds more than one pack (it opens on last, the pack
    played last, if that is in it), down to the pack. The groups as the menu makes them (cupfw.screens.menu)."""
    from cupfw.screens import menu
    ids = packs.ids([paths.PACKS])
    group = dict((pid, menu.group(packs.load(pid, [paths.PACKS]).get("engine"))) for pid in ids)
    top = sorted(set(group.values()))
    members = [p for p in ids if group[p] == group[pack]]
    keys = ["down"] * (top.index(group[pack]) + (1 if resume else 0))
    if len(members) > 1:
        keys.append("a")
        keys += ["down"] * ((members.index(pack) - (members.index(last) if last in members else 0)) % len(members))
    return keys


def tour(pico, pack, keys, last, resume, slow=False):
    """From the top of the menu: to pack's page (last: the pack played before), its game for the most
    players, the keys; then back to the menu with B held. Returns the rows of key times, the rows of the
    keys that open a screen with the time to the new screen's frame (the key's own frame comes first: the
    busy mark the menu and the pack page draw as they are left), and the tumble figures. slow: as for press()."""
    rows, opened, fps = [], [], []
    for key in route(pack, last, resume):
        ms, _, _ = press(pico, key, "key", 300, slow)
        rows.append(("menu", key, ms))
    ms, page, _ = press(pico, "a", "open", 700, slow)
    rows.append(("menu", "open " + pack, ms))
    opened.append(("menu", "open " + pack, page))
    for key, label in page_keys(pack):
        ms, _, _ = press(pico, key, "key", 300, slow)
        rows.append(("pack page", label, ms))
    for key, label, what in keys:
        ms, page, frames = press(pico, key, what, 1000 if what in ("open", "roll", "release roll") else 400, slow)
        rows.append((pack, label, ms))
        if what == "open":
            opened.append((pack, label, page))
        if what in ("roll", "release roll"):
            fps.append((pack, tumble(frames)))
    press(pico, "b", "leave", 700, slow)  # the menu then opens at its top, "Resume" first
    return rows, opened, fps


def measure(progress=None, tours=None, circuitpython=False):
    """{"interpreter", "boot_ms", "keys" [[screen, key, ms]], "opened" [[screen, key, ms to the new screen]],
    "tumble" [[pack, fps]], "heap" [[screen, bytes]],
    "heap_total", "redraw" [[screen, draw ms, bus ms]], "first" [[screen, its first frame's draw ms]], "open" [[pack, ms]], "import" [[module, ms]],
    "save" {"actions", "bytes", "measure_ms", "save_ms"}: LONGEST's record saved as the cup saves a game (Store.write,
    whose first pass, measure_ms, makes the header's checksum)};
    tours: only these packs; circuitpython: on CircuitPython (board pico-cp, the firmware as .py)."""
    import tempfile
    import os
    say = progress or (lambda s: None)
    interp, board, ext = ("circuitpython", "pico-cp", ".py") if circuitpython else ("micropython", "pico", ".mpy")
    files = headless.device_files(board, ext == ".mpy")
    files.update(headless.data_files({"long.json": long_record()}, {"bench": b""}))
    with tempfile.TemporaryDirectory(prefix="cupkit-bench-pico-") as tmp:
        path = os.path.join(tmp, "flash.bin")
        flash = headless.make_flash(path, files, CP_UF2, cpfs) if circuitpython else headless.make_flash(path, files)
        with Pico(flash, board=board, seed=1) as pico:
            boot = headless.boot(pico) / MS
            pico.run(1000)
            if circuitpython:
                headless.ready(pico)
            keys, opened, fps, heap = [], [], [], []
            last, resume = None, False
            for pack, steps in TOURS:
                if tours is not None and pack not in tours:
                    continue
                say("playing " + pack)
                start = len(pico.serial)
                rows, o, f = tour(pico, pack, steps, last, resume, circuitpython)
                last = pack  # the game left stays saved ("Resume" heads the menu), but for the cup's (no record)
                resume = resume or packs.load(pack, [paths.PACKS])["engine"] != "cup"
                keys += rows
                opened += o
                fps += f
                for name, low in re.findall(r"cupkit bench: heap (games\.\w+) (\d+)", pico.serial[start:]):
                    if name != "games." + packs.load(pack, [paths.PACKS])["engine"]:
                        raise RuntimeError("the tour of %s played %s" % (pack, name))
                    heap.append((pack, int(low)))
            say("timing each screen at the REPL")
            if circuitpython:  # its REPL cannot take the bus the stopped app held: power on again with B held
                pico.power_cut()
                pico.power_on(hold=["b"], mode="fast")
                pico.wait_serial("B held at power-on")
                pico.release("b")
            pico.mode("fast")
            code = "import gc, json, os, time\n" + CLOCKS[interp] + REPL.replace(
                "MODULES", repr(modules(board, ext))).replace("MOST", repr(dict((p, most(p)) for p, k in TOURS)))
            got = dict(json.loads(line) for line in pico.repl(code, timeout=1800).splitlines()
                       if line.startswith('["'))
    return {"interpreter": interp, "boot_ms": round(boot, 1),
            "keys": [[s, k, None if ms is None else round(ms, 1)] for s, k, ms in keys],
            "opened": [[s, k, None if ms is None else round(ms, 1)] for s, k, ms in opened],
            "tumble": [[p, None if v is None else round(v, 1)] for p, v in fps],
            "heap": [[p, v] for p, v in heap], "heap_total": got["heap_total"],
            "redraw": [[n, round(d / 1000.0, 1), round(s / 1000.0, 1)] for n, d, s in got["redraw"]],
            "first": [[n, round(d / 1000.0, 1)] for n, d in got["first"]],
            "open": [[p, round(t / 1000.0, 1)] for p, t in got["open"]],
            "import": [[m, round(t / 1000.0, 1)] for m, t in got["import"]],
            "save": dict(zip(("actions", "bytes", "measure_ms", "save_ms"),
                             got["save"][:2] + [round(t / 1000.0) for t in got["save"][2:]]))}


def heap_target(r):
    """The free heap target in KB for r's interpreter."""
    return CP_HEAP_KB if r.get("interpreter") == "circuitpython" else TARGETS["heap_kb"]


def verdicts(r):
    """{target: (figure, met)}: the worst of each kind against TARGETS (heap: heap_target). A key that opens
    a screen counts as every key, by its own frame (the busy mark); the time to the new screen is a figure
    of the report, with no target."""
    keys = [ms for s, k, ms in r["keys"] if ms is not None]
    redraw = max(d + b for n, d, b in r["redraw"])
    fps = min([v or 0 for p, v in r["tumble"]] or [0])
    heap = min(v for p, v in r["heap"]) / 1024.0
    return {"redraw_ms": (redraw, redraw < TARGETS["redraw_ms"]),
            "key_ms": (max(keys), max(keys) < TARGETS["key_ms"]),
            "tumble_fps": (fps, fps >= TARGETS["tumble_fps"]),
            "heap_kb": (heap, heap >= heap_target(r))}


def report(r, v):
    """The figures as text lines: each kind's rows, then the targets."""
    ok = lambda k: "ok" if v[k][1] else "MISSED"
    out = ["%s, power-on to the menu: %.0f ms" % (r["interpreter"], r["boot_ms"]), "",
           "full redraw (all 8 pages sent)    draw ms   bus ms   total"]
    out += ["  %-30s %7.1f  %7.1f  %6.1f" % (n, d, b, d + b) for n, d, b in r["redraw"]]
    out += ["", "a screen's first frame, drawing only (ms; what it draws again is made once, on CircuitPython: its "
            "cards, large text and dice): " + ", ".join("%s %.1f" % (n, d) for n, d in r.get("first", ()))]
    out += ["", "key to frame (ms; B from its release)"]
    seen = {}
    for screen, key, ms in r["keys"]:
        seen.setdefault((screen, key), []).append(ms)
    out += ["  %-17s %-20s %s" % (s, k, " ".join("-" if m is None else "%.0f" % m for m in ms))
            for (s, k), ms in seen.items()]
    out += ["", "a new screen's frame (ms after the key that opens it; the key's own frame is above): " + ", ".join(
        "%s %s" % (k if s == "menu" else s, "-" if ms is None else "%.0f" % ms) for s, k, ms in r["opened"])]
    out += ["", "dice tumble: " + ", ".join("%s %s fps" % (p, "-" if f is None else "%.1f" % f) for p, f in r["tumble"]),
            "least free heap (after a collection, each frame; heap %d bytes): " % r["heap_total"] + ", ".join(
                "%s %.1f KB" % (p, b / 1024.0) for p, b in r["heap"]),
            "opening a game (REPL, ms): " + ", ".join("%s %.0f" % (p, t) for p, t in r["open"]),
            "imports (ms, each file alone; on CircuitPython compiled from .py): %.0f in all for %d files, %s" % (
                sum(t for m, t in r["import"]), len(r["import"]),
                ", ".join("%s %.0f" % (m, t) for m, t in r["import"])),
            "saving the longest record (%s, %d players: %d actions, %d bytes), as after each action: %d ms (of which "
            "the checksum's pass %d)" % (LONGEST[0], LONGEST[1], r["save"]["actions"], r["save"]["bytes"],
                                          r["save"]["save_ms"], r["save"]["measure_ms"]), "",
            "targets: redraw < %d ms: worst %.1f %s; key to frame < %d ms: worst %.1f %s;"
            % (TARGETS["redraw_ms"], v["redraw_ms"][0], ok("redraw_ms"), TARGETS["key_ms"], v["key_ms"][0],
               ok("key_ms")),
            "  tumble >= %d fps: %.1f %s; free heap >= %d KB: %.1f %s" % (
                TARGETS["tumble_fps"], v["tumble_fps"][0], ok("tumble_fps"), heap_target(r), v["heap_kb"][0],
                ok("heap_kb"))]
    return out
