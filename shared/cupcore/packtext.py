"""The text of a pack file without its rules, for cupcore.packs.load on a small device.

A pack's rules may be 4,000 characters, and only the rules page shows them: read
whole, they would take two blocks of that size from the heap. Only a long pack file
is read this way, so this module is loaded only when one is there.
"""


def without_rules(f, span=None):
    """A pack file's JSON text with "" for its top-level rules, read 64 bytes at a time, so that a long
    rules text is never held whole. Bytes: UTF-8 never hides a quote, a backslash or a brace.
    span: a list that gets the file offsets where the rules text starts and ends (inside its quotes)."""
    out = []
    at = f.tell()
    depth = 0
    key = 0  # outside strings at depth 1: 1 after the string "rules", 2 after its colon too
    word = b""  # the string being read, while it may still be "rules"
    instr = skip = esc = False
    s = f.read(64)
    while s:
        keep = i = 0
        while i < len(s):
            if skip and not esc:  # leap to the next quote or backslash of the rules text
                q = s.find(b'"', i)
                b = s.find(b"\\", i, q if q >= 0 else len(s))
                i = b if b >= 0 else q if q >= 0 else len(s)
                if i == len(s):
                    break
            c = s[i]
            if instr:
                if esc:
                    esc = False
                elif c == 92:  # backslash
                    esc = True
                elif c == 34:  # the closing quote
                    instr = False
                    if skip:
                        skip = False
                        keep = i
                        if span is not None:
                            span.append(at + i)
                    key = 1 if word == b"rules" and depth == 1 else 0
                word = word + s[i:i + 1] if word is not None and len(word) < 6 else None
            elif c == 34:
                instr = True
                word = b""
                if key == 2:
                    skip = True
                    out.append(s[keep:i + 1])
                    if span is not None:
                        span.append(at + i + 1)
                key = 0
            elif c == 58 and key == 1:  # the colon after the key "rules"
                key = 2
            elif c not in b" \t\r\n":
                key = 0
                depth += (c in b"{[") - (c in b"}]")
            i += 1
        if not skip:
            out.append(s[keep:])
        at += len(s)
        s = f.read(64)
    return b"".join(out)


def rules(f):
    """A pack file's top-level rules text as a bytearray, its JSON escapes undone in place: one block
    of its size (json.load would hold 4,000 characters twice, its buffer and the str made from it).
    A character beyond ASCII (which the device cannot show) becomes "?"."""
    span = []
    without_rules(f, span)
    if len(span) < 2:
        return bytearray()
    f.seek(span[0])
    buf = bytearray(span[1] - span[0])
    f.readinto(buf)
    n = len(buf)
    r = w = 0
    while True:
        k = buf.find(b"\\", r)
        if k < 0:
            k = n
        if w != r:
            buf[w:w + k - r] = buf[r:k]
        w += k - r
        if k >= n:
            break
        c = buf[k + 1]
        r = k + 2
        if c == 117:  # \uXXXX
            c = int(bytes(buf[r:r + 4]), 16)
            r += 4
            if c > 126:
                c = 63
        else:
            i = b"ntrbf".find(bytes((c,)))
            if i >= 0:
                c = b"\n\t\r\x08\x0c"[i]
        buf[w] = c
        w += 1
    buf[w:] = b""
    return buf
