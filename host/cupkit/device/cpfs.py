"""CircuitPython's CIRCUITPY drive on the host: the FAT volume in a Pico's flash.

CircuitPython for the Pico keeps CIRCUITPY as a FAT12 volume of 2048 sectors of
512 bytes, with no partition table, from flash offset 0x100000 to the end of the
2 MB flash, and formats it at first boot when none is there. fatfs-ng (PyPI: ChaN's
FatFs, the library CircuitPython itself builds on) makes and reads such a volume.
"""

OFFSET = 0x100000
SECTOR = 512
SECTORS = 2048
SIZE = SECTOR * SECTORS


class Full(ValueError):
    """The files do not fit the volume."""


def _volume(region, fresh):
    from fatfs import RamDisk, create_extended_partition
    part = create_extended_partition(RamDisk(region, sector_size=SECTOR))
    if fresh:
        part.mkfs()
    part.mount()
    return part


def make(files):
    """The bytes of a freshly formatted volume holding {path: bytes} (folders made as needed; a path ending
    in / is an empty folder, data None too); Full when they do not fit."""
    region = bytearray(SIZE)
    vol = _volume(region, True)
    try:
        for path in sorted(files):
            parts = path.strip("/").split("/")
            data = files[path]
            if path.endswith("/") or data is None:
                vol.makedirs("/" + "/".join(parts), exist_ok=True)
                continue
            if len(parts) > 1:
                vol.makedirs("/" + "/".join(parts[:-1]), exist_ok=True)
            with vol.open("/" + "/".join(parts), "w") as f:
                if f.write(data) != len(data):  # FatFs writes what fits and says how much
                    raise Full("%d files, %d KB, do not fit CIRCUITPY's %d KB" % (
                        len(files), sum(len(d or b"") for d in files.values()) // 1024, SIZE // 1024))
    finally:
        vol.unmount()
    return bytes(region)


def read(region):
    """{path: bytes} of every file on a volume (OSError if there is no FAT volume there)."""
    from fatfs.wrapper import FatFSException
    region = bytearray(region)
    try:
        vol = _volume(region, False)
    except FatFSException as e:
        raise OSError("no FAT volume: %s" % e)
    out = {}
    try:
        for root, _dirs, names in vol.walk("/"):
            for n in names:
                p = (root.rstrip("/") + "/" + n).lstrip("/")
                out[p] = vol.read_file("/" + p)
    finally:
        vol.unmount()
    return out
