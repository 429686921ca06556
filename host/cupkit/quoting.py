"""Text from files, devices and records, made fit for a terminal: the one helper every command uses.

Such text is anyone's: an ANSI escape in it could rewrite the screen, a newline could fake a line
of output, and a 1 MB action would make a 1 MB error line. quote() shows a value inside a message
of ours; clip() makes a whole message that carries such text (an error from the core or from a
parser) one safe line. Both escape what is not printable as a Python literal would, and cut long
text in the middle, so that its start and its end (where an error says why) stay readable.
"""

LIMIT = 240  # characters of one message line
QUOTED = 60  # characters of one quoted value
FAIL_LIMIT = 600  # characters of one line of an error (cli.main): ours can be long, a device's must not be


def quote(value, limit=QUOTED):
    """The value as repr() shows it (quoted, control characters escaped), cut to limit characters."""
    try:
        text = repr(value)
    except RecursionError:
        text = "<nested too deeply to show>"
    return cut(text, limit)


def clip(text, limit=LIMIT):
    """text as one line: every character that is not printable (newlines included) escaped, cut to
    limit characters."""
    text = str(text)
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return cut(text, limit)


def lines(text, limit=LIMIT):
    """A message of ours that may span lines (our own newlines): each line clipped."""
    return "\n".join(clip(line, limit) for line in str(text).split("\n"))


def cut(text, limit):
    """text, or if it is longer than limit, its start and end with the middle left out."""
    if len(text) <= limit:
        return text
    keep = max(limit - len("...(%d characters left out)..." % len(text)), 2)
    head, tail = keep - keep // 3, keep // 3
    return "%s...(%d characters left out)...%s" % (text[:head], len(text) - keep, text[len(text) - tail:])
