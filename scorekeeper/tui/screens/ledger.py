"""The ledger (every transfer, filterable, with the audit) and the standings with a chart."""

from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from ...amounts import format_amount
from ...export import score_series
from ...i18n import _
from ...presentation import count_checks, count_line
from ...rules import end_text
from ...store import OpenSession
from ..widgets import ScoreChart, ScorekeeperAppBase
from .dialogs import AuditText, lines_text


class LedgerScreen(Screen):
    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="ledger-back"),
                Binding("ctrl+f", "filter", "Filter", id="ledger-filter")]

    def __init__(self, session: OpenSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="ledger"):
            yield Static(Text(f"Ledger of session {self.session.id}", style="bold"))
            yield AuditText(self.session.id, id="audit")
            counts = count_checks(self.session)
            if counts:
                # Each count against the ledger as it stands now (amendments since included).
                yield Static(lines_text([_("Chip counts:")] + [f"  {count_line(c)}"
                                                                for c in counts]),
                             id="ledger-counts")
            yield Input(placeholder="filter: a player's name or a hand number", id="ledger-filter")
            yield DataTable(id="transfers", zebra_stripes=True, cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self.app.steady(self)
        table = self.query_one("#transfers", DataTable)
        table.add_columns("hand", "dealer", "kind", "from", "to", "amount", "reason", "pot after")
        self.fill("")
        table.focus()

    def fill(self, needle: str) -> None:
        table = self.query_one("#transfers", DataTable)
        table.clear()
        needle = needle.strip().casefold()
        ruleset, config = self.session.ruleset, self.session.config
        accounts = ruleset.accounts
        for s in self.session.ledger().settlements:
            pot_after = "" if s.pot_after is None else format_amount(s.pot_after)
            for t in s.transfers:
                source, target = end_text(t.source, accounts), end_text(t.target, accounts)
                if needle and not (needle == str(s.number) or any(
                        needle in name.casefold() for name in (source, target, s.dealer))):
                    continue
                table.add_row(Text(str(s.number), justify="right"), Text(s.dealer), Text(s.kind),
                              Text(source), Text(target),
                              Text(format_amount(t.amount), justify="right"), Text(t.reason),
                              Text(pot_after, justify="right"))
            # The referee's findings on the hand, under its transfers (they move nothing).
            for finding in s.findings:
                words = _("Referee: {finding}").format(
                    finding=ruleset.finding_words(finding, config))
                if needle and not (needle == str(s.number) or needle in words.casefold()
                                   or needle in s.dealer.casefold()):
                    continue
                table.add_row(Text(str(s.number), justify="right"), Text(s.dealer),
                              Text(s.kind), Text(""), Text(""), Text(""), Text(words), Text(""))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def action_filter(self) -> None:
        self.query_one("#ledger-filter", Input).focus()


class StandingsScreen(Screen):
    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="standings-back")]

    def __init__(self, session: OpenSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        ledger = self.session.ledger()
        with Vertical(id="standings"):
            yield Static(Text(f"Standings of session {self.session.id}", style="bold"))
            yield DataTable(id="standings-table", cursor_type="none")
            yield ScoreChart(ledger.config.players, score_series(ledger), id="chart")
        yield Footer()

    def on_mount(self) -> None:
        ledger = self.session.ledger()
        ruleset = self.session.ruleset
        state = ledger.state
        table = self.query_one("#standings-table", DataTable)
        table.add_columns("seat", "player", ruleset.score_name, "")
        order = ruleset.ranked(state.scores)
        for p in order:
            mark = ("winner" if state.finished else "leading") if p in state.leaders else ""
            table.add_row(Text(str(ledger.config.seat_of(p) + 1), justify="right"), Text(p),
                          Text(format_amount(state.scores[p]), justify="right"), Text(mark))
        if state.pot is not None:
            table.add_row(Text(""), Text("pot"), Text(format_amount(state.pot), justify="right"),
                          Text(""))
