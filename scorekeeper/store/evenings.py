"""The evenings after one another, and the list of evenings: a session continued by the next
evening (its opening entry carries what the rules carry, D21) or started again with the same
players; a session's name; the archive; the trash. Each a write of the store (``home``) under
the file's lock, made against the digest it was decided on."""

from __future__ import annotations

import os
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import StoreError, one_line
from ..i18n import _
from .atomic import sync_folder
from .listing import Listing
from .locking import take_lock
from .session import OpenSession, check_expected, expected_digest, valid_id

if TYPE_CHECKING:
    from ..rules import HandRecord, SessionConfig


@dataclass(frozen=True)
class Continued:
    """A session started after ``earlier``: ``carried`` when it continues it (the next
    evening), else the same players again."""

    session: OpenSession
    earlier: OpenSession
    carried: bool


@dataclass(frozen=True)
class Marked:
    """A session named, archived or unarchived: ``written`` is false when it already was so."""

    session: OpenSession
    written: bool


class Evenings:
    """The store's writes for the evenings after one another and the list of evenings, mixed
    into ``home.Store``, which gives what is declared first here (finding, reading, locking
    and writing a session file)."""

    home: Path
    folder: Path
    lock_wait: float
    _cache: dict[Path, tuple]

    def resolve(self, ref: str) -> Path:
        raise NotImplementedError

    def label(self, path: Path) -> str:
        raise NotImplementedError

    def open(self, ref: str) -> OpenSession:
        raise NotImplementedError

    def list_sessions(self) -> list[Listing]:
        raise NotImplementedError

    def create(self, config: SessionConfig, records: list[HandRecord] | tuple = (),
               dealer_drawn: bool = False, language: str | None = None,
               opening: dict[str, Any] | None = None) -> OpenSession:
        raise NotImplementedError

    def _writing(self, path: Path, new: dict[str, Any] | None = None
                 ) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def next_evening(self, ref: str, carry: bool = True, expect: str | None = None,
                     dealer: str | None = None, language: str | None = None) -> Continued:
        """A new session of the same game, players, seats and options as session ``ref``, the
        deal with the player after its last dealer (or ``dealer``). With ``carry`` (the next
        evening, D21) it continues that session: it opens with the pot it left (and, in a
        Letzter Stich match that is not over, everyone's chips), in an opening entry that names
        it and its digest; without (the same players again) everything starts afresh. With
        ``expect``, only if that session's digest is still that one (what carries is what the
        table saw); it is held locked meanwhile, so nothing is recorded into it in between.
        Played in ``language`` (kept for its exports), else in the language that session was
        played in."""
        from .. import documents

        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        if not carry:  # nothing is written to the earlier session: its lock keeps it as seen
            lock = take_lock(path, self.label(path), self.lock_wait)
            try:
                earlier = self.open(str(path))
                check_expected(earlier, expect)
                config = self._next_config(earlier, carry, dealer)
                created = self.create(config, language=language or earlier.language)
            finally:
                lock.release()
            return Continued(created, earlier, carry)
        with self._writing(path) as tx:
            earlier = tx.session
            check_expected(earlier, expect)
            config = self._next_config(earlier, carry, dealer)
            entry = None
            if config.opening is not None:
                entry = documents.opening_event(earlier.id, earlier.rows[-1]["hash"],
                                                earlier.hands_played, config.opening)
            created = self.create(config, language=language or earlier.language,
                                  opening=entry)
            # Said in the earlier session too, so that no hand is recorded there any more:
            # what it left went on in the new one (D21).
            tx.append(documents.continued_event(created.id))
        return Continued(created, tx.session, carry)

    def preview_next_evening(self, ref: str, carry: bool = True,
                             expect: str | None = None) -> tuple[OpenSession, SessionConfig]:
        """What ``next_evening`` would start after session ``ref`` (it, and the new session's
        settings with what they open with), without writing anything; refused as it would be
        refused."""
        earlier = self.open(ref)
        check_expected(earlier, expect)
        return earlier, self._next_config(earlier, carry, None)

    def _next_config(self, earlier: OpenSession, carry: bool,
                     dealer: str | None) -> SessionConfig:
        """The settings of the session after ``earlier`` (``next_evening``)."""
        from ..errors import RecordError
        from ..rules import SessionConfig

        state = earlier.state()
        if carry and state.hands_played == 0:
            raise StoreError(_("{file}: no hand has been played yet: there is nothing to carry "
                               "over (play it, or start the same players again)").format(
                file=earlier.label))
        if carry:
            already = [earlier.continued_by] if earlier.continued_by else [
                line.summary.id for line in self.list_sessions()
                if line.summary is not None and line.summary.continues == earlier.id]
            if already:
                raise StoreError(_("{file}: session {id} continues it already (what it left went "
                                   "there); continue that one").format(file=earlier.label,
                                                                       id=already[0]))
        config = earlier.ruleset.next_evening(earlier.config, state, carry)
        if dealer is None:
            return config
        try:
            chosen = config.resolve(dealer, "dealer")
        except RecordError as error:
            raise StoreError(f"--dealer: {error.detail}") from None
        return SessionConfig(game=config.game, players=config.players, first_dealer=chosen,
                             options=config.options, opening=config.opening)

    def name(self, ref: str, name: str, expect: str | None = None) -> Marked:
        """Give the session a name (``""``: take its name away), kept in its history. Not
        written when it already has that name."""
        from ..ledger import session_name

        wanted = session_name(name)
        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        with self._writing(path) as tx:
            check_expected(tx.session, expect)
            same = (tx.session.name or "") == wanted
            if not same:
                tx.append({"type": "named", "name": wanted})
        return Marked(tx.session, not same)

    def archive(self, ref: str, archived: bool = True,
                     expect: str | None = None) -> Marked:
        """Archive the session (the list leaves it out unless asked), or with ``archived``
        false take it out of the archive; kept in its history. Not written when it already
        is so."""
        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        with self._writing(path) as tx:
            check_expected(tx.session, expect)
            same = tx.session.archived == archived
            if not same:
                tx.append({"type": "archived" if archived else "unarchived"})
        return Marked(tx.session, not same)

    def trash(self, ref: str, expect: str | None = None) -> Path:
        """Move an archived session's file to ``<home>/trash/`` (never removed: moving it back
        into ``<home>/sessions/`` brings it back); returns where it went. Only an archived
        session, and with ``expect`` only if its digest is still that one."""
        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        lock = take_lock(path, self.label(path), self.lock_wait)
        try:
            session = self.open(str(path))
            check_expected(session, expect)
            if not session.archived:
                raise StoreError(_("{file}: only an archived session can be deleted: archive it "
                                   "first").format(file=session.label))
            bin_folder = self.home / "trash"
            try:
                bin_folder.mkdir(parents=True, exist_ok=True)
                target = bin_folder / path.name
                n = 1
                while os.path.lexists(target):  # one deleted before: both are kept
                    n += 1
                    target = bin_folder / f"{path.stem}-{n}{path.suffix}"
                os.rename(path, target)
            except OSError as error:
                raise StoreError(_("{file}: cannot be moved to {folder} ({reason}); nothing was "
                                   "changed").format(file=session.label, folder=bin_folder,
                                                     reason=error.strerror or error)) from None
            for folder in (self.folder, bin_folder):
                sync_folder(folder)
            self._cache.pop(path, None)
        finally:
            lock.release()
        return target

    def _link(self, session: OpenSession, notes: list[Any]) -> list[Any]:
        """The findings on a continued session's link to the session it continues (none when
        it continues none); ``notes`` (the audit's) says what was checked, or that the earlier
        file is not here."""
        from .. import documents

        try:
            entry = session.opening()
        except StoreError:  # a history that cannot be read: the audit has said what it found
            return []
        if entry is None:
            return []
        name = f"{entry.previous_id}.json"
        found = next((p for p in (session.path.parent / name, self.folder / name)
                      if valid_id(entry.previous_id) and p.is_file()), None)
        if found is None:
            notes.append(documents.Finding(hand=None, kind="link", message=_(
                "this session continues session {id} (digest {digest}), whose file is not "
                "here: the link was not checked").format(id=entry.previous_id,
                                                         digest=entry.previous_digest)))
            return []
        label = self.label(found)
        try:
            earlier = self.open(str(found))
            earlier_state = earlier.state()
        except StoreError as error:
            problem = one_line(str(error)).removeprefix(label + ": ").removesuffix("; run audit")
            return [documents.Finding(hand=None, kind="link", message=(
                f"the link to session {entry.previous_id} ({label}) is broken: {problem}"))]
        findings = documents.link_findings(entry, session.config, earlier.config, earlier.rows,
                                           earlier.ruleset, earlier_state, label)
        if not findings:
            notes.append(documents.Finding(hand=None, kind="link", message=_(
                "the link to session {id} (digest {digest}) checked against {file}: it left "
                "what this session opened with").format(id=entry.previous_id,
                                                        digest=entry.previous_digest,
                                                        file=label)))
        return findings
