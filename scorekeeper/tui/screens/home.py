"""Home: the list of evenings (the stored sessions), and the ways to start one: new, the next
evening of a session (the pot carries), the same players again, an example.

Made of layers, one job a module, each a class the next one builds on: ``home_rows`` (the
list, fitted to the screen, and the lines under it) and ``home_changes`` (what the keys change:
the next evening, a name, the archive, a delete, an example); here, the screen's widgets,
bindings and the keys that open another screen. Its own dialogs: ``home_dialogs``."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from ...errors import ScorekeeperError
from ...i18n import N_, _, language_from_environment, use_language
from ..disk import on_disk
from ..keybar import KeyBar
from .home_changes import HomeChanges

# The keys that act on the session under the cursor (none on an empty list).
ON_A_SESSION = {"open", "export", "audit", "next_evening", "same_players", "rename", "archive",
                "unarchive", "delete"}


class HomeScreen(HomeChanges):
    """The evenings, newest first; archived ones only when asked. A damaged file is listed as
    damaged."""

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

    # -- the list (``home_rows`` fills it)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.say("")  # what was said of the line before
        self.show_hint()

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

    def action_language(self) -> None:
        """Choose the language (kept in the home folder); the home screen is drawn again in
        it. ``--lang`` still decides for a command that is given it."""
        from ...settings import save_language_setting
        from .dialog_choose import LANGUAGE_NAMES, LanguageDialog

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
        from .dialog_export import ExportDialog

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
        from .dialog_audit import AuditDialog

        ref = self.current_ref()
        if ref:
            self.app.push_screen(AuditDialog(ref))
