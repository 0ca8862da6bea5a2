"""Amounts in large type, three rows tall, for reading across the table: the seats, the
scoreboard. Quarters and halves are drawn as small stacked fractions (1 over 4) beside the
large digits, so 14¼ reads as fourteen and a quarter, never as 14.25.

The text drawn is always ``amounts.format_amount``'s (this module only looks up glyphs, it
works nothing out). A figure that does not fit its width is shown as ordinary text with the
whole value, never cut.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

ROWS = 3

# Heavy box-drawing strokes: they stay legible from the far side of a table.
GLYPHS: dict[str, tuple[str, str, str]] = {
    "0": ("┏━┓", "┃╱┃", "┗━┛"),
    "1": ("╱┃ ", " ┃ ", "╺┻╸"),
    "2": ("╺━┓", "┏━┛", "┗━╸"),
    "3": ("╺━┓", " ━┫", "╺━┛"),
    "4": ("╻ ╻", "┗━┫", "  ╹"),
    "5": ("┏━╸", "┗━┓", "╺━┛"),
    "6": ("┏━╸", "┣━┓", "┗━┛"),
    "7": ("╺━┓", "  ┃", "  ╹"),
    "8": ("┏━┓", "┣━┫", "┗━┛"),
    "9": ("┏━┓", "┗━┫", "╺━┛"),
    "-": ("   ", "╺━╸", "   "),
    "+": ("   ", "╺╋╸", "   "),
    # The fractions format_amount writes: numerator over a bar over denominator, after a
    # space that keeps them apart from the digit before.
    "¼": (" 1", " ━", " 4"),
    "½": (" 1", " ━", " 2"),
    "¾": (" 3", " ━", " 4"),
}


def big_rows(text: str) -> tuple[str, str, str] | None:
    """``text`` (an amount as ``format_amount`` writes it) as three rows of large glyphs, or
    ``None`` when it holds a character that has no large glyph (it is then shown as it is)."""
    if not text:
        return None
    try:
        pieces = [GLYPHS[ch] for ch in text]
    except KeyError:
        return None
    top, middle, bottom = ("".join(piece[row] for piece in pieces) for row in range(ROWS))
    return top, middle, bottom


def big_width(text: str) -> int | None:
    """The columns ``text`` takes in large type (``None``: it cannot be drawn large)."""
    rows = big_rows(text)
    return None if rows is None else cell_len(rows[0])


class BigFigure(Widget):
    """An amount in large type when it fits the widget's width, else in ordinary bold text
    with the whole value (wrapped, never cut). ``figure`` is the text to show, from
    ``format_amount``; ``unit`` (chips, balance…) is said beside the ordinary text only."""

    DEFAULT_CSS = """
    BigFigure {
        height: 3;
        width: 1fr;
    }
    """

    figure: reactive[str] = reactive("", layout=False)
    unit: reactive[str] = reactive("")

    def __init__(self, figure: str = "", unit: str = "", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(BigFigure.figure, figure)
        self.set_reactive(BigFigure.unit, unit)

    @property
    def is_large(self) -> bool:
        """Whether the figure is drawn in large type at the widget's present width."""
        width = big_width(self.figure)
        return width is not None and width <= self.content_size.width

    def render(self) -> RenderableType:
        rows = big_rows(self.figure)
        if rows is not None and self.is_large:
            return Text("\n".join(rows), no_wrap=True, overflow="ignore")
        plain = Text(self.figure, style="bold", overflow="fold")
        if self.unit:
            plain.append(f" {self.unit}", style="")
        return plain
