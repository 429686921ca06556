"""Plain-text tables for the terminal: column widths come from the data, not fixed formats."""


def lines(header, rows, right=()):
    """The lines of a table: header and rows (sequences of values, shown with str), columns two
    spaces apart; columns whose index is in right are right-aligned; the last column is not padded."""
    cells = [[str(v) for v in row] for row in [header] + list(rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    out = []
    for row in cells:
        parts = [row[i].rjust(widths[i]) if i in right else row[i].ljust(widths[i]) for i in range(len(row))]
        if len(header) - 1 not in right:
            parts[-1] = row[-1]
        out.append("  ".join(parts).rstrip())
    return out
