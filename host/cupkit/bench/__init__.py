"""The benchmarks behind `cupkit bench`: memory, flash, greedy solitaire players."""
