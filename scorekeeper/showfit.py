"""``show`` (and ``replay``) in the width of the terminal they print to: the table of hands
made narrow enough, and every other line folded between words, so that the terminal never
breaks a name inside a word. Without a width (not a terminal: a pipe, a file, a test) the text
is what it always was. Pure: the command line says the width.

The hands' table, when too wide, is made narrower one step at a time, each step only when the
one before does not fit:
1. each hand's changes folded between players, by name (``Anna -16,`` / ``Ben +4¼``);
2. the changes by seat number (``1 -16, 2 +4¼``), the seats named once above the table;
3. the dealer by seat number too.
"""

from __future__ import annotations

import textwrap

from .cells import cell_width
from .cells import text_table as _table
from .i18n import _

MIN_CHANGES = 20  # the columns the changes keep before the dealer goes by seat number


def fold_items(items: list[str], width: int) -> list[str]:
    """``items`` written ``a, b, c`` in lines of at most ``width`` columns, broken only between
    items (an item wider than ``width`` stands whole on its line)."""
    lines: list[str] = []
    line = ""
    for n, item in enumerate(items):
        piece = item + ("," if n < len(items) - 1 else "")
        if line and cell_width(f"{line} {piece}") > width:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    return [*lines, line]


def fold_line(line: str, width: int) -> list[str]:
    """One line of text in lines of at most ``width`` columns, broken between words only
    (never inside a word nor at a hyphen: a name stays whole); the lines after the first
    indented two columns more than it."""
    if cell_width(line) <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip(" "))]
    return textwrap.wrap(line, width=width, subsequent_indent=indent + "  ",
                         break_long_words=False, break_on_hyphens=False,
                         drop_whitespace=True) or [line]


def fold_lines(lines: list[str], width: int) -> list[str]:
    """Every line of ``lines`` folded (``fold_line``)."""
    return [piece for line in lines for piece in fold_line(line, width)]


def _folded_table(headers: list[str], rows: list[list[str]], changes: list[list[str]],
                  width: int) -> tuple[list[str], int]:
    """The table with each row's changes (its last column) folded into the room the other
    columns leave in ``width``; and that room."""
    rule = _table(headers[:-1], rows)[1]  # each column's dashes, as wide as the column
    widths = [cell_width(dashes) for dashes in rule.split("  ")]
    used = sum(widths) + 2 * len(widths)
    room = max(cell_width(headers[-1]), width - used)
    out: list[list[str]] = []
    for row, items in zip(rows, changes, strict=True):
        pieces = fold_items(items, room)
        out.append(row + pieces[:1])
        out += [[""] * len(row) + [piece] for piece in pieces[1:]]
    return _table(headers, out, right={0}), room


def fitted_hands(players: tuple[str, ...], headers: list[str], rows: list[list[str]],
                 changes: list[list[tuple[str, str]]], no_change: str,
                 width: int) -> list[str]:
    """The hands' table (``presentation.hand_lines``: ``rows`` without their changes, which are
    ``changes``, each hand's ``(player, signed amount)`` of every player, ``±0`` for one whose
    balance stayed; none: ``no_change``) in ``width`` columns, by the steps above."""
    def items(by_seat: bool) -> list[list[str]]:
        return [[f"{players.index(p) + 1 if by_seat else p} {d}" for p, d in moved]
                or [no_change] for moved in changes]

    by_name = items(by_seat=False)
    lines, room = _folded_table(headers, rows, by_name, width)
    widest = max(cell_width(item) for row in by_name for item in row)
    if room >= widest:
        return lines
    said = _("seats:")
    seats = fold_items([f"{n} {p}" for n, p in enumerate(players, start=1)],
                       width - cell_width(said) - 1)
    named = [f"{said} {seats[0]}"] + [" " * (cell_width(said) + 1) + line
                                      for line in seats[1:]]
    lines, room = _folded_table(headers, rows, items(by_seat=True), width)
    if room < MIN_CHANGES:
        dealer = [[row[0], str(players.index(row[1]) + 1), *row[2:]] for row in rows]
        lines, room = _folded_table(headers, dealer, items(by_seat=True), width)
    return named + lines
