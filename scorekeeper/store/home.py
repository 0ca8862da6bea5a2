"""The sessions of one home folder: finding a session, reading it checked, and every write
(create, record, withdraw, amend, count, settle up), each under the file's lock, re-reading
the file under it, refusing a write based on a state the session has left, and sealing what
it adds.

Writes cannot tear: every change is written to a temporary file in the same folder, flushed
and fsynced, ``os.replace``d over the old file, and the folder fsynced (``atomic``). Writers
hold a lock (``locking``) and re-read the file under it, so two terminals never lose each
other's hands. A damaged file is never written over.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from tinydb.table import Document

from ..amounts import exact, to_decimal_string
from ..errors import RecordError, ScorekeeperError, StoreError, one_line, os_reason
from ..i18n import _
from .evenings import Evenings, keeps_what_carried, no_withdrawal_after_going_on
from .imports import FromElsewhere
from .locking import take_lock
from .session import (
    OpenSession,
    check_expected,
    check_shape,
    expected_digest,
    session_from_db,
    table_rows,
    valid_id,
)
from .storage import commit, file_key, open_session_db, session_data, session_storage

# The rules core (pydantic models, the games) is imported where a session is read or written,
# not with this module: opening the app and listing sessions from the index never need it.
if TYPE_CHECKING:
    from ..ledger import HandChanged, LaterHandMisfit, Ledger
    from ..rules import HandRecord, SessionConfig, Settlement, TableState
    from ..settleup import SettleUp

LOCK_WAIT_SECONDS = 10.0


def _random_id() -> str:
    """A new session id: 8 random hex digits (the random source is imported when first needed:
    opening the app and listing sessions never make one)."""
    import secrets

    return secrets.token_hex(4)


def utc_now() -> str:
    """Now in UTC, to the microsecond: ``2026-11-30T20:15:03.123456Z``."""
    return datetime.now(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


# ---- results of the writing commands ------------------------------------------------------------
#
# Each a NamedTuple, not a frozen dataclass: a dataclass is made at import by compiling its
# methods (about 0.7 ms each on this machine), and every command that opens a session imports
# this module (tests/benchmarks/test_whole_commands.py, "show" and "record" of 100 hands).

class Recorded(NamedTuple):
    session: OpenSession
    settlement: Settlement
    state: TableState


class Amended(NamedTuple):
    """An amendment of one hand, or of several together (``numbers``, in order), and the
    ledger before and after it."""

    session: OpenSession
    numbers: tuple[int, ...]
    before: Ledger
    after: Ledger

    @property
    def number(self) -> int:
        """The first hand amended (the hand, when only one was)."""
        return self.numbers[0]

    def changes(self) -> dict[str, Decimal]:
        """Each player's score after the amendment minus before it."""
        with exact():
            return {p: self.after.state.scores[p] - self.before.state.scores[p]
                    for p in self.after.config.players}

    def hands_changed(self) -> list[HandChanged]:
        """Every hand from the first amended one on, before and after (``ledger``)."""
        from ..ledger import amendment_effects

        return amendment_effects(self.before, self.after, self.numbers)


class LaterHandBroken(StoreError):
    """An amendment that would leave a later hand not fitting its record (``ledger``'s
    ``LaterHandMisfit``: its ``hand``, its ``record``, the ``state`` before it once the others
    are amended), said in words; nothing was written. It can be amended too, in the same step,
    unless the session would be over before it (``can_amend``)."""

    def __init__(self, message: str, misfit: LaterHandMisfit) -> None:
        super().__init__(message)
        self.hand, self.state, self.record = misfit.hand, misfit.state, misfit.record
        self.asks_again, self.can_amend = misfit.asks_again, not misfit.state.finished


class Counted(NamedTuple):
    session: OpenSession
    state: TableState
    counted: dict[str, Decimal]
    expected: dict[str, Decimal]
    off: dict[str, Decimal]


class Audited(NamedTuple):
    """An audit: the session if readable, what is wrong, what is worth saying besides."""

    session: OpenSession | None
    findings: list[Any]
    notes: list[Any]
    digest: str
    label: str


