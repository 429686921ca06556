"""Yamb's sheet page (cupfw.games.yamb), imported when a sheet is first opened: the demo, which plays
from the engine's codes and never opens one, carries none of it.

The sheet of the player to act: the rows down the left, the columns side by side (four at a time),
scrolled to the cursor; the last row is each column's total. An open cell shows what the dice would
write there (+N), a cell that may be announced (right after the turn's first roll) ?N, a filled one
its points, greyed. Up/down move the cursor down the columns, left/right across the rows, over the
cells that may be picked (over every cell before a roll, to look); A writes the dice in the cell or
announces its row, B goes back to the dice. The state is the tray's: mode is 1 + the player to act, the
cursor (its column's place in the game's * 16 + its row) mark >> 8.
"""

from cupfw import gfx
from cupfw.games import tray
from cupfw.hal import DOWN, RIGHT, LEFT, A, B

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# The keys (split at "*": tray.word); the row labels and column heads.
_W = const("A:score B:dice*A:announce B:dice*B:dice")
_S = const("1s*2s*3s*4s*5s*6s*Min*Max*2P*Str*Ful*Car*Ymb*Tot*Up*Dn*Fr*An*Hd*UD*Md")
_ROWS = const(5)  # rows of cells on the page (of 14: the 13 and the totals)


def cells(scr):
    """The cells the player to act may pick now, as column place * 16 + row: those open, and with
    the announce column those that may be announced (the engine's codes of those actions); none before a roll."""
    g = scr.g
    out = []
    for c in g.codes():
        if c > 5:
            c = c - 19 if c > 18 else 33 + c  # (13 * the column's kind + the row; announce's kind is 3)
            out.append(g.cols.index(c // 13) * 16 + c % 13)
    return out

def press(scr, bit):
    """A key on the sheet, or down/up on the dice (the sheet opens)."""
    g = scr.g
    c = cells(scr)
    x = scr.mark >> 8  # the cursor
    if not scr.mode:  # the sheet, on the open cell these dice score most in (else the first to announce;
        x = -1  # before a roll, the first empty cell)
        for y in c:
            if (g.cols[y >> 4] != 3 or g.said is not None) and (x < 0 or g.value(y & 15) > g.value(x & 15)):
                x = y
        if x < 0:
            x = c[0] if c else g.cells(g.turn, 0).find(b"\xff") % 13
    elif bit == B:
        scr.mode = 0
        scr.app.dirty = True
        return
    elif bit == A:
        if x in c:  # its row announced, or the dice written in it
            from cupcore import yamb
            r = x & 15
            scr.do(yamb.say(6 + r if g.cols[x >> 4] == 3 and g.said is None else 19 + 13 * g.cols[x >> 4] + r))
        return
    else:  # up/down: the next cell down the columns; left/right: across the rows (the nibbles swapped)
        c = c or [k * 16 + r for k in range(len(g.cols)) for r in range(14)]
        h = bit == LEFT or bit == RIGHT
        if h:
            c = sorted([(y & 15) << 4 | y >> 4 for y in c])
            x = (x & 15) << 4 | x >> 4
        x = c[(c.index(x) + (1 if bit == DOWN or bit == RIGHT else -1)) % len(c) if x in c else 0]
        if h:
            x = (x & 15) << 4 | x >> 4
    scr.mode = g.turn + 1
    scr.mark = scr.mark & 31 | x << 8
    scr.app.dirty = True

def _row(fb, parts, y):
    """Texts of one size-1 line at their x (parts: x, bytes, x, bytes...) drawn at y. MicroPython's framebuf
    takes the whole line in one blit of the glyphs' columns, where a gfx.text each would make and blit a frame
    buffer of its own (a sheet's page has some 30 texts); CircuitPython's panel lays a line's texts out at
    once itself (cupfw.hal.npbuf)."""
    fm = gfx.framebuf
    if fm.__name__ != "framebuf":
        for i in range(0, len(parts), 2):
            gfx.text(fb, parts[i + 1], parts[i], y)
        return
    line = bytearray(128)
    f = memoryview(gfx.FONT)
    for i in range(0, len(parts), 2):
        x = parts[i]
        for o in parts[i + 1]:
            o = (o - 32) * 5
            line[x:x + 5] = f[o:o + 5]
            x += 6
    fb.blit(fm.FrameBuffer(line, 128, 8, fm.MONO_VLSB), 0, y, 0)


def paint(scr, fb):
    s = scr.s
    from cupcore import yamb
    g = scr.g
    p = g.turn
    x = scr.mark >> 8
    c = cells(scr)
    n = len(g.cols)
    k0 = min(max(0, (x >> 4) - 3), max(0, n - 4))  # the first column and row shown
    r0 = min(max(0, (x & 15) - 2), 14 - _ROWS)
    k1 = min(n, k0 + 4)
    fb.fill_rect(0, 0, 128, 9, 1)
    gfx.text(fb, b"P%d" % (p + 1), 1, 1, 1, 0)
    cols = []
    for k in range(k0, k1):
        gfx.text(fb, tray.word(_S, 14 + g.cols[k]), 32 + (k - k0) * 27, 1, 1, 0)
        cols.append(g.cells(p, k))
    for r in range(r0, r0 + _ROWS):
        y = 11 + (r - r0) * 9
        parts = [0, tray.word(_S, r).encode()]
        says = [None, None]  # the row's +N and ?N, made once for the columns side by side
        grey = []
        for k in range(k0, k1):
            cx = 18 + (k - k0) * 27  # the column's left edge; its cells are 26 wide
            col = cols[k - k0]
            at = k * 16 + r
            v = yamb.total(col) if r == 13 else col[r]
            if at in c:
                ask = g.cols[k] == 3 and g.said is None  # announced, not written
                t = says[ask]
                if t is None:
                    t = says[ask] = (b"?%d" if ask else b"+%d") % g.value(r)
            else:
                t = b"%d" % v if r == 13 or v != 255 else b""
            if at == x:
                fb.fill_rect(cx, y - 1, 26, 9, 1)
                gfx.text(fb, t, cx + 26 - 6 * len(t), y, 1, 0)
            else:
                parts.append(cx + 26 - 6 * len(t))
                parts.append(t)
            if r < 13 and v != 255:  # filled: greyed, every other row of its pixels off
                grey.append(cx)
        _row(fb, parts, y)
        for cx in grey:
            for i in (1, 3, 5):
                fb.hline(cx, y + i, 26, 0)
    gfx.text(fb, tray.word(_W, 2 if x not in c else 1 if g.cols[x >> 4] == 3 and g.said is None else 0), 0, 56)
    t = b"%d" % s["scores"][p]
    gfx.text(fb, t, 128 - 6 * len(t), 56)
