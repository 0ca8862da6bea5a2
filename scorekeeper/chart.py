"""Every player's score by hand as a line chart in text: one line per player, drawn with box
characters, each point of a line marked with the player's own symbol, and a legend that
names every line. Pure: the table app colours the lines and shows the rows as they are.

Where several players stand at one point, their symbols stand side by side there; where the
hands are too close for that, a letter marks the point and the legend says whose symbols it
stands for. The last hand always has the room for its symbols side by side, so every
player's own symbol is on the chart at least once. The rows of the axis stand for evenly
spaced scores, and each says its own, with ``≈`` where a point drawn in it stands elsewhere.

Where things sit on the grid is worked out with fractions (a position, not an amount);
the amounts written on the chart come from ``format_amount``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction
from functools import cache
from string import ascii_lowercase

from .amounts import format_amount
from .cells import cell_width
from .i18n import _

# One symbol per line, so that lines differ by more than their colour.
MARKERS = ("●", "■", "▲", "◆", "▼", "★")
SEVERAL = "*"  # a shared point once every letter is taken (the legend says so)
GROUP_LETTERS = ascii_lowercase  # a point shared where the symbols have no room side by side
NEAR = "≈"  # an axis label for a row whose points stand at different scores near it

# Each box character by the directions its strokes go (left, right, up, down), and back.
STROKES = {"─": "lr", "│": "ud", "╮": "ld", "╯": "lu", "╰": "ur", "╭": "dr", "┼": "lrud",
           "┬": "lrd", "┴": "lru", "├": "udr", "┤": "udl"}
JOINS = {frozenset(directions): char for char, directions in STROKES.items()}


@dataclass(frozen=True, slots=True)
class Cell:
    """One character of the chart, and the line it belongs to (an index into the players;
    ``None`` for the axes, the labels and a letter for a shared point); ``bold`` for the
    scores in the legend."""

    char: str
    line: int | None = None
    bold: bool = False


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """What a line stands for: its symbol, the player and where they stand now."""

    line: int
    marker: str
    player: str
    last: str


@dataclass(frozen=True, slots=True)
class SharedPoint:
    """A letter on the chart for a point where the lines ``lines`` stand together."""

    letter: str
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TextChart:
    """The chart's rows, top to bottom, its legend, and the letters of shared points."""

    rows: tuple[tuple[Cell, ...], ...]
    legend: tuple[LegendEntry, ...]
    shared: tuple[SharedPoint, ...] = ()


def marker(line: int) -> str:
    """The symbol that marks the points of line ``line``."""
    return MARKERS[line % len(MARKERS)]


# The steps a row of the axis may stand for, smallest first: 1, 2, 2½ or 5 times a power of
# ten, from a quarter (the smallest score) up, so that every row's score is a whole quarter.
STEPS = (Decimal("0.25"), Decimal("0.5"), *(Decimal(m).scaleb(k) for k in range(25)
                                             for m in (1, 2, "2.5", 5)))


@dataclass(frozen=True, slots=True)
class Scale:
    """The axis: row 0 stands for the score ``top``, each row below for ``step`` less, in
    ``rows`` rows. A score is drawn in the row whose range holds it: from half a step below
    the row's score (included) to half a step above it (not included)."""

    top: Decimal
    step: Decimal
    rows: int

    def row(self, value: Decimal) -> int:
        """The row whose range holds ``value``."""
        return int((self.top - nearest(value, self.step)) / self.step)

    def value(self, row: int) -> Decimal:
        """The score row ``row`` stands for."""
        return self.top - self.step * row


def nearest(value: Decimal, step: Decimal) -> Decimal:
    """The multiple of ``step`` nearest ``value``; halfway between two, the higher."""
    return step * (value / step + Decimal("0.5")).to_integral_value(rounding=ROUND_FLOOR)


QUARTER = Decimal("0.25")  # the finest score of any game (Kratzen's P/4), and of any row


def grain(values: list[Decimal]) -> Decimal:
    """The finest fraction the scores ``values`` are counted in: 1 where every one is whole
    (Letzter Stich's chips, or a Kratzen evening without a fraction yet), ½ where every one
    is a whole half, else ¼."""
    return next((unit for unit in (Decimal(1), Decimal("0.5"))
                 if all(value % unit == 0 for value in values)), QUARTER)


