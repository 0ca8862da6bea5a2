"""The table screen: the seats, the pot, what to do now, and the hand being typed in.

Made of layers, one job a module, each a class the next one builds on: ``table_lines`` (the
state, the pot's and the last hand's lines and the room they leave the guide), ``table_view``
(the heading, the seats, the question and the guide), ``table_disk`` (the session file, and
another terminal's changes), ``table_hands`` (settle, save, amend, withdraw, count) and
``table_keys`` (the keys, card by card); here, the screen's widgets and bindings."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll

from ...i18n import N_
from ..handpanel import HandPanel
from ..keybar import KeyBar
from ..widgets import NoticeLine, SeatPanel, Shown
from .table_keys import TableKeys
from .table_view import KEYS_FIRST


class GuideBox(VerticalScroll):
    """The box of the question and the guide (``HandPanel``), which draws them again to the
    room whenever the box changes size: the panel's own size may stay (drawn taller than a
    box that was short a moment, beside a scroll bar it then kept: a row short at 80x24)."""

    BLANK = True  # (a speed trick: ``TableBox``)

    def on_resize(self) -> None:
        for panel in self.query_children(HandPanel):
            panel.draw()


class TableBox(Vertical):
    """The table's rows (the heading, the seats, the pot, the last hand, the guide's box), and
    the seats' row (``#seats``): boxes with nothing of their own to draw (no border, no text),
    their children over all of them but their background.

    A speed trick, in this one place with ``GuideBox``: Textual paints every widget in the
    parent whose rows a key changed, each whole, at every key (a seat's status and the
    question: nearly all of the screen). ``BLANK`` has Textual paint such a box as its
    background alone, without making each of its rows from its styles (three boxes of the
    fourteen widgets painted a key). Measured in tests/benchmarks (test_whole_commands.py,
    "TUI: key to frame written")."""

    BLANK = True


class SeatsRow(Horizontal):
    """The seats side by side (or in a grid of two rows): see ``TableBox``."""

    BLANK = True


class TableScreen(TableKeys):
    """Type each trick's winner by seat number; Enter shows the settlement, Enter again saves."""

    BINDINGS = [
        Binding("enter", "preview", N_("Settle"), id="table-settle"),
        Binding("backspace", "back", N_("Take back"), id="table-back"),  # as F1 says them
        Binding("ctrl+z", "undo", N_("Withdraw"), id="table-undo"),  # (and its dialog)
        Binding("ctrl+e", "amend", N_("Amend"), id="table-amend"),
        Binding("ctrl+k", "count", N_("Count"), id="table-count"),
        Binding("ctrl+l", "ledger", N_("Ledger"), id="table-ledger"),
        Binding("ctrl+t", "standings", N_("Standings"), id="table-standings"),
        Binding("ctrl+x", "export", N_("Export"), id="table-export"),
        Binding("ctrl+r", "rules", N_("Rules"), id="table-rules"),
        Binding("ctrl+o", "toggle_cards", N_("Cards"), id="table-cards"),
        Binding("ctrl+f", "referee", N_("Referee"), id="table-referee"),
        Binding("ctrl+u", "settle_up", N_("Settle up"), id="table-settle-up", show=False),
        # (while a hand is amended, it cancels the amendment: ``active_bindings`` says so)
        Binding("escape", "home", N_("Home"), id="table-home"),
        Binding("ctrl+g", "scoreboard", N_("Scoreboard"), id="table-scoreboard"),
    ]

    def compose(self) -> ComposeResult:
        config = self.session.config
        ruleset = self.session.ruleset
        with TableBox(id="table"):
            yield Shown("", id="table-top")
            with SeatsRow(id="seats"):
                self.panels = [SeatPanel(seat, player, ruleset.score_words())
                               for seat, player in enumerate(config.players, start=1)]
                yield from self.panels
            yield Shown("", id="pot")
            yield Shown("", id="last")
            # The question asked now, the hand as typed so far and the guide: one widget as
            # tall as its box (``HandPanel``), so a key repaints it without a layout.
            with GuideBox(id="guide-box"):
                yield HandPanel(id="hand")
            # The notices, whole, in rows of their own: the guide's box gives them up.
            yield self.notices
        yield KeyBar(first=KEYS_FIRST)

    def on_mount(self) -> None:
        self.arrange_seats()
        self.start_entry()
        self.call_after_refresh(self.show)  # laid out: the seats and the guide fitted
        interval = getattr(self.app, "watch_interval", None)
        if interval:
            self.set_interval(interval, self.check_for_changes)

    def on_resize(self, event: events.Resize) -> None:
        self.arrange_seats()
        self.resized = True  # (the seats fitted again, in a hand too)
        self.call_after_refresh(self.show)

    def on_notice_line_changed(self, _message: NoticeLine.Changed) -> None:
        # A notice said or gone: before a hand's first key the lines under the seats give its
        # rows (``keep_room``), so the guide keeps its last step; in a hand, what is typed.
        if self.is_mounted and self.entry is not None:
            self.show()

    def arrange_seats(self) -> None:
        """The seats in two rows where the screen is tall enough and one row would cut the
        names that two rows show whole (six long names at 130x40)."""
        players = self.session.config.players
        width, height = self.app.size
        # A seat's name line: its number, a space, the name; the borders and padding take 4.
        seat = max(cell_len(p) for p in players) + len(str(len(players))) + 1 + 4
        per_row = -(-len(players) // 2)  # (a layout: the seats of the first row)
        two_rows = (len(players) > 3 and height >= 36 and seat * len(players) > width
                    and seat * per_row <= width)
        self.set_class(two_rows, "seats-two-rows")
        self.query_one("#seats").styles.grid_size_columns = per_row
