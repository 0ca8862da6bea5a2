"""Home: the list of evenings (the stored sessions), and the ways to start one: new, the next
evening of a session (the pot carries), the same players again, an example."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Static

from ...errors import ScorekeeperError
from ...i18n import N_, _, current_language, language_from_environment, ngettext, use_language
from ...store import Listing, OpenSession, SessionChanged, Store
from ...summary import SessionSummary
from ..disk import on_disk
from ..homelist import (
    COLUMNS,
    DATE,
    GAP,
    SHARE,
    balanced,
    cut,
    drawn_cells,
    fit_columns,
    fits,
    in_lines,
    leaders_least,
    leaders_whole,
    players_least,
    row_cells,
)
from ..keybar import KeyBar
from ..keynames import key_name
from ..widgets import NoticeScreen, ScorekeeperAppBase, SpokenModal, TypedInput

if TYPE_CHECKING:
    from ...rules import SessionConfig

# The keys that act on the session under the cursor (none on an empty list).
ON_A_SESSION = {"open", "export", "audit", "next_evening", "same_players", "rename", "archive",
                "unarchive", "delete"}


class HomeScreen(NoticeScreen[None]):
    """The evenings, newest first; archived ones only when asked. A damaged file is listed as
    damaged."""

    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [
        Binding("n", "new", N_("New session"), id="new"),
        Binding("enter", "open", N_("Open"), id="open", show=True),
        Binding("e", "example", N_("Example"), id="example"),
        Binding("x", "export", N_("Export"), id="export"),
        Binding("a", "audit", N_("Audit"), id="audit"),
        Binding("t", "season", N_("The season: every player over the evenings"), id="season",
                show=False),
        Binding("y", "sync", N_("Sync the evenings with the other laptops (git)"), id="sync",
                show=False),
        Binding("q", "app.quit", N_("Quit"), id="home-quit"),
        Binding("l", "language", N_("Language"), id="home-language", show=False),
        # The list of evenings (said on the line under the list, not in the key bar).
        Binding("c", "next_evening", N_("Next evening: the same table goes on, with the pot if "
                                        "the game has one"),
                id="next-evening", show=False),
        Binding("p", "same_players", N_("Same players again: a new session, nothing carries"),
                id="same-players", show=False),
        Binding("r", "rename", N_("Name or rename the session"), id="rename", show=False),
        Binding("h", "archive", N_("Archive the session (hide it from the list)"), id="archive",
                show=False),
        Binding("h", "unarchive", N_("Take the session out of the archive"), id="unarchive",
                show=False),
        Binding("s", "show_archived", N_("Show or hide the archived sessions"),
                id="show-archived", show=False),
        Binding("delete", "delete", N_("Delete an archived session (asks twice; kept in trash)"),
                id="delete", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Listing] = []  # the lines shown, in order
        self.hidden = 0  # archived sessions left out
        self.listing = False  # the sessions are being read
        self.show_archived = False
        self.everything: list[Listing] = []  # the whole listing, archived sessions too

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static(Text(_("scorekeeper: the sessions in this home")), id="home-title")
            yield Static("", id="home-empty")
            yield DataTable(id="sessions", cursor_type="row", zebra_stripes=True,
                            cell_padding=0)
            yield Static("", id="home-detail")
            yield Static("", id="home-hint")
            # What a key on the line under the cursor said, whole, until the cursor moves (the
            # screen's notices, for their time, are in the line under it).
            yield Static("", id="home-said")
        # The notices, whole, in a line of their own over the key bar (widgets.NoticeLine).
        yield self.notices
        yield KeyBar(id="home-keys")

    def on_screen_resume(self) -> None:
        # Also sent when the screen is first shown: the list is filled once, here.
        self.refresh_sessions()

    def on_resize(self, event: events.Resize) -> None:
        if self.everything or self.entries:
            self.fill(self.current_ref())

    # -- the list

    def refresh_sessions(self, keep: str | None = None) -> None:
        """List the sessions (the files are read in a worker; the list is filled after), the
        cursor on session ``keep`` when it is still listed."""
        if self.listing:
            return
        keep = keep or self.current_ref()

        def unreadable(error: ScorekeeperError) -> None:  # said, never a crash
            self.show_sessions([], _("Cannot read the sessions: {error}").format(error=error))

        def busy(now: bool) -> None:
            self.listing = now

        on_disk(self, self.app.store.list_sessions,
                lambda listing: self.show_sessions(listing, keep=keep), unreadable, busy=busy)

    def show_sessions(self, listing: list[Listing], problem: str | None = None,
                      keep: str | None = None) -> None:
        self.everything = listing
        empty = self.query_one("#home-empty", Static)
        self.fill(keep)
        if problem is not None:
            empty.update(Text(problem))
            empty.display = True
        elif not self.entries:
            empty.update(Text(_("No sessions yet: press n to start one, or e to open an "
                                "example.") if not self.hidden else ngettext(
                "No sessions to list: {count} is archived (s shows it).",
                "No sessions to list: {count} are archived (s shows them).",
                self.hidden).format(count=self.hidden)))
            empty.display = True
        else:
            empty.display = False
        table = self.query_one("#sessions", DataTable)
        table.display = bool(self.entries)  # no headings over an empty list
        if self.entries:
            table.focus()

    def fill(self, keep: str | None = None) -> None:
        """Draw the list from the listing read last, its columns fitted to the screen, the
        cursor on session ``keep`` (else at the top)."""
        self.entries = [line for line in self.everything if self.show_archived
                        or line.summary is None or not line.summary.archived]
        self.hidden = len(self.everything) - len(self.entries)
        cells = [self.cells(line) for line in self.entries]
        headings = {"id": "id", "name": _("name"), "game": _("game"),
                    "started": _("started"), "hands": _("hands"), "status": _("status"),
                    "players": _("players"), "leading": _("leading")}
        columns = [c for c in COLUMNS if not cells or any(row[c] for row in cells)]
        # A line's players take at most a sixth of the screen's rows (else they are counted).
        most_lines = max(1, (self.size.height or self.app.size.height) // SHARE)
        widths = self.fitted(columns, cells, headings, most_lines)
        if widths.get("started", DATE) == DATE:
            for row in cells:  # the start without its time of day: 2026-11-28
                row["started"] = row["started"][:DATE]
        table = self.query_one("#sessions", DataTable)
        table.clear(columns=True)
        for column in columns:
            # The gap is the column's own last cell, so each cell's text is only its own.
            table.add_column(cut(headings[column], widths[column]),
                             width=widths[column] + GAP, key=column)
        for line, row in zip(self.entries, cells, strict=True):
            drawn, height = drawn_cells(row, columns, widths, most_lines)
            table.add_row(*drawn, key=line.file, height=height)
        at = next((i for i, line in enumerate(self.entries) if keep is not None
                   and self.ref_of(line) == keep), 0)
        if self.entries:
            table.move_cursor(row=at)
        self.show_hint()

    def fitted(self, columns: list[str], cells: list[dict[str, str]],
               headings: dict[str, str], most_lines: int) -> dict[str, int]:
        """The columns' widths on this screen (``homelist.fit_columns``): who leads with each
        leader whole on a line where it can; where the players or what leads take more than a
        line, an evening's "goes on in X" takes two lines of its row (more, where two leave
        the list wider than the screen) and gives them its room, and the players and who
        leads share their room so that the list takes the fewest rows
        (``homelist.balanced``)."""
        width = self.size.width or self.app.size.width

        def fit() -> dict[str, int]:
            natural = {c: max([cell_len(headings[c])] + [cell_len(part) for row in cells
                                                           for part in row[c].split("\n")])
                       for c in columns}
            return fit_columns(width, natural, max(leaders_whole(cells),
                                                   cell_len(headings["leading"])),
                               players_least(cells), leaders_least(cells))

        widths = fit()
        folded = any(widths[c] < cell_len(row[c]) for row in cells
                     for c in ("players", "leading") if c in widths)
        went_on = [(row, row["status"]) for row in cells if row["went_on"]]
        if not folded:
            return widths
        # Two lines, or more where two leave the list wider than the screen (its last
        # column, who leads, was cut at the edge: a damaged file's line brings a name column
        # and "goes on in X (damaged)" is long; the words stay whole).
        lines = 2
        while went_on:
            for row, status in went_on:
                row["status"] = in_lines(status, lines)
            widths = fit()
            if fits(width, widths) or lines > max(s.count(" ") for _row, s in went_on):
                break
            lines += 1
        return balanced(cells, columns, widths, most_lines)

    @staticmethod
    def cells(line: Listing) -> dict[str, str]:
        """What a line of the listing shows, column by column (``homelist.row_cells``)."""
        return row_cells(line)

    @staticmethod
    def ref_of(line: Listing) -> str:
        return line.summary.id if line.summary is not None else line.file

    def current(self) -> Listing | None:
        """The line under the cursor."""
        table = self.query_one("#sessions", DataTable)
        row = table.cursor_row
        if not self.entries or row is None or not 0 <= row < len(self.entries):
            return None
        return self.entries[row]

    def current_ref(self) -> str | None:
        line = self.current()
        return None if line is None else self.ref_of(line)

    def selected_summary(self) -> SessionSummary | None:
        """The session under the cursor, or ``None`` (a damaged file is said)."""
        line = self.current()
        if line is None:
            return None
        if line.summary is None:
            self.notify(_("{ref} is damaged and cannot be opened; it is left as it is.").format(
                ref=line.file), severity="warning", markup=False)
            return None
        return line.summary

    def selected(self) -> str | None:
        summary = self.selected_summary()
        return None if summary is None else summary.id

    def show_hint(self) -> None:
        """The keys of the list of evenings, on the line under it (they depend on the line
        under the cursor: an archived session is taken out of the archive, or deleted)."""
        line = self.current()
        archived = line is not None and line.summary is not None and line.summary.archived
        keys = []
        if line is not None and line.summary is not None:
            pot = line.summary.pot is not None  # a game without a pot carries none
            if not line.summary.continued_by:  # (its next evening is the one it went on in)
                keys.append(("c", _("next evening (the pot carries)") if pot
                             else _("next evening")))
            keys += [("p", _("same players again")),
                     ("r", _("rename")),
                     ("h", _("unarchive")) if archived else ("h", _("archive"))]
        if archived:
            keys.append((key_name("delete"), _("delete")))
        if self.hidden or self.show_archived:
            keys.append(("s", ngettext("show {count} archived", "show {count} archived",
                                       self.hidden).format(count=self.hidden)
                         if not self.show_archived else _("hide the archived")))
        if line is not None and line.conflict is not None:
            keys.append(("y", _("differs on two laptops: keep which")))
        if line is not None and line.summary is not None:  # (a damaged file: its line says why)
            keys.append((key_name("enter"), _("open")))
        room = (self.size.width or self.app.size.width) - 2  # the line's padding
        hint = Text(no_wrap=True, overflow="ellipsis")
        used = 0
        for key, words in keys:  # a key and its words are never parted by the line's end
            width = cell_len(f"{key} {words}")
            if used and used + 2 + width > room:
                hint.append("\n")
                used = 0
            elif used:
                hint.append("  ")
                used += 2
            hint.append(key, style="bold")
            hint.append(f" {words}")
            used += width
        self.query_one("#home-hint", Static).update(hint)
        self.show_detail(line)
        self.refresh_bindings()

    def show_detail(self, line: Listing | None) -> None:
        """The line under the cursor whole, over the keys: every player and every leader (a
        tie names them all), which the list's columns cut on a narrow screen."""
        detail = self.query_one("#home-detail", Static)
        detail.display = line is not None
        if line is None:
            return
        cells = self.cells(line)
        if line.summary is None:  # damaged: what is wrong with the file
            detail.update(Text(cells["players"]))
            return
        detail.update(Text.assemble((_("players") + ": ", "bold"), cells["players"], "\n",
                                    (_("leading") + ": ", "bold"), cells["leading"]))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.say("")  # what was said of the line before
        self.show_hint()

    def say(self, words: str) -> None:
        """``words`` on the line over the key bar, whole (empty: the line goes)."""
        said = self.query_one("#home-said", Static)
        said.update(Text(words))
        said.display = bool(words)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """What acts on the session under the cursor is offered only when there is one; ``h``
        archives a session that is not archived and unarchives one that is."""
        if action in ON_A_SESSION and self.current() is None:
            return False
        if action in ("archive", "unarchive"):
            line = self.current()
            archived = line is not None and line.summary is not None and line.summary.archived
            return archived == (action == "unarchive")
        return True

    # -- the keys

    def action_open(self) -> None:
        ref = self.selected()
        if ref:
            self.app.open_session(ref)

    def action_new(self) -> None:
        from .new_session import NewSessionScreen

        self.app.push_screen(NewSessionScreen())

    def action_show_archived(self) -> None:
        self.show_archived = not self.show_archived
        self.show_sessions(self.everything, keep=self.current_ref())
        self.refresh_sessions()  # and read again: another terminal may have changed the list

    def action_next_evening(self) -> None:
        summary = self.selected_summary()
        if summary is not None and summary.continued_by:
            # One plain sentence, short enough for a row at 80 columns (the store's refusal
            # started with the file's path, and was cut).
            line = self.current()
            self.say((_("Session {id} already went on in {next}, whose file is damaged: "
                        "'scorekeeper audit {next}' says more.")
                      if line is not None and line.next_damaged else
                      _("Session {id} already goes on in {next}: press c on that one.")).format(
                id=summary.id, next=summary.continued_by))
            return
        self.start_after(carry=True)

    def action_same_players(self) -> None:
        self.start_after(carry=False)

    def start_after(self, carry: bool) -> None:
        """The next evening of the session under the cursor (the pot carries), or the same
        players again (nothing carries): said first, started on Enter, then opened."""
        summary = self.selected_summary()
        if summary is None:
            return
        store = self.app.store
        ref, digest = summary.id, summary.digest
        language = current_language()  # the session is played in the table's language

        def previewed(found: tuple[OpenSession, SessionConfig]) -> None:
            from .dialogs import ConfirmDialog

            earlier, config = found
            title = (_("Next evening after session {id}?") if carry
                     else _("The same players again as session {id}?")).format(id=earlier.id)

            def answered(yes: bool | None) -> None:
                if yes:
                    self.write(lambda: store.next_evening(ref, carry=carry, expect=digest,
                                                          language=language), started)

            self.app.push_screen(ConfirmDialog(title, next_evening_lines(earlier, config,
                                                                          carry)), answered)

        def started(result: Any) -> None:
            session = result.session
            word = (_("Session {id} started: the next evening after {earlier}.") if carry
                    else _("Session {id} started: the same players as {earlier}.")).format(
                id=session.id, earlier=result.earlier.id)
            self.app.open_session(session.id, notice=word)

        on_disk(self, lambda: store.preview_next_evening(ref, carry=carry, expect=digest),
                previewed, self.refused)

    def action_rename(self) -> None:
        summary = self.selected_summary()
        if summary is None:
            return
        store = self.app.store
        ref, digest = summary.id, summary.digest

        def typed(name: str | None) -> None:
            if name is None:
                return

            def named(result: Any) -> None:
                if result.written:
                    self.notify(_("Session {id} is now called {name}.").format(
                        id=ref, name=name.strip()) if name.strip() else _(
                        "Session {id} has no name now.").format(id=ref), markup=False)
                self.refresh_sessions(keep=ref)

            self.write(lambda: store.name(ref, name, expect=digest), named)

        self.app.push_screen(NameDialog(summary), typed)

    def action_archive(self) -> None:
        self.archive(True)

    def action_unarchive(self) -> None:
        self.archive(False)

    def archive(self, archived: bool) -> None:
        summary = self.selected_summary()
        if summary is None:
            return
        store = self.app.store
        ref, digest = summary.id, summary.digest

        def done(result: Any) -> None:
            if archived:
                self.notify(_("Session {id} archived: hidden from the list (s shows the "
                              "archived sessions, h there takes it back).").format(id=ref),
                            markup=False)
            else:
                self.notify(_("Session {id} taken out of the archive.").format(id=ref),
                            markup=False)
            self.refresh_sessions(keep=ref)

        self.write(lambda: store.archive(ref, archived, expect=digest), done)

    def action_delete(self) -> None:
        from .dialogs import ConfirmDialog

        summary = self.selected_summary()
        if summary is None:
            return
        if not summary.archived:
            self.notify(_("Only an archived session can be deleted: archive it first (h)."),
                        severity="warning", markup=False)
            return
        store = self.app.store
        ref, digest = summary.id, summary.digest
        trash = store.home / "trash"
        what = f"{summary.id} ({summary.name or ', '.join(summary.players)})"

        def first(yes: bool | None) -> None:
            if yes:
                self.app.push_screen(SecondConfirmation(
                    _("Really delete session {what}?").format(what=what),
                    [_("Press y to move its file to {folder}; any other key keeps it.").format(
                        folder=trash)]), second)

        def second(yes: bool | None) -> None:
            if yes:
                self.write(lambda: store.trash(ref, expect=digest), moved)

        def moved(target: Any) -> None:
            self.notify(_("Session {id} moved to {file}. To get it back, move that file into "
                          "{folder}.").format(id=ref, file=target, folder=store.folder),
                        title=_("Deleted"), markup=False, timeout=15)
            self.refresh_sessions()

        self.app.push_screen(ConfirmDialog(
            _("Delete session {what}?").format(what=what),
            [_("Its file is moved to {folder}, not removed: it can be brought back.").format(
                folder=trash), _("You will be asked once more.")]), first)

    def write(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """A change to a session (in a worker); refused when it changed meanwhile (the list is
        read again, with a word why)."""
        on_disk(self, work, done, self.refused,
                waiting=_("Writing: another scorekeeper is using the session."))

    def refused(self, error: ScorekeeperError) -> None:
        if isinstance(error, SessionChanged):
            self.notify(_("The session changed meanwhile (another terminal wrote to it); "
                          "nothing was written. The list is read again: look and decide "
                          "again."), severity="warning", markup=False)
            self.refresh_sessions()
            return
        self.notify(str(error), severity="error", markup=False)

    def action_example(self) -> None:
        from .dialogs import ExamplePicker

        def chosen(name: str | None) -> None:
            if name:
                self.load_example(name)

        self.app.push_screen(ExamplePicker(), chosen)

    def load_example(self, name: str) -> None:
        store = self.app.store

        def loaded(session: OpenSession) -> None:
            self.refresh_sessions()
            self.app.open_session(session.id, notice=_(
                "Example {name} loaded as session {id}").format(name=name, id=session.id))

        def refused(error: ScorekeeperError) -> None:
            self.notify(str(error), title=_("Example"), severity="error", markup=False)

        language = current_language()  # the example is played on in the table's language
        on_disk(self, lambda: load_example(store, name, language), loaded, refused)

    def action_language(self) -> None:
        """Choose the language (kept in the home folder); the home screen is drawn again in
        it. ``--lang`` still decides for a command that is given it."""
        from ...settings import save_language_setting
        from .dialogs import LANGUAGE_NAMES, LanguageDialog

        home = self.app.store.home

        def chosen(code: str | None) -> None:
            if code is None:
                return

            async def kept(nothing: None) -> None:
                language = use_language(code or language_from_environment())
                await self.recompose()  # every word again, in the language now in use
                self.refresh_sessions()
                self.notify(_("The table speaks {language} now (kept in {folder}).").format(
                    language=LANGUAGE_NAMES[language], folder=home), markup=False)

            def refused(error: ScorekeeperError) -> None:
                self.notify(_("The language was not kept: {error}").format(error=error),
                            severity="error", markup=False)

            def saved(nothing: None) -> None:
                self.call_later(kept, nothing)

            on_disk(self, lambda: save_language_setting(home, code or None), saved, refused)

        self.app.push_screen(LanguageDialog(language_from_environment()), chosen)

    def action_export(self) -> None:
        from .dialogs import ExportDialog

        ref = self.selected()
        if ref:
            self.app.push_screen(ExportDialog(ref))

    def action_season(self) -> None:
        from .season import SeasonScreen

        self.app.push_screen(SeasonScreen())

    def action_sync(self) -> None:
        from .syncing import SyncDialog

        def closed(changed: bool | None) -> None:
            if changed:
                self.refresh_sessions()

        self.app.push_screen(SyncDialog(), closed)

    def action_audit(self) -> None:
        from .dialogs import AuditDialog

        ref = self.current_ref()
        if ref:
            self.app.push_screen(AuditDialog(ref))


def next_evening_lines(earlier: OpenSession, config: SessionConfig, carry: bool) -> list[str]:
    """What the next evening (``carry``), or the same players again, will be, in words."""
    from ...presentation import carried_lines

    return carried_lines(earlier.ruleset, earlier.id, earlier.digest, earlier.hands_played,
                         config, carry)


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
        from .dialogs import lines_text

        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"))
            yield Static(lines_text(self.detail))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(event.key == "y")


def load_example(store: Store, name: str, language: str | None = None) -> OpenSession:
    """A new session in ``store`` holding the packaged example ``name``, played in ``language``
    (a store call)."""
    from importlib import resources

    from ...script import replay_file

    path = resources.files("scorekeeper").joinpath("examples", name)
    with resources.as_file(path) as file:
        ledger = replay_file(file)
    return store.create(ledger.config, [s.record for s in ledger.settlements],
                        language=language)
