"""The simulator's headless side: key scripts, the driver that runs the firmware, PNG frames."""
