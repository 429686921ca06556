"""The memory benchmark's player: runs inside the micropython binary beside the firmware.

It uses the device as a person would, with the keys of the virtual board, and moves
a game by the screen's own choices (the demo's). It is kept small: its code counts
against the heap being measured. No name here holds a screen or the demo across a
step of the app, so that they leave memory when the app drops them.
"""

from cupfw.hal import UP, DOWN, RIGHT, A, B


def press(app, bit):
    app.b.held = bit
    app.run(80)
    app.b.held = 0
    app.run(80)


def pack(app, pid):
    """The pack's line on the menu (in its group, where the menu goes back to from its page), and A:
    its page. (A key first: after a long demo the cup sleeps, and the key that wakes it does nothing else.)"""
    press(app, DOWN)
    app.scr.at(pid)
    press(app, A)


def rules(app, pid):
    """The pack's rules page, scrolled to its end, then back to the menu."""
    pack(app, pid)
    press(app, DOWN)
    press(app, DOWN)
    press(app, A)
    top = -1
    while app.scr.top != top:
        top = app.scr.top
        press(app, RIGHT)
    press(app, A)
    press(app, B)


def demo(app):
    """One demo cycle of every pack, back to the menu. (Loops stay in functions like this one: a
    script's own frame lives to its end, and a name it once held there would keep its object.)"""
    app.run_demo(True)
    while app.demo is not None:
        app.run(1000)


def new(app, pid, players, seed):
    """A new game for players started from the menu and played to its end."""
    pack(app, pid)
    press(app, DOWN)
    for _ in range(players - app.scr.n):
        press(app, RIGHT)
    press(app, UP)
    press(app, A)
    play(app, seed)


def resume(app, seed):
    """The saved game, resumed from the menu and played to its end."""
    press(app, A)
    play(app, seed)


def play(app, seed):
    """The game on the screen played to its end, then B held to leave it for the menu (where the
    finished game is kept), from this frame, which holds no trace of the game."""
    moves(app, seed)
    app.b.held = B
    app.run(800)  # a long press: every game screen leaves for the menu
    app.b.held = 0
    app.run(80)


def moves(app, seed):
    """Move the game by the screen's own choices, seeded with seed, until its end is on the screen."""
    from cupcore.rng import Rng  # loaded for the game anyway
    rng = Rng(seed)
    while app.scr.err is None and (app.scr.anim or not (app.scr.s["over"] and app.scr.ended())):
        if not app.scr.anim:
            app.scr.auto(rng)
            app.last = app.b.ticks_ms()  # a move is a key a person pressed: the cup stays awake
        app.run(40)  # ms between a game's moves: two ticks, so that each move is drawn; animations run out first
    if app.scr.err is not None:
        raise RuntimeError(app.scr.err)


# Where the device image cuts this file in two (cupkit.bench.memory.build): what comes before is bench_player,
# loaded from boot; from here on bench_game, imported once the demo is over.
GAME = "def new("
