"""The table app: a Textual front end over the same core and store as the command line."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette, DiscoveryHit, Hits
from textual.dom import DOMNode
from textual.markup import escape
from textual.screen import Screen
from textual.system_commands import SystemCommandsProvider

from .. import collector
from ..errors import ScorekeeperError
from ..i18n import N_, _, use_language
from ..store import OpenSession, Store
from .actions import screen_actions
from .widgets import ScorekeeperAppBase, SpokenScreen

# Textual's own commands the palette offers after the app's (its "Keys" panel lists scrolling
# and focus keys, and its "Quit" is the app's ctrl+q already).
TEXTUAL_COMMANDS = ("Theme", "Screenshot")

HOME_MODE = "home"  # the home screen's stack, where the app started at a table (``go_home``)


def home_screen() -> Screen[Any]:
    """The home screen, its module imported when it is first made (not by a table started at)."""
    from .screens.home import HomeScreen

    return HomeScreen()


class ActionsFirst(SystemCommandsProvider):
    """The command palette's list before anything is typed: the screen's actions first, in
    the order the help lists them, then Textual's own (Textual's provider sorts them all by
    name, which mixed the table's actions with "Page Left")."""

    async def discover(self) -> Hits:
        for name, help_text, callback, discover in self.app.get_system_commands(self.screen):
            if discover:
                yield DiscoveryHit(name, callback, help=help_text)


class ScorekeeperApp(ScorekeeperAppBase):
    """Home -> table, with ledger, standings, export, rules and help on top."""

    CSS_PATH = "app.tcss"
    TITLE = "scorekeeper"
    ENABLE_COMMAND_PALETTE = True
    COMMANDS = {ActionsFirst}
    MODES = {HOME_MODE: home_screen}  # (``go_home``)
    BINDINGS = [
        Binding("ctrl+q", "quit", N_("Quit"), id="quit", priority=True, show=False),
        Binding("f1", "help", N_("Help"), id="help"),
        # The palette's key, ours so that the key bar says it as it says the others (Textual
        # adds its own, named "palette" in lower case and in English, only where the app has
        # none). No id: the help and the palette name it in their "Everywhere" words.
        Binding(ScorekeeperAppBase.COMMAND_PALETTE_BINDING, "command_palette", N_("Palette"),
                show=False, priority=True, tooltip=N_("Open the command palette")),
    ]

    def __init__(self, store: Store, session: str | None = None, *,
                 watch_interval: float | None = 1.0, steady_cursor: bool = False,
                 disk_in_thread: bool = True, language: str | None = None) -> None:
        super().__init__()
        if language is not None:  # else the language the command line chose
            use_language(language)
        self.store = store
        self.start_session = session
        self.watch_interval = watch_interval
        self.steady_cursor = steady_cursor
        # Store calls run beside the event loop (``disk``): a write may wait for another
        # terminal's lock, a long session takes a moment to read. (The tests' apps make them in
        # line, to check each step as it lands.)
        self.disk_in_thread = disk_in_thread
        self.opening = False  # a session is being read, to be shown at the table
        self.cannot_open: ScorekeeperError | None = None  # why the session started at did not

    def steady(self, root: DOMNode) -> None:
        """Stop text cursors blinking (for screenshots that must not change between runs)."""
        if self.steady_cursor:
            from textual.widgets import Input

            for widget in root.query(Input):
                widget.cursor_blink = False

    def get_default_screen(self) -> Screen[Any]:
        """The first screen: the table of the session the app was started at, read now
        (``disk.before_the_first_screen``), or the home screen (the one everything else
        returns to), also where that session cannot be read."""
        ref = self.start_session
        if ref:
            from .disk import before_the_first_screen
            from .screens.table import TableScreen

            opened = before_the_first_screen(lambda: self.store.open(ref))
            if not isinstance(opened, ScorekeeperError):
                return TableScreen(opened)
            self.cannot_open = opened
        return home_screen()

    def go_home(self) -> None:
        """Leave the table for the home screen: the one under it; or, from the table the app
        was started at (the first screen, under which there is none), the home screen in a
        screen stack of its own (Textual's modes), made now. That table stays in the first
        stack, following nothing while another is shown (``TableDisk.check_for_changes``)."""
        if len(self.screen_stack) > 1:
            self.pop_screen()
        else:
            self.switch_mode(HOME_MODE)

    def on_mount(self) -> None:
        if self.cannot_open is not None:
            self.refused(self.cannot_open)
        self.call_after_refresh(collector.app_shown)  # the first screen shown: the collector on
        self.set_timer(5, collector.app_shown)  # (on in any case, should a screen be slow)

    def refused(self, error: ScorekeeperError) -> None:
        """A session that cannot be opened: said, the screen as it is."""
        self.notify(str(error), title=_("Cannot open"), severity="error", markup=False)

    def open_session(self, ref: str, *, notice: str | None = None) -> None:
        """Read the session (in a worker) and show it at the table; a file that cannot be read
        is said, and the screen stays as it is."""
        from .disk import on_disk
        from .screens.table import TableScreen

        if self.opening:
            return

        def opened(session: OpenSession) -> None:
            self.push_screen(TableScreen(session))
            self.call_after_refresh(collector.app_shown)
            if notice:
                self.notify(notice, markup=False)

        def busy(now: bool) -> None:
            self.opening = now

        on_disk(self, lambda: self.store.open(ref), opened, self.refused, busy=busy,
                waiting=_("Opening the session: another scorekeeper is writing it."))

    async def action_quit(self) -> None:
        """Ctrl+Q: the app ends, every hand saved in its file; with a hand being typed at the
        table (or an amendment), only after Enter to a question saying it is not saved, as
        Escape asks before leaving the table (trial 36: it quit unasked). Ctrl+Q again at that
        question quits."""
        from .screens.dialog_confirm import QuitQuestion

        if isinstance(self.screen, QuitQuestion) or not any(
                isinstance(screen, SpokenScreen) and screen.typing_unsaved()
                for screen in self.screen_stack):
            self.exit()
            return

        def answered(ok: bool | None) -> None:
            if ok:
                self.exit()

        self.push_screen(QuitQuestion(_("Quit scorekeeper? The hand being typed is not saved.")),
                         answered)

    def action_help(self) -> None:
        from .screens.dialog_help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_command_palette(self) -> None:
        """The command palette, its prompt in the language in use."""
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            from .textual_words import SpokenCommandPalette  # "No matches found" said too

            self.push_screen(SpokenCommandPalette(placeholder=_("Search for commands…"),
                                                  id="--command-palette"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Every key of the current screen by its action's name, with what it does and the key
        (``actions``); then Textual's theme and screenshot commands."""
        for action in screen_actions(screen):
            does = f"{action.key}: {action.does}" if action.does else action.key
            yield SystemCommand(escape(action.name), escape(does),
                                partial(self.run_action, action.binding.action, action.node))
        for command in super().get_system_commands(screen):
            if command.title in TEXTUAL_COMMANDS:  # in the language in use
                yield SystemCommand(_(command.title), _(command.help), command.callback,
                                    command.discover)


def run_tui(home: Path, session: str | None = None) -> None:
    """Open the app on ``home`` (and go straight to ``session`` when given)."""
    collector.for_an_app()  # it runs for the evening
    ScorekeeperApp(Store(home), session).run()
