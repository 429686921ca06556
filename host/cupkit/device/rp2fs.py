"""The rp2 port's filesystem on the host: littlefs v2 as MicroPython formats the Pico's flash.

Block size 4096, 352 blocks (1,408 KB) at flash offset 0xA0000 of the 2 MB
Pico, prog size 256, read size 32, and MicroPython's cache (4 x the prog size,
1,024 bytes) and lookahead (32): the cache sets how long an inline file may be
(up to 512 bytes kept in its folder's metadata on the chip), and with
littlefs-python's own 256 a file the chip kept inline, a 316-byte pack, read
back as LFS_ERR_CORRUPT. littlefs-python (PyPI) makes such an image on the host,
and reads back one the chip wrote.
"""

OFFSET = 0xA0000
BLOCK = 4096
BLOCKS = 352
SIZE = BLOCK * BLOCKS
LFS = dict(block_size=BLOCK, block_count=BLOCKS, prog_size=256, read_size=32, cache_size=1024, lookahead_size=32)


class Full(ValueError):
    """The files do not fit the filesystem."""


def make(files):
    """The bytes of a littlefs image holding {path: bytes} (folders made as needed; a path
    ending in / is an empty folder); Full when they do not fit."""
    from littlefs import LittleFS, errors
    fs = LittleFS(**LFS)
    try:
        for path in sorted(files):
            parts = path.strip("/").split("/")
            if path.endswith("/"):
                fs.makedirs("/".join(parts), exist_ok=True)
                continue
            if len(parts) > 1:
                fs.makedirs("/".join(parts[:-1]), exist_ok=True)
            with fs.open("/".join(parts), "wb") as f:
                f.write(files[path])
    except errors.LittleFSError as e:
        if e.code != errors.LittleFSError.Error.LFS_ERR_NOSPC:
            raise
        raise Full("%d files, %d KB, do not fit the Pico's %d KB filesystem"
                   % (len(files), sum(len(d) for d in files.values()) // 1024, SIZE // 1024))
    return bytes(fs.context.buffer)


def read(region):
    """{path: bytes} of every file in a filesystem image (OSError if it does not mount)."""
    from littlefs import LittleFS
    fs = LittleFS(mount=False, **LFS)
    fs.context.buffer = bytearray(region)
    fs.mount()
    out = {}
    for root, _dirs, names in fs.walk("/"):
        for n in names:
            p = (root.rstrip("/") + "/" + n).lstrip("/")
            with fs.open(p, "rb") as f:
                out[p] = f.read()
    return out
