"""The widgets of the ledger's and the season's screens: the score chart and the hint under a
table wider than its place. Apart from ``widgets`` since the table screen needs neither:
opening a table imports no chart and no DataTable (tests/benchmarks/test_whole_commands.py,
"TUI: open a 200-hand table")."""

from __future__ import annotations

from decimal import Decimal

from rich.style import Style
from rich.text import Text
from textual.widget import Widget
from textual.widgets import DataTable, Static

from ..chart import QUARTER, chart_rows
from ..i18n import _


class ScoreChart(Widget):
    """Every player's score by hand as a line chart (``chart.line_chart``): one line per
    player, each in its own colour and with its own symbol at every hand, and a legend that
    names each line with the player's score now. ``unit``: the finest score the game has (1
    where its scores are whole chips: the axis then has rows for whole scores only)."""

    DEFAULT_CSS = "ScoreChart { height: 14; }"

    COLOURS = ("#4ea1ff", "#ff6b6b", "#5fd068", "#c792ea", "#ffb454", "#4dd0e1")

    def __init__(self, players: tuple[str, ...], series: dict[str, list[Decimal]],
                 id: str | None = None, step: str | None = None,
                 unit: Decimal = QUARTER) -> None:
        super().__init__(id=id)
        self.players = players
        self.series = series
        self.step = step  # what the bottom axis counts, in words (None: hands)
        self.unit = unit

    def colour(self, line: int | None) -> str:
        return "" if line is None else self.COLOURS[line % len(self.COLOURS)]

    def render(self) -> Text:
        width = max(20, self.size.width)
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, row in enumerate(chart_rows(self.series, width, self.size.height, self.step,
                                                 self.unit)):
            if i:
                out.append("\n")
            for cell in row:
                out.append(cell.char, Style(color=self.colour(cell.line) or None,
                                            bold=cell.bold or None))
        return out


class WideHint(Static):
    """One line under a table, shown only while the table is wider than its place on the
    screen: long names push its last columns past the edge, where nothing else would show
    that they are there. It says on which side the columns out of view are, as the table is
    scrolled (to the right, to the left, or both), and which arrow brings them in."""

    DEFAULT_CSS = "WideHint { height: 1; padding: 0 1; color: $text-muted; display: none; }"

    def __init__(self, table: str, *, id: str | None = None) -> None:
        super().__init__(Text(_("More columns to the right: ← and → scroll sideways.")), id=id)
        self.table = table  # the id of the table it speaks of, on the same screen

    def on_mount(self) -> None:
        table = self.screen.query_one(f"#{self.table}", DataTable)
        self.watch(table, "virtual_size", self.check_soon)
        self.watch(table, "scroll_x", self.check_soon)

    def on_resize(self) -> None:
        self.check_soon()

    def check_soon(self) -> None:
        """Once the table is laid out again (its width on the screen is known then)."""
        self.call_after_refresh(self.check)

    def check(self) -> None:
        table = self.screen.query_one(f"#{self.table}", DataTable)
        self.display = table.virtual_size.width > table.scrollable_content_region.width
        left, right = table.scroll_x > 0, table.scroll_x < table.max_scroll_x
        self.update(Text(_("More columns to the left and to the right: ← and → scroll "
                           "sideways.") if left and right else
                         _("More columns to the left: ← scrolls back to them.") if left else
                         _("More columns to the right: ← and → scroll sideways.")))
