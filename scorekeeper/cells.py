"""The columns a text takes in a terminal (a module of its own: ``sessions`` lines up its
columns without importing the rest of the presentation)."""

from __future__ import annotations

import unicodedata


def cell_width(text: str) -> int:
    """Columns a text takes in a terminal: wide East Asian characters and most emoji take two,
    combining marks none."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width
