"""The ledger (every transfer, filterable, with the audit) and the standings with a chart."""

from __future__ import annotations

from typing import NamedTuple

from rich.console import Console
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Static

from ...amounts import format_amount
from ...cells import cell_width
from ...export.pages import score_series
from ...i18n import N_, _
from ...presentation import count_checks, count_line, end_words, pot_label
from ...store import OpenSession
from ..charts import ScoreChart, WideHint
from ..keybar import KeyBar
from ..widgets import NoticeScreen, ScorekeeperAppBase, TypedInput
from .dialogs import AuditText

COUNT_LINES = 4  # a chip count's lines in one row of the table
FOLDING = Console(width=500, color_system=None, legacy_windows=False)


class LedgerRow(NamedTuple):
    """A row of the ledger's table: its cells, the names (casefolded) a name typed in the
    filter is looked for in, and whether its reason folds onto more lines (a chip count)."""

    cells: tuple[str, ...]
    names: str
    wraps: bool = False

    def shown_for(self, needle: str) -> bool:
        """Whether the row is shown for ``needle`` typed in the filter (casefolded, not empty):
        a hand's number shows that hand's rows, anything else the rows that name it."""
        return needle == self.cells[0] or (not needle.isdigit() and needle in self.names)


def count_row(after_hand: int, words: str) -> LedgerRow:
    """A chip count as a row, after the rows of the hand it followed (none: before any)."""
    return LedgerRow((str(after_hand) if after_hand else "", "", "", "", words, "", "", ""),
                     words.casefold(), wraps=True)


def shared_out(room: int, natural: list[int], least: list[int],
               order: tuple[int, ...]) -> tuple[int, ...] | None:
    """Widths for columns as wide as ``natural`` at most and ``least`` at least, ``room``
    columns in all: each at its least, then what is left to the columns in ``order``, each
    up to its natural width in turn; ``None`` where the least do not fit."""
    widths = list(least)
    spare = room - sum(widths)
    if spare < 0:
        return None
    for i in order:
        more = min(spare, natural[i] - widths[i])
        widths[i] += max(0, more)
        spare -= max(0, more)
    return tuple(widths)


