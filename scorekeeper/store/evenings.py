"""The evenings after one another, and the list of evenings: a session continued by the next
evening (its opening entry carries what the rules carry, D21) or started again with the same
players; a session's name; the archive; the trash. Each a write of the store (``home``) under
the file's lock, made against the digest it was decided on."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import StoreError, one_line, os_reason
from ..i18n import _
from .atomic import atomic_write, sync_folder
from .files import Damaged
from .locking import take_lock
from .session import OpenSession, check_expected, expected_digest, read_session, valid_id

if TYPE_CHECKING:
    from ..rules import HandRecord, Opening, SessionConfig, TableState
    from .listing import Listing

# <home>/continuing/<id>.json: the next evening <id> is being made (D21). Written before its
# file and removed once the earlier session names it (its ``continued`` event): a marker left
# behind by a process that ended half way is how the next command knows to finish the pair.
CONTINUING = "continuing"


class Continued(NamedTuple):  # as home's results: no dataclass compiled
    """A session started after ``earlier``: ``carried`` when it continues it (the next
    evening), else the same players again."""

    session: OpenSession
    earlier: OpenSession
    carried: bool


class Marked(NamedTuple):
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
    _cache: dict[Path, tuple[Any, ...]]

    def resolve(self, ref: str) -> Path:
        """The file of a session id, a unique prefix of one, or a session file's path
        (``_find``). Every command finds its session here, so a next evening left half made
        that it belongs to is finished first (``finish_pairs``): no command sees half a pair."""
        path = self._find(ref)
        self.finish_pairs(path)
        if not os.path.lexists(path):  # that half pair's new file, gone to the trash: said
            raise StoreError(self.repairs.pop() if self.repairs else _(  # here, once
                "no session '{ref}' in {folder} (see 'scorekeeper sessions')").format(
                    ref=ref, folder=self.folder))
        return path

    def _find(self, ref: str) -> Path:
        raise NotImplementedError

    def label(self, path: Path) -> str:
        raise NotImplementedError

    def open(self, ref: str) -> OpenSession:
        raise NotImplementedError

    def list_sessions(self, figures: bool = False) -> list[Listing]:
        """Every session file, newest first (``listing.list_sessions``: with ``figures``, each
        line carries the session's figures for a season too); a next evening half made is
        listed once whole, or not at all (``finish_pairs``)."""
        from .listing import list_sessions  # not imported by a command that lists nothing

        self.finish_pairs()
        return list_sessions(self.home, self.folder, figures)

    def create(self, config: SessionConfig, records: Sequence[HandRecord] = (),
               dealer_drawn: bool = False, language: str | None = None,
               opening: dict[str, Any] | None = None,
               session_id: str | None = None) -> OpenSession:
        raise NotImplementedError

    def _new_id(self) -> str:
        raise NotImplementedError

    repairs: list[str]

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
        return self._continue(path, expect, dealer, language)

    def _continue(self, path: Path, expect: str | None, dealer: str | None,
                  language: str | None) -> Continued:
        """``next_evening`` with what carries: the new session and the earlier one's
        ``continued``, made whole or not at all."""
        from .. import history

        marker: Path | None = None
        created: OpenSession | None = None
        try:
            with self._writing(path) as tx:
                earlier = tx.session
                check_expected(earlier, expect)
                config = self._next_config(earlier, True, dealer)
                entry = None
                if config.opening is not None:
                    entry = history.opening_event(earlier.id, earlier.rows[-1]["hash"],
                                                  earlier.hands_played, config.opening)
                # The pair is made whole or not at all: the marker first, then the new file,
                # then the earlier session's ``continued`` (the write this block ends with). A
                # process that ends in between leaves the marker, and the next command that
                # meets either session finishes the pair (``finish_pairs``) first.
                session_id = self._new_id()
                marker = self._mark_pair(earlier.path, session_id)
                created = self.create(config, language=language or earlier.language,
                                      opening=entry, session_id=session_id)
                # Said in the earlier session too, so that no hand is recorded there any
                # more: what it left went on in the new one (D21).
                tx.append(history.continued_event(created.id))
        except BaseException:
            if marker is not None:
                self._unmake_pair(path, marker, created)
            raise
        assert marker is not None and created is not None
        self._drop_marker(marker)
        return Continued(created, tx.session, True)

    # -- a pair of evenings made whole (D21)

    def _mark_pair(self, earlier: Path, later_id: str) -> Path:
        """Say, before the next evening's file is written, which pair is being made."""
        folder = self.home / CONTINUING
        marker = folder / f"{later_id}.json"
        text = json.dumps({"earlier": os.path.abspath(earlier), "next": later_id})
        try:
            folder.mkdir(parents=True, exist_ok=True)
            atomic_write(marker, text)
        except OSError as error:
            raise StoreError(_("{file}: cannot be written ({reason}); nothing was changed")
                             .format(file=marker, reason=os_reason(error))) from None
        return marker

    def _drop_marker(self, marker: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(marker)
        sync_folder(marker.parent)

    def finish_pairs(self, involving: Path | None = None) -> None:
        """Finish every next evening left half made (``involving``: only one of whose pair
        that file is): a session whose file was written but whose earlier session does not
        name it yet. While the earlier session still stands where the new one took it from,
        its ``continued`` event is written now; if it moved on, the new file goes to
        ``<home>/trash/`` (never removed) and ``repairs`` says so. (No marker: nothing to do,
        at the cost of one look at a folder that is usually not there.)"""
        folder = self.home / CONTINUING
        try:
            names = sorted(n for n in os.listdir(folder)
                           if n.endswith(".json") and not n.startswith("."))
        except OSError:
            return
        for name in names:
            marker = folder / name
            try:
                said = json.loads(marker.read_text(encoding="utf-8"))
                earlier, later_id = Path(said["earlier"]), str(said["next"])
            except (OSError, ValueError, KeyError, TypeError):
                continue  # removed meanwhile (finished by another), or not ours
            later = self.folder / f"{later_id}.json"
            if involving is not None and os.path.abspath(involving) not in (
                    os.fspath(earlier), os.path.abspath(later)):
                continue
            self._finish_pair(marker, earlier, later)

    def _finish_pair(self, marker: Path, earlier: Path, later: Path) -> None:
        """Finish one pair (``finish_pairs``), under the earlier session's lock."""
        from .. import history

        if not os.path.lexists(later):  # ended before the new file was written
            self._drop_marker(marker)
            return
        with self._writing(earlier) as tx:
            before = tx.session
            if marker.exists() and before.continued_by != later.stem:
                label = self.label(later)
                opened = read_session(later, label)
                opened.check()
                entry = opened.opening()
                if (before.continued_by is None and entry is not None
                        and entry.previous_hash == before.rows[-1]["hash"]):
                    tx.append(history.continued_event(opened.id))
                else:
                    self._abandon(later, before)
        self._drop_marker(marker)  # once the earlier session names it (written above)

    def _unmake_pair(self, earlier: Path, marker: Path, created: OpenSession | None) -> None:
        """A continuation that failed (say, the earlier file could not be written): the new
        file, when written, goes to the trash unless the earlier session names it after all,
        looked at under its lock again (the write's lock is let go by then)."""
        with contextlib.suppress(StoreError, OSError):
            lock = take_lock(earlier, self.label(earlier), self.lock_wait)
            try:
                label = self.label(earlier)
                named = read_session(earlier, label).continued_by
                if created is not None and named != created.id:
                    self._abandon(created.path, None)
            finally:
                lock.release()
        self._drop_marker(marker)

    def _abandon(self, later: Path, earlier: OpenSession | None) -> None:
        """A next evening half made from a state its earlier session has left: its file goes
        to the trash, said in ``repairs``."""
        lock = take_lock(later, self.label(later), self.lock_wait)
        try:
            target = self._to_trash(later, self.label(later))
        finally:
            lock.release()
        if earlier is not None:
            self.repairs.append(_(
                "{file}: a next evening of {earlier} left half made (the earlier session moved "
                "on since): moved to {target}, nothing carried").format(
                    file=self.label(later), earlier=earlier.label, target=target))

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
            from .listing import list_sessions

            # (the listing itself, not ``self.list_sessions``: the earlier session's lock is
            # held here, and finishing a pair takes it)
            already = [earlier.continued_by] if earlier.continued_by else [
                line.summary.id for line in list_sessions(self.home, self.folder, False)
                if line.summary is not None and line.summary.continues == earlier.id]
            if already:
                raise StoreError(self._continued_already(earlier, already[0]))
        config = earlier.ruleset.next_evening(earlier.config, state, carry)
        if dealer is None:
            return config
        try:
            chosen = config.resolve(dealer, "dealer")
        except RecordError as error:
            raise StoreError(f"--dealer: {error.detail}") from None
        return SessionConfig(game=config.game, players=config.players, first_dealer=chosen,
                             options=config.options, opening=config.opening)

    def _continued_already(self, earlier: OpenSession, later: str) -> str:
        """Why ``earlier`` takes no next evening: session ``later`` continues it already. When
        ``later``'s file cannot be opened (damaged by hand, or gone), "continue that one" would
        send the table to a file that refuses it too: the words name that file and what is
        wrong with it (trial 31: "setzt jene fort", that one damaged)."""
        from ..errors import ScorekeeperError, one_line

        try:
            self.open(later)
        except ScorekeeperError as error:
            return _("{file}: session {id} continues it already (what it left went there), but "
                     "that session's file cannot be used now: {problem}").format(
                file=earlier.label, id=later, problem=one_line(str(error)))
        return _("{file}: session {id} continues it already (what it left went there); continue "
                 "that one").format(file=earlier.label, id=later)

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
            target = self._to_trash(path, session.label)
        finally:
            lock.release()
        return target

    def _to_trash(self, path: Path, label: str) -> Path:
        """Move a session file (its lock held) to ``<home>/trash/``; where it went."""
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
                               "changed").format(file=label, folder=bin_folder,
                                                 reason=os_reason(error))) from None
        for folder in (self.folder, bin_folder):
            sync_folder(folder)
        self._cache.pop(path, None)
        return target

    def _link(self, session: OpenSession, notes: list[Any]) -> list[Any]:
        """The findings on a continued session's link to the session it continues (none when
        it continues none); ``notes`` (the audit's) says what was checked, or that the earlier
        file is not here."""
        from ..audit import link_findings
        from ..sessionfile import Finding

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
            notes.append(Finding(hand=None, kind="link", message=_(
                "this session continues session {id} (digest {digest}), whose file is not "
                "here: the link was not checked").format(id=entry.previous_id,
                                                         digest=entry.previous_digest)))
            return []
        label = self.label(found)
        try:
            earlier = self.open(str(found))
            earlier_state = earlier.state()
        except StoreError as error:
            problem = one_line(_("damaged: {problem}").format(problem=error.problem)
                               if isinstance(error, Damaged) else
                               str(error).removeprefix(label + ": "))
            return [Finding(hand=None, kind="link", message=_(
                "the link to session {id} ({file}) is broken: {problem}").format(
                    id=entry.previous_id, file=label, problem=problem))]
        findings = link_findings(entry, session.config, earlier.config, earlier.rows,
                                 earlier.ruleset, earlier_state, label)
        if not findings:
            notes.append(Finding(hand=None, kind="link", message=link_checked_words(
                entry.previous_id, entry.previous_digest, label)))
        return findings


