"""The columns a text takes in a terminal (a module of its own: ``sessions`` lines up its
columns without importing the rest of the presentation)."""

from __future__ import annotations

import unicodedata


def cut_to_width(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns (at least 1): as it is when it fits, else cut and
    ended with an ellipsis."""
    if cell_width(text) <= width:
        return text
    kept, used = [], 0
    for ch in text:
        used += cell_width(ch)
        if used > width - 1:
            break
        kept.append(ch)
    return "".join(kept) + "…"


def cell_width(text: str) -> int:
    """Columns a text takes in a terminal: wide East Asian characters and most emoji take two,
    combining marks none."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width
