"""Small screens on top of the others: confirm, preview, export, audit, count, help, rules."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events, getters
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Select, Static

from ...amounts import format_decimal, parse_typed_amount
from ...errors import ScorekeeperError, StoreError, os_reason
from ...i18n import N_, _, current_language, ngettext, pgettext, speaking
from ...presentation import pot_label
from ..keybar import KeyBar
from ..keynames import key_name
from ..widgets import ScorekeeperAppBase, SpokenModal, SpokenScreen, TypedInput

if TYPE_CHECKING:
    from ...store import Store

ResultT = TypeVar("ResultT")


def examples() -> list[tuple[str, str]]:
    """The examples that ship with the package, as (file, description), from their index;
    each description in the language in use (tools/catalogs.py extracts them)."""
    index = resources.files("scorekeeper").joinpath("examples", "index.json")
    listed = json.loads(index.read_text(encoding="utf-8"))
    return [(str(item["file"]), _(str(item["description"]))) for item in listed]


def lines_text(lines: Sequence[str | Text]) -> Text:
    """Plain lines as one literal Text (no markup is read from player names)."""
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        out.append(line if isinstance(line, Text) else Text(line))
    return out


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
                refused: tuple[str, object] | None = None) -> TypedHandDialog:
        """The dialog for the hand ``typed`` (a line each) cleared by another terminal's
        change, each thing said once: the title says it was not saved, one line why, the
        heading over the hand where to enter it. Why: the evening goes on in session
        ``continued_by``; or ``refused`` (what was not done and the store's error: a change
        refused since the session moved on); or a question ``unanswered`` was closed; else the
        session changed. (Said three times before: "not saved", "was cleared: please enter it
        again", "enter it again".)"""
        heading = _("What you had typed (enter it again):")
        if continued_by is not None:
            why = _("The session was changed from another terminal: the evening goes on in "
                    "session {id} now.").format(id=continued_by)
            heading = _("What you had typed (enter it there):")
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


class ExamplePicker(SpokenModal[str | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="example-back")]

    def __init__(self) -> None:
        super().__init__()
        self.examples = examples()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Open an example as a new session"), style="bold"))
            yield OptionList(*[Text(label) for _file, label in self.examples], id="examples")
            yield Static(Text(_("Enter: load    Escape: back")), classes="dialog-keys")
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.examples[event.option_index][0])

    def action_cancel(self) -> None:
        self.dismiss(None)


LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "pt": "Português", "es": "Español"}
"""Each language by its own name, as a person looks for it in a list."""