class Agreed(NamedTuple):
    """A settle-up in the history: ``recorded`` is false when it was the newest event already
    (the same settle-up is not written twice)."""

    session: OpenSession
    settled: SettleUp
    recorded: bool


class _Transaction:
    """What a writer may do to one session file while holding its lock."""

    def __init__(self, store: Store, session: OpenSession, db: Any) -> None:
        self.store = store
        self.session = session
        self.db = db
        self.pending: list[dict[str, Any]] = []  # events to seal when the writer is done
        self.figures: dict[int, str] = {}  # the seal of each hand's figures stored now

    def append(self, *events: dict[str, Any]) -> None:
        """Add events to the history. They are sealed when the writer is done (``finish``), so
        that each can carry the seal of the hand figures it produced."""
        self.pending += events

    def finish(self) -> None:
        """Seal the new events, each hand and amendment with the seals of the figures it
        stored (so no stored figure is shown or built on unless the chain vouches for it),
        and add them to the history in one table write, with one reading of the clock."""
        from ..chain import seal

        if not self.pending:
            return
        at = self.store.now()
        session = self.session
        sealed_events = []
        for event in self.pending:
            number = event.get("number")
            if event["type"] == "hand" and number in self.figures:
                event = event | {"figures": self.figures[number]}
            elif event["type"] == "amend" and number in self.figures:
                event = event | {"figures": [self.figures[n] for n in sorted(self.figures)
                                             if n >= number]}
            previous = session.rows[-1] if session.rows else None
            sealed = seal(event | {"at": at}, previous)
            session.add_event(sealed)
            sealed_events.append(Document(sealed, doc_id=sealed["seq"]))
        self.db.table("events").insert_multiple(sealed_events)
        self.pending = []

    def put_hands(self, settlements: list[Settlement], keep_before: int,
                  state: TableState | None = None) -> None:
        """Store these settlements, dropping every stored hand numbered ``keep_before`` or more.
        ``state``, when the caller has it, is the table after them (kept with the session, so
        it need not be read back from the stored figures)."""
        from .. import chain, documents

        session = self.session
        table = self.db.table("hands")
        stale = list(range(keep_before, session.hands_played + 1))  # hands are 1 to n
        if stale:
            table.remove(doc_ids=stale)
        written = []
        for s in settlements:
            doc = documents.stored_hand(s)
            self.figures[s.number] = chain.figures_seal(doc)
            written.append((doc, s))
        if written:
            table.insert_multiple([Document(doc, doc_id=s.number) for doc, s in written])
        session.put_hands(written, keep_before, state)

# ---- the store ----------------------------------------------------------------------------------

