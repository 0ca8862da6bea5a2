"""The season: every player's evenings, hands, wins, net and money over the stored sessions, a
table per game (``g`` shows the next game), with each player's running total over the evenings
as a chart whose legend names every line: the screen scrolls (↑ ↓, PgUp PgDn, Home End) where
the table, the notes and the whole legend take more rows than it has. Read in a worker through
the listing's index; worked out by ``season``."""

from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from ...cells import cell_width, fold_name, widest_piece
from ...chart import chart_height, rows_to_tell_apart
from ...errors import ScorekeeperError
from ...i18n import N_, _, ngettext
from ...season import GameTable, Season, season
from ...seasonevening import evenings_listed
from ...seasonformats import notes_lines, season_rows, unit_words, wins_line
from ...seasonnames import Roster
from ...store import Store
from ..charts import ScoreChart, WideHint
from ..disk import on_disk
from ..homelist import fold_words, in_two_lines
from ..keybar import KeyBar
from ..widgets import NoticeScreen, ScorekeeperAppBase

# The most rows the chart's plot keeps where the screen scrolls to it; it keeps the fewest
# that tell the players apart as well as 16 do (``chart.rows_to_tell_apart``). At 80x24, 16
# rows, the evenings' axis and a legend of up to five rows fit in the 23 over the key bar:
# scrolled to the end, the whole chart is in view. The finest step that fits 16 rows is at
# most a seventh of the scores' spread (``chart.scale``: the next finer took more than 16
# rows, and is at least half as large), so players that far apart have rows of their own.
PLOT_ROWS = 16


def two_line_width(name: str) -> int:
    """The fewest columns ``name`` takes folded on at most two lines (``fold_name``: between
    words or after a hyphen), or whole where it has no two pieces to fold."""
    return next((width for width in range(widest_piece(name), cell_width(name))
                 if len(fold_name(name, width)) <= 2), cell_width(name))


def name_lines(name: str, width: int) -> list[str]:
    """``name`` in lines of ``width`` columns: broken between its words ("Eleonore" over
    "Weißenbach-Lutz", ``homelist.fold_words``) where that takes no more lines than also
    breaking after a hyphen ("Eleonore Weißenbach-" over "Lutz", ``cells.fold_name``)."""
    words, pieces = fold_words(name, width), fold_name(name, width)
    return words if len(words) <= len(pieces) else pieces


def stale_folded(money: str) -> str:
    """A money cell whose last line says its stale evenings ("1 evening stale") with those
    words on two lines, folded between words (``homelist.in_two_lines``)."""
    *figures, stale = money.split("\n")
    return "\n".join([*figures, in_two_lines(stale)])


def read_season(store: Store) -> Season:
    """The season over every stored session (a store call: it reads the listing's index and
    the players' names)."""
    roster = Roster.from_json(store.roster())
    evenings, skipped = evenings_listed(store.list_sessions(figures=True))
    return season(evenings, roster, skipped=skipped)


