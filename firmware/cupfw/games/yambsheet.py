"""Yamb's sheet page (cupfw.games.yamb), imported when a sheet is first opened: the demo, which plays
from the engine's codes and never opens one, carries none of it.

The sheet of the player to act: the rows down the left, the columns side by side (four at a time),
scrolled to the cursor; the last row is each column's total. An open cell shows what the dice would
write there (+N), a cell that may be announced (right after the turn's first roll) ?N, a filled one
its points, greyed. Up/down move the cursor down the columns, left/right across the rows, over the
cells that may be picked (over every cell before a roll, to look); A writes the dice in the cell or
announces its row, B goes back to the dice. The state is the tray's: mode is 1 + the player to act, the
cursor (its column's place in the game's * 16 + its row) mark >> 8; scr.sheet what the page reads
(sheet()).
"""

from cupfw import gfx
from cupfw.hal import DOWN, RIGHT, LEFT, A, B


# The keys; the row labels and the column heads, each of a fixed width.
_W = const((b"A:score B:dice", b"A:announce B:dice", b"B:dice"))
_R = const(b"1s 2s 3s 4s 5s 6s MinMax2P StrFulCarYmbTot")  # 3 wide
_S = const(b"UpDnFrAnHdUDMd")  # 2 wide
_ROWS = const(5)  # rows of cells on the page (of 14: the 13 and the totals)


def sheet(scr):
    """The page of the sheet for the game as it stands (scr.sheet, one bytearray), made after a person's roll
    once the dice have stopped (cupfw.games.yamb), or as the sheet opens: the keys and frames read it, not the
    engine, until the next action (the screen's update lets it go). Bytes 0-12: what the dice score in each
    row that has a cell to pick (cupcore.yamb's points; 255 for the others); then the cells the player to act
    may pick, as column place * 16 + row, in the order of the engine's codes: those open, and with the
    announce column those that may be announced; none before a roll."""
    g = scr.g
    s = scr.sheet = bytearray(b"\xff" * 13)
    for c in g.codes():
        if c > 5:
            c = c - 19 if c > 18 else 33 + c  # (13 * the column's kind + the row; announce's kind is 3)
            s.append(g.cols.index(c // 13) * 16 + c % 13)
            if s[c % 13] == 255:
                s[c % 13] = g.value(c % 13)


def press(scr, bit):
    """A key on the sheet, or down/up on the dice (the sheet opens)."""
    g = scr.g
    x = scr.mark >> 8  # the cursor
    if not scr.mode:  # the sheet, on the open cell these dice score most in (else the first to announce;
        if getattr(scr, "sheet", None) is None:  # before a roll, the first empty cell)
            sheet(scr)
        s = scr.sheet
        c = list(s[13:])
        x = -1
        for y in c:
            if (g.cols[y >> 4] != 3 or g.said is not None) and (x < 0 or s[y & 15] > s[x & 15]):
                x = y
        if x < 0:
            x = c[0] if c else g.cells(g.turn, 0).find(b"\xff") % 13
    elif bit == B:
        scr.mode = 0
        scr.app.dirty = True
        return
    elif bit == A:
        if x in list(scr.sheet[13:]):  # its row announced, or the dice written in it
            from cupcore import yamb
            r = x & 15
            scr.do(yamb.say(6 + r if g.cols[x >> 4] == 3 and g.said is None else 19 + 13 * g.cols[x >> 4] + r))
        return
    else:  # up/down: the next cell down the columns; left/right: across the rows (the nibbles swapped)
        c = list(scr.sheet[13:]) or [k * 16 + r for k in range(len(g.cols)) for r in range(14)]
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


def _line(parts):
    """The texts of one size-1 line (parts: x, bytes, x, bytes...) as the glyphs' columns in a row of 128
    (MONO_VLSB, 8 rows): a sheet's row is then one blit, where a gfx.text each would lay out and blit a
    buffer of its own (a page has some 30 texts)."""
    line = bytearray(128)
    f = memoryview(gfx.FONT)
    for i in range(0, len(parts), 2):
        x = parts[i]
        for o in parts[i + 1]:
            o = (o - 32) * 5
            line[x:x + 5] = f[o:o + 5]
            x += 6
    return line


def _blit(fb, line, x, y, ink=None):
    """line (columns of 8 rows) drawn at x, y: its 1s, or with ink (a palette: 1s to 0, 0s to 1) its 1s in 0."""
    fm = gfx.framebuf
    fb.blit(fm.FrameBuffer(line, len(line), 8, fm.MONO_VLSB), x, y, 1 if ink else 0, ink)


def paint(scr, fb):
    from cupcore import yamb
    g = scr.g
    p = g.turn
    x = scr.mark >> 8
    n = len(g.cols)
    m = bytearray(16 * n)  # 1 for each cell that may be picked
    for y in scr.sheet[13:]:
        m[y] = 1
    k0 = min(max(0, (x >> 4) - 3), max(0, n - 4))  # the first column and row shown
    r0 = min(max(0, (x & 15) - 2), 14 - _ROWS)
    k1 = min(n, k0 + 4)
    ink = gfx._INK  # the palette of gfx's inverted text
    fb.fill_rect(0, 0, 128, 9, 1)
    parts = [1, b"P%d" % (p + 1)]
    cols = []
    for k in range(k0, k1):
        parts.append(32 + (k - k0) * 27)
        parts.append(_S[2 * g.cols[k]:2 * g.cols[k] + 2])
        cols.append(g.cells(p, k))
    _blit(fb, _line(parts), 0, 1, ink)
    for r in range(r0, r0 + _ROWS):
        y = 11 + (r - r0) * 9
        parts = [0, _R[3 * r:3 * r + 3]]
        grey = None  # the filled cells' columns, their rows 1, 3 and 5 to be turned off
        for k in range(k0, k1):
            cx = 18 + (k - k0) * 27  # the column's left edge; its cells are 26 wide
            v = cols[k - k0]
            v = yamb.total(v) if r == 13 else v[r]
            if m[k * 16 + r]:  # +N: what the dice write there; ?N: announced, not written
                t = (b"?%d" if g.cols[k] == 3 and g.said is None else b"+%d") % scr.sheet[r]
            else:
                t = b"%d" % v if r == 13 or v != 255 else b""
            parts.append(cx + 26 - 6 * len(t))
            parts.append(t)
            if r < 13 and v != 255:
                if grey is None:
                    grey = bytearray(128)
                grey[cx:cx + 26] = b"\x2a" * 26
        t = _line(parts)
        _blit(fb, t, 0, y)
        if x & 15 == r and k0 <= x >> 4 < k1:  # the cursor: its cell inverted
            cx = 18 + ((x >> 4) - k0) * 27
            fb.fill_rect(cx, y - 1, 26, 9, 1)
            _blit(fb, t[cx:cx + 26], cx, y, ink)
        if grey:  # filled: greyed, every other row of its pixels off
            _blit(fb, grey, 0, y, ink)
    t = _W[2 if not m[x] else 1 if g.cols[x >> 4] == 3 and g.said is None else 0]
    v = b"%d" % scr.s["scores"][p]
    _blit(fb, _line([0, t, 128 - 6 * len(v), v]), 0, 56)