class Store(Evenings, FromElsewhere):
    """The sessions in one home folder."""

    def __init__(self, home: Path, now: Callable[[], str] = utc_now,
                 lock_wait: float = LOCK_WAIT_SECONDS,
                 new_id: Callable[[], str] | None = None) -> None:
        self.home = Path(home)
        self.folder = self.home / "sessions"
        self._folder_text = os.path.normcase(os.fspath(self.folder))
        self.now = now
        self.lock_wait = lock_wait
        self.new_id = new_id or _random_id
        # The last session file this store wrote, as it left it: (file key, its TinyDB,
        # session). A failed write drops it (its data may be half changed): the file is read.
        self._cache: dict[Path, tuple[Any, ...]] = {}
        self._whole_ids: dict[str, Path] = {}  # whole ids already resolved, and their files
        self.repairs: list[str] = []  # what finishing a half-made pair did, to say (D21)

    # -- finding and reading

    def label(self, path: Path) -> str:
        """How messages name a session file: ``sessions/<id>.json`` inside home, else its path.
        (Worked out on the path's text: every write asks, and path objects are slow to compare.)"""
        text = os.fspath(path)
        folder, name = os.path.split(text)
        return f"sessions/{name}" if os.path.normcase(folder) == self._folder_text else text

    def session_files(self) -> list[Path]:
        """The session files in the folder whose names are text (UTF-8), sorted."""
        from .listing import folder_names, text_name  # (the listing: only when a folder is)

        return sorted(self.folder / name for name in map(text_name, folder_names(self.folder))
                      if name)

    def _find(self, ref: str) -> Path:
        """The file of a session id, a unique prefix of one, or a session file's path."""
        ref = str(ref)
        known = self._whole_ids.get(ref)
        if known is not None and os.path.isfile(known):
            return known  # the same id again (at the table, every hand): no paths to build
        candidate = Path(ref)
        if ("/" in ref or ref.endswith(".json")) and candidate.is_file():
            return candidate
        ref_id = ref.strip().lower()
        if not ref_id or not all(c.isalnum() or c in "-_" for c in ref_id):
            raise StoreError(_("'{ref}' is not a session id or a session file").format(ref=ref))
        whole = self.folder / f"{ref_id}.json"
        if whole.is_file():  # a whole id: no need to list the folder
            if len(self._whole_ids) < 1000:
                self._whole_ids[ref] = whole
            return whole
        matches = [p for p in self.session_files() if p.stem.lower().startswith(ref_id)]
        if not matches:
            raise StoreError(_("no session '{ref}' in {folder} (see 'scorekeeper sessions')")
                             .format(ref=ref, folder=self.folder))
        exact = [p for p in matches if p.stem.lower() == ref_id]
        if exact:
            return exact[0]
        if len(matches) > 1:
            names = ", ".join(p.stem for p in matches[:5])
            raise StoreError(_("'{ref}' matches several sessions ({names}): type more of the "
                               "id").format(ref=ref, names=names))
        return matches[0]

    def open(self, ref: str, keep: bool = True) -> OpenSession:
        """Read a session (no lock: the file is only ever replaced whole), checked: a file
        changed after it was written is a ``StoreError`` saying so. ``keep``: the file's
        tables are kept for a write that may follow (the table app, a command that records);
        a reader that only reads (an export) lets them go with the session."""
        path = self.resolve(ref)
        db = open_session_db(path, self.label(path))
        key = file_key(path)  # (before the file is read, when a table is first read below)
        session = session_from_db(db, path, self.label(path))
        session.check()
        if keep and key is not None and key == file_key(path) and path not in self._cache:
            # a write next starts from what was read (one file read so, besides one written)
            self._cache = {p: c for p, c in self._cache.items() if c[2]} | {path: (key, db, None)}
        return session

    def audit(self, ref: str) -> tuple[OpenSession | None, list[Any], str, str]:
        """(session if readable, findings, digest, label) of ``audit_report``."""
        audited = self.audit_report(ref)
        return audited.session, audited.findings, audited.digest, audited.label

    def audit_report(self, ref: str) -> Audited:
        """Settle a session file again and compare, with the audit's notes. A file that
        cannot be read at all is a ``StoreError``."""
        from .. import chain, sessionfile
        from ..audit import audit_report

        path = self.resolve(ref)
        label = self.label(path)
        db = open_session_db(path, label)
        check_shape(db, label)
        data = session_data(db)  # the tables as read: the audit looks at every field
        try:
            session: OpenSession | None = session_from_db(db, path, label)
            problem = None
        except StoreError as error:  # what no command will open is never "clean"
            session = None
            problem = sessionfile.Finding(hand=None, kind="settings",
                                          message=one_line(str(error)).removeprefix(f"{label}: "))
        try:
            report = audit_report(data)
            findings, notes = list(report.findings), list(report.notes)
        except (ValueError, TypeError) as error:
            if problem is None and not isinstance(error, ValueError):
                raise
            if problem is None:  # a stored hand numbered beyond reading, say
                raise StoreError(_("{file}: damaged: it cannot be audited ({problem})").format(
                    file=label, problem=one_line(str(error))[:200])) from None
            findings, notes = [], []  # the header it could not read is the finding
        if problem is not None:
            findings.append(problem)
        if session is not None:  # a continued evening: its link to the one it continues
            findings += self._link(session, notes)
        digest = chain.raw_digest(list(table_rows(db, "events")))
        return Audited(session, findings, notes, digest, label)

    # -- writing

    @contextlib.contextmanager
    def _changing(self, ref: str, expect: str | None) -> Iterator[_Transaction]:
        """Write to session ``ref`` under its lock; with ``expect`` (the digest the change was
        made from), only if the session is still there (a typing mistake in it is said before
        the lock is taken)."""
        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        with self._writing(path) as tx:
            check_expected(tx.session, expect)
            yield tx

    @contextlib.contextmanager
    def _writing(self, path: Path, new: dict[str, Any] | None = None) -> Iterator[_Transaction]:
        label = self.label(path)
        lock = take_lock(path, label, self.lock_wait)
        cached = self._cache.pop(path, None)
        try:
            if new is None and cached is not None and cached[0] == file_key(path) \
                    and cached[2] is not None:
                # Nobody has replaced the file since this store wrote it: its TinyDB (its
                # data, the text written) and the session are as this store left them.
                db, session = cached[1:]
            elif new is None:  # (the TinyDB ``open`` read, while the file is still that one)
                db = cached[1] if cached is not None and cached[0] == file_key(path) \
                    else open_session_db(path, label)
                session = session_from_db(db, path, label)
                session.check_for_writing()
                if "summary" in session_data(db):  # an older file's summary: nothing keeps
                    db.drop_table("summary")  # it up to date any more, so it goes
            else:
                if path.exists():
                    raise StoreError(_("{file}: already exists").format(file=label))
                db = open_session_db(path, label, new=True)
                db.table("session").insert(Document(new, doc_id=1))
                session = session_from_db(db, path, label)
            transaction = _Transaction(self, session, db)
            yield transaction
            transaction.finish()
            from .sessionline import sealed_in_file  # the session's line and figures, sealed

            session_storage(db).listing = sealed_in_file(session)  # into its file (trailer.py)
            try:
                written = commit(db)
            except OSError as error:
                raise StoreError(_("{file}: cannot be written ({reason}); nothing was changed")
                                 .format(file=label, reason=os_reason(error))) from None
            key = file_key(path, written)
            if key is not None:
                self._cache = {path: (key, db, session)}
        finally:
            lock.release()

    def create(self, config: SessionConfig, records: Sequence[HandRecord] = (),
               dealer_drawn: bool = False, language: str | None = None,
               opening: dict[str, Any] | None = None,
               session_id: str | None = None) -> OpenSession:
        """A new session file, with ``records`` settled and stored as its first hands; played
        in ``language`` (kept, sealed, for its exports; ``None``: none kept); with ``opening``
        (``history.opening_event``: the session continues another, and ``config.opening``
        is what it carried) that entry right after its start. ``session_id``: the id already
        chosen for it (``_new_id``), else a new one."""
        from .. import chain, documents
        from ..ledger import settle_hands
        from ..rules import ruleset_for_version

        ruleset = ruleset_for_version(_version_of(config))
        ledger = settle_hands(config, records, ruleset)  # refuse bad hands before any file exists
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(_("{folder}: cannot be created ({reason})").format(
                folder=self.folder, reason=os_reason(error))) from None
        session_id = session_id or self._new_id()
        path = self.folder / f"{session_id}.json"
        settings = documents.config_to_json(config)
        header = {"format": documents.FORMAT_VERSION, "id": session_id, "ruleset": ruleset.version,
                  "settings": settings, "created": self.now(), "dealer_drawn": dealer_drawn}
        spoken = {} if language is None else {"language": chain.session_language(language)}
        header |= spoken
        with self._writing(path, new=header) as tx:
            tx.append({"type": "created", "settings": settings, "dealer_drawn": dealer_drawn,
                       "format": header["format"], "id": session_id,
                       "ruleset": ruleset.version, "created": header["created"], **spoken},
                      *([opening] if opening is not None else []),
                      *({"type": "hand", "number": s.number,
                         "record": documents.record_to_json(s.record)}
                        for s in ledger.settlements))
            tx.session.config = config  # with what it opens with, as the file will say
            tx.put_hands(list(ledger.settlements), keep_before=1, state=ledger.state)
        return tx.session

    def record(self, ref: str, record: HandRecord, expected_hands: int | None = None,
               expect: str | None = None) -> Recorded:
        """Settle and store the next hand. With ``expect`` (the digest the hand was entered
        against), refuse if the session has moved on meanwhile (another terminal wrote to it);
        ``expected_hands``, older and weaker, only notices a hand recorded or withdrawn."""
        from .. import documents
        from ..ledger import settle_next

        with self._changing(ref, expect) as tx:
            s = tx.session
            if s.continued_by:
                raise StoreError(_("{file}: the evening goes on in session {id}, which carried "
                                   "on from here (the next evening): record the hand there")
                                 .format(file=s.label, id=s.continued_by))
            if expected_hands is not None and s.hands_played != expected_hands:
                raise StoreError(_("{file}: the session changed meanwhile (it now has {count} "
                                   "hands, not {expected}); nothing was recorded: check the "
                                   "table and enter the hand again").format(
                    file=s.label, count=s.hands_played, expected=expected_hands))
            settlement, state = self._settle(s, lambda: settle_next(s.ruleset, s.config,
                                                                    s.state(), record))
            tx.append({"type": "hand", "number": settlement.number,
                       "record": documents.record_to_json(settlement.record)})
            tx.put_hands([settlement], keep_before=settlement.number, state=state)
        return Recorded(tx.session, settlement, state)

    def undo(self, ref: str, expect: str | None = None) -> tuple[OpenSession, Settlement]:
        """Withdraw the last hand: it stays in the history, marked withdrawn. With ``expect``,
        only if the session's digest is still that one (so the hand withdrawn is the last one
        the caller saw)."""
        with self._changing(ref, expect) as tx:
            s = tx.session
            n = s.hands_played
            no_withdrawal_after_going_on(s)
            if n == 0:
                raise StoreError(_("{file}: there is no hand to withdraw").format(file=s.label))
            withdrawn = s.hand(n)
            tx.append({"type": "withdraw", "number": n, "record": s.stored[n].get("record")})
            tx.put_hands([], keep_before=n)
        return tx.session, withdrawn

    def preview_amend(self, ref: str, number: int, changes: dict[str, Any],
                      expect: str | None = None) -> Amended:
        """What ``amend`` would do (``preview_amend_hands``)."""
        return self.preview_amend_hands(ref, [(number, changes)], expect)

    def preview_amend_hands(self, ref: str, amendments: Sequence[tuple[int, dict[str, Any]]],
                            expect: str | None = None) -> Amended:
        """What ``amend_hands`` would do, without writing anything. With ``expect``, refused as
        it would refuse it, when the session is no longer at that digest."""
        session = self.open(ref)
        check_expected(session, expect)
        return self._amended(session, amendments)

    def _amended(self, s: OpenSession,
                 amendments: Sequence[tuple[int, dict[str, Any]]]) -> Amended:
        from ..handwords import misfit_words
        from ..ledger import LaterHandMisfit, amend_hands

        if s.hands_played == 0:
            raise StoreError(_("{file}: no hand has been recorded yet, so none can be "
                               "amended").format(file=s.label))
        before = s.ledger()
        try:
            numbers, after = amend_hands(s.config, s.ruleset, s.records(), amendments)
        except LaterHandMisfit as misfit:
            words = misfit_words(s.config.players, misfit.hand, misfit.amended, misfit.detail,
                                 s.state_before(misfit.hand).pot, misfit.state.pot)
            raise LaterHandBroken(f"{s.label}: {words}", misfit) from None
        except ScorekeeperError as error:  # the rules' error kept as the cause: its field
            raise StoreError(f"{s.label}: {error}") from error
        keeps_what_carried(s, before.state, after.state)
        return Amended(s, numbers, before, after)

    def amend(self, ref: str, number: int, changes: dict[str, Any],
              expect: str | None = None) -> Amended:
        """Amend one hand (``amend_hands``)."""
        return self.amend_hands(ref, [(number, changes)], expect)

    def amend_hands(self, ref: str, amendments: Sequence[tuple[int, dict[str, Any]]],
                    expect: str | None = None) -> Amended:
        """Amend hands in one step, all or none: fields of each hand's record are replaced,
        and every hand from the first amended one on is settled again. One ``amend`` event per
        hand, in order (each naming the hands amended ``together`` when there are several),
        sealed and written in one write under one lock. With ``expect``, only if the session's
        digest is still that one (the figures previewed are the figures stored)."""
        from .. import documents

        with self._changing(ref, expect) as tx:
            s = tx.session
            amended = self._amended(s, amendments)
            before, after, numbers = amended.before, amended.after, amended.numbers
            for number in numbers:
                event: dict[str, Any] = {
                    "type": "amend", "number": number,
                    "record": documents.record_to_json(after.settlements[number - 1].record),
                    "previous": documents.record_to_json(before.settlements[number - 1].record)}
                if len(numbers) > 1:
                    event["together"] = list(numbers)
                tx.append(event)
            first = numbers[0]
            tx.put_hands(list(after.settlements[first - 1:]), keep_before=first,
                         state=after.state)
        return Amended(tx.session, numbers, before, after)

    def count(self, ref: str, counted: dict[str, Decimal],
              pot: Decimal | None = None, expect: str | None = None) -> Counted:
        """Record what the players (and the pot) hold, and who is off by how much.

        ``counted`` is by name, matched ignoring case; ``"pot"`` (any case) is the pot only
        when no player of the session is called so. ``pot`` is the pot, always. The result
        and the stored event are keyed as JSON writes ends (``"player:pot"`` for a player
        called "pot" in a game with a pot). With ``expect``, only if the session's digest is
        still that one (the count was made against the table as it then stood)."""
        from ..ledger import compare_count, counted_ends, counted_in_ledger
        from ..rules.ends import End, end_text

        with self._changing(ref, expect) as tx:
            s = tx.session  # (an evening that went on takes one too: it changes nothing carried)
            state = s.state()
            accounts = s.ruleset.accounts
            try:
                resolved = counted_ends(s.config, counted, pot)
            except RecordError:
                raise
            except ScorekeeperError as error:
                raise StoreError(f"{s.label}: {error}") from None
            off = compare_count(state, resolved)
            expected = {k: counted_in_ledger(state, k) for k in resolved}  # checked just now

            def keyed(amounts: dict[End, Decimal]) -> dict[str, Decimal]:
                return {end_text(k, accounts): v for k, v in amounts.items()}

            tx.append({"type": "count", "after_hand": state.hands_played,
                       "counted": {k: to_decimal_string(v) for k, v in keyed(resolved).items()},
                       "expected": {k: to_decimal_string(v)
                                    for k, v in keyed(expected).items()},
                       "off": {k: to_decimal_string(v) for k, v in keyed(off).items()}})
        return Counted(tx.session, state, keyed(resolved), keyed(expected), keyed(off))

    def settle_up(self, ref: str, value: Decimal | None = None, currency: str | None = None,
                  expect: str | None = None) -> Agreed:
        """Record the settle-up of the session as it stands, at ``value`` a chip or point in
        ``currency`` (or in chips or points), as an event: the history says what was agreed.
        With ``expect``, only if the session's digest is still that one (the table agreed on
        what it saw). Refused before any hand is played; not written again when the last
        settle-up is the same and no hand changed since."""
        from ..history import agreed_already, settle_up_event
        from ..settleup import settle_up

        with self._changing(ref, expect) as tx:
            s = tx.session
            state = s.state()
            if state.hands_played == 0:
                raise StoreError(_("{file}: no hand has been played yet: nothing to "
                                   "settle").format(file=s.label))
            settled = settle_up(s.ruleset, s.config, state, value, currency)
            event = settle_up_event(settled, s.ruleset.accounts)
            again = agreed_already(s.rows, event)
            if not again:
                tx.append(event)
        return Agreed(tx.session, settled, not again)

    def _settle(self, session: OpenSession, settle: Callable[[], Any]) -> Any:
        try:
            return settle()
        except RecordError as error:  # kept as the cause: the command line names its option
            raise StoreError(f"{session.label}: {error}") from error

    def _new_id(self) -> str:
        while True:
            candidate = self.new_id()
            if not valid_id(candidate):  # the store never writes a file it would call damaged
                raise StoreError(_("{id} is not a session id").format(
                    id=one_line(repr(candidate))))
            if not os.path.lexists(self.folder / f"{candidate}.json"):
                return candidate


def _version_of(config: SessionConfig) -> str:
    from ..rules import get_ruleset

    return get_ruleset(config.game).version
