"""Home: the stored sessions, and the ways to start one."""

from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...amounts import format_amount
from ...errors import ScorekeeperError
from ...store import Listing, OpenSession, Store
from ..disk import on_disk
from ..keybar import KeyBar
from ..widgets import ScorekeeperAppBase


class HomeScreen(Screen):
    """The sessions, newest first. A damaged file is listed as damaged."""

    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [
        Binding("n", "new", "New session", id="new"),
        Binding("enter", "open", "Open", id="open", show=True),
        Binding("e", "example", "Example", id="example"),
        Binding("x", "export", "Export", id="export"),
        Binding("a", "audit", "Audit", id="audit"),
        Binding("s", "season", "Season", id="season"),
        Binding("q", "app.quit", "Quit", id="home-quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, bool]] = []
        self.listing = False  # the sessions are being read

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static("scorekeeper: the sessions in this home", id="home-title")
            yield Static("", id="home-empty")
            yield DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
        yield KeyBar(id="home-keys")

    def on_mount(self) -> None:
        table = self.query_one("#sessions", DataTable)
        # Labels as Text: a str label is parsed as markup, which loads rich's emoji table.
        table.add_columns(*map(Text, ("id", "game", "started", "hands", "status", "players",
                                      "leading")))

    def on_screen_resume(self) -> None:
        # Also sent when the screen is first shown: the list is filled once, here.
        self.refresh_sessions()

    def refresh_sessions(self) -> None:
        """List the sessions (the files are read in a worker; the list is filled after)."""
        if self.listing:
            return

        def unreadable(error: ScorekeeperError) -> None:  # said, never a crash
            self.show_sessions([], f"Cannot read the sessions: {error}")

        def busy(now: bool) -> None:
            self.listing = now

        on_disk(self, self.app.store.list_sessions, self.show_sessions, unreadable, busy=busy)

    def show_sessions(self, listing: list[Listing], problem: str | None = None) -> None:
        table = self.query_one("#sessions", DataTable)
        table.clear()
        self.rows = []
        empty = self.query_one("#home-empty", Static)
        if problem is not None:
            empty.update(Text(problem))
            empty.display = True
        elif not listing:
            empty.update(Text("No sessions yet: press n to start one, or e to open an example."))
            empty.display = True
        else:
            empty.display = False
        for entry in listing:
            if entry.summary is None:
                table.add_row(Text(entry.file.removesuffix(".json")), Text("DAMAGED"), Text(""),
                              Text(""), Text("damaged"),
                              Text(entry.problem or "", overflow="ellipsis"), Text(""),
                              key=entry.file)
                self.rows.append((entry.file, False))
                continue
            s = entry.summary
            leaders = ", ".join(s.leaders)
            if s.scores and s.leaders:
                leaders += f" ({format_amount(s.scores[s.leaders[0]])})"
            table.add_row(Text(s.id), Text(s.game), Text(s.started[:16].replace("T", " ")),
                          Text(str(s.hands), justify="right"),
                          Text("finished" if s.finished else "running"),
                          Text(", ".join(s.players)), Text(leaders), key=entry.file)
            self.rows.append((s.id, True))
        if listing:
            table.focus()

    def selected(self) -> str | None:
        table = self.query_one("#sessions", DataTable)
        if not self.rows or table.cursor_row is None or table.cursor_row >= len(self.rows):
            return None
        ref, readable = self.rows[table.cursor_row]
        if not readable:
            self.notify(f"{ref} is damaged and cannot be opened; it is left as it is.",
                        severity="warning", markup=False)
            return None
        return ref

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        ref = self.selected()
        if ref:
            self.app.open_session(ref)

    def action_new(self) -> None:
        from .new_session import NewSessionScreen

        self.app.push_screen(NewSessionScreen())

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
            self.app.open_session(session.id,
                                  notice=f"Example {name} loaded as session {session.id}")

        def refused(error: ScorekeeperError) -> None:
            self.notify(str(error), title="Example", severity="error", markup=False)

        on_disk(self, lambda: load_example(store, name), loaded, refused)

    def action_export(self) -> None:
        from .dialogs import ExportDialog

        ref = self.selected()
        if ref:
            self.app.push_screen(ExportDialog(ref))

    def action_season(self) -> None:
        from .season import SeasonScreen

        self.app.push_screen(SeasonScreen())

    def action_audit(self) -> None:
        from .dialogs import AuditDialog

        table = self.query_one("#sessions", DataTable)
        if self.rows and table.cursor_row is not None and table.cursor_row < len(self.rows):
            self.app.push_screen(AuditDialog(self.rows[table.cursor_row][0]))


def load_example(store: Store, name: str) -> OpenSession:
    """A new session in ``store`` holding the packaged example ``name`` (a store call)."""
    from importlib import resources

    from ...script import replay_file

    path = resources.files("scorekeeper").joinpath("examples", name)
    with resources.as_file(path) as file:
        ledger = replay_file(file)
    return store.create(ledger.config, [s.record for s in ledger.settlements])
