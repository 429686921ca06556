"""cupcore: the game core of the cupkit dice cup.

Runs unchanged on CPython 3.10+, MicroPython and CircuitPython. Engines are
imported on demand (see cupcore.replay.engine) so a device holds one at a time.
"""

# Engine modules by name; a pack's "engine" field must be one of these.
ENGINES = ("pig", "mia", "scoundrel", "bogey")
