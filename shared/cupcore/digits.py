"""Numbers in actions (RULES.md sections 1 and 7): plain ASCII digits only, read alike on every port.

number(word, hi) reads one; numbers(words, hi, once) reads the positions of
`roll P...` (1-based, each once) or the faces of `keep F...`. A module of its own,
so that a game without numbers in its actions does not load it.
"""


def number(w, hi):
    """The word w as a number from 1 to hi, written in ASCII digits; 0 when it is not one."""
    n = 0
    for c in w:
        if c < "0" or c > "9" or n > hi:
            return 0
        n = n * 10 + ord(c) - 48
    return n if n <= hi else 0


def numbers(words, hi, once):
    """The words as numbers from 1 to hi, in the order written: positions (once: none twice) or faces.

    ValueError saying what they must be otherwise.
    """
    out = []
    for w in words:
        n = number(w, hi)
        if not n or once and n in out:
            raise ValueError(("positions are 1 to %d, each once" if once else "faces are 1 to %d") % hi)
        out.append(n)
    return out
