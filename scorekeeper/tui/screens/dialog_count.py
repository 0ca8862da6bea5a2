"""The chip count: what each player (and the pot) holds, checked against the ledger and
asked before it is recorded."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from rich.text import Text
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from ...amounts import format_decimal, parse_typed_amount
from ...documents import pot_label
from ...errors import ScorekeeperError
from ...i18n import N_, _
from ..keybar import KeyBar
from ..widgets import TypedInput
from .dialog_base import SteadyModal
from .dialog_confirm import ConfirmDialog


class CountDialog(SteadyModal[dict[str, Decimal] | None]):
    """Type what each player (and the pot) holds. Before it is recorded, ``check`` (the core's
    words for the count against the ledger) shows who is off, and the table is asked."""

    # Enter, Tab and shift+Tab move between the fields, taken as they are typed (priority
    # keys, the focus moved at once): "3", Tab, "4" typed quickly put "34" in one field (Tab
    # went up to the screen after the 4 was typed), and so did Enter.
    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="count-back"),
                Binding("ctrl+s", "submit", N_("Check the count"), id="count-go"),
                Binding("enter", "enter_field", show=False, priority=True),
                Binding("tab", "next_field(1)", show=False, priority=True),
                Binding("shift+tab", "next_field(-1)", show=False, priority=True)]

    def __init__(self, players: tuple[str, ...], has_pot: bool,
                 check: Callable[[dict[str, Decimal]], list[str]],
                 note: str | None = None) -> None:
        super().__init__()
        self.players = players
        self.has_pot = has_pot
        self.check = check
        self.note = note  # what the chips are counted against, where it needs saying

    def compose(self) -> ComposeResult:
        # A line a field (the name, then the amount), in a body that scrolls: six players
        # and the pot fit at 80x24, and the field with the cursor is always scrolled into sight.
        with Vertical(classes="dialog", id="count"):
            yield Static(Text(_("Chip count: what does everyone hold? (leave blank to skip)"),
                              style="bold"))
            if self.note:  # (an evening that went on: the chips as it left them)
                yield Static(Text(self.note), id="count-note")
            example = _("e.g. 3 or {amount}").format(amount=format_decimal(Decimal("-4.25")))
            with VerticalScroll(id="count-body", classes="dialog-body", can_focus=False):
                for i, p in enumerate(self.players):
                    with Horizontal(classes="count-field"):
                        yield Label(Text(p), classes="count-label")
                        yield TypedInput(id=f"count-{i}", placeholder=example, compact=True)
                if self.has_pot:
                    with Horizontal(classes="count-field"):
                        yield Label(Text(pot_label(self.players)), classes="count-label")
                        yield TypedInput(id="count-pot", placeholder=_("what the pot holds"),
                                         compact=True)
            yield Static("", id="count-message")
            yield Static(Text(_("Enter: next field    ctrl+s: check the count    Escape: back")),
                         classes="dialog-keys")
        yield KeyBar()

    def action_next_field(self, step: int) -> None:
        """Tab: the next field (after the last, the first); shift+Tab: the one before."""
        inputs, focused = list(self.query(Input)), self.focused
        if not isinstance(focused, Input) or focused not in inputs:
            raise SkipAction()
        self.set_focus(inputs[(inputs.index(focused) + step) % len(inputs)])

    def action_enter_field(self) -> None:
        """Enter: the next field; in the last, the count is checked (the Input submits it, in
        its turn after what was typed there)."""
        inputs, focused = list(self.query(Input)), self.focused
        if not isinstance(focused, Input) or focused not in inputs[:-1]:
            raise SkipAction()
        self.set_focus(inputs[inputs.index(focused) + 1])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        index = inputs.index(event.input)
        if index + 1 < len(inputs):
            inputs[index + 1].focus()
        else:
            self.action_submit()

    def action_submit(self) -> None:
        counted: dict[str, Decimal] = {}
        names = list(self.players) + (["pot"] if self.has_pot else [])
        ids = [f"count-{i}" for i in range(len(self.players))]
        ids += ["count-pot"] if self.has_pot else []
        for name, widget_id in zip(names, ids, strict=True):
            raw = self.query_one(f"#{widget_id}", Input).value.strip()
            if not raw:
                continue
            try:
                counted[name] = parse_typed_amount(raw)
            except ScorekeeperError as error:
                shown = name if widget_id != "count-pot" else pot_label(self.players)
                self.query_one("#count-message", Static).update(Text(f"{shown}: {error}"))
                return
        if not counted:
            self.query_one("#count-message", Static).update(Text(_("Type at least one amount.")))
            return
        try:
            lines = self.check(counted)
        except ScorekeeperError as error:
            self.query_one("#count-message", Static).update(Text(str(error)))
            return

        box = self.query_one("#count")

        def answered(record: bool | None) -> None:
            box.display = True  # (no: the count again, to be put right)
            if record:
                self.dismiss(counted)

        # The question takes the count's place: the count's box, taller, showed its bottom
        # edge under the question's (two borders at the foot).
        box.display = False
        said = [self.note, *lines] if self.note else lines  # (said again: what it is held to)
        self.app.push_screen(ConfirmDialog(_("Record this count?"), said), answered)

    def action_cancel(self) -> None:
        self.dismiss(None)
