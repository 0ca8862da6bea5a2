"""The ledger (every transfer, filterable, with the audit) and the standings with a chart."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rich.console import Console
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Input, Static

from ...amounts import format_amount
from ...cells import cell_width, fold_name, widest_piece
from ...countwords import count_checks, count_line
from ...documents import pot_label
from ...export.pages import score_series
from ...handwords import end_words
from ...i18n import N_, _
from ...store import OpenSession
from ..charts import ScoreChart, WideHint
from ..keybar import KeyBar
from ..widgets import NoticeScreen, ScorekeeperAppBase, TypedInput
from .dialog_audit import AuditText

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


POT_AFTER = 5  # the "pot after" column: the pot's figure after the hand


def count_row(after_hand: int, words: str) -> LedgerRow:
    """A chip count as a row, after the rows of the hand it followed (none: before any)."""
    return LedgerRow((str(after_hand) if after_hand else "", "", "", "", words, "", "", ""),
                     words.casefold(), wraps=True)


@lru_cache(maxsize=4096)
def cell_height(cell: str, width: int | None) -> int:
    """The lines ``cell`` takes folded between its words to ``width`` columns (a ledger's
    cells are a few texts over and over: each is folded once for each width)."""
    if not width or not cell or ("\n" not in cell and cell_width(cell) <= width):
        return 1
    return len(Text(cell).wrap(FOLDING, width))


@lru_cache(maxsize=1024)
def folded_name(text: str, width: int) -> str:
    return "\n".join(fold_name(text, width))  # (the kind's few words, each folded once)


def shared_out(room: int, natural: list[int], least: list[int], order: tuple[int, ...],
               whole: tuple[int, ...] = ()) -> tuple[int, ...] | None:
    """Widths for columns as wide as ``natural`` at most and ``least`` at least, ``room``
    columns in all: each at its least, then what is left to the columns in ``order``, each
    up to its natural width in turn (those in ``whole`` to their natural width or not at all:
    a name a column or two short of whole folds as it does at its least); ``None`` where the
    least do not fit."""
    widths = list(least)
    spare = room - sum(widths)
    if spare < 0:
        return None
    for i in order:
        more = max(0, min(spare, natural[i] - widths[i]))
        if i in whole and widths[i] + more < natural[i]:
            continue
        widths[i] += more
        spare -= more
    return tuple(widths)


class AuditBox(VerticalScroll):
    """The audit's verdict over the ledger's table: as tall as its lines, up to two fifths of
    the screen; longer (many findings), it scrolls, and Tab (or the mouse) reaches it. Under
    a finding the table had kept the audit to one row at 80x24, "1 finding:" and nothing
    after the colon, the finding and the digest out of reach."""

    DEFAULT_CSS = "AuditBox { height: auto; max-height: 40%; }"

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0  # a stop for Tab only where there is something to scroll


class LedgerScreen(NoticeScreen[None]):
    app = getters.app(ScorekeeperAppBase)

    DEFAULT_CSS = """
    #ledger-filter-row { height: 1; }
    #ledger-filter-label { width: auto; padding-right: 1; }
    #ledger-filter { width: 1fr; }
    """

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="ledger-back"),
                Binding("ctrl+f", "filter", N_("Filter"), id="ledger-filter")]

    def __init__(self, session: OpenSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="ledger"):
            yield Static(Text(_("Ledger of session {id}").format(id=self.session.id),
                              style="bold"))
            with AuditBox(id="ledger-audit"):
                yield AuditText(self.session.id, id="audit")
            # (The chip counts are rows of the table, after their hand: a block of them above
            # it could not scroll, cut the second count and left the table six rows.)
            # What the field filters stays said once something is typed (it was the field's
            # placeholder only: "6" alone on the line, trial 32).
            with Horizontal(id="ledger-filter-row"):
                yield Static(Text(_("Filter:")), id="ledger-filter-label")
                yield TypedInput(placeholder=_("a hand number, or a name: only that player's "
                                               "rows"),
                                 id="ledger-filter", compact=True)  # one row: rows for hands
            # The hand's number stays in view as the rows scroll sideways (scrolled, a row no
            # longer said which hand it was of: trial 34).
            yield DataTable(id="transfers", zebra_stripes=True, cursor_type="row",
                            fixed_columns=1)
            yield WideHint("transfers", id="ledger-wide")
        # The notices, whole, in a line of their own over the key bar (widgets.NoticeLine).
        yield self.notices
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.steady(self)
        self.entries = self.ledger_rows()
        # A game without a pot (Letzter) has no "pot after" column: empty on every row, it
        # took ten columns of the names' room (trial 33).
        self.shown = tuple(i for i in range(len(self.labels()))
                           if i != POT_AFTER or self.session.ruleset.has_pot)
        self.widths: tuple[int | None, ...] | None = None
        self.laid_for_few = False  # (set as the filter changes: ``on_input_changed``)
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
        """The widths of the table's eight columns in ``room`` columns of screen (``None``: as
        wide as its cells): each as wide as its cells where everything fits (a chip count's
        words folding in the reason's, 30 columns at least); else, where every column fits
        with the names, the reason, the kind and the pot after's heading folded onto more
        lines, each column at its least (``folded_in_view``); else the names and the reason
        fold so that who pays whom, the amount and the reason are in view without scrolling
        sideways (names between words where a word fits; the rest scrolls)."""
        labels = self.labels()
        fixed = [row for row in self.entries if not row.wraps]  # a count folds to the room

        def widest(column: int) -> int:
            return max([cell_width(labels[column]),
                        *(cell_width(row.cells[column]) for row in fixed)])

        natural = [widest(i) if i in self.shown else 0 for i in range(len(labels))]
        # A count's words fold in the reason's column, as wide as its other cells.
        wraps = any(row.wraps for row in self.entries)
        reason = natural[4]
        natural[4] = max(reason, 30) if wraps else reason
        whole = tuple(natural[4] if i == 4 and wraps else None for i in range(len(labels)))
        free = room - 2 * len(self.shown)  # two columns of padding around each
        if sum(natural) <= free:
            return whole
        every = self.folded_in_view(free, natural)
        if every is not None:  # every column in view
            return every
        # hand and amount as they are, and the reason whole; the dealer and the kind scroll
        free -= natural[0] + natural[3] - 2 * 3  # (the padding of the five in view)
        if natural[1] + natural[2] + reason <= free:
            return whole
        source, target = self.least_width(1), self.least_width(2)
        extra = free - source - target - reason
        if extra <= 0:
            return (None, source, target, None, max(20, free - source - target), None, None,
                    None)
        more = min(natural[1] - source, extra // 2 + extra % 2)  # the rest to the names
        return (None, source + more, min(natural[2], target + extra - more), None, reason, None,
                None, None)

    def least_width(self, column: int) -> int:
        """How narrow a name's column may be: its longest word, 10 to 16 columns, or less
        where its cells are narrower."""
        cells = [row.cells[column] for row in self.entries if not row.wraps]
        word = max((cell_width(part) for cell in cells for part in cell.split()), default=1)
        natural = max([cell_width(self.labels()[column]), *map(cell_width, cells)])
        return min(natural, max(10, min(word, 16)))

    def folded_in_view(self, free: int, natural: list[int]) -> tuple[int, ...] | None:
        """Widths for every column in ``free`` columns (the padding apart), ``None`` where they
        do not fit with the payer's and the payee's names whole: the hand and the amount as
        they are; each other column at its least (a name's between its words, the reason's its
        longest word, 12 columns at least, the kind between its words, the pot after's heading
        over two rows); the rest to the payer's and the payee's names, then to the dealer's,
        each whole or not at all, then to the kind, the reason and the pot after's heading.
        (Trial 30 at 130 columns: the dealer's name folded onto two lines on every row, the
        reason given the room first, "Eleonore" over "Weißenbach-Lutz" beside a reason of 19
        columns; the dealer's is one name on every row of a hand, the reason folds between
        its words.)"""
        labels = self.labels()
        cells = [row.cells for row in self.entries if not row.wraps]

        def longest_word(column: int) -> int:
            return max(cell_width(part) for text in [labels[column], *(c[column] for c in cells)]
                       for part in [*text.split(), " "])

        lows = list(natural)
        for i in (1, 2, 6):
            lows[i] = self.least_width(i)
        lows[4] = min(natural[4], max(12, longest_word(4)))  # a word of it never cut
        if POT_AFTER in self.shown:  # a figure whole
            lows[5] = max([longest_word(5), *(cell_width(c[5]) for c in cells)])
        # the kind between its words or after a hyphen ("Zwangs-" over "Muss": whole, it kept
        # 11 columns on every row of the evening from the reason; trial 32)
        lows[7] = max([longest_word(7) if " " in labels[7] else cell_width(labels[7]),
                       *(widest_piece(c[7]) for c in cells)])
        first = shared_out(free, natural, lows, order=(1, 2, 6), whole=(1, 2, 6))
        if first is None or first[1] < natural[1] or first[2] < natural[2]:
            return None  # who pays whom folded: the names and the reason first (80 columns)
        # the rest to the reason, the kind or the pot after's heading first, whichever leaves
        # the fewer lines, the reason first where it is as few (a forced Muss's kind whole cost
        # every row of the evening a line of its reason, pt; the kind whole kept the reason
        # over four lines, "Strafe: / Spieler / brauchte 1, / machte 0 (P)", trial 32)
        layouts = [shared_out(free, natural, list(first), order=order)
                   for order in ((4, 7, 5), (4, 5, 7), (7, 4, 5), (5, 4, 7))]
        return min((widths for widths in layouts if widths is not None),
                   key=lambda widths: self.lines(widths) + self.heading_lines(widths))

    def heading_lines(self, widths: tuple[int | None, ...]) -> int:
        """The rows the headings take at ``widths``: two where one folds, else one."""
        return 1 + any(width is not None and cell_width(label) > width
                       for i, (label, width) in enumerate(zip(self.labels(), widths, strict=True))
                       if i in self.shown)

    def lines(self, widths: tuple[int | None, ...]) -> int:
        """How many lines the table's rows take at ``widths`` (each cell folded between its
        words to its column's width)."""
        needle = self.needle()
        return sum(max(map(cell_height, cells, widths))
                   for row in self.entries if not needle or row.shown_for(needle)
                   for cells in self.pieces(row, widths))

    def needle(self) -> str:
        """What the filter holds, as the rows are looked up by it (casefolded)."""
        return self.query_one("#ledger-filter", Input).value.strip().casefold()

    def lay_out(self) -> bool:
        """The columns laid out again for the room and the rows shown (a scroll bar's room
        only where they want one), and the rows filled in: ``False`` where they stay as
        they were (nothing done)."""
        table = self.query_one("#transfers", DataTable)
        region = table.scrollable_content_region
        room = table.size.width or self.app.size.width
        widths = self.column_widths(room)
        # (less the vertical scroll bar where the rows shown will want one, whether it is
        # drawn now or not: taken for a bar never drawn, it cost the dealer's name its whole
        # at 130x40, and the reason two columns when a filter left a few rows, trial 32)
        if 2 + self.lines(widths) > region.height:
            widths = self.column_widths(room - table.styles.scrollbar_size_vertical)
        if widths == self.widths:
            return False
        self.widths = widths
        table.clear(columns=True)
        labels = self.labels()
        # A heading folded (the pot after's: "pot" over "after") takes two rows, the others
        # on the lower one, over their cells.
        folds = [i in self.shown and width is not None and cell_width(label) > width
                 for i, (label, width) in enumerate(zip(labels, widths, strict=True))]
        table.header_height = 2 if any(folds) else 1
        for label, width, folded in [(labels[i], widths[i], folds[i]) for i in self.shown]:
            table.add_column(Text(label if folded or not any(folds) else f"\n{label}"),
                             width=width)
        self.fill()
        return True

    def fill(self) -> None:
        table = self.query_one("#transfers", DataTable)
        table.clear()
        needle = self.needle()
        folded = self.widths is not None and self.widths[1] is not None
        for row in self.entries:
            if needle and not row.shown_for(needle):
                continue
            for cells in self.pieces(row):
                table.add_row(*(Text(cells[i], justify="right" if i in (0, 3, 5) else "left")
                                for i in self.shown),
                              height=None if folded or row.wraps else 1)

    def pieces(self, row: LedgerRow, widths: tuple[int | None, ...] | None = None
               ) -> list[tuple[str, ...]]:
        """The table's rows for ``row`` at ``widths`` (or as laid out): itself (its kind
        folded between words or after a hyphen where its column is narrower), or a chip
        count's words folded to the reason's column and cut into rows of ``COUNT_LINES`` lines
        (six players' count folded to one row was taller than the table at 80x24, its end out
        of reach)."""
        widths = widths or self.widths
        width, kind = (None, None) if widths is None else (widths[4], widths[7])
        if kind and cell_width(row.cells[7]) > kind:
            row = LedgerRow((*row.cells[:7], folded_name(row.cells[7], kind)), row.names,
                            row.wraps)
        if not row.wraps or not width:
            return [row.cells]
        # (a console of the ledger's own: the fold depends on the width only)
        lines = [str(line).rstrip() for line in Text(row.cells[4]).wrap(FOLDING, width)]
        return [(row.cells[0] if at == 0 else "", *row.cells[1:4],
                 "\n".join(lines[at:at + COUNT_LINES]), *row.cells[5:])
                for at in range(0, len(lines), COUNT_LINES)]

    def on_input_changed(self, event: Input.Changed) -> None:
        # Laid out again where the rows shown may fit the table, or did: they may want a
        # scroll bar no more, or again (not for each letter of a name in 1,000 hands: ~1 s).
        needle, room = self.needle(), self.query_one("#transfers", DataTable).size.height
        few = sum(1 for row in self.entries if not needle or row.shown_for(needle)) < room
        if not ((few or self.laid_for_few) and self.lay_out()):
            self.fill()
        self.laid_for_few = few

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
