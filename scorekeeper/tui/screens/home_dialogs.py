"""The home's own dialogs: a session's name, typed (``NameDialog``), and the second question
before a session is deleted (``SecondConfirmation``)."""

from __future__ import annotations

from rich.text import Text
from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ...i18n import N_, _
from ...summary import SessionSummary
from ..keybar import KeyBar
from ..widgets import ScorekeeperAppBase, SpokenModal, TypedInput


class NameDialog(SpokenModal[str | None]):
    """The name of a session: typed, Enter keeps it (empty: no name), Escape leaves it."""

    app = getters.app(ScorekeeperAppBase)
    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="name-back")]

    def __init__(self, summary: SessionSummary) -> None:
        super().__init__()
        self.summary = summary

    def on_mount(self) -> None:
        self.app.steady(self)

    def compose(self) -> ComposeResult:
        s = self.summary
        with Vertical(classes="dialog"):
            yield Static(Text(_("Name session {id}").format(id=s.id), style="bold"))
            yield Static(Text(f"{s.game}: {', '.join(s.players)}"))
            yield TypedInput(value=s.name or "", placeholder=_("e.g. Friday at Anna's"),
                             id="session-name")
            yield Static(Text(_("Enter: keep the name (empty: no name)    Escape: back")),
                         classes="dialog-keys")
        yield KeyBar()  # its own keys, not the home screen's under it

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SecondConfirmation(SpokenModal[bool]):
    """The second question before something that cannot be undone from here: only ``y`` says
    yes (not Enter, so that a key pressed twice never confirms it); any other key says no."""

    def __init__(self, question: str, detail: list[str]) -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        from .dialog_base import lines_text

        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"))
            yield Static(lines_text(self.detail))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(event.key == "y")