def scale(low: Decimal, high: Decimal, rows: int, least: Decimal = QUARTER,
          unit: Decimal = QUARTER) -> Scale:
    """The finest evenly spaced axis from ``high`` down to ``low`` in at most ``rows`` rows:
    the smallest step of ``STEPS`` whose rows, from the one that holds ``high`` to the one
    that holds ``low``, fit; no finer than ``least`` (the scores' ``grain``: where every
    score is whole, a row of 2¾ between 3 and 2½ could hold none of them) and a whole number
    of ``unit`` (a game whose scores are whole has rows for whole scores only: no 7½)."""
    for step in STEPS:
        if step < least or step % unit:
            continue
        top, bottom = nearest(high, step), nearest(low, step)
        count = int((top - bottom) / step) + 1
        if count <= rows:
            return Scale(top, step, count)
    raise ValueError(f"no step fits {low}..{high} in {rows} rows")  # (a step of 10^24 always does)


def axis_labels(values: list[Decimal], axis: Scale) -> dict[int, str]:
    """The score written beside each row of ``axis``: the score the row stands for, with
    ``≈`` before it where a point drawn in the row stands at another score."""
    labels = {}
    for row in range(axis.rows):
        here = axis.value(row)
        near = any(axis.row(value) == row and value != here for value in values)
        labels[row] = (NEAR if near else "") + format_amount(here)
    return labels


