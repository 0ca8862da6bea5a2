"""The table's own widgets: a seat, and a chart of scores by hand; and what the screens ask
of the app they run in."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from ..amounts import format_amount
from .bigfigures import BigFigure

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from ..store import Store


class ScorekeeperAppBase(App[None]):
    """What the screens ask of the app they run in (``ScorekeeperApp`` is the one). It lives
    here, below the screens, so a screen can declare ``app = getters.app(ScorekeeperAppBase)``
    and be type-checked against it without importing the app module, which imports every
    screen."""

    store: Store
    watch_interval: float | None
    writes_in_thread: bool  # whether session files are written in worker threads

    def steady(self, root: DOMNode) -> None:
        """Stop text cursors blinking under ``root`` (for screenshots)."""
        raise NotImplementedError

    def open_session(self, ref: str, *, notice: str | None = None) -> None:
        """Open the session ``ref`` at the table (with ``notice`` shown once it is open)."""
        raise NotImplementedError


class SeatPanel(Vertical):
    """One player: seat number and name, the score in large type, who deals and leads, and
    this hand's tricks. Every mark is a word, never a colour alone."""

    def __init__(self, seat: int, name: str, score_name: str) -> None:
        super().__init__(classes="seat")
        self.seat = seat
        self.player = name
        self.score_name = score_name

    def compose(self) -> ComposeResult:
        name = Text.assemble((f"{self.seat} ", "bold"), self.player, no_wrap=True,
                             overflow="ellipsis")
        yield Static(name, classes="seat-name")
        yield BigFigure("0", self.score_name, classes="seat-score")
        yield Static("", classes="seat-marks")
        yield Static("", classes="seat-tricks")

    def show(self, score: Decimal, marks: list[str], tricks: int | None, out: bool) -> None:
        self.query_one(".seat-score", BigFigure).figure = format_amount(score)
        self.query_one(".seat-marks", Static).update(Text(" ".join(marks) or " "))
        if out:
            trick_text = "dropped"
        elif tricks is None:
            trick_text = " "
        else:
            trick_text = f"tricks {tricks} " + "#" * tricks
        self.query_one(".seat-tricks", Static).update(Text(trick_text))
        self.set_class(out, "seat-out")
        self.set_class("DEALS" in marks, "seat-dealer")


class ScoreChart(Widget):
    """Every player's score by hand, drawn in text. Each player is marked by their seat
    number, so the lines can be told apart without colour."""

    DEFAULT_CSS = "ScoreChart { height: 14; }"

    def __init__(self, players: tuple[str, ...], series: dict[str, list[Decimal]],
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.players = players
        self.series = series

    def render(self) -> Text:
        values = [v for vs in self.series.values() for v in vs]
        if not values:
            return Text("no hands yet")
        low, high = min(values), max(values)
        if low == high:
            low, high = low - 1, high + 1
        top, bottom = format_amount(high), format_amount(low)
        label_width = max(len(top), len(bottom))
        width = max(10, self.size.width - label_width - 3)
        height = max(5, self.size.height - 3)
        hands = max(len(vs) for vs in self.series.values()) - 1
        grid = [[" "] * width for _ in range(height)]
        for seat, player in enumerate(self.players, start=1):
            for i, value in enumerate(self.series[player]):
                x = 0 if hands == 0 else round((width - 1) * i / hands)
                y = round((height - 1) * (high - value) / (high - low))
                cell = grid[y][x]
                grid[y][x] = str(seat) if cell in (" ", str(seat)) else "*"
        out = Text()
        for row, cells in enumerate(grid):
            label = top if row == 0 else bottom if row == height - 1 else ""
            out.append(f"{label:>{label_width}} |" + "".join(cells) + "\n")
        out.append(" " * label_width + " +" + "-" * width + "\n")
        out.append(" " * label_width + f"  hand 0 .. {hands};  * = several players\n")
        out.append(" " * label_width + "  ")
        out.append("  ".join(f"{seat} = {player}" for seat, player in
                             enumerate(self.players, start=1)))
        return out
