"""Devices: the serial transport (mpremote's raw REPL), the virtual device, board profiles, what a flash installs and how."""
