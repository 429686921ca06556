"""Where the project's parts live, found from the installed (editable) packages."""

import os

import cupcore
import cupfw

CORE = os.path.dirname(os.path.abspath(cupcore.__file__))
SHARED = os.path.dirname(CORE)
PACKS = os.path.join(SHARED, "packs")
SCENARIOS = os.path.join(SHARED, "scenarios")
SCHEMA = os.path.join(PACKS, "pack.schema.json")
FIRMWARE_PKG = os.path.dirname(os.path.abspath(cupfw.__file__))
FIRMWARE = os.path.dirname(FIRMWARE_PKG)
ROOT = os.path.dirname(SHARED)
HARDWARE = os.path.join(ROOT, "hardware")
