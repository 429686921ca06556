"""The app on a real board, started by its entry file (main.py, code.py) once the board is built.

Apart from cupfw.app so that the simulator, which has nothing to restart, does not load it.
"""

from cupfw import app


def run(board, report, restart):
    """What a real board's entry file does once its board is built: show the board's notes (a
    missing optional part), run the app, and after a crash say why, wait for a button and restart.
    report prints a traceback (sys.print_exception on MicroPython, traceback.print_exception on
    CircuitPython); restart is machine.reset or supervisor.reload."""
    for note in board.problems:
        print("cupkit:", note)
        app.error(board, "Note", note)
        board.sleep_ms(2500)
    try:
        open(board.data_dir + "/bench").close()  # bench mode, for cupkit bench pico
        from cupfw import bench
    except OSError:
        bench = None
    try:
        a = app.App(board)
        if bench:
            bench.attach(a)
        a.run()
    except KeyboardInterrupt:
        raise
    except Exception as e:
        report(e)
        app.error(board, "Stopped", "%s: %s. Press a button to restart." % (type(e).__name__, e))
        while not board.buttons():
            board.sleep_ms(50)
        restart()
