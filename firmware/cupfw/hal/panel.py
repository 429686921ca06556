"""The real boards' SSD1306 panel, shared by the MicroPython and CircuitPython HALs (board.fb is its driver)."""


def contrast(board, level):
    """0 switches the panel off; a level switches it back on first if it was off."""
    if level <= 0:
        board.fb.poweroff()
        board._on = False
        return
    if not board._on:
        board.fb.poweron()
        board._on = True
    board.fb.contrast(min(level, 255))
