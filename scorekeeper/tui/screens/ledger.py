"""The ledger (every transfer, filterable, with the audit) and the standings with a chart."""

from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Static

from ...amounts import format_amount
from ...export import score_series
from ...i18n import N_, _
from ...presentation import count_checks, count_line, end_words, pot_label
from ...store import OpenSession
from ..keybar import KeyBar
from ..widgets import ScoreChart, ScorekeeperAppBase, SpokenScreen, TypedInput, WideHint
from .dialogs import AuditText, lines_text


class LedgerScreen(SpokenScreen[None]):
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
            counts = count_checks(self.session)
            if counts:
                # Each count against the ledger as it stands now (amendments since included).
                config = self.session.config
                yield Static(lines_text([_("Chip counts:")] + [f"  {count_line(c, config)}"
                                                                for c in counts]),
                             id="ledger-counts")
            yield TypedInput(placeholder=_("filter: a player's name or a hand number"),
                             id="ledger-filter", compact=True)  # one row: the rows are for hands
            yield DataTable(id="transfers", zebra_stripes=True, cursor_type="row")
            yield WideHint("transfers", id="ledger-wide")
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.steady(self)
        table = self.query_one("#transfers", DataTable)
        # Who pays whom and how much first: the hand's dealer and kind, the same on each of
        # its rows, last (with long names the amount was off screen, ~35 presses of → away).
        table.add_columns(*map(Text, (_("hand"), _("from"), _("to"), _("amount"), _("reason"),
                                      _("pot after"), _("dealer"), _("kind"))))
        self.fill("")
        table.focus()

    def fill(self, needle: str) -> None:
        table = self.query_one("#transfers", DataTable)
        table.clear()
        needle = needle.strip().casefold()
        ruleset, config = self.session.ruleset, self.session.config
        players = config.players
        for s in self.session.ledger().settlements:
            pot_after = "" if s.pot_after is None else format_amount(s.pot_after)
            for t in s.transfers:
                source, target = end_words(t.source, players), end_words(t.target, players)
                if needle and not (needle == str(s.number) or any(
                        needle in name.casefold() for name in (source, target, s.dealer))):
                    continue
                table.add_row(Text(str(s.number), justify="right"),
                              Text(source), Text(target),
                              Text(format_amount(t.amount), justify="right"),
                              Text(ruleset.reason_words(t.reason)),
                              Text(pot_after, justify="right"), Text(s.dealer),
                              Text(ruleset.kind_words(s.kind)))
            # The referee's findings on the hand, under its transfers (they move nothing).
            for finding in s.findings:
                words = _("Referee: {finding}").format(
                    finding=ruleset.finding_words(finding, config))
                if needle and not (needle == str(s.number) or needle in words.casefold()
                                   or needle in s.dealer.casefold()):
                    continue
                table.add_row(Text(str(s.number), justify="right"), Text(""), Text(""),
                              Text(""), Text(words), Text(""), Text(s.dealer),
                              Text(ruleset.kind_words(s.kind)))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def action_filter(self) -> None:
        self.query_one("#ledger-filter", Input).focus()


class StandingsScreen(SpokenScreen[None]):
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
