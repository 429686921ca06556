"""cupfw: the program that runs on the cupkit dice cup (and in its simulator)."""

if __import__("sys").implementation.name == "cpython":  # CPython's const(), as cupcore gives it
    __import__("builtins").const = lambda x: x
