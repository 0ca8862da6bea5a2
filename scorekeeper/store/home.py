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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb.table import Document

from ..amounts import exact, to_decimal_string
from ..errors import RecordError, StoreError, one_line
from .files import read_json_file
from .listing import Listing, folder_names, list_sessions, text_name
from .locking import FileLock, LockRefused, LockTimeout
from .session import (
    OpenSession,
    check_expected,
    check_shape,
    expected_digest,
    parse_session,
    valid_id,
)
from .storage import SessionDB, SessionStorage, file_key

# The rules core (pydantic models, the games) is imported where a session is read or written,
# not with this module: opening the app and listing sessions from the index never need it.
if TYPE_CHECKING:
    from ..ledger import Ledger
    from ..rules import HandRecord, SessionConfig, Settlement, TableState
    from ..settleup import SettleUp
    from .imports import Imported

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

@dataclass(frozen=True)
class Recorded:
    session: OpenSession
    settlement: Settlement
    state: TableState


@dataclass(frozen=True)
class Amended:
    session: OpenSession
    number: int
    before: Ledger
    after: Ledger

    def changes(self) -> dict[str, Decimal]:
        """Each player's score after the amendment minus before it."""
        with exact():
            return {p: self.after.state.scores[p] - self.before.state.scores[p]
                    for p in self.after.config.players}


@dataclass(frozen=True)
class Counted:
    session: OpenSession
    state: TableState
    counted: dict[str, Decimal]
    expected: dict[str, Decimal]
    off: dict[str, Decimal]


@dataclass(frozen=True)
class Agreed:
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
        from .. import documents

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
            sealed = documents.seal(event | {"at": at}, previous)
            session.add_event(sealed)
            sealed_events.append(Document(sealed, doc_id=sealed["seq"]))
        self.db.table("events").insert_multiple(sealed_events)
        self.pending = []

    def put_hands(self, settlements: list[Settlement], keep_before: int,
                  state: TableState | None = None) -> None:
        """Store these settlements, dropping every stored hand numbered ``keep_before`` or more.
        ``state``, when the caller has it, is the table after them (kept with the session, so
        it need not be read back from the stored figures)."""
        from .. import documents

        session = self.session
        table = self.db.table("hands")
        stale = list(range(keep_before, session.hands_played + 1))  # hands are 1 to n
        if stale:
            table.remove(doc_ids=stale)
        written = []
        for s in settlements:
            doc = documents.stored_hand(s)
            self.figures[s.number] = documents.figures_seal(doc)
            written.append((doc, s))
        if written:
            table.insert_multiple([Document(doc, doc_id=s.number) for doc, s in written])
        session.put_hands(written, keep_before, state)

# ---- the store ----------------------------------------------------------------------------------

