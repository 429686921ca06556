"""Beginnings, out of memory again once they have run: the app's boot (App.__init__) and a game's start,
its record read (a resumed game's from game.json) and its engine built through cupcore.replay before its
screen comes in (App.switch), so that the replay and the screen are never in memory together.
"""

import gc

from cupfw.app import drop, unread


# Settings: name, default, lowest, highest (times in seconds, 0 = never).
_DEFAULTS = const((("bright", 3, 1, 4), ("sound", 1, 0, 1), ("leds", 2, 0, 4), ("dim", 60, 0, 3600), ("sleep", 300, 0, 7200)))


def game(app, arg):
    """arg (record, mode) as (record, mode, game, why not): the game built from its record, or the
    reason it cannot be played (game None). App.switch calls it before it imports the game's screen,
    so that the replay is out of memory before the screen comes in.
    A resumed game (mode 2) is read from game.json here, the record naming only its pack. Its actions
    are kept as Actions (a byte each)."""
    from cupfw import play  # first: a resumed record's actions are read into its Actions (cupfw.saved.record)
    rec, mode = arg
    g = None
    try:
        from cupcore import packs
        try:
            pack = packs.load(rec.get("pack"))
        finally:
            packs = None
            drop("cupcore.packs")  # out before the engine comes in
            drop("cupcore.packtext")
        gc.collect()  # the reader's garbage freed now: what comes next fills its holes, not the room after it
        if mode == 2:  # read before the engine and the replay come in: the readers out again first
            rec = app.st.read("game.json")
            unread()
            gc.collect()
        if mode != 1 and pack.get("engine") == "yamb":  # Yamb's actions as their codes, their texts freed
            from cupfw.games.yambcode import record
            record(rec)
            record = None
        from cupcore import replay
        g = replay.load(rec, None, pack)
        if type(rec["actions"]) is list:  # a new game (a resumed one is read as Actions)
            rec["actions"] = play.Actions(rec["actions"])
    except ValueError as e:
        return rec, mode, None, str(e)
    finally:
        pack = replay = play = None
        drop("cupcore.replay")  # the game needs only its engine now
        drop("cupcore.bots")  # (replay's check of a record's cups loads it: cupfw.bot loads it again to act)
    return rec, mode, g, None


def app(app, board):
    """What App(board) does: the gc threshold, the store, the settings (the defaults where a value is
    missing or out of range), every saved file checked once (each damaged one set aside, all reported
    at once), the app's state, and the first screen. Here, not in cupfw.app: boot's code, out of memory
    once it has run."""
    app.room = 0  # what may be allocated before App.step collects between frames (0: it never does)
    app.used = 0  # the heap in use after the last collection
    if hasattr(gc, "threshold"):
        h = gc.mem_free() + gc.mem_alloc()
        if h < 131072:  # a small heap: a collection after each 1/64 of it, so that garbage never spreads over it
            gc.threshold(h // 64)  # (a long game leaves it a few KB in holes too small for a save: see README)
        else:  # a large one (a Pico's 240 KB): after each 1/16 of it, and between frames once half of that is
            gc.threshold(h // 16)  # used (App.step), so that one seldom falls in a key's work (some 15 ms)
            app.room = h // 32
    from cupfw.store import Store
    app.b = board
    app.fb = board.fb
    st = app.st = Store(board.data_dir)
    saved = st.read("settings.json")
    st.read("stats.json")  # checked now, so that every damaged file is reported at boot, all at once
    st.read("game.json", None, True)  # (its head: a long game's actions are read when it is resumed)
    if st.logs(True):
        from cupfw.logbook import check_logs
        check_logs(st)
        check_logs = None  # the function holds its module: let go of it before the drop
    unread()
    app.cfg = {}
    for k, v, lo, hi in _DEFAULTS:
        got = saved.get(k) if isinstance(saved, dict) else None
        app.cfg[k] = got if type(got) is int and lo <= got <= hi else v
    if isinstance(saved, dict) and "cup" in saved:
        app.cfg["cup"] = saved["cup"]  # the cup's settings, remembered (checked by its page)
    app.pack = None  # the pack of the last game started: the menu opens on it (until power-off)
    now = board.ticks_ms()
    app.raw = 0  # last raw sample
    app.t_poll = now  # when
    app.held = 0  # debounced buttons
    app.swallow = 0  # buttons whose release must not reach the screen (they woke the device)
    app.lk = 0  # the button a long press would be
    app.t_press = now
    app.last = now  # last activity
    app.mode = 0  # 0 awake, 1 dimmed, 2 asleep
    app.attracted = False
    app.pattern = bytearray(board.led_count)  # colour index per LED, set by screens
    app.flash_until = now
    app.flash_colour = 0
    app.lstate = -1  # what the LEDs show: flash colour + 1, +16 asleep; -1 = refresh
    app.lpat = bytearray(board.led_count)  # the pattern they show
    app.demo = None
    app.scr = None
    app.name = None
    app.next = None  # the screen to change to (name, arg)
    app.ended = None  # a finished game not yet kept: (record, won, best, winner), see keep_ended
    app.later = None  # a save the screen left for after its frame (play.Game.do), see flush
    app.dirty = True
    app.bad = {}  # pack id: why it cannot be played (None: it can), as the menu and pack pages found
    board.contrast(app.contrast())
    if st.problems:
        more = st.aside_count - len(st.problems)
        note = "Damaged, set aside as NAME.bad:"
        for p in st.problems:
            note += "\n" + "%s: %s" % p
        app.go("screens.text", ("note", note + ("\nand %d more" % more if more else "")))
    else:
        app.go("screens.menu")
