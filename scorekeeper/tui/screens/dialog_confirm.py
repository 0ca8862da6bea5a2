"""The questions and notices: yes or no (Enter / y, Escape / n), a notice that only closes, and
the hand that was being typed when another terminal changed the session."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ...i18n import N_, _, pgettext
from ..keybar import KeyBar
from ..keynames import key_name
from ..widgets import SpokenModal
from .dialog_base import lines_text


class ConfirmDialog(SpokenModal[bool]):
    """A yes/no question: Enter or y confirms, Escape or n goes back. With ``notice`` it only
    tells something: Enter or Escape closes it (and the key bar says Close, not Yes and No).
    ``scrolls``: the detail may be long (a hand typed card by card, with long names); it
    scrolls, and the keys say so when it does."""

    BINDINGS = [Binding("enter,y", "confirm", N_("Yes"), id="confirm-yes"),
                Binding("escape,n", "cancel", N_("No"), id="confirm-no"),
                Binding("enter,escape", "close", N_("Close"), id="notice-close")]

    def __init__(self, question: str, detail: Sequence[str | Text] | None = None,
                 notice: bool = False, scrolls: bool = False) -> None:
        super().__init__()
        self.question = question
        self.detail = list(detail or [])
        self.notice = notice
        self.scrolls = scrolls
        self.keys = _("Enter / Escape: close") if notice else _("Enter / y: yes    Escape / n: no")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A notice has only Close; a question only Yes and No (the key bar shows those)."""
        if action == "close":
            return self.notice
        if action in ("confirm", "cancel"):
            return not self.notice
        return True

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"))
            if self.detail and self.scrolls:
                with VerticalScroll(classes="dialog-body", id="confirm-body"):
                    yield Static(lines_text(self.detail))
            elif self.detail:
                yield Static(lines_text(self.detail))
            yield Static(Text(self.keys), classes="dialog-keys", id="confirm-keys")
        yield KeyBar()

    def on_resize(self) -> None:
        if self.scrolls and self.detail:
            self.call_after_refresh(self.say_scrolling)

    def say_scrolling(self) -> None:
        """The keys say the detail scrolls, when it does (↑ ↓, as the preview's)."""
        body = self.query_one("#confirm-body", VerticalScroll)
        keys = Text(self.keys)
        if body.max_scroll_y > 0:
            keys += Text(_("    ↑ ↓: scroll"))
        self.query_one("#confirm-keys", Static).update(keys)

    def on_key(self, event: events.Key) -> None:
        """The language's own letter for yes (German j, Portuguese and Spanish s) answers yes
        as y does (n is no in every language)."""
        yes = pgettext("the key that answers yes", "y")
        if self.notice:
            return
        if event.character and event.character.lower() == yes and yes != "n":
            event.stop()
            self.dismiss(True)

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)

    def action_close(self) -> None:
        self.dismiss(True)


class EnterToConfirmDialog(ConfirmDialog, inherit_bindings=False):
    """A question whose yes loses what was typed (leaving the table mid-hand): only Enter says
    yes. No letter does: after an Escape by mistake, the German j meant for "geht mit" left
    the table and dropped the hand (trial 34)."""

    BINDINGS = [Binding("enter", "confirm", N_("Yes"), id="confirm-yes"),
                Binding("escape,n", "cancel", N_("No"), id="confirm-no")]

    def __init__(self, question: str, detail: Sequence[str | Text] | None = None) -> None:
        super().__init__(question, detail)
        self.keys = _("Enter: yes    Escape / n: no")

    def on_key(self, event: events.Key) -> None:
        event.prevent_default()  # (not ConfirmDialog's: the language's letter for yes)


class QuitQuestion(EnterToConfirmDialog):
    """Ctrl+Q while a hand is being typed: quit and lose it? (Enter; Ctrl+Q again quits too:
    ``ScorekeeperApp.action_quit``.)"""


class TypedHandDialog(ConfirmDialog, inherit_bindings=False):
    """Why the hand being typed was cleared (another terminal changed the session), and the
    hand as it was typed, whole, to type it again: it stays until Escape closes it. Not Enter:
    an Enter meant for the question it replaced (save this hand?) would close it unread."""

    BINDINGS = [Binding("escape", "close", N_("Close"), id="typed-close")]

    def __init__(self, question: str, detail: Sequence[str | Text]) -> None:
        super().__init__(question, detail, notice=True, scrolls=True)
        self.keys = _("{escape}: close").format(escape=key_name("escape"))

    @classmethod
    def cleared(cls, typed: Sequence[str], *, unanswered: bool = False,
                continued_by: str | None = None,
                refused: tuple[str, object] | None = None,
                finished: bool = False) -> TypedHandDialog:
        """The dialog for the hand ``typed`` (a line each) cleared by another terminal's
        change, each thing said once: the title says it was not saved, one line why, the
        heading over the hand where to enter it. Why: the evening goes on in session
        ``continued_by``; or ``refused`` (what was not done and the store's error: a change
        refused since the session moved on); or a question ``unanswered`` was closed; else the
        session changed; where the change ended the session (``finished``), that no hand is
        entered any more (trial 32: "enter it again" where none could be). (Said three times
        before: "not saved", "was cleared: please enter it again", "enter it again".)"""
        heading = _("What you had typed (enter it again):")
        if continued_by is not None:
            why = _("The session was changed from another terminal: the evening goes on in "
                    "session {id} now.").format(id=continued_by)
            heading = _("What you had typed (enter it there):")
        elif finished:
            why = _("The session was changed from another terminal, and it is over now: no "
                    "more hands can be entered.")
            heading = _("What you had typed (not entered):")
        elif refused is not None:
            why = _("{what}: {error}. Another terminal changed the session; the table now "
                    "shows it as it is: check it and decide again.").format(
                what=refused[0], error=refused[1])
        elif unanswered:
            why = _("Closed unanswered: another terminal changed the session meanwhile. The "
                    "table now shows it as it is.")
        else:
            why = _("The session was changed from another terminal; the table is up to date.")
        return cls(_("The hand you were typing was not saved"),
                   [why, "", Text(heading, style="bold"), *typed])