class SeasonScreen(NoticeScreen[None]):
    """The season's table, one game at a time."""

    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="season-back"),
                Binding("g", "next_game", N_("Next game"), id="season-next-game"),
                Binding("r", "reload", N_("Read again"), id="season-reload"),
                # The table's columns past the screen's edge (``WideHint`` says these keys):
                # they scroll it sideways at once, whatever has the focus (the screen's
                # scrolling, which has it, passes the two keys on: it has no sideways).
                Binding("left", "sideways(-1)", show=False),
                Binding("right", "sideways(1)", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.season: Season | None = None
        self.shown = 0  # which game's table

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="season"):
            yield Static(_("The season: reading the sessions…"), id="season-title")
            yield DataTable(id="season-table", cursor_type="row", zebra_stripes=True)
            yield WideHint("season-table", id="season-wide")
            yield Static("", id="season-notes")
            yield ScoreChart((), {}, id="season-chart", step=_("evening"))
        # The notices, whole, in a line of their own over the key bar (widgets.NoticeLine).
        yield self.notices
        yield KeyBar()

    def on_mount(self) -> None:
        self.rows: list[list[str]] = []
        self.currencies: list[str] = []  # the currencies of the money column
        self.stale: list[bool] = []  # whose money cell ends with its stale evenings
        self.laid_out: tuple[tuple[str, ...], int | None, int, int] | None = None
        self.action_reload()

    @staticmethod
    def labels() -> tuple[str, ...]:
        return ("#", _("player"), _("evenings"), _("hands"), _("evenings won"), _("net"),
                _("per evening"), _("money"))

    def on_resize(self) -> None:
        self.call_after_refresh(self.refit)

    def action_sideways(self, way: int) -> None:
        """The table a few columns to the left (-1) or right (1), where it is wider than the
        screen."""
        table = self.query_one("#season-table", DataTable)
        table.scroll_right() if way > 0 else table.scroll_left()

    def refit(self) -> None:
        """The title, the table and the chart's legend in the screen's new width."""
        found = self.season
        if found is not None and found.tables:
            self.query_one("#season-title", Static).update(Text(self.title_words(
                found.tables[self.shown], len(found.tables)), style="bold"))
        self.lay_out()
        self.keep_the_legend()
        self.call_after_refresh(self.say_scrolling)

    def keep_the_legend(self) -> None:
        """The chart at least as tall as a plot that tells the players apart (up to
        ``PLOT_ROWS`` rows) with its whole legend (every line's symbol, whole name and score
        now): where the screen has fewer rows left, it scrolls to them, rather than the plot
        shrinking to two or three rows with most players in one, or the legend being cut
        after the first names. Where the screen has more rows, the chart takes them."""
        chart = self.query_one("#season-chart", ScoreChart)
        width = (chart.size.width or self.app.size.width) - 2  # (a scroll bar may come)
        plot = rows_to_tell_apart(chart.series, PLOT_ROWS)
        needed = chart_height(chart.series, max(20, width), plot, chart.step)
        chart.styles.min_height = needed if chart.series else None

    def lay_out(self) -> None:
        """The table's columns in the screen's width, everyone in view without scrolling
        sideways: a column nobody has a figure in (money, when no settle-up had a value)
        left out, the money a currency to a line, and each player's name whole. Where the
        names do not fit whole on a line, the table makes room for them (``layouts``: a label
        of two words on two lines, then the one currency of the money into its label, then
        the stale evenings' words on two lines) until every name fits on one line, else on
        two (broken between words, "Konstantin" over "Wolkenstein-H", not "Eleonore
        Weißenbach-" over "Lutz" where the room allows; the names taking every column the
        figures leave); where two columns between columns leave no such room, one
        does (``chosen``). Only where even that is too wide do the names fold on more lines
        (never cut nor broken inside a word). The figures are never cut; the table grows to
        show every row at once."""
        table = self.query_one("#season-table", DataTable)
        labels, rows, width, gap = self.chosen()
        if width:
            rows = [[cell if i != 1 else "\n".join(name_lines(cell, width))
                     for i, cell in enumerate(row)] for row in rows]
        layout = (tuple(labels), width, len(rows), gap)
        if layout == self.laid_out:
            return
        self.laid_out = layout
        table.header_height = max(len(label.split("\n")) for label in labels)
        table.clear(columns=True)
        # Two columns between columns: a cell's padding each side; one: no padding, a space
        # before every line of a cell (the first column's is the table's left margin).
        table.cell_padding = gap // 2
        lead = " " * (2 - gap)

        def text(cell: str, left: bool) -> Text:
            return Text("\n".join(lead + line for line in cell.split("\n")),
                        justify="left" if left else "right")

        for i, label in enumerate(labels):
            table.add_column(text(label, i == 1),
                             width=width + len(lead) if i == 1 and width else None)
        for row in rows:
            table.add_row(*(text(c, i == 1) for i, c in enumerate(row)),
                          height=max(len(cell.split("\n")) for cell in row))
        self.show_every_row()

    def chosen(self) -> tuple[list[str], list[list[str]], int | None, int]:
        """The labels and rows of the layout the table takes (``layouts``), the width of its
        names' column (``None``: each name on one line) and the columns between columns: the
        first layout where the names fit on one line, else on two, with two columns between
        columns, else with one (each label of two words on two lines); else the narrowest
        with one, each name as narrow as its widest word."""
        table = self.query_one("#season-table", DataTable)
        # The screen's width but its scroll bar's two columns, kept whether it shows now or
        # not: it comes as the rows grow, after the table is laid out.
        room = (self.query_one("#season", VerticalScroll).size.width or self.app.size.width) - 2
        names = [row[1] for row in self.rows]

        def figures(labels: list[str], rows: list[list[str]], gap: int) -> int:
            """The columns all but the names take (with the columns between columns)."""
            return gap * len(labels) + sum(
                max(cell_width(line) for text in [label] + [row[i] for row in rows]
                    for line in text.split("\n"))
                for i, label in enumerate(labels) if i != 1)

        layouts = self.layouts()
        name_label = max(cell_width(line) for line in layouts[0][0][1].split("\n"))
        whole = max([name_label] + [cell_width(name) for name in names])
        two = max([name_label] + [two_line_width(name) for name in names])
        # Names on one line keep room for the table's own scroll bar where its rows, a line
        # each, scroll (past its styled height); names on two lines have every row shown
        # (``show_every_row``).
        most = table.styles.base.max_height
        scroll_bar = 2 if most is not None and len(names) + 2 > most.value else 0
        found = next(((labels, rows, None if one_line else room - figures(labels, rows, gap),
                       gap)
                      for gap in (2, 1)
                      for one_line, need, bar in ((True, whole, scroll_bar), (False, two, 0))
                      # (one column between: two words of a label never on one line, where
                      # "resultado por noche" would read as one label)
                      for labels, rows in layouts
                      if gap == 2 or not any(" " in label for label in labels)
                      if figures(labels, rows, gap) + need + bar <= room), None)
        if found is not None:
            return found
        labels, rows = layouts[-1]
        narrowest = max([12] + [widest_piece(name) for name in names])
        return labels, rows, max(narrowest, room - figures(labels, rows, 1)), 1

    def layouts(self) -> list[tuple[list[str], list[list[str]]]]:
        """The table's labels and rows, from the widest to the narrowest way of showing
        them: as they are (a column nobody has a figure in left out); each label of two
        words on two lines; and, where the money is in one currency, that currency once in
        the money's label, "(EUR)" under it, rather than after every figure."""
        kept = [i for i in range(len(self.labels())) if i < 2 or any(r[i] for r in self.rows)]
        labels = [self.labels()[i] for i in kept]
        rows = [[row[i] for i in kept] for row in self.rows]
        folded = [label.replace(" ", "\n", 1) for label in labels]
        found = [(labels, rows), (folded, rows)]
        money = len(self.labels()) - 1
        if money in kept and len(self.currencies) == 1:
            unit = f" {self.currencies[0]}"
            found.append(([*folded[:-1], f"{labels[-1]}\n({self.currencies[0]})"],
                          [[*row[:-1], "\n".join(line.removesuffix(unit)
                                                  for line in row[-1].split("\n"))]
                           for row in rows]))
        if any(self.stale):
            # "1 noite desatualizada" on two lines ("1 noite" over "desatualizada"): as wide
            # as a figure rather than as wide as the rest of the table leaves the names.
            found += [(labels, [[*row[:-1], stale_folded(row[-1])] if stale else row
                                for row, stale in zip(rows, self.stale, strict=True)])
                      for labels, rows in found]
        return found

    def show_every_row(self) -> None:
        """The table as tall as its rows where one takes more than a line (else as styled)."""
        table = self.query_one("#season-table", DataTable)
        heights = [row.height for row in table.rows.values()]
        table.styles.max_height = (table.header_height + sum(heights)
                                   if any(height > 1 for height in heights) else None)

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

    def title_words(self, shown: GameTable, games: int, scrolls: bool = False) -> str:
        """The title in one line of the screen: the longest of its forms that fits (what the
        chart shows and the key to the next game go first; the key bar has ``g`` too); when
        the screen ``scrolls``, with the keys that scroll it where they fit."""
        n, unit = len(shown.evenings), unit_words(shown.ruleset.unit)
        long = ngettext(
            "The season: {game}, {count} evening, net in {unit}; below, each player's running "
            "total after each evening",
            "The season: {game}, {count} evenings, net in {unit}; below, each player's running "
            "total after each evening", n).format(game=shown.ruleset.title, count=n, unit=unit)
        short = ngettext("The season: {game}, {count} evening, net in {unit}",
                         "The season: {game}, {count} evenings, net in {unit}", n).format(
                             game=shown.ruleset.title, count=n, unit=unit)
        others = ("  " + _("(g: the next of {count} games)").format(count=games)
                  if games > 1 else "")
        room = self.query_one("#season-title", Static).content_size.width or (
            self.app.size.width - 2)
        forms = (long + others, short + others, long, short)
        hint = _("    ↑ ↓: scroll") if scrolls else ""
        return next((words + hint for words in forms if cell_width(words + hint) <= room),
                    next((words for words in forms if cell_width(words) <= room), short))

    def say_scrolling(self) -> None:
        """The title says the keys that scroll the screen, while it scrolls (once laid out)."""
        found = self.season
        if found is None or not found.tables:
            return
        scrolls = self.query_one("#season", VerticalScroll).max_scroll_y > 0
        self.query_one("#season-title", Static).update(Text(self.title_words(
            found.tables[self.shown], len(found.tables), scrolls), style="bold"))

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
        title.update(Text(self.title_words(shown, len(found.tables)), style="bold"))
        self.query_one("#season-notes", Static).update(Text(
            "\n".join([wins_line(shown), notes]).strip("\n")))
        self.rows, self.laid_out = season_rows(shown, money_lines=True), None
        self.stale = [t.stale > 0 for t in shown.players]
        self.currencies = sorted({currency for t in shown.players for currency in t.money})
        self.lay_out()
        series = shown.running_totals()
        chart.players, chart.series = tuple(series), series
        chart.refresh()
        self.keep_the_legend()
        self.query_one("#season", VerticalScroll).focus()  # its keys scroll the whole screen
        self.call_after_refresh(self.say_scrolling)
