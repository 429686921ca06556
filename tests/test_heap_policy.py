"""When the firmware collects its heap (cupfw.begin.app, cupfw.app.App.step), on the unix port.

A small heap (the 64 KB the memory budgets are measured in) collects after each 1/64 of it: garbage left to
spread over 1/16 left a long game's save no hole to fit in (eight players' Yamb needed 65 KB). A large one
(a Pico's 240 KB) collects after each 1/16 of it, where one takes some 15 ms, and between frames once half
of that has been used, so that a collection seldom falls in a key's work (the 50 ms from a press to its frame).
"""

from conftest import run_mp_json

CODE = """
import gc, json
from cupfw.hal.virtual import Board
from cupfw.app import App
app = App(Board(data_dir=%(data)r))
app.run(100)
h = gc.mem_free() + gc.mem_alloc()
out = [h, gc.threshold(), app.room]
gc.disable()  # no collection but the app's own from here (its threshold's would come at its own moment)
gc.collect()
app.used = gc.mem_alloc()
junk = m = before = 0  # (every name of this script bound before: no global made as it measures)
for i in range(5 * app.room // 4 // 200):  # garbage of more than the room, less than the threshold
    junk = bytearray(200)
junk = None
app.scr.anim = app.b.ticks_ms() + 1000  # a screen that animates: no collection between its frames
before = gc.mem_alloc()
app.dirty = True
app.step()
out.append(gc.mem_alloc() - before)
app.scr.anim = 0
app.dirty = True
app.step()  # a frame, quiet: the garbage collected now
m = gc.mem_alloc()
out.append(m - before)
out.append(app.used - m)
gc.enable()
print(json.dumps(out))
"""


def test_a_small_heap_collects_after_each_64th_of_it_and_not_between_frames(image_mpy, tmp_path):
    code = CODE.split("gc.disable()")[0] % {"data": str(tmp_path / "data")} + "print(json.dumps(out))\n"
    h, threshold, room = run_mp_json(image_mpy, code, heap_kb=64)[0]
    assert h < 131072 and 0 <= h // 64 - threshold < 32 and room == 0  # (kept in 32-byte blocks)


def test_a_large_heap_collects_between_frames_once_half_its_threshold_is_used(image_mpy, tmp_path):
    h, threshold, room, animating, quiet, noted = run_mp_json(
        image_mpy, CODE % {"data": str(tmp_path / "data")}, heap_kb=256)[0]
    assert h >= 131072 and 0 <= h // 16 - threshold < 32 and room == h // 32
    assert animating >= 0  # an animation's frame: the garbage still there
    assert quiet < -room  # the next quiet frame: collected
    assert 0 <= noted <= 256, noted  # the heap in use after it noted (with step()'s own frame, freed as it returns)
