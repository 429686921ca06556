"""cupkit uf2: the stock MicroPython UF2 plus a littlefs image of what `cupkit flash --board pico` installs."""

import json
import os
import struct

import pytest

from conftest import cupkit

from cupkit import paths
from cupkit.commands import flash as cmd_flash
from cupkit.device import boards, rp2fs, uf2


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("uf2")
    r = cupkit("uf2", "--board", "pico", "--out", str(d / "cup.uf2"), cwd=str(d))
    assert r.returncode == 0, r.stderr
    with open(d / "cup.uf2", "rb") as f:
        return f.read(), r.stdout


def test_every_block_is_a_well_formed_rp2040_block_numbered_across_the_file(built):
    data, _ = built
    assert len(data) % 512 == 0
    n = len(data) // 512
    addrs = set()
    for i in range(n):
        m0, m1, flags, addr, size, no, count, family = struct.unpack_from("<IIIIIIII", data, i * 512)
        assert (m0, m1, struct.unpack_from("<I", data, i * 512 + 508)[0]) == (uf2.MAGIC0, uf2.MAGIC1, uf2.MAGIC_END)
        assert flags == uf2.FLAG_FAMILY and family == uf2.RP2040_FAMILY
        assert (no, count, size) == (i, n, 256)
        assert addr % 256 == 0 and uf2.FLASH_BASE <= addr and addr + 256 <= uf2.FLASH_BASE + uf2.FLASH_SIZE
        assert addr not in addrs, "0x%x written twice" % addr
        addrs.add(addr)


def test_the_stock_firmware_comes_first_unchanged(built):
    data, _ = built
    stock = uf2.blocks(os.path.join(paths.FIRMWARE, "ports", "micropython-v1.28.0-RPI_PICO.uf2"))
    assert uf2.parse(data)[:len(stock)] == stock
    assert all(off < rp2fs.OFFSET for off, _ in stock)
    assert all(rp2fs.OFFSET <= off < rp2fs.OFFSET + rp2fs.SIZE for off, _ in uf2.parse(data)[len(stock):])


def flashed(data, flash=None):
    """The Pico's flash after its boot ROM took the UF2 (onto a blank chip, or onto flash)."""
    return uf2.install(flash if flash is not None else bytearray(b"\xff" * uf2.FLASH_SIZE), uf2.parse(data))


def fs_files(flash):
    return rp2fs.read(bytes(flash[rp2fs.OFFSET:rp2fs.OFFSET + rp2fs.SIZE]))


def test_the_filesystem_is_exactly_what_a_flash_installs(built):
    data, out = built
    want = cmd_flash.device_files(boards.load("pico"), mpy=True)
    assert fs_files(flashed(data)) == want
    assert "lib/cupfw/app.mpy" in want and "main.py" in want and "lib/ssd1306.mpy" in want
    assert json.loads(want["board.json"])["name"] == "pico"
    assert "replaces everything on it, saved games included" in out and "cupkit flash" in out


def test_an_older_install_with_saved_games_never_shows_through(built):
    data, _ = built
    old = {"lib/cupfw/old.mpy": b"x" * 9000, "data/game.json": b"saved", "data/log/00001.json": b"log",
           "packs/house.json": b"{}", "main.py": b"print('old')"}
    from littlefs import LittleFS
    fs = LittleFS(**rp2fs.LFS)
    for p, d in sorted(old.items()):
        fs.makedirs(os.path.dirname(p), exist_ok=True) if "/" in p else None
        with fs.open(p, "wb") as f:
            f.write(d)
    for i in range(300):  # a well-used filesystem: its superblock pair has moved on many revisions
        with fs.open("data/stats.json", "wb") as f:
            f.write(b"%d" % i)
    flash = bytearray(b"\xff" * uf2.FLASH_SIZE)
    flash[rp2fs.OFFSET:rp2fs.OFFSET + rp2fs.SIZE] = fs.context.buffer
    assert fs_files(flash)["data/game.json"] == b"saved"
    assert fs_files(flashed(data, flash)) == fs_files(flashed(data))


