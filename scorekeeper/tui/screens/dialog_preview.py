"""The hand before it is saved or amended: which hand to amend, and the settlement's preview
(the core's explanation and every change)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from ...i18n import N_, _
from ..keybar import KeyBar
from ..widgets import SpokenModal, TypedInput
from .dialog_base import SteadyModal, lines_text


class PreviewDialog(SpokenModal[bool]):
    """The settlement before it is saved: the core's explanation and every change. With
    ``figures`` (every player's change and the pot) those stay in view under the explanation,
    which scrolls when the room runs out; the body takes the screen's height (six players'
    figures at 80x24). ``amends``: Enter amends (the key bar says Amend, as the dialog does)."""

    BINDINGS = [Binding("enter", "save", N_("Save"), id="preview-save"),
                Binding("enter", "amend", N_("Amend"), id="preview-amend"),
                Binding("escape", "back", N_("Back"), id="preview-back")]

    def __init__(self, title: str, lines: list[str | Text], save_word: str | None = None,
                 figures: list[str | Text] | None = None, amends: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.figures = figures or []
        self.amends = amends
        self.save_word = _("amend") if self.amends else (save_word or _("save"))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="preview"):
            yield Static(Text(self.title_text, style="bold"), id="preview-title")
            with VerticalScroll(id="preview-body", classes="dialog-body"):
                yield Static(lines_text(self.lines))
            if self.figures:
                yield Static(lines_text(self.figures), id="preview-figures")
            yield Static(self.keys_text(), classes="dialog-keys", id="preview-keys")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter saves, or amends: one of the two, as the dialog's keys say."""
        if action in ("save", "amend"):
            return (action == "amend") == self.amends
        return True

    def keys_text(self, scrolls: bool = False) -> Text:
        keys = Text(_("Enter: {action}    Escape: back to the entry").format(
            action=self.save_word))
        return keys + Text(_("    ↑ ↓: scroll")) if scrolls else keys

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_body)

    def fit_body(self) -> None:
        """The body takes the rows the screen has (less the key bar, the dialog's border, its
        title, the figures and the keys) and scrolls beyond: at 80x24 six players' figures
        and the pot are in view with the explanation over them."""
        body = self.query_one("#preview-body", VerticalScroll)
        others = sum(widget.outer_size.height + widget.styles.margin.height
                     for widget in body.siblings)
        room = max(3, self.size.height - 1 - 2 - others)
        body.styles.max_height = room
        self.say_scrolling(body.virtual_size.height > room)

    def say_scrolling(self, scrolls: bool) -> None:
        """The keys say the body scrolls, when it does (the lines outgrow the screen)."""
        self.query_one("#preview-keys", Static).update(self.keys_text(scrolls))

    def action_save(self) -> None:
        self.dismiss(True)

    def action_amend(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)


class PickHandDialog(SteadyModal[int | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="pick-back")]

    def __init__(self, hands: int, clears: bool = False, amending: int | None = None) -> None:
        super().__init__()
        self.hands = hands
        self.clears = clears  # a hand is being typed: amending clears it
        self.amending = amending  # the hand being amended now: dropped, unsaved

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Amend which hand? (1 to {last})").format(last=self.hands),
                              style="bold"))
            if self.amending is not None:  # (trial 33: "the hand being typed" read as new)
                yield Static(Text(_("The amendment of hand {number} being typed now is dropped, "
                                    "unsaved (Escape keeps it: save it first with Enter).")
                                  .format(number=self.amending)))
            elif self.clears:
                yield Static(Text(_("The hand being typed now is cleared (Escape keeps it: "
                                    "save it first, then amend).")))
            yield TypedInput(id="pick-hand", type="integer",
                             placeholder=_("the hand's number (Enter alone: hand {number}, the "
                                           "last)").format(number=self.hands))
            yield Static("", id="pick-message")
            yield Static(Text(_("Enter: amend that hand    Escape: back")),
                         classes="dialog-keys")
        yield KeyBar()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            number = int(event.value or self.hands)
        except ValueError:
            number = 0
        if not 1 <= number <= self.hands:
            self.query_one("#pick-message", Static).update(Text(_("Type 1 to {last}.").format(
                last=self.hands)))
            return
        self.dismiss(number)

    def action_cancel(self) -> None:
        self.dismiss(None)