class LanguageDialog(SpokenModal[str | None]):
    """Choose the language the table app speaks (kept in the home folder, where the commands
    find it too): one of ours, or the locale's. Returns the code, ``""`` for the locale, or
    ``None`` when nothing was chosen."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="language-back")]

    def __init__(self, locale_language: str) -> None:
        super().__init__()
        self.codes = [*LANGUAGE_NAMES, ""]
        self.labels = [*LANGUAGE_NAMES.values(),
                       _("The system's language ({language})").format(
                           language=LANGUAGE_NAMES[locale_language])]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Language"), style="bold"))
            yield OptionList(*map(Text, self.labels), id="languages")
            yield Static(Text(_("Kept in this home folder, for the table app and the commands "
                                "(--lang still says otherwise for one command).")))
            yield Static(Text(_("Enter: choose    Escape: back")), classes="dialog-keys")
        yield KeyBar()

    def on_mount(self) -> None:
        current = current_language()
        self.query_one("#languages", OptionList).highlighted = self.codes.index(current)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.codes[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


class SteadyModal(SpokenModal[ResultT]):
    """A dialog whose cursors stop blinking when the app asks (for screenshots)."""

    app = getters.app(ScorekeeperAppBase)

    def on_mount(self) -> None:
        self.app.steady(self)


class ExportDialog(SteadyModal[None]):
    """Export a session: choose the format and the file."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="export-back"),
                Binding("ctrl+s", "export", N_("Export"), id="export-go")]
    FORMATS = ["csv", "json", "md", "html", "beancount"]

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
        self.exporting = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Export session {id}").format(id=self.ref), style="bold"))
            yield Label(Text(_("Format")))
            yield Select([(f, f) for f in self.FORMATS], value="html", allow_blank=False,
                         id="export-format")
            yield Label(Text(_("File")))
            yield TypedInput(value=str(self.default_path("html")), id="export-file")
            yield Static("", id="export-message")
            yield Static(Text(_("Enter in the file field or ctrl+s: export    Escape: back")),
                         classes="dialog-keys")
        yield KeyBar()

    def default_path(self, fmt: str) -> Path:
        return self.app.store.home / "exports" / f"{self.ref}.{fmt}"

    def on_select_changed(self, event: Select.Changed) -> None:
        file_input = self.query_one("#export-file", Input)
        current = Path(file_input.value)
        if current.parent == self.default_path("x").parent and current.stem == self.ref:
            file_input.value = str(self.default_path(str(event.value)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_export()

    def action_export(self) -> None:
        from ..disk import on_disk

        if self.exporting:
            return
        fmt = str(self.query_one("#export-format", Select).value)
        target = Path(self.query_one("#export-file", Input).value).expanduser()
        message = self.query_one("#export-message", Static)

        def exported(nothing: None) -> None:
            # Closed first: the notice is said by the screen under the dialog, in its notice
            # line (a toast said here outlived the dialog, over that screen).
            self.dismiss(None)
            self.app.notify(_("Exported {format} to {file}").format(format=fmt, file=target),
                            markup=False)

        def refused(error: ScorekeeperError) -> None:
            message.update(Text(_("Not exported: {error}").format(error=error)))

        def busy(now: bool) -> None:
            self.exporting = now

        on_disk(self, lambda: export_file(self.app.store, self.ref, fmt, target), exported,
                refused, busy=busy, waiting=_("Exporting: another scorekeeper is writing the "
                                              "session; one moment."))

    def action_cancel(self) -> None:
        self.dismiss(None)


def export_file(store: Store, ref: str, fmt: str, target: Path) -> None:
    """Write session ``ref`` in format ``fmt`` to ``target`` (a store call: run in a worker), in
    the language the session was played in (else the table's)."""
    from ...export import FORMATS
    from ...store import atomic_write
    from ...store.outputs import check_output_path

    opened = store.open(ref)
    check_output_path(store.home, target, opened.path)  # never a file the home keeps
    source = opened.export_source()
    with speaking(opened.language or current_language()):
        text = FORMATS[fmt](source)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, text)
    except OSError as error:
        raise StoreError(_("{file}: cannot be written ({reason})").format(
            file=target, reason=os_reason(error))) from None


class AuditDialog(SpokenModal[None]):
    app = getters.app(ScorekeeperAppBase)
    BINDINGS = [Binding("escape,enter", "close", N_("Close"), id="audit-close")]

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Audit of {id}").format(id=self.ref), style="bold"))
            with VerticalScroll(id="audit-body", classes="dialog-body"):
                yield AuditText(self.ref)
            yield Static(Text(_("Enter / Escape: close")), classes="dialog-keys")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class AuditText(Static):
    """The audit's verdict on session ``ref``: the file is read and settled again in a worker,
    and the verdict shown when it is in."""

    app = getters.app(ScorekeeperAppBase)

    def __init__(self, ref: str, **kwargs: Any) -> None:
        super().__init__(Text(_("Auditing: reading the session file and settling every hand "
                                "again…")), **kwargs)
        self.ref = ref

    def on_mount(self) -> None:
        from ..disk import on_disk

        def shown(lines: list[str]) -> None:
            self.update(lines_text(lines))

        def refused(error: ScorekeeperError) -> None:
            self.update(Text(_("Cannot audit: {error}").format(error=error)))

        on_disk(self, lambda: audit_lines(self.app.store, self.ref), shown, refused)


def audit_lines(store: Store, ref: str) -> list[str]:
    """The audit's verdict in lines (also used by the ledger screen)."""
    try:
        audited = store.audit_report(ref)
    except ScorekeeperError as error:
        return [_("Cannot audit: {error}").format(error=error)]
    session, findings, digest = audited.session, audited.findings, audited.digest
    notes = [_("Note: {message}").format(message=n.message) for n in audited.notes]
    if not findings:
        hands = session.hands_played if session else 0
        return [ngettext("Audit clean: {count} hand settled again and matched; chain intact.",
                         "Audit clean: {count} hands settled again and matched; chain intact.",
                         hands).format(count=hands), *notes,
                _("Digest {digest}").format(digest=digest)]
    return [ngettext("{count} finding:", "{count} findings:", len(findings)).format(
        count=len(findings))] + [f"- {f.message}" for f in findings] + notes + [
        _("Digest {digest}").format(digest=digest)]


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
                 check: Callable[[dict[str, Decimal]], list[str]]) -> None:
        super().__init__()
        self.players = players
        self.has_pot = has_pot
        self.check = check

    def compose(self) -> ComposeResult:
        # A line a field (the name, then the amount), in a body that scrolls: six players
        # and the pot fit at 80x24, and the field with the cursor is always scrolled into sight.
        with Vertical(classes="dialog", id="count"):
            yield Static(Text(_("Chip count: what does everyone hold? (leave blank to skip)"),
                              style="bold"))
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
        self.app.push_screen(ConfirmDialog(_("Record this count?"), lines), answered)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PickHandDialog(SteadyModal[int | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="pick-back")]

    def __init__(self, hands: int, clears: bool = False) -> None:
        super().__init__()
        self.hands = hands
        self.clears = clears  # a hand is being typed: amending clears it

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Amend which hand? (1 to {last})").format(last=self.hands),
                              style="bold"))
            if self.clears:
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


