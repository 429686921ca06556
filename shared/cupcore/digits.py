"""Numbers in actions (RULES.md sections 1 and 7): plain ASCII digits only, read alike on every port.

number(word, n) reads one; numbers(words, n, once) reads the positions of
`roll P...` (1-based, each once) or the faces of `keep F...`. A module of its own,
so that a game without numbers in its actions does not load it.
"""


def number(w, n):
    """The word w as a number from 1 to n, written in ASCII digits; 0 when it is not one."""
    k = 0
    for c in w.encode():  # bytes: MicroPython interns each character it iterates, for good
        if c < 48 or c > 57 or k > n:
            return 0
        k = k * 10 + c - 48
    return k if k <= n else 0


def numbers(seq, n, once):
    """The words seq as numbers from 1 to n, in the order written: positions (once: none twice) or faces.

    ValueError saying what they must be otherwise. (Parameters named as elsewhere in the core: on
    MicroPython each new name is a qstr, kept for good.)
    """
    out = []
    for w in seq:
        k = number(w, n)
        if not k or once and k in out:
            raise ValueError(("positions are 1 to %d, each once" if once else "faces are 1 to %d") % n)
        out.append(k)
    return out
