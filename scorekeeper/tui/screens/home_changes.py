"""What the home's keys change (the second layer of ``HomeScreen``): the next evening or the same
players again (said first, started on Enter), a session named, archived, taken out of the
archive or deleted (asked twice), an example loaded; each a store call in a worker, refused
when the session changed meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...errors import ScorekeeperError
from ...i18n import _, current_language
from ...store import OpenSession, SessionChanged, Store
from ..disk import on_disk
from .home_rows import HomeRows

if TYPE_CHECKING:
    from ...rules import SessionConfig


class HomeChanges(HomeRows):
    """The keys that change the sessions of the list. ``HomeScreen`` builds on it."""

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
            from .dialog_confirm import ConfirmDialog

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
        # The home's own dialogs are imported when a key opens one, not at the first frame.
        from .home_dialogs import NameDialog

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
        from .dialog_confirm import ConfirmDialog
        from .home_dialogs import SecondConfirmation

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
        from .dialog_choose import ExamplePicker

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


def next_evening_lines(earlier: OpenSession, config: SessionConfig, carry: bool) -> list[str]:
    """What the next evening (``carry``), or the same players again, will be, in words."""
    from ...eveningwords import carried_lines

    return carried_lines(earlier.ruleset, earlier.id, earlier.digest, earlier.hands_played,
                         config, carry)


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
