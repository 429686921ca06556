"""cupkit: the host tool of the cupkit dice cup (see `cupkit --help`)."""