class Store:
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
        # The last session file this store wrote, as it left it: (file key, storage, database,
        # session). A failed write drops it (its data may be half changed): the file is read.
        self._cache: dict[Path, tuple] = {}
        self._whole_ids: dict[str, Path] = {}  # whole ids already resolved, and their files

    # -- finding and reading

    def label(self, path: Path) -> str:
        """How messages name a session file: ``sessions/<id>.json`` inside home, else its path.
        (Worked out on the path's text: every write asks, and path objects are slow to compare.)"""
        text = os.fspath(path)
        folder, name = os.path.split(text)
        return f"sessions/{name}" if os.path.normcase(folder) == self._folder_text else text

    def session_files(self) -> list[Path]:
        """The session files in the folder whose names are text (UTF-8), sorted."""
        return sorted(self.folder / name for name in map(text_name, folder_names(self.folder))
                      if name)

    def resolve(self, ref: str) -> Path:
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
            raise StoreError(f"'{ref}' is not a session id or a session file")
        whole = self.folder / f"{ref_id}.json"
        if whole.is_file():  # a whole id: no need to list the folder
            if len(self._whole_ids) < 1000:
                self._whole_ids[ref] = whole
            return whole
        matches = [p for p in self.session_files() if p.stem.lower().startswith(ref_id)]
        if not matches:
            raise StoreError(f"no session '{ref}' in {self.folder} (see 'scorekeeper sessions')")
        exact = [p for p in matches if p.stem.lower() == ref_id]
        if exact:
            return exact[0]
        if len(matches) > 1:
            names = ", ".join(p.stem for p in matches[:5])
            raise StoreError(f"'{ref}' matches several sessions ({names}): type more of the id")
        return matches[0]

    def open(self, ref: str) -> OpenSession:
        """Read a session (no lock: the file is only ever replaced whole), checked: a file
        changed after it was written is a ``StoreError`` saying so."""
        path = self.resolve(ref)
        label = self.label(path)
        session = parse_session(path, read_json_file(path, label), label)
        session.check()
        return session

    def audit(self, ref: str) -> tuple[OpenSession | None, list[Any], str, str]:
        """Settle a session file again and compare: (session if readable, findings, digest, label).
        A file that cannot be read at all is a ``StoreError``."""
        from .. import documents
        from ..documents import audit_document

        path = self.resolve(ref)
        label = self.label(path)
        data = read_json_file(path, label)
        check_shape(data, label)
        try:
            session: OpenSession | None = parse_session(path, data, label)
            problem = None
        except StoreError as error:  # what no command will open is never "clean"
            session = None
            problem = documents.Finding(hand=None, kind="settings",
                                        message=one_line(str(error)).removeprefix(f"{label}: "))
        try:
            findings = audit_document(data)
        except (ValueError, TypeError) as error:
            if problem is None and not isinstance(error, ValueError):
                raise
            if problem is None:  # a stored hand numbered beyond reading, say
                raise StoreError(f"{label}: damaged: it cannot be audited "
                                 f"({one_line(str(error))[:200]})") from None
            findings = []  # the header it could not read is the finding
        if problem is not None:
            findings.append(problem)
        digest = documents.raw_digest(documents.table_rows(data.get("events")))
        return session, findings, digest, label

    # -- writing

    @contextlib.contextmanager
    def _writing(self, path: Path, new: dict[str, Any] | None = None) -> Iterator[_Transaction]:
        label = self.label(path)
        lock = FileLock(str(path) + ".lock", self.lock_wait)
        try:
            lock.acquire()
        except LockTimeout:
            raise StoreError(f"{label}: in use by another scorekeeper (waited "
                             f"{self.lock_wait:g} s); try again when it is done") from None
        except LockRefused as why:
            raise StoreError(f"{label}: cannot be locked for writing: its lock file "
                             f"{one_line(os.path.basename(lock.path))} {why} (it is never "
                             f"followed); remove it and try again") from None
        except OSError as error:
            raise StoreError(f"{label}: cannot be locked for writing "
                             f"({error.strerror or error})") from None
        cached = self._cache.pop(path, None)
        try:
            if new is None:
                key = file_key(path)
                if cached is not None and key is not None and cached[0] == key:
                    # Nobody has replaced the file since this store wrote it: its data,
                    # its text and the database over them are as this store left them.
                    _, storage, db, session = cached
                else:
                    data = read_json_file(path, label)
                    session = parse_session(path, data, label)
                    session.check_for_writing()
                    storage = None
            else:
                if path.exists():
                    raise StoreError(f"{label}: already exists")
                data = {"session": {}, "events": {}, "hands": {}}
                storage = session = None
            if storage is None:
                db = SessionDB(path, data, storage=SessionStorage)
                storage = db.storage
                if "summary" in data:  # an older file's summary: nothing keeps it
                    db.drop_table("summary")  # up to date any more, so it goes
            if session is None:
                assert new is not None  # a new file: its header is given
                db.table("session").insert(Document(new, doc_id=1))
                session = parse_session(path, storage.read(), label)
            transaction = _Transaction(self, session, db)
            yield transaction
            transaction.finish()
            try:
                written = storage.commit()
            except OSError as error:
                raise StoreError(f"{label}: cannot be written ({error.strerror or error}); "
                                 f"nothing was changed") from None
            key = file_key(path, written)
            if key is not None:
                self._cache = {path: (key, storage, db, session)}
        finally:
            lock.release()

    def create(self, config: SessionConfig, records: list[HandRecord] | tuple = (),
               dealer_drawn: bool = False) -> OpenSession:
        """A new session file, with ``records`` settled and stored as its first hands."""
        from .. import documents
        from ..ledger import settle_hands
        from ..rules import ruleset_for_version

        ruleset = ruleset_for_version(_version_of(config))
        ledger = settle_hands(config, records, ruleset)  # refuse bad hands before any file exists
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"{self.folder}: cannot be created "
                             f"({error.strerror or error})") from None
        session_id = self._new_id()
        path = self.folder / f"{session_id}.json"
        settings = documents.config_to_json(config)
        header = {"format": documents.FORMAT_VERSION, "id": session_id, "ruleset": ruleset.version,
                  "settings": settings, "created": self.now(), "dealer_drawn": dealer_drawn}
        with self._writing(path, new=header) as tx:
            tx.append({"type": "created", "settings": settings, "dealer_drawn": dealer_drawn,
                       "format": header["format"], "id": session_id,
                       "ruleset": ruleset.version, "created": header["created"]},
                      *({"type": "hand", "number": s.number,
                         "record": documents.record_to_json(s.record)}
                        for s in ledger.settlements))
            tx.put_hands(list(ledger.settlements), keep_before=1, state=ledger.state)
        return tx.session

    def record(self, ref: str, record: HandRecord, expected_hands: int | None = None,
               expect: str | None = None) -> Recorded:
        """Settle and store the next hand. With ``expect`` (the digest the hand was entered
        against), refuse if the session has moved on meanwhile (another terminal wrote to it);
        ``expected_hands``, older and weaker, only notices a hand recorded or withdrawn."""
        from .. import documents
        from ..ledger import settle_next

        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)  # a typing mistake is said before the lock is taken
        with self._writing(path) as tx:
            s = tx.session
            check_expected(s, expect)
            if expected_hands is not None and s.hands_played != expected_hands:
                raise StoreError(f"{s.label}: the session changed meanwhile (it now has "
                                 f"{s.hands_played} hands, not {expected_hands}); nothing was "
                                 f"recorded: check the table and enter the hand again")
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
        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        with self._writing(path) as tx:
            s = tx.session
            check_expected(s, expect)
            n = s.hands_played
            if n == 0:
                raise StoreError(f"{s.label}: there is no hand to withdraw")
            withdrawn = s.hand(n)
            tx.append({"type": "withdraw", "number": n, "record": s.stored[n].get("record")})
            tx.put_hands([], keep_before=n)
        return tx.session, withdrawn

    def preview_amend(self, ref: str, number: int, changes: dict[str, Any],
                      expect: str | None = None) -> Amended:
        """What ``amend`` would do, without writing anything. With ``expect``, refused as
        ``amend`` would refuse it, when the session is no longer at that digest."""
        session = self.open(ref)
        check_expected(session, expect)
        return self._amended(session, number, changes)

    def _amended(self, s: OpenSession, number: int, changes: dict[str, Any]) -> Amended:
        from ..ledger import settle_hands
        from ..rules import amended_record

        if s.hands_played == 0:
            raise StoreError(f"{s.label}: no hand has been recorded yet, so none can be amended")
        if not 1 <= number <= s.hands_played:
            raise StoreError(f"{s.label}: hand {number} is not in force (hands 1 to "
                             f"{s.hands_played} are)")
        records = s.records()
        old = records[number - 1]
        try:
            new = amended_record(old, changes)
        except ValueError as error:
            raise StoreError(f"{s.label}: hand {number}: {error}") from None
        before = s.ledger()
        records[number - 1] = new
        after = self._settle(s, lambda: settle_hands(s.config, records, s.ruleset),
                             amending=number)
        return Amended(s, number, before, after)

    def amend(self, ref: str, number: int, changes: dict[str, Any],
              expect: str | None = None) -> Amended:
        """Replace fields of hand ``number``'s record and settle every later hand again. With
        ``expect``, only if the session's digest is still that one (the figures previewed are
        the figures stored)."""
        from .. import documents

        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        with self._writing(path) as tx:
            s = tx.session
            check_expected(s, expect)
            amended = self._amended(s, number, changes)
            before, after = amended.before, amended.after
            old = before.settlements[number - 1].record
            tx.append({"type": "amend", "number": number,
                       "record": documents.record_to_json(after.settlements[number - 1].record),
                       "previous": documents.record_to_json(old)})
            tx.put_hands(list(after.settlements[number - 1:]), keep_before=number,
                         state=after.state)
        return Amended(tx.session, number, before, after)

    def count(self, ref: str, counted: dict[str, Decimal],
              pot: Decimal | None = None, expect: str | None = None) -> Counted:
        """Record what the players (and the pot) hold, and who is off by how much.

        ``counted`` is by name, matched ignoring case; ``"pot"`` (any case) is the pot only
        when no player of the session is called so. ``pot`` is the pot, always. The result
        and the stored event are keyed as JSON writes ends (``"player:pot"`` for a player
        called "pot" in a game with a pot). With ``expect``, only if the session's digest is
        still that one (the count was made against the table as it then stood)."""
        from ..ledger import compare_count
        from ..rules.base import POT, End, end_text, present

        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        with self._writing(path) as tx:
            s = tx.session
            check_expected(s, expect)
            state = s.state()
            accounts = s.ruleset.accounts
            resolved: dict[End, Decimal] = {}
            for who, amount in counted.items():
                key: End
                try:
                    key = s.config.resolve(who, "count")
                except RecordError:
                    if who.strip().casefold() != POT.value:
                        raise
                    key = POT
                if key in resolved:
                    raise StoreError(f"{s.label}: {'the pot' if key is POT else key} is "
                                     f"counted twice")
                resolved[key] = amount
            if pot is not None:
                if POT in resolved:
                    raise StoreError(f"{s.label}: the pot is counted twice (pot= and --pot)")
                resolved[POT] = pot
            off = compare_count(state, resolved)
            expected = {k: (state.scores[k] if isinstance(k, str)  # compare_count refused
                            else present(state.pot, "the pot"))  # any other account
                        for k in resolved}

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
        from ..documents import agreed_already, settle_up_event
        from ..settleup import settle_up

        path = self.resolve(ref)
        if expect is not None:
            expected_digest(expect)
        with self._writing(path) as tx:
            s = tx.session
            check_expected(s, expect)
            state = s.state()
            if state.hands_played == 0:
                raise StoreError(f"{s.label}: no hand has been played yet: nothing to settle")
            settled = settle_up(s.ruleset, s.config, state, value, currency)
            event = settle_up_event(settled, s.ruleset.accounts)
            again = agreed_already(s.rows, event)
            if not again:
                tx.append(event)
        return Agreed(tx.session, settled, not again)

    def _settle(self, session: OpenSession, settle: Callable[[], Any], amending: int | None = None):
        try:
            return settle()
        except RecordError as error:
            later = amending and error.hand != amending
            after = f" (after amending hand {amending})" if later else ""
            raise StoreError(f"{session.label}: {error}{after}") from None

    def _new_id(self) -> str:
        while True:
            candidate = self.new_id()
            if not valid_id(candidate):  # the store never writes a file it would call damaged
                raise StoreError(f"{one_line(repr(candidate))} is not a session id")
            if not os.path.lexists(self.folder / f"{candidate}.json"):
                return candidate

    # -- listing

    def list_sessions(self, figures: bool = False) -> list[Listing]:
        """Every session file, newest first. A file that cannot be listed (damaged, too large,
        not a regular file, a name that is not UTF-8) is a line with its problem. With
        ``figures``, each line carries the session's figures for a season too (kept in the
        index once worked out)."""
        return list_sessions(self.home, self.folder, figures)

    # -- players and sessions from elsewhere

    def roster(self) -> Any:
        """What ``<home>/players.json`` holds (``None``: nothing yet); ``season.Roster``
        reads it."""
        from .roster import read_roster

        return read_roster(self.home)

    def change_roster(self, change: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        """Rewrite ``players.json`` under its lock with what ``change`` makes of it."""
        from .roster import change_roster

        return change_roster(self.home, change, self.lock_wait)

    def import_file(self, source: Path, shown: str) -> Imported:
        """Bring a session file from elsewhere into this home (``imports`` says how)."""
        from .imports import import_file

        return import_file(self.home, source, shown, self.lock_wait)


def _version_of(config: SessionConfig) -> str:
    from ..rules import get_ruleset

    return get_ruleset(config.game).version
