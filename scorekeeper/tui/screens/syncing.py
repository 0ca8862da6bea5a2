"""The home screen's sync (``y``): the home synced with the club's repository, the steps said
as they go, a one-line result, and an evening that differs on two laptops chosen here (a digit
keeps a version; Enter syncs again to send the choice). The store does the work
(``store.sync``, ``store.conflicts``); this screen only asks and says."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ...errors import ScorekeeperError
from ...i18n import N_, _, ngettext
from ..disk import on_disk
from ..keybar import KeyBar
from ..widgets import ScorekeeperAppBase, SpokenModal, TypedInput
from .dialog_base import lines_text

if TYPE_CHECKING:
    from ...store.conflicts import Conflict, Version
    from ...store.sync import Synced

MOST_VERSIONS = 4  # digits 1-4 choose a version (two laptops make two; three, three)


class SyncDialog(SpokenModal[bool]):
    """Sync with the remote typed (the one remembered is filled in); Enter syncs, ctrl+n makes
    the folder typed a new club repository first; 1-4 keep a version of an evening in
    conflict (the remote's field is left then, so that the digits choose; Tab goes back).
    Dismissed with whether anything may have changed (the list is read again)."""

    app = getters.app(ScorekeeperAppBase)
    BINDINGS = [
        Binding("escape", "close", N_("Back"), id="sync-close"),
        Binding("enter", "sync", N_("Sync"), id="sync-now"),
        Binding("ctrl+n", "create", N_("Make the folder a new club repository, then sync"),
                id="sync-create"),
        *[Binding(str(n), f"keep({n - 1})", N_("Keep this version of the evening"),
                  id=f"sync-keep-{n}", show=False) for n in range(1, MOST_VERSIONS + 1)],
    ]

    def __init__(self) -> None:
        super().__init__()
        self.busy = False
        self.changed = False
        self.choices: list[Version] = []

    def compose(self) -> ComposeResult:
        from ...store.conflicts import synced_with

        remote = synced_with(self.app.store.home) or ""
        with Vertical(classes="dialog"):
            yield Static(Text(_("Sync the evenings with the club's repository"), style="bold"))
            yield Static(Text(_("A folder (a stick, a shared drive) or a URL:")))
            yield TypedInput(value=remote, placeholder="/media/stick/club.git",
                             id="sync-remote")
            yield Static("", id="sync-status")
            yield Static("", id="sync-conflict")
            yield Static(Text(_("Enter: sync    ctrl+n: make a new repository there    "
                                "Escape: back")), classes="dialog-keys")
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.steady(self)
        self.show_conflicts_here()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start(create=False)

    def action_sync(self) -> None:
        self.start(create=False)

    def action_create(self) -> None:
        self.start(create=True)

    def action_close(self) -> None:
        if not self.busy:
            self.dismiss(self.changed)

    # -- syncing

    def start(self, create: bool) -> None:
        from ...store.sync import NoSuchFolder, sync

        if self.busy:
            return
        remote = self.query_one("#sync-remote", Input).value.strip() or None
        home = self.app.store.home
        main = threading.get_ident()

        def step(words: str) -> None:  # said from the worker thread, or in line in tests
            if threading.get_ident() == main:
                self.say(words + "…")
            else:
                self.app.call_from_thread(self.say, words + "…")

        def done(synced: Synced) -> None:
            self.changed = True
            self.say(result_line(synced))
            self.show_conflicts(synced.conflicts)

        def refused(error: ScorekeeperError) -> None:
            if isinstance(error, NoSuchFolder):  # the key here, not the command line's option
                error = ScorekeeperError(_("{remote}: no such folder; nothing was changed "
                                           "(ctrl+n makes a repository there)").format(
                    remote=error.folder))
            self.say(_("Not synced: {error}").format(error=error))

        def busy(now: bool) -> None:
            self.busy = now

        self.say(_("Syncing…"))
        on_disk(self, lambda: sync(home, remote, create=create, progress=step), done, refused,
                busy=busy)

    def say(self, words: str) -> None:
        self.query_one("#sync-status", Static).update(Text(words))

    # -- an evening that differs on two laptops

    def show_conflicts_here(self) -> None:
        from ...store.conflicts import conflicts

        found = sorted(conflicts(self.app.store.home).values(), key=lambda c: c.id)
        self.show_conflicts(found)

    def show_conflicts(self, found: list[Conflict]) -> None:
        """The first evening in conflict and its versions, each with the digit that keeps it;
        nothing when there is none."""
        from ...store.conflicts import versions

        shown = self.query_one("#sync-conflict", Static)
        self.choices = versions(self.app.store.home, found[0])[:MOST_VERSIONS] if found else []
        if not self.choices:
            shown.update("")
            self.query_one("#sync-remote", Input).focus()
            return
        self.set_focus(None)  # the digits choose a version (Tab goes back to the remote)
        first = self.choices[0]
        lines = [_("Session {id} ({players}, started {started}) differs on both laptops: keep "
                   "which?").format(id=found[0].id, players=", ".join(first.players),
                                    started=first.started[:10])]
        for n, version in enumerate(self.choices, 1):
            where = _("on this laptop") if version.here else _("from elsewhere")
            lines.append(ngettext("{key}  {digest}: {count} hand, last written {updated} ({where})",
                                  "{key}  {digest}: {count} hands, last written {updated} "
                                  "({where})", version.hands).format(
                key=n, digest=version.digest, count=version.hands,
                updated=version.updated[:16].replace("T", " "), where=where))
        if len(found) > 1:
            lines.append(ngettext("({count} more evening differs: choose this one first)",
                                  "({count} more evenings differ: choose this one first)",
                                  len(found) - 1).format(count=len(found) - 1))
        shown.update(lines_text(lines))

    def action_keep(self, index: int) -> None:
        from ...store.conflicts import keep

        if self.busy or not 0 <= index < len(self.choices):
            return
        digest = self.choices[index].digest
        home = self.app.store.home

        def kept(done: Any) -> None:
            self.changed = True
            self.say(_("Session {id}: version {digest} kept (the other is in the trash). "
                       "Enter syncs again to send the choice.").format(id=done.id,
                                                                       digest=digest))
            self.show_conflicts_here()

        def refused(error: ScorekeeperError) -> None:
            self.say(_("Not kept: {error}").format(error=error))

        on_disk(self, lambda: keep(home, digest, 10.0), kept, refused)


def result_line(synced: Synced) -> str:
    """'Synced: 3 evenings in, 1 out', and a question when an evening differs."""
    came = len({item["session"] for item in synced.came_in})
    line = ngettext("Synced: {count} evening in, {out} out.", "Synced: {count} evenings in, "
                    "{out} out.", came).format(count=came, out=len(synced.went_out))
    if synced.refused:
        line += " " + ngettext("{count} file refused: {first}", "{count} files refused, the "
                               "first: {first}", len(synced.refused)).format(
            count=len(synced.refused), first=synced.refused[0])
    if synced.conflicts:
        line += " " + ngettext("{count} evening differs on both laptops: keep which?",
                               "{count} evenings differ on both laptops: keep which?",
                               len(synced.conflicts)).format(count=len(synced.conflicts))
    return line
