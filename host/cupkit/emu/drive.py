"""Installing onto the emulated Pico's CIRCUITPY with the very code of `cupkit flash --drive`, the chip stopped.

rp2040js plays no USB mass-storage host, so the running chip shows the host no drive.
Instead, while the chip is stopped, the FAT volume's files go into a folder (a drive
as the host would mount it), `cupkit flash --drive FOLDER --board BOARD` runs on that
folder (its journal, its hashes, /data untouched), and the folder becomes the volume again.
"""

import argparse
import os
import tempfile

from cupkit.device import cpfs, layout
from cupkit.emu import image


def folder_files(root):
    """{path: bytes} of every file under root, and every folder as "path/": None (empty ones kept)."""
    out = {}
    for base, dirs, names in os.walk(root):
        rel = os.path.relpath(base, root).replace(os.sep, "/")
        pre = "" if rel == "." else rel + "/"
        for d in dirs:
            out[pre + d + "/"] = None
        for n in names:
            with open(os.path.join(base, n), "rb") as f:
                out[pre + n] = f.read()
    return out


def flash(img, board="pico-cp"):
    """Install onto the CIRCUITPY volume of the flash image img (a bytearray, changed in place) as
    `cupkit flash --drive` installs onto a mounted drive; a chip with no volume yet gets a fresh one.
    Returns flash's exit status; cli.Fail as that command fails."""
    from cupkit.commands import flash as command
    try:
        files = image.read_files(img, cpfs)
    except OSError:  # a blank chip: CircuitPython would format it at its first boot
        files = {}
    with tempfile.TemporaryDirectory(prefix="cupkit-circuitpy-") as d:
        layout.write(d, files, clean=False)
        status = command.run(argparse.Namespace(drive=d, port=None, board=board, no_mpy=False, json=False))
        image.put_fs(img, cpfs.make(folder_files(d)), cpfs)
    return status
