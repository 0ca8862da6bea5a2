"""Settle up at the table: what a chip or point is worth, every result and its money, the
cents rule, who pays whom; recorded once the table agrees; and the night shared."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Protocol, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import getters
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.notifications import SeverityLevel
from textual.widgets import Input, Label, Static

from ...amounts import format_decimal
from ...errors import ScorekeeperError
from ...i18n import N_, _, current_language, speaking
from ...settleup import SettleUp, last_terms, read_currency, read_value, settle_up
from ...settlewords import payment_line, settle_terms_words, settle_up_lines
from ...store import Agreed, OpenSession, SessionChanged
from ..disk import on_disk
from ..keybar import KeyBar
from ..keynames import key_name
from ..widgets import NoticeScreen, ScorekeeperAppBase
from .dialog_base import lines_text
from .dialog_confirm import ConfirmDialog
from .settle_fields import OneNotice, TermInput

T = TypeVar("T")

# What the screen says of the terms, the settle-up recorded or the night shared stays until
# something else is said or the terms change (a day: for as long as a table sits).
LASTING = 24 * 60 * 60.0


class TableScreen(Protocol):
    """What the settle-up screen asks of the table screen under it (``table.TableScreen``):
    the session as the table has it, and the table's writer of the session file."""

    session: OpenSession

    def on_disk(self, work: Callable[[], T], done: Callable[[T], None],
                refused: Callable[[ScorekeeperError], None]) -> None: ...

    def wrote(self, session: OpenSession) -> None: ...

    def show(self) -> None: ...

    def moved_on(self, what: str, error: SessionChanged) -> None: ...


