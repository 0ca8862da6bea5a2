"""The table screen and the session file: reads and writes beside the event loop, and what the
table does when another terminal changed the session (it shows it as it is, and says so)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.screen import Screen

from ...errors import ScorekeeperError
from ...guidewords import draft_lines
from ...i18n import N_, _
from ...store import OpenSession, SessionChanged
from ..disk import on_disk
from .table_view import TableView

R = TypeVar("R")

WAITING = N_("Waiting for the session file: another scorekeeper is writing it; the table goes "
             "on when it is done.")


class TableDisk(TableView):
    """The session file's reads and writes, and another terminal's changes to it."""

    def wrote(self, session: OpenSession) -> None:
        """The session as a write of this table left it (the file's change is its own)."""
        self.session = session
        self.mtime = self._mtime()

    def busy(self, now: bool) -> None:
        self.writing = now
        # The keys that wait for the disk leave the key bar meanwhile, and come back after (with
        # what the write changed: a session over takes no more hands).
        self.refresh_bindings()

    def on_disk(self, work: Callable[[], R], done: Callable[[R], None],
                refused: Callable[[ScorekeeperError], None]) -> None:
        """A store call beside the event loop (``disk.on_disk``); the entry waits for it."""
        on_disk(self, work, done, refused, waiting=_(WAITING), busy=self.busy)

    def reload(self, then: Callable[[], None]) -> None:
        """Read the session file again (in a worker), show it, then ``then()``; a file that
        cannot be read is said and the table keeps what it shows (and the hand being typed)."""
        seen = self._mtime()  # before reading: a change made meanwhile is read next time
        session_id = self.session.id

        def read(session: OpenSession) -> None:
            self.session = session
            self.mtime = seen
            then()

        def unreadable(error: ScorekeeperError) -> None:
            self.mtime = seen  # said once, not every second; a later change is read again
            self.notify(str(error), severity="error", markup=False, timeout=8)

        self.on_disk(lambda: self.app.store.open(session_id), read, unreadable)

    def ask(self, dialog: Screen[R], answered: Callable[[R | None], None]) -> None:
        """Ask something about the session as the table shows it (save this hand? withdraw
        hand 3?): should another terminal change the session meanwhile, the question closes
        itself (``check_for_changes``), unanswered."""
        self.asking = dialog

        def answer(result: R | None) -> None:
            if self.asking is dialog:
                self.asking = None
            answered(result)

        self.app.push_screen(dialog, answer)

    def check_for_changes(self) -> None:
        """Another terminal may have recorded a hand: show it, and restart an entry in progress;
        a question about the session as it was closes, with a word why. (Not while this table
        reads or writes the file: that shows the file as it leaves it.)"""
        if self.writing or self._mtime() == self.mtime:
            return
        if self not in self.app.screen_stack:  # the table an app started at, left for home
            return
        asking, self.asking = self.asking, None
        unanswered = []
        if asking is not None and self.app.screen is asking:
            asking.dismiss(None)
            unanswered = [_("Closed unanswered: another terminal changed the session meanwhile. "
                            "The table now shows it as it is.")]
            if not self.typed_lines():  # (else said with the hand typed: ``show_typed``)
                self.notify(unanswered[0], severity="warning", markup=False, timeout=10)

        def changed() -> None:
            typing, typed = self.typing(), self.typed_lines()
            self.amending = None
            self.start_entry()
            if typed:  # why once, with the hand typed, in a dialog that stays until Escape
                self.show_typed(typed, unanswered=bool(unanswered),
                                continued_by=self.session.continued_by)
                return
            if typing and self.session.continued_by:  # the next evening began meanwhile
                said = _("The session was changed from another terminal: the evening goes on "
                         "in session {id} now. The hand you were typing was not saved: enter "
                         "it there.").format(id=self.session.continued_by)
            elif typing and self.state.finished:  # (not "enter it again": trial 32)
                said = _("The session was changed from another terminal, and it is over now: "
                         "no more hands can be entered.")
            elif typing:
                said = _("The session was changed from another terminal; the table is up to "
                         "date. The hand you were typing was cleared: please enter it again.")
            else:
                said = _("The session was changed from another terminal; the table is up to "
                         "date.")
            if typing:
                self.notify(said, markup=False, timeout=15)
            else:  # (in the last hand's line: a notice took the guide's last row meanwhile)
                self.tell_last(said)

        self.reload(changed)

    def typing(self) -> bool:
        """Whether a hand (or an amendment) is being typed that starting again would clear."""
        return bool(self.entry and (self.entry.keys or self.entry.pending
                                    or self.amending is not None))

    def typed_lines(self) -> list[str]:
        """What had been typed of the hand, a line each (``draft_lines``), to show with the
        words that clear it, so that it can be typed again; none when nothing was typed."""
        if not self.typing() or self.entry is None:
            return []
        return draft_lines(self.entry.draft)

    def show_typed(self, typed: list[str], *, unanswered: bool = False,
                   continued_by: str | None = None,
                   refused: tuple[str, object] | None = None) -> None:
        """The hand as it was typed, every line of it, in a dialog that stays until it is
        closed (a notice went after 15 s, cut after trick 3 at 80x24 with six long names): the
        person types it again from it. The dialog says why, once (``TypedHandDialog.cleared``:
        "not saved", "was cleared: please enter it again" and "enter it again" said it three
        times)."""
        from .dialog_confirm import TypedHandDialog  # (when it happens: not at the first frame)

        self.app.push_screen(TypedHandDialog.cleared(
            typed, unanswered=unanswered, continued_by=continued_by, refused=refused,
            finished=self.state.finished))

    def moved_on(self, what: str, error: SessionChanged) -> None:
        """A change refused because the session moved on since the screen showed it: say so,
        and show the session as it is now (nothing was written: the person decides again)."""
        typing, typed = self.typing(), self.typed_lines()

        def shown() -> None:
            self.amending = None
            self.start_entry()
            said = (_("{what}: {error}. Another terminal changed the session; the table now "
                      "shows it as it is: check it and decide again. The hand you were typing "
                      "was cleared.") if typing else
                    _("{what}: {error}. Another terminal changed the session; the table now "
                      "shows it as it is: check it and decide again."))
            why = self.said_here(error, capital=False)
            said = said.format(what=what, error=why)
            if typed:
                self.show_typed(typed, refused=(what, why))
            else:
                self.notify(said, severity="warning", markup=False, timeout=15 if typing else 10)

        self.reload(shown)

    def refused(self, what: str, error: ScorekeeperError) -> None:
        """A write that was not made: said, and the hand as typed is kept (the file may be
        damaged, moved or locked), or, when the session moved on, the table shows it anew."""
        if isinstance(error, SessionChanged):
            self.moved_on(what, error)
        else:
            self.notify(f"{what}: {self.said_here(error, capital=False)}", severity="error",
                        markup=False, timeout=10)

    def said_here(self, error: ScorekeeperError, *, capital: bool = True) -> str:
        """A refusal as the table says it: without the session file's path the store begins it
        with ("sessions/5f450f10.json: the evening goes on ..."; the command line keeps it),
        beginning with a capital when it stands alone. A damaged file keeps its path: it names
        the file to look at."""
        from ...store.files import Damaged  # (when a refusal is said: not at the first frame)

        words = str(error)
        label = f"{self.session.label}: "
        if isinstance(error, Damaged) or not words.startswith(label):
            return words
        words = words.removeprefix(label)
        return words[:1].upper() + words[1:] if capital else words

    def on_screen_resume(self) -> None:
        if self._mtime() != self.mtime:
            self.check_for_changes()