def link_checked_words(previous: str, digest: str, file: str | None = None) -> str:
    """The audit's note on a continued session's link, checked against the earlier session's
    ``file``; without it, the session alone (the table's screens name no file path)."""
    if file is None:
        return _("the link to session {id} (digest {digest}) checked: it left what this session "
                 "opened with").format(id=previous, digest=digest)
    return _("the link to session {id} (digest {digest}) checked against {file}: it left what "
             "this session opened with").format(id=previous, digest=digest, file=file)


def without_file(note: str, previous: str, digest: str) -> str:
    """``note`` as the table's screens say it: the link's note checked against a file (any)
    says the session alone; any other note as it is."""
    head, _mark, tail = link_checked_words(previous, digest, "\0").partition("\0")
    if note.startswith(head) and note.endswith(tail) and len(note) > len(head) + len(tail):
        return link_checked_words(previous, digest)
    return note


# ---- an evening that went on is closed (D21) ----------------------------------------------------

def no_withdrawal_after_going_on(s: OpenSession) -> None:
    """No hand is withdrawn in an evening that went on in the next: what it left carried."""
    if s.continued_by:
        raise StoreError(_("{file}: the evening goes on in session {id}, which opened with what "
                           "this session left: a hand withdrawn here would change that, so "
                           "nothing was withdrawn (amend a hand here only where what carried "
                           "stays the same; a chip count in session {id} records what the "
                           "table really holds)").format(file=s.label, id=s.continued_by))


def keeps_what_carried(s: OpenSession, before: TableState, after: TableState) -> None:
    """An amendment in an evening that went on must leave what the next evening opened with
    as it was; else it is refused, saying the way forward."""
    if not s.continued_by:
        return
    was = s.ruleset.carried(s.config, before)
    if s.ruleset.carried(s.config, after) != was:
        raise StoreError(_("{file}: the evening goes on in session {id}, which opened with "
                           "what this session left ({carried}): this amendment would change "
                           "that, so nothing was amended (amend it only so that what carried "
                           "stays the same; a chip count in session {id} records what the "
                           "table really holds)").format(
            file=s.label, id=s.continued_by, carried=opening_words(was)))


def opening_words(opening: Opening) -> str:
    """``pot 52`` (and the scores, where they carry), as the audit says what carried."""
    from ..amounts import to_decimal_string

    words = (_("nothing") if opening.pot is None
             else _("pot {amount}").format(amount=to_decimal_string(opening.pot)))
    if opening.scores is not None:
        words = _("{pot} and scores {scores}").format(pot=words, scores=", ".join(
            f"{p} {to_decimal_string(v)}" for p, v in opening.scores.items()))
    return words
