"""The seed of the day: one deal that every device and the host share for a date.

seed("2026-11-21") is 20261121, the date's digits read as a number (at most
99991231, below 2**30). Neighbouring days still get unrelated deals, because
cupcore.rng passes every seed through a bijective mixer first. A player can
type the seed from the date alone, and a table compares scores for one deal.
"""


def seed(date):
    """The seed for a date "YYYY-MM-DD" (years 0001..9999); ValueError if it is no calendar date."""
    ok = isinstance(date, str) and len(date) == 10 and date[4] == "-" and date[7] == "-"
    digits = date[:4] + date[5:7] + date[8:] if ok else ""
    if len(digits) != 8 or digits.encode().strip(b"0123456789"):  # (left over: a character that is no digit)
        raise ValueError("a date must be YYYY-MM-DD, e.g. 2026-11-21")
    y = int(digits[:4])
    m = int(digits[4:6])
    d = int(digits[6:])
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if y < 1 or m < 1 or m > 12 or d < 1 or d > days[m - 1]:
        raise ValueError("no such date: %s" % date)
    return int(digits)
