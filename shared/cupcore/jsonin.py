"""JSON from files (saved data, packs, scenarios): the same value, or a ValueError, on every port.

The ports' parsers disagree: MicroPython's json accepts what JSON does not
([1,], {"a"}, 01, raw tabs in strings, overlong UTF-8) and reads "\\ud83d\\ude00"
as two characters, CPython's accepts NaN and a byte order mark, and deep nesting
exhausts either's stack (RecursionError, RuntimeError). So load() first checks
the file against the grammar of RFC 8259 itself, with a nesting limit and no \\u
escapes of surrogates, reading it in small pieces, and only then lets json.load
read it: every port reads the same text the same way, and no copy of the file is
held in memory. Numbers are cut at NUMBER characters (CPython refuses integers
of over 4300 digits).
"""

import json

DEPTH = 16  # saved files and packs need 3 or 4
NUMBER = 24  # the longest number: repr of any float fits
_HEX = b"0123456789abcdefABCDEF"
# A number's states: after "-", after a leading 0, in the integer, after ".", in the
# fraction, after "e", after its sign, in the exponent; it may end in _END's.
_END = b"\x02\x03\x05\x08"


def check(f, depth=DEPTH):
    """ValueError unless the binary stream f, read to its end, holds one JSON value nested at most
    depth deep."""
    buf = bytearray(64)
    obj = bytearray(depth + 1)  # per open level: 1 an object, 0 an array
    d = 0
    want = 0  # 0 a value, 1 a value or "]", 2 a key or "}", 3 a key, 4 ":", 5 "," or the close, 6 the end
    tok = 0  # in a token: 0 none, 1 a string, 2 a number, 3 a literal
    sub = 0  # in a string: 1 after "\\", 2..5 in "\\uXXXX", 6 in a UTF-8 sequence; a number's state
    k = 0  # UTF-8 bytes to come, a number's length, the literal's next byte
    lo = hi = 0
    lit = b""
    at = 0
    n = f.readinto(buf)
    while n:
        for i in range(n):
            c = buf[i]
            if tok == 1:
                if sub == 6:
                    if not lo <= c <= hi:
                        break
                    lo, hi = 0x80, 0xBF
                    k -= 1
                    sub = 6 if k else 0
                elif sub == 1:
                    if c == 117:
                        sub = 2
                    elif c in b'"\\/bfnrt':
                        sub = 0
                    else:
                        break
                elif sub:  # \uXXXX, no surrogates: the first two digits are not d8..df
                    if c not in _HEX or sub == 3 and k and c in b"89abcdefABCDEF":
                        break
                    k = sub == 2 and c in b"dD"
                    sub = sub + 1 if sub < 5 else 0
                elif c == 34:
                    tok = 0
                    want = 4 if want > 1 else (5 if d else 6)
                elif c == 92:
                    sub = 1
                elif c > 127:  # UTF-8 as CPython decodes it: no overlong forms, surrogates, or above U+10FFFF
                    k = 0 if c > 0xF4 else (c > 0xC1) + (c > 0xDF) + (c > 0xEF)
                    if not k:
                        break
                    lo = 0xA0 if c == 0xE0 else (0x90 if c == 0xF0 else 0x80)
                    hi = 0x9F if c == 0xED else (0x8F if c == 0xF4 else 0xBF)
                    sub = 6
                elif c < 32:
                    break
                continue
            if tok == 3:
                if c != lit[k]:
                    break
                k += 1
                if k == len(lit):
                    tok = 0
                    want = 5 if d else 6
                continue
            if tok == 2:
                digit = 47 < c < 58
                if digit and sub in b"\x01\x03\x04\x05\x06\x07\x08":
                    sub = 2 if sub == 1 and c == 48 else (3, 3, 3, 5, 5, 8, 8, 8)[sub - 1]
                elif c == 46 and sub in b"\x02\x03":
                    sub = 4
                elif c in b"eE" and sub in b"\x02\x03\x05":
                    sub = 6
                elif c in b"+-" and sub == 6:
                    sub = 7
                elif sub in _END:
                    tok = 0
                    want = 5 if d else 6
                else:
                    break
                if tok:
                    k += 1
                    if k > NUMBER:
                        break
                    continue
            if c in b" \t\n\r":
                continue
            if c == 93 or c == 125:
                if want not in (1, 2, 5) or c != 93 + 32 * obj[d]:
                    break
                d -= 1
                want = 5 if d else 6
            elif want == 4:
                if c != 58:
                    break
                want = 0
            elif want >= 5:
                if c != 44 or want == 6:
                    break
                want = 3 if obj[d] else 0
            elif c == 34:
                tok = 1
                sub = 0
            elif want > 1:
                break
            elif c == 91 or c == 123:
                d += 1
                if d > depth:
                    raise ValueError("JSON nested over %d deep" % depth)
                obj[d] = c // 123  # "[" 91 -> 0, "{" 123 -> 1
                want = 1 + obj[d]
            elif c == 45 or 47 < c < 58:
                tok = 2
                sub = 1 if c == 45 else (2 if c == 48 else 3)
                k = 1
            else:
                for lit in (b"true", b"false", b"null"):
                    if c == lit[0]:
                        break
                else:
                    break
                tok = 3
                k = 1
        else:
            at += n
            n = f.readinto(buf)
            continue
        raise ValueError("not valid JSON (byte %d)" % (at + i))
    if tok == 2 and sub in _END:
        tok = 0
        want = 5 if d else 6
    if tok or want != 6:
        raise ValueError("not valid JSON (byte %d)" % at)


def load(f, depth=DEPTH):
    """The value in the binary stream f from where it stands, read alike on every port; ValueError
    if it is not JSON as check() wants it."""
    start = f.tell()
    check(f, depth)
    f.seek(start)
    return json.load(f)


def loads(data, depth=DEPTH):
    """The value in the bytes data (see load)."""
    from io import BytesIO
    return load(BytesIO(data), depth)


def read(path, most, depth=DEPTH):
    """The value in the file at path, refused unread (ValueError) when over most bytes."""
    import os
    size = os.stat(path)[6]
    if size > most:
        raise ValueError("too big: %d bytes" % size)
    with open(path, "rb") as f:
        return load(f, depth)
