"""The table's own widgets: a seat, and a chart of scores by hand; and what the screens ask
of the app they run in."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from ..amounts import format_amount
from ..chart import SEVERAL, LegendEntry, line_chart
from ..i18n import N_, _
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
    disk_in_thread: bool  # whether store calls run in worker threads (``disk``)

    def steady(self, root: DOMNode) -> None:
        """Stop text cursors blinking under ``root`` (for screenshots)."""
        raise NotImplementedError

    def open_session(self, ref: str, *, notice: str | None = None) -> None:
        """Open the session ``ref`` at the table (with ``notice`` shown once it is open)."""
        raise NotImplementedError


ResultT = TypeVar("ResultT")

def spoken_bindings(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """The keys of a screen with their descriptions (and tooltips) in the language in use: a
    binding's description is written in English (marked ``N_``) when its class is made, and
    said in the language of the moment whenever a footer, the help or the palette shows it."""
    spoken = {}
    for key, active in bindings.items():
        binding = active.binding
        said = replace(binding, description=_(binding.description) if binding.description
                       else "", tooltip=_(binding.tooltip) if binding.tooltip else "")
        spoken[key] = ActiveBinding(active.node, said, active.enabled,
                                    _(active.tooltip) if active.tooltip else "")
    return spoken


class SpokenScreen(Screen[ResultT]):
    """A screen whose keys are described in the language in use (``spoken_bindings``)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return spoken_bindings(super().active_bindings)


class SpokenModal(ModalScreen[ResultT]):
    """A dialog whose keys are described in the language in use (``spoken_bindings``)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return spoken_bindings(super().active_bindings)


# The marks under a seat's name: English here, said in the language in use.
DEALS, LEADS, WINNER, BEST = N_("DEALS"), N_("LEADS"), N_("WINNER"), N_("BEST")


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

    def show(self, score: Decimal, *, deals: str | None, marks: list[str], best: str | None,
             status: str, out: bool) -> None:
        """The seat as the hand stands: ``deals`` (the word, on the seat's top border, which
        is heavy), ``marks`` (who leads: on their own line), ``best`` (on the bottom border),
        ``status`` (this hand's tricks, or whether the player is asked, to decide or out).
        Each has its own line, so that none is cut in a narrow seat."""
        self.query_one(".seat-score", BigFigure).figure = format_amount(score)
        self.border_title = Text(deals) if deals else None
        self.border_subtitle = Text(best) if best else None
        self.query_one(".seat-marks", Static).update(Text(" ".join(marks) or " "))
        self.query_one(".seat-tricks", Static).update(Text(status or " "))
        self.set_class(out, "seat-out")
        self.set_class(bool(deals), "seat-dealer")


class ScoreChart(Widget):
    """Every player's score by hand as a line chart (``chart.line_chart``): one line per
    player, each in its own colour and with its own symbol at every hand, and a legend that
    names each line with the player's score now."""

    DEFAULT_CSS = "ScoreChart { height: 14; }"

    COLOURS = ("#4ea1ff", "#ff6b6b", "#5fd068", "#c792ea", "#ffb454", "#4dd0e1")

    def __init__(self, players: tuple[str, ...], series: dict[str, list[Decimal]],
                 id: str | None = None, step: str | None = None) -> None:
        super().__init__(id=id)
        self.players = players
        self.series = series
        self.step = step  # what the bottom axis counts, in words (None: hands)

    def colour(self, line: int | None) -> str:
        return "" if line is None else self.COLOURS[line % len(self.COLOURS)]

    def legend_lines(self, entries: tuple[LegendEntry, ...], width: int) -> list[Text]:
        """The legend's entries (``──● name score``), as many to a line as fit."""
        lines: list[Text] = []
        line = Text()
        for entry in entries:
            item = Text.assemble(("──" + entry.marker + "──", self.colour(entry.line)), " ",
                                 entry.player, " ", (entry.last, "bold"))
            if line.cell_len and line.cell_len + 3 + item.cell_len > width:
                lines.append(line)
                line = Text()
            if line.cell_len:
                line.append("   ")
            line.append_text(item)
        if line.cell_len:
            lines.append(line)
        if len(entries) > 1:
            lines.append(Text(_("{mark} = several players at one point").format(mark=SEVERAL),
                              style="dim"))
        return lines

    def render(self) -> Text:
        width = max(20, self.size.width)
        chart = line_chart(self.series, width, 1, self.step)
        legend = self.legend_lines(chart.legend, width)
        chart = line_chart(self.series, width, max(5, self.size.height - len(legend)),
                           self.step)
        out = Text(no_wrap=True, overflow="ellipsis")
        for row in chart.rows:
            for cell in row:
                out.append(cell.char, self.colour(cell.line))
            out.append("\n")
        for i, line in enumerate(legend):
            if i:
                out.append("\n")
            out.append_text(line)
        return out
