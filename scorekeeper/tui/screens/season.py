"""The season: every player's evenings, hands, wins, net and money over the stored sessions, a
table per game (``g`` shows the next game), with each player's running total over the evenings
as a chart. Read in a worker through the listing's index; worked out by ``season``."""

from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from ...errors import ScorekeeperError
from ...i18n import N_, _, ngettext
from ...season import (
    GameTable,
    Roster,
    Season,
    evenings_listed,
    notes_lines,
    season,
    season_rows,
    unit_words,
    wins_line,
)
from ...store import Store
from ..disk import on_disk
from ..keybar import KeyBar
from ..widgets import ScoreChart, ScorekeeperAppBase, SpokenScreen, WideHint


def read_season(store: Store) -> Season:
    """The season over every stored session (a store call: it reads the listing's index and
    the players' names)."""
    roster = Roster.from_json(store.roster())
    evenings, skipped = evenings_listed(store.list_sessions(figures=True))
    return season(evenings, roster, skipped=skipped)


class SeasonScreen(SpokenScreen[None]):
    """The season's table, one game at a time."""

    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="season-back"),
                Binding("g", "next_game", N_("Next game"), id="season-next-game"),
                Binding("r", "reload", N_("Read again"), id="season-reload")]

    def __init__(self) -> None:
        super().__init__()
        self.season: Season | None = None
        self.shown = 0  # which game's table

    def compose(self) -> ComposeResult:
        with Vertical(id="season"):
            yield Static(_("The season: reading the sessions…"), id="season-title")
            yield DataTable(id="season-table", cursor_type="row", zebra_stripes=True)
            yield WideHint("season-table", id="season-wide")
            yield Static("", id="season-notes")
            yield ScoreChart((), {}, id="season-chart", step=_("evening"))
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#season-table", DataTable).add_columns(
            *map(Text, ("#", _("player"), _("evenings"), _("hands"), _("evenings won"), _("net"),
                        _("per evening"), _("money"))))
        self.action_reload()

    def action_reload(self) -> None:
        def refused(error: ScorekeeperError) -> None:
            self.query_one("#season-title", Static).update(
                Text(_("The season cannot be read: {problem}").format(problem=error)))

        on_disk(self, lambda: read_season(self.app.store), self.show_season, refused)

    def show_season(self, found: Season) -> None:
        self.season = found
        self.shown = min(self.shown, max(0, len(found.tables) - 1))
        self.fill()

    def action_next_game(self) -> None:
        if self.season and self.season.tables:
            self.shown = (self.shown + 1) % len(self.season.tables)
            self.fill()

    def fill(self) -> None:
        found = self.season
        if found is None:
            return
        table = self.query_one("#season-table", DataTable)
        table.clear()
        title = self.query_one("#season-title", Static)
        chart = self.query_one("#season-chart", ScoreChart)
        notes = "\n".join(notes_lines(found.lookalikes, found.skipped,
                                      found.stale)).strip("\n")
        self.query_one("#season-notes", Static).update(Text(notes))
        if not found.tables:
            title.update(Text(_("The season: no evening with a hand played yet.")))
            chart.players, chart.series = (), {}
            chart.refresh()
            return
        shown: GameTable = found.tables[self.shown]
        n = len(shown.evenings)
        others = ("  " + _("(g: the next of {count} games)").format(count=len(found.tables))
                  if len(found.tables) > 1 else "")
        title.update(Text(ngettext(
            "The season: {game}, {count} evening, net in {unit}; below, each player's running "
            "total after each evening",
            "The season: {game}, {count} evenings, net in {unit}; below, each player's running "
            "total after each evening", n).format(game=shown.ruleset.title, count=n,
                                                  unit=unit_words(shown.ruleset.unit))
            + others, style="bold"))
        self.query_one("#season-notes", Static).update(Text(
            "\n".join([wins_line(shown), notes]).strip("\n")))
        for row in season_rows(shown):
            table.add_row(*(Text(c) if i == 1 else Text(c, justify="right")
                            for i, c in enumerate(row)))
        series = shown.running_totals()
        chart.players, chart.series = tuple(series), series
        chart.refresh()
        table.focus()
