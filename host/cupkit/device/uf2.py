"""UF2 files for the RP2040: read and check one, write one, and apply one to a flash as the boot ROM does.

A UF2 is 512-byte blocks, each with a 32-byte header (two magic numbers, flags,
target address, payload size, block number, block count, family), 476 bytes of
data and a closing magic number. The RP2040's boot ROM takes blocks of family
0xe48bff56 (or without a family) whose targets lie in its flash, and erases each
4 KB sector it writes to before writing it.
"""

import struct

MAGIC0 = 0x0A324655
MAGIC1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY = 0x00002000
RP2040_FAMILY = 0xE48BFF56
FLASH_BASE = 0x10000000
FLASH_SIZE = 2 * 1024 * 1024
SECTOR = 4096
PAGE = 256
FAMILIES = {0xE48BFF56: "RP2040", 0xE48BFF59: "RP2350 (ARM, secure)", 0xE48BFF5A: "RP2350 (RISC-V)",
            0xE48BFF5B: "RP2350 (ARM, non-secure)", 0xADA52840: "nRF52840", 0x68ED2B88: "SAMD21",
            0x55114460: "SAMD51", 0xBFDD4EEE: "ESP32-S2", 0xC47E5767: "ESP32-S3", 0x1C5F21B0: "ESP32"}


class UF2Error(ValueError):
    """A file that is not a UF2 this chip can take: the message says what is wrong with it."""


def blocks(path):
    """The file's flash writes as [(flash offset, bytes)], checked; UF2Error names the problem."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise UF2Error("%s: no such file" % path)
    except OSError as e:
        raise UF2Error("%s: cannot read it (%s)" % (path, e.strerror or e))
    return parse(data, path)


def parse(data, name="UF2"):
    if not data:
        raise UF2Error("%s: the file is empty, not a UF2" % name)
    if data[:8] != struct.pack("<II", MAGIC0, MAGIC1):
        raise UF2Error("%s: not a UF2 file (no UF2 magic at its start; a .bin, .hex or .elf must be "
                       "converted to UF2 first)" % name)
    if len(data) % 512:
        raise UF2Error("%s: truncated: %d bytes is not a whole number of 512-byte UF2 blocks" % (name, len(data)))
    out = []
    total = None
    seen = set()
    for i in range(0, len(data), 512):
        blk = data[i:i + 512]
        m0, m1, flags, addr, size, no, count, family = struct.unpack_from("<IIIIIIII", blk)
        (end,) = struct.unpack_from("<I", blk, 508)
        if m0 != MAGIC0 or m1 != MAGIC1 or end != MAGIC_END:
            raise UF2Error("%s: block %d is damaged (bad UF2 magic): the file is corrupt" % (name, i // 512))
        if flags & FLAG_NOT_MAIN_FLASH:
            continue
        if flags & FLAG_FAMILY and family != RP2040_FAMILY:
            raise UF2Error("%s: a UF2 for another chip (%s, family 0x%08x), not for the RP2040 of a Pico"
                           % (name, FAMILIES.get(family, "unknown"), family))
        if size > 476:
            raise UF2Error("%s: block %d claims %d bytes of payload (at most 476)" % (name, no, size))
        if not (FLASH_BASE <= addr and addr + size <= FLASH_BASE + FLASH_SIZE):
            raise UF2Error("%s: block %d writes to 0x%08x, outside the Pico's 2 MB flash" % (name, no, addr))
        total = count if total is None else total
        seen.add(no)
        out.append((addr - FLASH_BASE, blk[32:32 + size]))
    if not out:
        raise UF2Error("%s: no blocks for the flash in this UF2" % name)
    if len(seen) < total:
        raise UF2Error("%s: truncated: %d of its %d blocks are there (copy or download it again)"
                       % (name, len(seen), total))
    return out


def write(writes):
    """The bytes of a UF2 that makes the given flash writes [(flash offset, bytes)], each at most
    256 bytes inside one page (the RP2040's boot ROM takes whole 256-byte pages), numbered
    across the whole file."""
    out = bytearray()
    for no, (off, payload) in enumerate(writes):
        if len(payload) > PAGE or off % PAGE + len(payload) > PAGE:
            raise ValueError("a UF2 block carries at most one 256-byte page (0x%x, %d bytes)" % (off, len(payload)))
        out += struct.pack("<IIIIIIII", MAGIC0, MAGIC1, FLAG_FAMILY, FLASH_BASE + off, len(payload), no,
                           len(writes), RP2040_FAMILY)
        out += payload + b"\x00" * (476 - len(payload))
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def pages(region, base):
    """[(flash offset, 256 bytes)] of the region's pages that are not blank (all 0xff), placed at
    flash offset base: what a UF2 needs to carry of a flash image."""
    blank = b"\xff" * PAGE
    return [(base + off, bytes(region[off:off + PAGE])) for off in range(0, len(region), PAGE)
            if region[off:off + PAGE] != blank]


def erasing(writes, start, size):
    """A blank page for every 4 KB sector of flash [start, start + size) that writes do not touch:
    the boot ROM erases each sector it writes to, so with these the whole region is erased."""
    touched = set(off // SECTOR for off, _ in writes)
    return [(s * SECTOR, b"\xff" * PAGE) for s in range(start // SECTOR, (start + size) // SECTOR) if s not in touched]


def install(image, writes):
    """Write the blocks into image (a bytearray of the whole flash) as the boot ROM does from
    its USB drive: each 4 KB sector written to is erased first."""
    erased = set()
    for off, payload in writes:
        for s in range(off // SECTOR, (off + len(payload) - 1) // SECTOR + 1):
            if s not in erased:
                erased.add(s)
                image[s * SECTOR:(s + 1) * SECTOR] = b"\xff" * SECTOR
        image[off:off + len(payload)] = payload
    return image
