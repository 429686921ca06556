"""Long inputs take little heap: a simulator's key script stays out of the device's heap."""

from cupkit.sim import headless as sim


def test_a_long_key_script_takes_nothing_from_the_devices_heap():
    """20,000 lines (on the settings screen, where no demo starts): read a line at a time, not
    loaded into the micropython binary's 64 KB."""
    keys = "press up\npress up\npress a\n" + "wait 1\n" * 20000 + "shot end\n"
    frames = sim.headless(sim.parse(keys), micropython=True, heap_kb=64)
    assert list(frames) == ["end"]