class Grid:
    """The plot being drawn: ``rows`` of ``width`` cells, where lines join their strokes."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.cells: list[list[Cell]] = [[Cell(" ")] * width for _ in range(height)]

    def stroke(self, col: int, row: int, char: str, line: int) -> None:
        """A stroke of line ``line``; where lines meet, the cell joins their strokes (a
        corner on a line makes a ┬)."""
        joined = STROKES.get(self.cells[row][col].char, "") + STROKES[char]
        self.cells[row][col] = Cell(JOINS.get(frozenset(joined), char), line)

    def line(self, points: list[tuple[int, int]], line: int) -> None:
        """A line through ``points`` (column, row): level through a hand, turning halfway
        to the next one (``turn``), with rounded corners."""
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            middle = turn(x0, x1)
            for col in range(x0 + 1, middle):
                self.stroke(col, y0, "─", line)
            for col in range(middle + 1, x1):
                self.stroke(col, y1, "─", line)
            if y0 == y1:
                if x0 < middle < x1:
                    self.stroke(middle, y0, "─", line)
                continue
            down = y1 > y0
            for row in range(min(y0, y1) + 1, max(y0, y1)):
                self.stroke(middle, row, "│", line)
            self.stroke(middle, y0, "╮" if down else "╯", line)
            if middle < x1:
                self.stroke(middle, y1, "╰" if down else "╭", line)


def turn(x0: int, x1: int) -> int:
    """The column where a line from column ``x0`` to ``x1`` goes up or down."""
    return x1 if x1 - x0 <= 1 else (x0 + x1 + 1) // 2


def line_chart(series: dict[str, list[Decimal]], width: int, height: int,
               step: str | None = None, unit: Decimal = QUARTER) -> TextChart:
    """``series`` (each player's score before the first hand and after each hand, in seating
    order: ``export.pages.score_series``) drawn in ``width`` columns and ``height`` rows (the
    legend not counted). A line holds its level through a hand and changes between two
    hands, with rounded corners; every hand's score is a point with the player's symbol.
    ``step`` names what the bottom axis counts, in the language in use (by default hands; a
    season's chart counts evenings). ``unit``: the finest score the game has (1 in a game
    of whole chips: every row of the axis is a whole score; ``scale``)."""
    players = list(series)
    legend = tuple(LegendEntry(i, marker(i), p, format_amount(series[p][-1]) if series[p] else "")
                   for i, p in enumerate(players))
    values = [v for vs in series.values() for v in vs]
    if not values:
        return TextChart((tuple(Cell(c) for c in _("no hands yet")),), legend)
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    axis = scale(low, high, max(3, height - 2), grain(values), unit)
    plot_h = axis.rows
    hands = max(len(vs) for vs in series.values()) - 1
    y = cache(axis.row)  # (asked for each point, each stroke and each label)
    labels = axis_labels(values, axis)
    word = _("hand") if step is None else step  # what the bottom axis counts, in words
    # The word has the room under the scores' labels, before the 0: narrow labels (``3``,
    # ``≈-50``) left English "hand" and "evening" out where the other languages' shorter
    # words ("mão") fitted.
    label_width = max([cell_width(label) for label in labels.values()]
                      + [cell_width(word) - 1])
    plot_w = max(2, width - label_width - 2)
    # The last hand's players side by side where they stand together: room kept for them.
    last_rows = [y(series[p][-1]) for p in players if len(series[p]) == hands + 1]
    room = max(last_rows.count(row) for row in last_rows) - 1 if last_rows else 0
    span = max(1, plot_w - 1 - room)

    columns = [0 if hands == 0 else round(Fraction(span * i, hands)) for i in range(hands + 1)]
    x = columns.__getitem__

    grid = Grid(plot_w, plot_h)
    for line, player in enumerate(players):
        grid.line([(x(i), y(v)) for i, v in enumerate(series[player])], line)
    shared = mark_points(grid, series, hands, x, y)
    rows = [tuple(Cell(c) for c in f"{labels.get(row, ''):>{label_width}} "
                  f"{'┤' if labels.get(row) else '│'}") + tuple(cells)
            for row, cells in enumerate(grid.cells)]
    rows += hand_axis(hands, x, plot_w, label_width, word)
    return TextChart(tuple(rows), legend, shared)


def mark_points(grid: Grid, series: dict[str, list[Decimal]], hands: int,
                x: Callable[[int], int], y: Callable[[Decimal], int]) -> tuple[SharedPoint, ...]:
    """Every point gets its player's symbol; where several players stand at one point, their
    symbols stand side by side between the turns before and after it, or, without the room,
    a letter for them (the same letter wherever the same players meet)."""
    at: dict[tuple[int, int], list[int]] = {}
    for line, player in enumerate(series):
        for i, v in enumerate(series[player]):
            at.setdefault((i, y(v)), []).append(line)
    letters: dict[tuple[int, ...], str] = {}
    # hand by hand, the last one last: where hands share a column, its symbols are on top
    for (i, row), lines in sorted(at.items(), key=lambda point: point[0][0]):
        col = x(i)
        first = 0 if i == 0 else min(col, turn(x(i - 1), col) + 1)
        last = grid.width - 1 if i == hands else max(col, turn(col, x(i + 1)) - 1)
        if len(lines) <= last - first + 1:
            start = min(max(first, col - (len(lines) - 1) // 2), last - len(lines) + 1)
            for offset, line in enumerate(lines):
                grid.cells[row][start + offset] = Cell(marker(line), line)
            continue
        key = tuple(lines)
        if key not in letters:
            letters[key] = (GROUP_LETTERS[len(letters)] if len(letters) < len(GROUP_LETTERS)
                            else SEVERAL)
        grid.cells[row][col] = Cell(letters[key])
    return tuple(SharedPoint(letter, lines) for lines, letter in letters.items())


def hand_axis(hands: int, x: Callable[[int], int], plot_w: int, label_width: int,
              word: str) -> list[tuple[Cell, ...]]:
    """The hands along the bottom: a tick at each, and its number where there is room;
    ``word`` (what is counted) under the labels of the scores, where it fits."""
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
    if cell_width(word) > label_width + 1:
        word = ""
    pad = " " * (label_width + 1 - cell_width(word))
    return [tuple(Cell(c) for c in " " * label_width + " └" + "".join(ticks)),
            tuple(Cell(c) for c in pad + word + " " + "".join(numbers))]


def text_cells(text: str, line: int | None = None, bold: bool = False) -> list[Cell]:
    """``text`` as cells, each of one character (a wide one takes two columns)."""
    return [Cell(c, line, bold) for c in text]


def fold(text: str, width: int) -> list[str]:
    """``text`` in pieces of at most ``width`` columns, whole: folded, never cut."""
    pieces, piece = [], ""
    for char in text:
        if piece and cell_width(piece + char) > width:
            pieces.append(piece)
            piece = ""
        piece += char
    return [*pieces, piece]


def legend_rows(chart: TextChart, width: int) -> list[list[Cell]]:
    """The legend under the chart in ``width`` columns: what each letter of a shared point
    stands for, then each line's symbol, the player's whole name and their score now
    (``──●── Anna 14¼``), as many to a row as fit; a name longer than a row is folded."""
    rows: list[list[Cell]] = []
    if chart.shared:
        row = text_cells(_("At one point:"))
        for point in chart.shared:
            item = text_cells(f"{point.letter} = ")
            for line in point.lines:
                item += text_cells(marker(line), line)
            if len(row) + 2 + len(item) > width:
                rows.append(row)
                row = []
            row += text_cells("  " if row else "") + item
        rows.append(row)
    row = []
    for entry in chart.legend:
        lead = text_cells("──" + entry.marker + "──", entry.line) + text_cells(" ")
        item = lead + text_cells(entry.player + " ") + text_cells(entry.last, bold=True)
        if row and len(row) + 3 + len(item) > width:
            rows.append(row)
            row = []
        if len(item) <= width:
            row += text_cells("   " if row else "") + item
            continue
        pieces = fold(f"{entry.player} ", max(1, width - len(lead)))
        rows += [(lead if n == 0 else text_cells(" " * len(lead))) + text_cells(piece)
                 for n, piece in enumerate(pieces[:-1])]
        row = text_cells(" " * len(lead) + pieces[-1]) + text_cells(entry.last, bold=True)
    if row:
        rows.append(row)
    return rows


def rows_to_tell_apart(series: dict[str, list[Decimal]], most: int,
                       unit: Decimal = QUARTER) -> int:
    """The fewest rows, up to ``most``, that a plot of ``series`` needs to tell apart every
    two players a plot of up to ``most`` rows tells apart: hand by hand, every two points in
    different rows there are in different rows here too (more rows than that would only
    space the same rows out). Not just as many rows in use: the steps are not multiples of
    one another, so a coarser axis can use as many rows and still put two players far apart
    in one (two evenings of large figures: steps of 200000 drew +36590¼ and -81424¾ in the
    row of 0, where steps of 50000 drew them apart, and -81424¾ with -124368¾ instead)."""
    values = [v for vs in series.values() for v in vs]
    if not values:
        return 3
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    lines = list(series.values())

    @cache
    def apart(axis: Scale) -> frozenset[tuple[int, int, int]]:  # (an axis serves several)
        """Every (hand, line, other line) whose points ``axis`` draws in different rows."""
        rows = [[axis.row(v) for v in vs] for vs in lines]
        return frozenset((i, a, b) for a in range(len(rows)) for b in range(a + 1, len(rows))
                         for i in range(min(len(rows[a]), len(rows[b])))
                         if rows[a][i] != rows[b][i])

    least = grain(values)
    best = apart(scale(low, high, max(3, most), least, unit))
    return next(rows for rows in range(3, max(3, most) + 1)
                if apart(scale(low, high, rows, least, unit)) >= best)


def chart_height(series: dict[str, list[Decimal]], width: int, plot_rows: int,
                 step: str | None = None, unit: Decimal = QUARTER) -> int:
    """The rows ``chart_rows`` takes in ``width`` columns where the plot may have up to
    ``plot_rows`` rows: as many of them as its axis uses (``scale``: the finest step that
    fits), the hands' axis and the whole legend. ``chart_rows`` in exactly that height draws
    that plot: the height a screen that scrolls keeps for the chart, so that the scores are
    told apart however little room the rest leaves."""
    chart = line_chart(series, width, plot_rows + 2, step, unit)
    height = len(chart.rows) + len(legend_rows(chart, width))
    return len(chart_rows(series, width, height, step, unit))


def chart_rows(series: dict[str, list[Decimal]], width: int, height: int,
               step: str | None = None, unit: Decimal = QUARTER) -> list[list[Cell]]:
    """The chart (``line_chart``) with its legend under it (``legend_rows``) in ``width``
    columns and ``height`` rows in all (the chart keeps at least five)."""
    legend = 0
    for _attempt in range(3):  # the letters of shared points depend on the rows there are
        chart = line_chart(series, width, max(5, height - legend), step, unit)
        below = legend_rows(chart, width)
        if len(below) == legend:
            break
        legend = len(below)
    return [list(row) for row in chart.rows] + below
