"""cupfw: the program that runs on the cupkit dice cup (and in its simulator)."""