class SettleUpScreen(NoticeScreen[None]):
    """Type the value of a chip or point and the currency (both blank: in chips or points);
    the settle-up is shown as it would be recorded. ctrl+s records it, after a question that
    names the digest it is made from (refused if the session moved on; not offered where the
    settle-up shown is the one recorded already: pressed, it says so); ctrl+y shares the
    night as text (copied) and writes it as text, Markdown and HTML."""

    app = getters.app(ScorekeeperAppBase)

    # The settle-up shown, focused (Enter in the currency), says so: the lighter background of
    # a focused field (Textual's focused lists and logs have a 5% tint, which a terminal of 256
    # colours, as tmux's, does not show on this screen's background) and ↑ ↓ in the keys line
    # while it scrolls. It showed no cue, and a key typed there went nowhere seen (trial 32).
    DEFAULT_CSS = """
    SettleUpScreen #settle-body:focus {
        background: $foreground 10%;
    }
    """

    # Short words in the key bar (all three keys fit at 80 columns beside F1 and the palette;
    # the keys line and the help say them whole).
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="settle-back"),
                Binding("ctrl+s", "record", N_("Record"), id="settle-record"),
                # ctrl+s where the settle-up shown is recorded already (``check_action``): not
                # offered, but said at once if pressed all the same.
                Binding("ctrl+s", "recorded_already", show=False),
                Binding("ctrl+y", "share", N_("Share"), id="settle-share"),
                # Enter moves on: from the value to the currency, from there to the settle-up
                # (it records nothing: ctrl+s does). Taken as it is typed (a priority key):
                # "1", Enter, "eur" typed quickly put "eur" in the value.
                Binding("enter", "next_field", show=False, priority=True),
                # Tab and shift+Tab: between the value and the currency, also taken as typed
                # (Textual's own Tab ran once the key had come back from the field: "0,3", Tab,
                # "USD" typed quickly put "0,3USD" in the value, trial 32). The settle-up
                # shown is no stop of theirs: Tab there showed no cue, and a key typed went
                # nowhere (Enter in the currency moves to it, where it shows it has the focus).
                Binding("tab", "next_term(1)", show=False, priority=True),
                Binding("shift+tab", "next_term(-1)", show=False, priority=True),
                # The settle-up shown scrolls from the fields too (its end was out of reach
                # there at 80x24: PageDown did nothing, trial 35); before the box around the
                # fields takes the key (it scrolls nothing).
                Binding("pagedown", "scroll_body(1)", show=False, priority=True),
                Binding("pageup", "scroll_body(-1)", show=False, priority=True)]

    def __init__(self, table: TableScreen) -> None:
        super().__init__()
        self.table = table  # the table's session, and its writer (the lock may be held)
        self.settled: SettleUp | None = None
        self.terms: tuple[Decimal | None, str | None] = (None, None)
        self.based_on = table.session.digest  # the state the settle-up on screen is of
        self.problem: str | None = None  # what is wrong with the value or the currency typed
        self.writing = False
        # Whether the settle-up shown is the session's last one recorded, no hand changed since:
        # ctrl+s is then not offered (``check_action``), until the terms or the session change.
        self.shown_recorded = False
        # The terms the status line speaks of, and its words (said no more once they change).
        self.terms_said: tuple[str, str, str] | None = None
        self.notices = OneNotice(id="notices")

    def compose(self) -> ComposeResult:
        # Who pays whom first, then every figure, then how they are worked out (which
        # scrolls): at 80x24 six players' payments and figures are in view. What the screen
        # says (the terms filled in, the settle-up recorded, the files shared, a notice) is
        # said whole in its one status line over the key bar (``OneNotice``), where it stays
        # until something else is said.
        with Vertical(id="settle"):
            yield Static("", id="settle-top")
            # Both on one row, without borders: six players' lines need the room below.
            with Horizontal(id="settle-terms"):
                yield Label(Text(_("Value")), classes="terms-label")
                yield TermInput(id="settle-value", compact=True, placeholder=_("e.g. {value}")
                                 .format(value=format_decimal(Decimal("0.10"))))
                yield Label(Text(_("Currency")), classes="terms-label")
                yield TermInput(id="settle-currency", compact=True, placeholder=_("e.g. EUR"),
                                 max_length=3, restrict="[A-Za-z]*")
            yield Static("", id="settle-message")
            with VerticalScroll(id="settle-body"):
                yield Static("", id="settle-lines")
            yield Static("", classes="dialog-keys", id="settle-keys")
        # Everything the screen says, whole, in its one line over the key bar (OneNotice).
        yield self.notices
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.steady(self)
        self.show()
        self.query_one("#settle-value", Input).focus()
        interval = getattr(self.app, "watch_interval", None)
        if interval:
            self.set_interval(interval, self.follow)
        self.offer_last_terms()

    def offer_last_terms(self) -> None:
        """Fill in what a chip or point was worth the last time this table settled up: this
        session's newest settle-up at a value, else the last evening's, which this one
        continues (read in a worker; nothing when that file is not here)."""
        session = self.table.session
        terms = last_terms(session.events)
        if terms is not None:
            return self.fill_terms(terms, _("as at this session's last settle-up"))
        opening = session.opening()
        if opening is None:
            return
        store, earlier = self.app.store, opening.previous_id
        on_disk(self, lambda: last_terms(store.open(earlier).events),
                lambda found: self.fill_terms(found, _("as at the last evening's settle-up")),
                lambda error: None)  # the last evening's file is elsewhere: nothing to offer

    def fill_terms(self, terms: tuple[Decimal, str] | None, when: str) -> None:
        value, currency = (self.query_one(f"#settle-{key}", Input)
                           for key in ("value", "currency"))
        if terms is None or value.value or currency.value:  # typed meanwhile: theirs stands
            return
        value.value, currency.value = format_decimal(terms[0]), terms[1]  # as typed here
        # Offered, not typed: what is typed replaces it. A field focused already has it all
        # selected now (one focused later selects it all as it is focused): "0,10" typed at
        # the end of an offered "0,05" gave "0,050,10".
        for field in (value, currency):
            if field.has_focus:
                field.select_all()
        terms_words = (_("{value} {currency} a chip, {when}: change them if the table agrees "
                         "on other terms.") if self.table.session.ruleset.unit == "chip" else
                       _("{value} {currency} a point, {when}: change them if the table agrees "
                         "on other terms."))  # (Kratzen has chips only: trial 34)
        self.say_of_terms(terms_words.format(value=format_decimal(terms[0]), currency=terms[1],
                                             when=when))

    def say(self, words: str, severity: SeverityLevel = "information") -> None:
        """``words`` in the screen's one status line, whole, in place of what it said before,
        until something else is said."""
        self.terms_said = None
        self.notices.say(words, severity, LASTING)

    def say_of_terms(self, words: str) -> None:
        """``words`` of the terms typed now: said until something else is, or the terms
        change."""
        self.say(words)
        value, currency = (self.query_one(f"#settle-{key}", Input).value
                           for key in ("value", "currency"))
        self.terms_said = (value, currency, words)

    def follow(self) -> None:
        """The table below follows the session file (another terminal may have written to
        it): when it has moved on, so does the settle-up shown here."""
        if not self.writing and self.table.session.digest != self.based_on:
            self.show()
            self.notify(_("The session changed: the settle-up shown is worked out again."),
                        markup=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        said = self.terms_said
        if said is not None and said[:2] != tuple(self.query_one(f"#settle-{key}", Input).value
                                                  for key in ("value", "currency")):
            self.terms_said = None
            self.notices.expire(said[2])  # the terms it spoke of are changed: said no more
        self.show()

    def action_next_field(self) -> None:
        """Enter in the value: to the currency; in the currency: to the settle-up shown under
        them, from its start (who pays whom; ↑ ↓ scroll it), to be read before ctrl+s
        records it (Enter there asked to record it, over the money)."""
        focused = self.focused
        if focused is self.query_one("#settle-value", Input):
            self.set_focus(self.query_one("#settle-currency", Input))
        elif focused is self.query_one("#settle-currency", Input):
            body = self.query_one("#settle-body", VerticalScroll)
            self.set_focus(body)
            body.scroll_home(animate=False)
        else:
            raise SkipAction()

    def action_next_term(self, step: int) -> None:
        """Tab: the value, then the currency, then the value again (shift+Tab: the other way);
        from the settle-up shown, the first (shift+Tab: the last)."""
        fields = [self.query_one(f"#settle-{key}", Input) for key in ("value", "currency")]
        focused = self.focused
        if isinstance(focused, Input) and focused in fields:
            self.set_focus(fields[(fields.index(focused) + step) % len(fields)])
        elif focused is self.query_one("#settle-body", VerticalScroll):
            self.set_focus(fields[0 if step > 0 else -1])
        else:
            raise SkipAction()

    def action_scroll_body(self, step: int) -> None:
        body = self.query_one("#settle-body", VerticalScroll)
        if step > 0:
            body.scroll_page_down(animate=False)
        else:
            body.scroll_page_up(animate=False)

    def read_terms(self) -> tuple[Decimal | None, str | None]:
        """The value and the currency typed (both blank: none); a ``ScorekeeperError`` that
        names the field otherwise."""
        value = self.query_one("#settle-value", Input).value.strip()
        currency = self.query_one("#settle-currency", Input).value.strip()
        if not value and not currency:
            return None, None
        if not value:
            raise ScorekeeperError(_("Value: type what a chip or point is worth (e.g. {value})")
                                   .format(value=format_decimal(Decimal("0.10"))))
        try:
            worth = read_value(value)
        except ScorekeeperError as error:
            raise ScorekeeperError(_("Value: {error}").format(error=error)) from None
        if not currency:
            raise ScorekeeperError(_("Currency: type three letters (e.g. EUR)"))
        try:
            return worth, read_currency(currency)
        except ScorekeeperError as error:
            raise ScorekeeperError(_("Currency: {error}").format(error=error)) from None

    def show(self) -> None:
        """The settle-up of the session as the table has it now, at the terms typed so far."""
        session = self.table.session
        state = session.state()
        self.based_on = session.digest
        top = self.query_one("#settle-top", Static)
        room = top.content_size.width or self.app.size.width - 2
        top.update(self.title_text(room))
        message = self.query_one("#settle-message", Static)
        try:
            self.terms, self.problem = self.read_terms(), None
            message.update("")
            message.display = False
        except ScorekeeperError as error:
            self.terms, self.problem = (None, None), str(error)
            meanwhile = (_("{problem}. Shown meanwhile in points.")
                         if session.ruleset.unit == "point" else
                         _("{problem}. Shown meanwhile in chips."))
            message.update(Text(meanwhile.format(problem=error), style="bold"))
            message.display = True
        try:
            self.settled = settle_up(session.ruleset, session.config, state, *self.terms)
        except ArithmeticError:
            self.settled, self.problem = None, _("An amount is too large to be kept exactly")
            message.update(Text(f"{self.problem}.", style="bold"))
            message.display = True
            self.offer_record()
            return
        self.offer_record()
        shown = self.query_one("#settle-lines", Static)
        # The table's lines must not wrap: a name too long for the columns there are folds
        # under its row's figures (before the first layout: the screen's width, less the
        # padding and a scroll bar).
        columns = shown.content_size.width or self.app.size.width - 4
        lines = settle_up_lines(self.settled, session.ruleset, session.config.players,
                                width=None, table_width=columns)
        if self.problem is not None:  # said once, over the lines: not "no value given" too
            lines = [line for line in lines if line not in unvalued_words()]
        shown.update(lines_text(payments_first(lines)))

    def offer_record(self) -> None:
        """ctrl+s offered (key bar, keys line, help, palette) unless the settle-up shown is the
        one recorded last, no hand changed since (pressed, it could only say so)."""
        settled = self.settled
        recorded = (settled is not None and self.problem is None and settled.after_hand > 0
                    and self.recorded_already(settled))
        if recorded != self.shown_recorded:
            self.shown_recorded = recorded
            self.refresh_bindings()
        self.show_keys()

    def show_keys(self) -> None:
        """The keys line: ctrl+s offered or not (``offer_record``), and ↑ ↓ while the
        settle-up shown has the focus and scrolls (they scroll it)."""
        keys = self.query_one("#settle-keys", Static)
        body = self.query_one("#settle-body", VerticalScroll)
        keys.update(Text(self.keys_words(keys.content_size.width or self.app.size.width - 2,
                                         offer_record=not self.shown_recorded,
                                         scroll=body.has_focus and body.max_scroll_y > 0,
                                         scroll_from_fields=not body.has_focus
                                         and body.max_scroll_y > 0)))

    def on_descendant_focus(self) -> None:
        self.show_keys()

    def on_descendant_blur(self) -> None:
        self.show_keys()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """ctrl+s records the settle-up shown, and is offered, unless it is the one recorded
        already (``offer_record``); then it only says so."""
        if action == "record":
            return not self.shown_recorded
        if action == "recorded_already":
            return self.shown_recorded
        return True

    def action_recorded_already(self) -> None:
        self.say_of_terms(_("This settle-up was recorded already; digest {digest}.").format(
            digest=self.table.session.digest))

    def title_text(self, room: int) -> Text:
        """The title in one line of ``room`` columns, the digest whole: the game goes first,
        then the session's id (the digest names the state settled)."""
        session = self.table.session
        state = session.state()
        number, digest = state.hands_played, session.digest
        named = _("session {id}  after hand {number}  digest {digest}").format(
            id=session.id, number=number, digest=digest)
        where = [(_("session {id}  after hand {number} (finished)  digest {digest}").format(
                  id=session.id, number=number, digest=digest) if state.finished else named),
                 named,  # the session named before "finished" (pt, es: it went, trial 34)
                 (_("after hand {number} (finished)  digest {digest}") if state.finished
                  else _("after hand {number}  digest {digest}")).format(number=number,
                                                                         digest=digest)]
        forms = [(_("Settle up: {game}").format(game=session.ruleset.title), where[0]),
                 (_("Settle up"), where[0]), (_("Settle up"), where[1]),
                 (_("Settle up"), where[2])]
        title, words = next((form for form in forms if cell_len(f"{form[0]}  {form[1]}") <= room),
                            forms[-1])
        return Text.assemble((title, "bold"), "  " + words)

    @staticmethod
    def keys_words(room: int, offer_record: bool = True, scroll: bool = False,
                   scroll_from_fields: bool = False) -> str:
        """The keys in one line of ``room`` columns: whole where they fit, else in the key
        bar's words (every key, as the bar says it). Without ``offer_record`` (the settle-up
        shown is recorded already) ctrl+s is not offered: the line says it is recorded. With
        ``scroll`` (the settle-up shown is focused, and scrolls) ↑ ↓ last; with
        ``scroll_from_fields`` (it scrolls, a field has the focus) PgUp PgDn."""
        hint = (_("    ↑ ↓: scroll") if scroll else
                _("    PgUp PgDn: scroll") if scroll_from_fields else "")
        whole = (_("ctrl+s: record the settle-up    ctrl+y: share the night    "
                   "Escape: back to the table") if offer_record else
                 _("Recorded already    ctrl+y: share the night    Escape: back to the table"))
        if cell_len(whole + hint) <= room:
            return whole + hint
        keys = (("ctrl+y", N_("Share")), ("escape", N_("Back")))
        said = [key_name(key) + ": " + _(words).lower() for key, words in keys]
        first = (key_name("ctrl+s") + ": " + _("Record").lower() if offer_record
                 else _("Recorded already"))
        return "    ".join([first, *said]) + hint

    def on_resize(self) -> None:
        self.show()
        self.call_after_refresh(self.show_keys)  # whether the settle-up scrolls at this size

    def action_record(self) -> None:
        if self.writing:
            return
        self.show()
        settled, session = self.settled, self.table.session
        if settled is None or self.problem is not None:
            self.notify(_("Not recorded: {problem}.").format(problem=self.problem),
                        severity="warning", markup=False)
            return
        if settled.after_hand == 0:
            self.notify(_("No hand has been played yet: nothing to settle."), markup=False)
            return
        if self.recorded_already(settled):  # (the store would write nothing: said at once)
            self.say_of_terms(_("This settle-up was recorded already; digest {digest}.").format(
                digest=session.digest))
            return
        based_on, (value, currency) = self.based_on, self.terms
        detail = [_("Made from the session at digest {digest} (after hand {number}), {terms}.")
                  .format(digest=based_on, number=settled.after_hand,
                          terms=settle_terms_words(settled)), ""]
        detail += [payment_line(settled, t) for t in settled.transfers] or [
            _("Nobody pays anybody.")]
        detail += ["", _("It is kept in the session's history; audit checks it.")]

        def confirmed(ok: bool | None) -> None:
            if not ok:
                return
            self.writing = True
            session_id = session.id
            self.table.on_disk(
                lambda: self.app.store.settle_up(session_id, value, currency, expect=based_on),
                self.recorded, self.refused)

        self.app.push_screen(ConfirmDialog(_("Record this settle-up?"), detail), confirmed)

    def recorded_already(self, settled: SettleUp) -> bool:
        """Whether the session's last settle-up is this one, no hand changed since (as the
        store decides it: ``history.agreed_already``)."""
        from ...history import agreed_already, settle_up_event

        session = self.table.session
        return agreed_already(session.rows, settle_up_event(settled, session.ruleset.accounts))

    def recorded(self, agreed: Agreed) -> None:
        self.writing = False
        self.table.wrote(agreed.session)  # the new digest; the write was the table's own
        self.table.show()
        self.show()
        # Said whole in the status line, where it stays until the terms change (a notice
        # went after 5 s, and nothing then said it was recorded).
        self.say_of_terms((_("Settle-up recorded; digest {digest}.") if agreed.recorded else
                           _("This settle-up was recorded already; digest {digest}.")).format(
                               digest=agreed.session.digest))

    def refused(self, error: ScorekeeperError) -> None:
        self.writing = False
        if isinstance(error, SessionChanged):
            self.table.moved_on(_("Settle-up not recorded"), error)
            self.show()
        else:
            self.notify(_("Settle-up not recorded: {error}").format(error=error),
                        severity="error", markup=False, timeout=10)

    def action_share(self) -> None:
        """The night as text on the clipboard, and as text, Markdown and HTML files in the
        home's exports folder (the session as stored: its last agreed settle-up)."""
        from ...export.night import NIGHT_FORMATS
        from ...store.outputs import write_shared

        store = self.app.store
        session_id = self.table.session.id
        folder = store.home / "exports"

        def share() -> tuple[str, list[str]]:  # a store call: run in a worker
            opened = store.open(session_id)
            source = opened.export_source()
            with speaking(opened.language or current_language()):  # the session's, if it has one
                texts = {fmt: (suffix, write(source)) for fmt, (suffix, write)
                         in NIGHT_FORMATS.items()}
            # named by the session and its day, no word in it (issue 26)
            written = write_shared(store.home, session_id, opened.created, texts.values())
            return texts["text"][1], written

        def shared(result: tuple[str, list[str]]) -> None:
            text, written = result
            self.app.copy_to_clipboard(text)
            self.say(_("The night is copied as text, and written to {folder}: {files}.")
                     .format(folder=folder, files=", ".join(written)))

        def refused(error: ScorekeeperError) -> None:
            self.say(_("Not shared: {error}").format(error=error), "error")

        on_disk(self, share, shared, refused)


def unvalued_words() -> tuple[str, str]:
    """What ``settle_up_lines`` says of a settle-up without a value (in points, in chips):
    where the value typed is refused, the screen says that instead ("'0,050,10' is not an
    amount. Shown meanwhile in chips."), and "No value given" under it said otherwise."""
    return (_("No value given: results and transfers in points (give a value per point and a "
              "currency for money)."),
            _("No value given: results and transfers in chips (give a value per chip and a "
              "currency for money)."))


def payments_first(lines: list[str]) -> list[str]:
    """The settle-up's lines (``settlewords.settle_up_lines``: how results are worked out,
    the table of figures, the cents rule, then who pays whom, blocks apart by an empty line)
    with who pays whom first, then the table, then how they are worked out: what the table
    acts on is in view at 80x24; the reasons scroll."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        if line:
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    if len(blocks) < 3:
        return lines
    payments, words, table, *rest = [blocks[-1], *blocks[:-1]]
    out = [*payments, "", *table, "", *words]
    for block in rest:
        out += ["", *block]
    return out
