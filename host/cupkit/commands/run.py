"""cupkit run: the firmware on this computer's own pins (a Raspberry Pi build) through Adafruit Blinka."""

import os

from cupkit.device import boards
from cupkit.cli import Fail

# A built-in Blinka profile is wired for one kind of computer: Blinka's board detection must agree
# (elsewhere its pins are not there, and the error would be a missing pin).
MACHINES = {"rpi": ("any_raspberry_pi", "a Raspberry Pi")}

NAME = "run"
HELP = "run the dice cup on this Linux computer's GPIO pins (Raspberry Pi and the like) through Adafruit Blinka"


def add_arguments(p):
    p.add_argument("--board", required=True, metavar="NAME",
                   help="a Blinka board profile (rpi) or the path of a profile JSON file for your own wiring")
    p.add_argument("--data", metavar="DIR", default=os.path.join(os.path.expanduser("~"), ".local", "share",
                                                                 "cupkit", "data"),
                   help="where settings, statistics, the game in progress and logs live (default: %(default)s)")
    p.add_argument("--seconds", type=float, metavar="N", help="stop after N seconds (default: until Ctrl-C)")


def profile(name):
    try:
        p = boards.load_file(name) if name.endswith(".json") else boards.load(name)
    except (OSError, ValueError) as e:
        raise Fail(str(e))
    if p["family"] != "blinka":
        raise Fail("board %s runs %s: install the firmware with `cupkit flash --board %s`"
                   % (p["name"], p["family"], p["name"]))
    return p


def check_machine(name):
    """Fail unless this computer is the kind the built-in profile name is for."""
    if name not in MACHINES:
        return
    from adafruit_platformdetect import Detector
    attr, kind = MACHINES[name]
    board = Detector().board
    if not getattr(board, attr):
        raise Fail("this is not %s (Blinka sees %s), and board %s is wired for one: on another computer, give "
                   "--board a profile JSON with its pins (start from hardware/boards/%s.json; `cupkit boards FILE` "
                   "checks it)" % (kind, board.id or "a board it does not know", name, name))


def run(args):
    p = profile(args.board)
    try:
        from cupfw.hal import circuit
    except ImportError as e:
        raise Fail("%s: install the board's libraries with  pip install %s"
                   % (e, " ".join(boards.requirements(p))))
    check_machine(args.board)
    os.makedirs(args.data, exist_ok=True)
    p["data_dir"] = args.data
    try:
        board = circuit.Board(p)
    except (OSError, ValueError, RuntimeError) as e:
        raise Fail("board %s: %s" % (p["name"], e))
    for note in board.problems:
        print("cupkit: %s" % note)
    from cupfw.app import App
    app = App(board)
    try:
        app.run(-1 if args.seconds is None else int(args.seconds * 1000))
    finally:  # leave the panel and the LEDs dark, not frozen on the last frame
        board.leds(bytearray(3 * board.led_count))
        board.contrast(0)
    return 0