class LedgerScreen(NoticeScreen[None]):
    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="ledger-back"),
                Binding("ctrl+f", "filter", N_("Filter"), id="ledger-filter")]

    def __init__(self, session: OpenSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="ledger"):
            yield Static(Text(_("Ledger of session {id}").format(id=self.session.id),
                              style="bold"))
            yield AuditText(self.session.id, id="audit")
            # (The chip counts are rows of the table, after their hand: a block of them above
            # it could not scroll, cut the second count and left the table six rows.)
            yield TypedInput(placeholder=_("filter: a hand number, or a name: only that "
                                           "player's rows"),
                             id="ledger-filter", compact=True)  # one row: the rows are for hands
            yield DataTable(id="transfers", zebra_stripes=True, cursor_type="row")
            yield WideHint("transfers", id="ledger-wide")
        # The notices, whole, in a line of their own over the key bar (widgets.NoticeLine).
        yield self.notices
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.steady(self)
        self.entries = self.ledger_rows()
        self.widths: tuple[int | None, ...] | None = None
        self.lay_out()
        self.query_one("#transfers", DataTable).focus()

    def on_resize(self) -> None:
        self.call_after_refresh(self.lay_out)

    def ledger_rows(self) -> list[LedgerRow]:
        """Every transfer, every finding of the referee and every chip count as the table's
        cells (hand, from, to, amount, reason, pot after, dealer, kind), each with the names a
        name typed in the filter looks in: a transfer's payer and payee (not the hand's
        dealer: filtered by a name, the table shows that player's rows only), a finding's and a
        count's words (they name the players they are about)."""
        ruleset, config = self.session.ruleset, self.session.config
        players = config.players
        counts: dict[int, list[str]] = {}
        for check in count_checks(self.session):
            # Each count against the ledger as it stands now (amendments since included).
            counts.setdefault(check.count.after_hand, []).append(
                _("Chip count {count}").format(count=count_line(check, config)))
        rows = [count_row(0, words) for words in counts.pop(0, [])]
        for s in self.session.ledger().settlements:
            pot_after = "" if s.pot_after is None else format_amount(s.pot_after)
            kind = ruleset.kind_words(s.kind)
            for t in s.transfers:
                source, target = end_words(t.source, players), end_words(t.target, players)
                rows.append(LedgerRow((str(s.number), source, target, format_amount(t.amount),
                                       ruleset.reason_words(t.reason), pot_after, s.dealer,
                                       kind), "\n".join((source, target)).casefold()))
            # The referee's findings on the hand, under its transfers (they move nothing).
            for finding in s.findings:
                words = _("Referee: {finding}").format(
                    finding=ruleset.finding_words(finding, config))
                rows.append(LedgerRow((str(s.number), "", "", "", words, "", s.dealer, kind),
                                      words.casefold()))
            rows += [count_row(s.number, words) for words in counts.pop(s.number, [])]
        # (a count after a hand withdrawn since: last)
        rows += [count_row(n, words) for n in sorted(counts) for words in counts[n]]
        return rows

    @staticmethod
    def labels() -> tuple[str, ...]:
        # Who pays whom and how much first: the hand's dealer and kind, the same on each of
        # its rows, last (with long names the amount was off screen, ~35 presses of → away).
        return (_("hand"), _("from"), _("to"), _("amount"), _("reason"), _("pot after"),
                _("dealer"), _("kind"))

    def column_widths(self, room: int) -> tuple[int | None, ...]:
        """The widths of the from, to, reason and dealer columns in ``room`` columns of
        screen: as wide as their cells (``None``) where everything fits; else, where every
        column fits with the names, the reason and the dealer folded onto more lines of a
        row, those four folded (``shared_out``: the payer's and the payee's names whole
        first, then the reason, then the dealer); else the names and the reason fold so that who
        pays whom, the amount and the reason are in view without scrolling sideways (names
        between words where a word fits; the rest scrolls)."""
        labels = self.labels()

        fixed = [row for row in self.entries if not row.wraps]  # a count folds to the room

        def widest(column: int) -> int:
            return max([cell_width(labels[column]),
                        *(cell_width(row.cells[column]) for row in fixed)])

        def least(column: int, natural: int) -> int:  # the longest word, if not too long
            word = max(cell_width(part) for row in fixed
                       for part in [*row.cells[column].split(), " "])
            return min(natural, max(10, min(word, 16)))

        sources, targets, reason = widest(1), widest(2), widest(4)
        # A count's words fold in the reason's column, as wide as its other cells.
        wraps = any(row.wraps for row in self.entries)
        whole = (None, None, max(reason, 30) if wraps else None, None)
        reasons = max(reason, 30) if wraps else reason
        # hand and amount as they are; two columns of padding around each of the five
        free = room - widest(0) - widest(3) - 2 * 5
        rest = sum(widest(i) + 2 for i in (5, 6, 7))  # pot after, dealer, kind
        if sources + targets + reasons + rest <= free:
            return whole
        # The four foldable columns' room (less pot after and kind, and every padding): each
        # at its least, the rest to who pays whom first (at 130 columns their names whole: the
        # reason first left each of them folded, "Eleonore" over "Weißenbach-Lutz", beside
        # columns it did not need), then to the reason, then to the dealer.
        every = shared_out(free - widest(5) - widest(7) - 2 * 3,
                           [sources, targets, reasons, widest(6)],
                           [least(1, sources), least(2, targets), min(20, reason),
                            least(6, widest(6))], order=(0, 1, 2, 3))
        if every is not None:  # every column in view
            return every
        if sources + targets + reason <= free:  # the dealer and the kind scroll
            return whole
        source, target = least(1, sources), least(2, targets)
        extra = free - source - target - reason
        if extra <= 0:
            return (source, target, max(20, free - source - target), None)
        more = min(sources - source, extra // 2 + extra % 2)  # the rest to the names
        return (source + more, min(targets, target + extra - more), reason, None)

    def lay_out(self) -> None:
        table = self.query_one("#transfers", DataTable)
        room = table.scrollable_content_region.width or self.app.size.width - 2
        # (less the vertical scroll bar, unless it is there already: its room is not in the
        # region then; taken twice, it cost the names two columns at 130x40)
        widths = self.column_widths(room - (0 if table.show_vertical_scrollbar else 2))
        if widths == self.widths:
            return
        self.widths = widths
        table.clear(columns=True)
        labels = self.labels()
        sized = dict(zip((1, 2, 4, 6), widths, strict=True))  # from, to, reason, dealer
        for i, label in enumerate(labels):
            table.add_column(Text(label), width=sized.get(i))
        self.fill(self.query_one("#ledger-filter", Input).value)

    def fill(self, needle: str) -> None:
        table = self.query_one("#transfers", DataTable)
        table.clear()
        needle = needle.strip().casefold()
        folded = self.widths is not None and self.widths[0] is not None
        for row in self.entries:
            if needle and not row.shown_for(needle):
                continue
            for cells in self.pieces(row):
                table.add_row(*(Text(cell, justify="right" if i in (0, 3, 5) else "left")
                                for i, cell in enumerate(cells)),
                              height=None if folded or row.wraps else 1)

    def pieces(self, row: LedgerRow) -> list[tuple[str, ...]]:
        """The table's rows for ``row``: itself, or a chip count's words folded to the reason's
        column and cut into rows of ``COUNT_LINES`` lines (six players' count folded to one
        row was taller than the table at 80x24, its end out of reach)."""
        width = self.widths[2] if self.widths is not None else None
        if not row.wraps or not width:
            return [row.cells]
        # (a console of the ledger's own: the fold depends on the width only)
        lines = [str(line).rstrip() for line in Text(row.cells[4]).wrap(FOLDING, width)]
        return [(row.cells[0] if at == 0 else "", *row.cells[1:4],
                 "\n".join(lines[at:at + COUNT_LINES]), *row.cells[5:])
                for at in range(0, len(lines), COUNT_LINES)]

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def action_filter(self) -> None:
        self.query_one("#ledger-filter", Input).focus()


class StandingsScreen(NoticeScreen[None]):
    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="standings-back")]

    def __init__(self, session: OpenSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        ledger = self.session.ledger()
        with Vertical(id="standings"):
            yield Static(Text(_("Standings of session {id}").format(id=self.session.id),
                              style="bold"))
            yield DataTable(id="standings-table", cursor_type="none")
            yield ScoreChart(ledger.config.players, score_series(ledger), id="chart")
        # The notices, whole, in a line of their own over the key bar (widgets.NoticeLine).
        yield self.notices
        yield KeyBar()

    def on_mount(self) -> None:
        ledger = self.session.ledger()
        ruleset = self.session.ruleset
        state = ledger.state
        table = self.query_one("#standings-table", DataTable)
        table.add_columns(*map(Text, (_("seat"), _("player"), ruleset.score_words(), "")))
        order = ruleset.ranked(state.scores)
        for p in order:
            mark = (_("winner") if state.finished else _("leading")) if p in state.leaders else ""
            table.add_row(Text(str(ledger.config.seat_of(p) + 1), justify="right"), Text(p),
                          Text(format_amount(state.scores[p]), justify="right"), Text(mark))
        if state.pot is not None:
            table.add_row(Text(""), Text(pot_label(ledger.config.players)),
                          Text(format_amount(state.pot), justify="right"), Text(""))
