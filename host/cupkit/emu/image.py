"""The emulated Pico's flash as a file: 2 MB, the firmware from 0, then the interpreter's filesystem.

UF2s go in as the boot ROM takes them (cupkit.device.uf2), and the filesystem
region is an image made or read on the host, so a test can put files on the chip
before it boots and look at what it wrote after: MicroPython's littlefs at 0xA0000
(cupkit.device.rp2fs), or CircuitPython's CIRCUITPY, a FAT volume at 0x100000
(cupkit.device.cpfs). Each of those modules has OFFSET, SIZE, make(files) and read(region).
"""

import os

from cupkit.device import cpfs, rp2fs, uf2

FLASH_SIZE = uf2.FLASH_SIZE
FS_OFFSET = rp2fs.OFFSET
make_fs = rp2fs.make


def blank():
    """A chip fresh from the factory: every byte erased."""
    return bytearray(b"\xff" * FLASH_SIZE)


def install_uf2(image, path):
    """Copy a UF2 onto the chip as its BOOTSEL drive does (uf2.UF2Error for a bad file)."""
    return uf2.install(image, uf2.blocks(path))


def put_fs(image, fs_image, fs=rp2fs):
    """Place a filesystem image in its region (fs: rp2fs or cpfs; what lies beyond it in the region is erased)."""
    if len(fs_image) > fs.SIZE:
        raise ValueError("a filesystem image of %d bytes does not fit the %d-byte region" % (len(fs_image), fs.SIZE))
    image[fs.OFFSET:fs.OFFSET + fs.SIZE] = bytes(fs_image) + b"\xff" * (fs.SIZE - len(fs_image))
    return image


def read_files(image, fs=rp2fs):
    """{path: bytes} of every file on the chip's filesystem (OSError if it does not mount)."""
    return fs.read(bytes(image[fs.OFFSET:fs.OFFSET + fs.SIZE]))


def load(path):
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if len(data) != FLASH_SIZE:
        raise ValueError("%s: %d bytes, not a 2 MB flash image" % (path, len(data)))
    return data


def save(path, image):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(image)
    os.replace(tmp, path)
