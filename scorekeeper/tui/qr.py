"""The scoreboard's address as a QR code, drawn in a terminal, so a phone at the table opens it
by pointing its camera at the screen instead of typing the address.

segno makes the code (its module matrix); this module only draws it. Each character cell
holds two modules, one above the other, with the half blocks ▀ ▄ █ and a space, drawn dark
on light whatever the terminal's colours (a phone's reader expects dark modules on a light
ground, with a light border of four modules round them, as the QR standard asks).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

QUIET_ZONE = 4  # modules of light border on every side, as ISO/IEC 18004 asks
DARK_ON_LIGHT = "#000000 on #ffffff"

# Two modules of a column, (top dark, bottom dark), as one character cell.
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_modules(text: str) -> list[list[bool]]:
    """The modules of the QR code of ``text``, row by row, with its light border (``True``:
    dark). The smallest QR code (not a Micro QR code, which phones do not read) that holds
    it, at the highest error correction that fits in that size."""
    import segno  # imported when a code is drawn: the app and serve open without it

    code = segno.make(text, micro=False, boost_error=True)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=QUIET_ZONE)]


def half_block_rows(modules: list[list[bool]]) -> list[str]:
    """``modules`` drawn two rows to a line of text: each character is the column's module of
    the upper row over that of the lower (a last row alone is over a light one)."""
    lines = []
    for top in range(0, len(modules), 2):
        upper = modules[top]
        lower = modules[top + 1] if top + 1 < len(modules) else [False] * len(upper)
        lines.append("".join(HALF_BLOCKS[pair] for pair in zip(upper, lower, strict=True)))
    return lines


def qr_text(text: str) -> Text:
    """The QR code of ``text`` as rich text: half blocks, dark on light."""
    return Text("\n".join(half_block_rows(qr_modules(text))), style=DARK_ON_LIGHT,
                no_wrap=True, overflow="ignore", end="")


def qr_size(text: str) -> tuple[int, int]:
    """The columns and lines the QR code of ``text`` takes on a terminal."""
    modules = qr_modules(text)
    return len(modules[0]), (len(modules) + 1) // 2


class QRCode(Static):
    """The QR code of an address, sized to the code (a code cut or squeezed cannot be read)."""

    DEFAULT_CSS = """
    QRCode {
        width: auto;
        height: auto;
    }
    """

    def __init__(self, address: str, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(qr_text(address), id=id, classes=classes)
        self.address = address


def terminal_qr(text: str, colour: bool) -> str:
    """The QR code of ``text`` as lines to print on a terminal: dark on light in the
    terminal's colours when ``colour`` (a terminal), the bare blocks otherwise."""
    from io import StringIO

    from rich.console import Console

    drawn, printed = qr_text(text), StringIO()
    console = Console(file=printed, force_terminal=colour, no_color=not colour,
                      width=drawn.cell_len + 1, highlight=False, emoji=False, markup=False)
    console.print(drawn)
    return printed.getvalue()
