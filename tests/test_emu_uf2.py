"""One UF2 from `cupkit uf2` on the emulated Pico: from a blank flash it boots to the menu and plays; over
an older install with saved games it leaves exactly its own files; `cupkit flash` then has nothing to write.

They fail, never skip, when Node or rp2040js cannot be had (see test_emu.py).
"""

import subprocess
import sys

import pytest

from cupkit.commands import uf2 as cmd_uf2
from cupkit.device import boards
from cupkit.emu import headless, image
from cupkit.emu.pico import Pico
from cupkit.sim import headless as sim

from device_scripts import rolled_and_held

pytestmark = pytest.mark.chip  # the emulated chip's tier: `pytest -m chip` (see README, Testing)

# Big Pig, the first pack of the menu's Push your luck: its page, Start, a roll and a hold.
PIG = "press down\npress down\npress a\npress a\nwait 500\npress a\nwait 500\nshot start\npress a\nwait 700\npress b\n" \
    "wait 500\nshot held\n"


@pytest.fixture(scope="module")
def cup_uf2(tmp_path_factory):
    d = tmp_path_factory.mktemp("uf2")
    data, files = cmd_uf2.build(boards.load("pico"), str(d / "no-packs"))
    (d / "cup.uf2").write_bytes(data)
    return str(d / "cup.uf2"), files


def test_from_a_blank_flash_the_uf2_boots_to_the_menu_and_plays(tmp_path, cup_uf2):
    path, files = cup_uf2
    img = image.blank()
    image.install_uf2(img, path)
    assert image.read_files(img) == files
    flash = str(tmp_path / "flash.bin")
    image.save(flash, img)
    with Pico(flash, seed=1) as pico:
        ns = headless.boot(pico)
        menu = pico.frame
        frames = headless.play(pico, sim.parse(PIG))
        saved, problems = headless.read_store(image.load(flash))
    assert ns < 3 * 10 ** 9, "boot to menu took %d ms of the chip's time" % (ns // 10 ** 6)
    assert frames["start"][0] != menu and frames["held"][0] != frames["start"][0]
    assert rolled_and_held(saved) and not problems


def test_over_an_older_install_with_saved_games_only_the_new_files(tmp_path, cup_uf2):
    path, files = cup_uf2
    old = dict(headless.device_files("pico"))
    old["lib/cupfw/old_screen.mpy"] = b"M" * 5000
    old["packs/house.json"] = b"{}"
    old.update(headless.data_files({"game.json": {"pack": "pig", "players": 2, "seed": 4, "actions": ["roll"]}}))
    flash = headless.make_flash(str(tmp_path / "flash.bin"), old)
    img = image.load(flash)
    assert "data/game.json" in image.read_files(img)
    image.install_uf2(img, path)
    assert image.read_files(img) == files  # nothing of the old filesystem shows through
    image.save(flash, img)
    with Pico(flash, seed=1) as pico:
        headless.boot(pico)
        pico.mode("fast")
        pico.wait_usb()
        r = subprocess.run([sys.executable, "-m", "cupkit", "flash", "--board", "pico", "--port", pico.port],
                           capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "up to date, nothing written" in r.stdout, r.stdout