def test_house_packs_go_in_and_a_set_that_does_not_fit_is_refused_before_writing(tmp_path):
    src = os.path.join(paths.PACKS, "pig.json")
    with open(src, encoding="utf-8") as f:
        pack = json.load(f)
    os.mkdir(tmp_path / "packs")
    pack.update(id="pig-house", name="Pig at home")
    (tmp_path / "packs" / "pig-house.json").write_text(json.dumps(pack))
    r = cupkit("uf2", "--board", "pico", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    with open(tmp_path / "cupkit-pico.uf2", "rb") as f:
        assert "packs/pig-house.json" in fs_files(flashed(f.read()))
    os.remove(tmp_path / "cupkit-pico.uf2")
    pack.update(id="pig-big", files=["big.bin"])
    (tmp_path / "packs" / "pig-big.json").write_text(json.dumps(pack))
    (tmp_path / "packs" / "big.bin").write_bytes(os.urandom(1500 * 1024))
    r = cupkit("uf2", "--board", "pico", cwd=str(tmp_path))
    assert r.returncode == 2 and "do not fit" in r.stderr and "nothing written" in r.stderr
    assert not os.path.exists(tmp_path / "cupkit-pico.uf2")


def test_boards_without_a_uf2_get_a_clear_message():
    r = cupkit("uf2", "--board", "cpb")
    assert r.returncode == 2 and "CircuitPython" in r.stderr and "--drive" in r.stderr
    r = cupkit("uf2", "--board", "rpi")
    assert r.returncode == 2 and "Blinka" in r.stderr


def test_drive_must_be_a_pico_in_bootsel_mode(tmp_path):
    r = cupkit("uf2", "--board", "pico", "--drive", str(tmp_path))
    assert r.returncode == 2 and "BOOTSEL" in r.stderr and not os.listdir(tmp_path)
    (tmp_path / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n")
    r = cupkit("uf2", "--board", "pico", "--drive", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert os.path.getsize(tmp_path / "cupkit-pico.uf2") % 512 == 0


@pytest.mark.parametrize("bad, says", [
    (b"", "empty"), (b"\x7fELF" + b"\x00" * 600, "not a UF2"), (None, "truncated"), ("family", "another chip")])
def test_bad_uf2_files_are_named(built, bad, says):
    data, _ = built
    if bad is None:
        bad = data[:len(data) // 2]
    elif bad == "family":
        bad = bytearray(data)
        struct.pack_into("<I", bad, 28, 0xE48BFF59)
    with pytest.raises(uf2.UF2Error, match=says):
        uf2.parse(bytes(bad))


def test_a_damaged_interpreter_uf2_is_refused(tmp_path, monkeypatch):
    from cupkit.cli import Fail
    from cupkit.commands import uf2 as cmd_uf2
    for f in os.listdir(cmd_uf2.PORTS):
        with open(os.path.join(cmd_uf2.PORTS, f), "rb") as src:
            data = src.read()
        if f.endswith(".uf2"):
            data = data[:-1] + b"\x00"
        (tmp_path / f).write_bytes(data)
    monkeypatch.setattr(cmd_uf2, "PORTS", str(tmp_path))
    with pytest.raises(Fail, match="is not the shipped file"):
        cmd_uf2.port(boards.load("pico"))


def test_devices_names_a_pico_in_bootsel_mode(tmp_path, monkeypatch):
    from cupkit.commands import devices as cmd_devices
    drive = tmp_path / "RPI-RP2"
    drive.mkdir()
    (drive / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\r\nModel: Raspberry Pi RP2\r\nBoard-ID: RPI-RP2\r\n")
    (tmp_path / "CIRCUITPY").mkdir()  # a drive with neither file is nothing
    monkeypatch.setattr(cmd_devices, "BOOTSEL_GLOBS", (str(tmp_path / "*"),))
    monkeypatch.setattr(cmd_devices, "DRIVE_GLOBS", ())
    rows = cmd_devices.drives()
    assert rows == [{"impl": "BOOTSEL", "version": "v3.0", "machine": "Raspberry Pi RP2", "where": str(drive),
                     "kind": "bootsel"}]
    assert cmd_devices.state(rows[0]) == ("a Pico in BOOTSEL mode: `cupkit uf2 --board pico --drive %s` installs "
                                          "MicroPython and the cup" % drive)


def test_the_whole_filesystem_region_is_erased_whatever_was_there(built):
    """littlefs reads both blocks of a metadata pair: an old block where the new image has an unwritten
    one could win on its revision count, so nothing of the old region may be left."""
    data, _ = built
    flash = flashed(data, bytearray(os.urandom(uf2.FLASH_SIZE)))
    region = bytes(flash[rp2fs.OFFSET:rp2fs.OFFSET + rp2fs.SIZE])
    assert region == bytes(flashed(data)[rp2fs.OFFSET:rp2fs.OFFSET + rp2fs.SIZE])
