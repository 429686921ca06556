"""The emulated Pico's flash as a file: 2 MB, the firmware from 0, MicroPython's filesystem at 0xA0000.

The rp2 port's filesystem is littlefs v2: block size 4096, 352 blocks (1,408 KB),
prog size 256, read size 32, at flash offset 0xA0000. littlefs-python (PyPI)
makes such images on the host and reads the chip's back, so a test can put files
on the chip before it boots and look at what it wrote after.
"""

import os

from cupkit.emu import uf2

FLASH_SIZE = uf2.FLASH_SIZE
FS_OFFSET = 0xA0000
FS_BLOCK = 4096
FS_BLOCKS = 352
FS_SIZE = FS_BLOCK * FS_BLOCKS
LFS = dict(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, read_size=32)


def blank():
    """A chip fresh from the factory: every byte erased."""
    return bytearray(b"\xff" * FLASH_SIZE)


def install_uf2(image, path):
    """Copy a UF2 onto the chip as its BOOTSEL drive does (uf2.UF2Error for a bad file)."""
    return uf2.install(image, uf2.blocks(path))


def make_fs(files):
    """A littlefs image of {path: bytes} (folders made as needed; a path ending in / is an empty folder),
    as the rp2 port formats it."""
    from littlefs import LittleFS
    fs = LittleFS(**LFS)
    for path in sorted(files):
        parts = path.strip("/").split("/")
        if path.endswith("/"):
            fs.makedirs("/".join(parts), exist_ok=True)
            continue
        if len(parts) > 1:
            fs.makedirs("/".join(parts[:-1]), exist_ok=True)
        with fs.open("/".join(parts), "wb") as f:
            f.write(files[path])
    return bytes(fs.context.buffer)


def put_fs(image, fs_image):
    """Place a filesystem image at 0xA0000 (what lies beyond it in the region is erased)."""
    if len(fs_image) > FS_SIZE:
        raise ValueError("a filesystem image of %d bytes does not fit the %d-byte region" % (len(fs_image), FS_SIZE))
    image[FS_OFFSET:FS_OFFSET + FS_SIZE] = bytes(fs_image) + b"\xff" * (FS_SIZE - len(fs_image))
    return image


def fs_region(image):
    return bytes(image[FS_OFFSET:FS_OFFSET + FS_SIZE])


def mount(image):
    """The chip's filesystem as a littlefs-python LittleFS (OSError if it does not mount)."""
    from littlefs import LittleFS
    fs = LittleFS(mount=False, **LFS)
    fs.context.buffer = bytearray(fs_region(image))
    fs.mount()
    return fs


def read_files(image):
    """{path: bytes} of every file on the chip's filesystem."""
    fs = mount(image)
    out = {}
    for root, _dirs, names in fs.walk("/"):
        for n in names:
            p = (root.rstrip("/") + "/" + n).lstrip("/")
            with fs.open(p, "rb") as f:
                out[p] = f.read()
    return out


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
