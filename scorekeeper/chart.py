"""Every player's score by hand as a line chart in text: one line per player, drawn with box
characters, each point of a line marked with the player's own symbol, and a legend that
names every line. Pure: the table app colours the lines and shows the rows as they are.

Where things sit on the grid is worked out with fractions (a position, not an amount);
the amounts written on the chart come from ``format_amount``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction

from .amounts import format_amount
from .i18n import _

# One symbol per line, so that lines differ by more than their colour.
MARKERS = ("●", "■", "▲", "◆", "▼", "★")
SEVERAL = "*"  # a point where two or more players stand at the same place

# Each box character by the directions its strokes go (left, right, up, down), and back.
STROKES = {"─": "lr", "│": "ud", "╮": "ld", "╯": "lu", "╰": "ur", "╭": "dr", "┼": "lrud",
           "┬": "lrd", "┴": "lru", "├": "udr", "┤": "udl"}
JOINS = {frozenset(directions): char for char, directions in STROKES.items()}


@dataclass(frozen=True, slots=True)
class Cell:
    """One character of the chart, and the line it belongs to (an index into the players;
    ``None`` for the axes, the labels and a point shared by several lines)."""

    char: str
    line: int | None = None


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """What a line stands for: its symbol, the player and where they stand now."""

    line: int
    marker: str
    player: str
    last: str


@dataclass(frozen=True, slots=True)
class TextChart:
    """The chart's rows, top to bottom, and its legend."""

    rows: tuple[tuple[Cell, ...], ...]
    legend: tuple[LegendEntry, ...]


def marker(line: int) -> str:
    """The symbol that marks the points of line ``line``."""
    return MARKERS[line % len(MARKERS)]


def round_values(low: Decimal, high: Decimal, rows: int) -> list[Decimal]:
    """The round values between ``low`` and ``high`` (multiples of 1, 2 or 5 times a power of
    ten) spaced every two to six of ``rows`` rows: the labels of the scores between the top
    and the bottom of the chart, so that no long stretch of its axis goes unlabelled."""
    wanted = (high - low) * 3 / max(1, rows - 1)
    step = next(Decimal(m) * 10 ** k for k in range(40) for m in (1, 2, 5)
                if Decimal(m) * 10 ** k >= wanted / 2)
    value = (low / step).to_integral_value(rounding=ROUND_CEILING) * step  # at or above low
    values = []
    while value <= high:
        values.append(value)
        value += step
    return values


def axis_labels(values: list[Decimal], low: Decimal, high: Decimal, rows: int,
                y: Callable[[Decimal], int]) -> dict[int, str]:
    """The scores written beside the chart's rows (``y``: a score's row): the top and the
    bottom, 0, each row where the points all stand at one score (that score), and round
    scores between (``round_values``) on rows no point contradicts, so that no long stretch
    of the axis goes bare and no label names a row whose points stand elsewhere."""
    labels = {0: format_amount(high), rows - 1: format_amount(low)}
    if low < 0 < high:
        labels.setdefault(y(Decimal(0)), "0")
    at_row: dict[int, set[Decimal]] = {}
    for value in values:
        at_row.setdefault(y(value), set()).add(value)
    for row, here in at_row.items():
        if len(here) == 1:
            labels.setdefault(row, format_amount(next(iter(here))))
    for value in round_values(low, high, rows):
        row = y(value)
        if at_row.get(row, {value}) == {value} and all(abs(row - labelled) > 1
                                                       for labelled in labels):
            labels[row] = format_amount(value)
    return labels


def line_chart(series: dict[str, list[Decimal]], width: int, height: int,
               step: str | None = None) -> TextChart:
    """``series`` (each player's score before the first hand and after each hand, in seating
    order: ``export.score_series``) drawn in ``width`` columns and ``height`` rows (the
    legend not counted). A line holds its level through a hand and changes between two
    hands, with rounded corners; every hand's score is a point with the player's marker.
    ``step`` names what the bottom axis counts, in the language in use (by default hands; a
    season's chart counts evenings)."""
    players = list(series)
    legend = tuple(LegendEntry(i, marker(i), p, format_amount(series[p][-1]) if series[p] else "")
                   for i, p in enumerate(players))
    values = [v for vs in series.values() for v in vs]
    if not values:
        return TextChart((tuple(Cell(c) for c in _("no hands yet")),), legend)
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    plot_h = max(3, height - 2)
    hands = max(len(vs) for vs in series.values()) - 1

    def y(value: Decimal) -> int:
        return round(Fraction(high - value) / Fraction(high - low) * (plot_h - 1))

    labels = axis_labels(values, low, high, plot_h, y)
    label_width = max(len(label) for label in labels.values())
    plot_w = max(2, width - label_width - 2)

    def x(i: int) -> int:
        return 0 if hands == 0 else round(Fraction((plot_w - 1) * i, hands))

    grid: list[list[Cell]] = [[Cell(" ")] * plot_w for _ in range(plot_h)]

    def put(col: int, row: int, char: str, line: int) -> None:
        # Where lines meet, the cell joins their strokes (a corner on a line makes a ┬).
        joined = STROKES.get(grid[row][col].char, "") + STROKES[char]
        grid[row][col] = Cell(JOINS.get(frozenset(joined), char), line)

    for line, player in enumerate(players):
        points = [(x(i), y(v)) for i, v in enumerate(series[player])]
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            turn = x1 if x1 - x0 <= 1 else (x0 + x1 + 1) // 2
            for col in range(x0 + 1, turn):
                put(col, y0, "─", line)
            for col in range(turn + 1, x1):
                put(col, y1, "─", line)
            if y0 == y1:
                if x0 < turn < x1:
                    put(turn, y0, "─", line)
                continue
            down = y1 > y0
            for row in range(min(y0, y1) + 1, max(y0, y1)):
                put(turn, row, "│", line)
            put(turn, y0, "╮" if down else "╯", line)
            if turn < x1:
                put(turn, y1, "╰" if down else "╭", line)
    owners: dict[tuple[int, int], set[int]] = {}
    for line, player in enumerate(players):
        for i, v in enumerate(series[player]):
            owners.setdefault((x(i), y(v)), set()).add(line)
    for (col, row), lines in owners.items():
        grid[row][col] = (Cell(marker(min(lines)), min(lines)) if len(lines) == 1
                          else Cell(SEVERAL))

    rows = []
    for row, cells in enumerate(grid):
        label = labels.get(row, "")
        axis = "┤" if label else "│"
        rows.append(tuple(Cell(c) for c in f"{label:>{label_width}} {axis}") + tuple(cells))
    # The hands along the bottom: a tick at each, and its number where there is room.
    ticks = ["─"] * plot_w
    numbers = [" "] * plot_w
    free_from = 0
    for i in range(hands + 1):
        col = x(i)
        ticks[col] = "┬"
        text = str(i)
        start = min(col, plot_w - len(text)) if i == hands else col
        if start >= free_from:
            numbers[start:start + len(text)] = text
            free_from = start + len(text) + 1
    rows.append(tuple(Cell(c) for c in " " * label_width + " └" + "".join(ticks)))
    # under the labels of the scores, where it fits
    word = _("hand") if step is None else step
    if len(word) > label_width + 1:
        word = ""
    rows.append(tuple(Cell(c) for c in f"{word:>{label_width + 1}} " + "".join(numbers)))
    return TextChart(tuple(rows), legend)