class RulesScreen(SpokenScreen[None]):
    BINDINGS = [Binding("escape,q", "app.pop_screen", N_("Back"), id="rules-back")]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        # Imported when a rule card is shown: Textual's Markdown brings markdown-it with it,
        # about 40 ms of every start of the table app that never shows one (the benchmark
        # "TUI: open a 200-hand table to its first frame").
        from textual.widgets import Markdown

        from ...rulecards import rule_card

        with VerticalScroll(id="rules"):
            yield Markdown(rule_card(self.game))
        yield KeyBar()


@runtime_checkable
class TeachesItsKeys(Protocol):
    """A screen whose keys depend on what is asked now (the table: a seat's digit, a card's
    rank and suit, play or drop): the help (F1) explains those first."""

    def step_help(self) -> tuple[str, list[tuple[str, str]]]:
        """The question asked now, and each key that answers it with what it does."""
        ...


def keys_table(rows: Sequence[tuple[str, str]]) -> Table:
    """Keys and what they do, in two columns; the words wrap under their own column."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for key, does in rows:
        table.add_row(Text(key), Text(does))
    return table


class HelpScreen(SpokenModal[None]):
    """The keys of the screen underneath, with what each does: on the table, first the keys
    that answer the question asked now (the digits of the seats, a card's rank and suit, p or
    d), then the table's actions, then the keys that work everywhere. Textual's scrolling and
    focus keys are not listed (they are not the table's)."""

    BINDINGS = [Binding("escape,q,f1", "app.pop_screen", N_("Close"), id="help-close")]

    def __init__(self, under: Screen[Any]) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        from ..actions import key_words, screen_actions

        parts: list[RenderableType] = []
        if isinstance(self.under, TeachesItsKeys):
            asked, step_keys = self.under.step_help()
            parts += [Text(_("Now: {asked}").format(asked=asked), style="bold"),
                      keys_table(step_keys), Text("")]
        actions = [a for a in screen_actions(self.under) if a.node is not self.app]
        parts += [Text(_("Keys on this screen"), style="bold"),
                  keys_table([(a.key, f"{a.name}: {a.does}" if a.does else a.name)
                              for a in actions]),
                  Text(""), Text(_("Everywhere"), style="bold"),
                  keys_table([(key_words("ctrl+p"), _("command palette: every action by name")),
                              (key_words("f1"), _("this help (Escape closes it)")),
                              (key_words("ctrl+q"), _("quit"))])]
        with Vertical(classes="dialog", id="help"):
            with VerticalScroll(id="help-body", classes="dialog-body"):
                yield Static(Group(*parts))
            yield Static(Text(_("Escape / F1: close")), classes="dialog-keys")
        yield KeyBar()
