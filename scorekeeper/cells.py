"""The columns a text takes in a terminal, measured as Rich measures it (and so as Textual draws
it): one measure for the tables the command line prints and the screens of the table app. A
module of its own: ``sessions`` lines up its columns without importing the rest of the
presentation."""

from __future__ import annotations

import re
from collections.abc import Collection

from rich.cells import cell_len, chop_cells

__all__ = ["NO_BREAK", "cell_width", "cut_to_width", "fold_name", "name_pieces", "pad",
           "text_table", "widest_piece"]

# Words joined by it stay on one row ("type the seat: 1 2 3 4 5 6", "by seat: 1 -2"): the
# table app wraps such a line itself (``tui.handpanel.wrapped_whole``), as Rich breaks a line
# at any white space, a no-break space too.
NO_BREAK = "\u00a0"


def cell_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: wide East Asian characters and emoji take two,
    combining marks none, an emoji sequence joined with ZWJ or made wide by VS16 as Rich
    counts it (``rich.cells.cell_len``)."""
    return cell_len(text)


def cut_to_width(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns (at least 1): as it is when it fits, else cut
    where Rich would fold it (never inside an emoji sequence or between a letter and its
    accent) and ended with an ellipsis."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"
    return chop_cells(text, width - 1)[0] + "…"


def pad(text: str, width: int, right: bool = False) -> str:
    """``text`` filled with spaces to ``width`` columns (on the left when ``right``)."""
    fill = " " * max(0, width - cell_width(text))
    return fill + text if right else text + fill


def text_table(headers: list[str], rows: list[list[str]],
               right: Collection[int] = ()) -> list[str]:
    """A table of text as the command line prints it: the headers, a rule, the rows, each
    column as wide as its widest cell (the columns in ``right`` aligned right)."""
    widths = [cell_width(h) for h in headers]
    for row in rows:
        widths = [max(w, cell_width(c)) for w, c in zip(widths, row, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(pad(c, w, i in right)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return [line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]


def name_pieces(name: str) -> list[tuple[str, str]]:
    """The pieces a name may be broken into, each with what joins it to the one before: its
    words, and a word with a hyphen after the hyphen ("Weißenbach-", "Lutz")."""
    return [(" " if w and not p else "", piece) for w, word in enumerate(name.split(" "))
            for p, piece in enumerate(re.split(r"(?<=-)(?=.)", word))]


def fold_name(name: str, width: int) -> list[str]:
    """``name`` in lines of at most ``width`` columns, broken only between words or after a
    hyphen, never inside a word (a piece wider than ``width`` stands whole on a line)."""
    lines: list[str] = []
    line = ""
    for glue, piece in name_pieces(name):
        if line and cell_width(line + glue + piece) > width:
            lines.append(line)
            line = piece
        else:
            line += glue + piece
    return [*lines, line]


def widest_piece(name: str) -> int:
    """The columns the widest piece of ``name`` takes: the narrowest it can be folded to."""
    return max(cell_width(piece) for _glue, piece in name_pieces(name))
