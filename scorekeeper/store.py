"""Session files on disk. The only module that touches TinyDB (and the file system for sessions).

Each session is one TinyDB JSON file, ``<home>/sessions/<id>.json``, with three tables:

- ``session``: the format version, the id, the ruleset version and the settings;
- ``events``: the append-only history (created, hand, amend, withdraw, count, note), each
  event sealed with its own SHA-256 and the previous event's (a hash chain);
- ``hands``: the settlement of every hand in force (derived data, checked by ``audit``).

The listing's line for a session comes from its header, its newest event and its last stored
hand, so listing never has to settle a session. (Files written before this kept that line in
a fourth table, ``summary``; ``audit`` still checks it, and the next write drops it.)

Writes cannot tear: every change is written to a temporary file in the same folder, flushed
and fsynced, ``os.replace``d over the old file, and the folder fsynced. Writers hold a lock
and re-read the file under it, so two terminals never lose each other's hands. A damaged file
is never written over.
"""

from __future__ import annotations

import contextlib
import json
import operator
import os
import re
import stat
import tempfile  # noqa: F401  (the temporary files of atomic_write: tests reach them here)
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document, Table

from . import jsontext
from .amounts import exact, to_decimal_string
from .atomic import atomic_write
from .errors import RecordError, ScorekeeperError, StoreError, one_line
from .locking import FileLock, LockRefused, LockTimeout
from .summary import SessionSummary

# The rules core (pydantic models, the games) is imported where a session is read or written,
# not with this module: opening the app and listing sessions from the index never need it.
if TYPE_CHECKING:
    from .export import ExportSource
    from .ledger import ChipCount, Event, Ledger
    from .rules import HandRecord, Ruleset, SessionConfig, Settlement, TableState

LOCK_WAIT_SECONDS = 10.0
INDEX_NAME = "index.json"


def _random_id() -> str:
    """A new session id: 8 random hex digits (the random source is imported when first needed:
    opening the app and listing sessions never make one)."""
    import secrets

    return secrets.token_hex(4)


ID_LENGTH = 8
_ID = re.compile(f"[0-9a-f]{{{ID_LENGTH}}}")


def valid_id(session_id: object) -> bool:
    """Whether a session file's id is one a store makes: 8 hex digits (``_random_id``).
    Nothing else reaches a file name, a terminal or an export."""
    return isinstance(session_id, str) and _ID.fullmatch(session_id) is not None


def utc_now() -> str:
    """Now in UTC, to the microsecond: ``2026-11-30T20:15:03.123456Z``."""
    return datetime.now(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


# ---- TinyDB over a session file, and the store's one speed trick ---------------------------------
#
# Recording a hand must cost that hand, not the whole history (the benchmark
# ``test_record_a_hand``, "record one hand, 1000 hands": budget 1.5x an atomic rewrite of the
# file; with TinyDB's own insertion instead of the first part below, 1.55x to 1.7x was measured).
# Both parts rest on one fact: the session, events and hands tables only ever gain or lose
# whole documents, a document is never changed in place.
#
# - ``SessionTable.insert_multiple`` adds documents to the stored table in place (TinyDB's own
#   copies the whole table twice, ids to numbers and back, for every insertion);
# - ``SessionStorage`` keeps the JSON text of each document it wrote and writes it again as it
#   was: when a table only gained documents at its end, the text written last time is reused
#   whole and only the new documents are serialised.


class SessionTable(Table):
    """TinyDB's table, adding documents that carry their ids in place (see above)."""

    def insert_multiple(self, documents: Iterable[Mapping[str, Any]]) -> list[int]:
        given = list(documents)
        placed = [d for d in given if isinstance(d, Document)]
        if len(placed) != len(given):
            return super().insert_multiple(given)
        tables = self.storage.read() or {}
        table = tables.setdefault(self.name, {})
        keys = [str(d.doc_id) for d in placed]
        if len(set(keys)) != len(keys) or any(k in table for k in keys):
            raise ValueError(f"{self.name}: a document with one of the ids {keys} already exists")
        for key, document in zip(keys, placed, strict=True):
            table[key] = dict(document)
        self.storage.write(tables)
        self.clear_cache()
        return [d.doc_id for d in placed]


class SessionDB(TinyDB):
    table_class = SessionTable


class SessionStorage(Storage):
    """TinyDB's storage for one session file: the file's data, read once under the lock, is
    what TinyDB reads and changes in memory; ``commit`` writes it back atomically, once,
    however many TinyDB operations changed it, reusing the text it wrote before (see above)."""

    SPLICED = ("session", "events", "hands")

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        super().__init__()
        self.path = path
        self.data = data
        self.dirty = False
        # Per spliced table as last written: its text (pieces of UTF-8), its ids and documents
        # in order, and each document's text by id (with the document it is the text of).
        self.texts: dict[str, _TableText] = {}

    def read(self) -> dict[str, Any]:
        return self.data

    def write(self, data: dict[str, Any]) -> None:
        self.data = data
        self.dirty = True

    def close(self) -> None:
        pass

    def serialise(self) -> list[bytes]:
        """The whole file, compact JSON as ``orjson.dumps`` writes it, in pieces of UTF-8 (the
        history's text is large: joining it would copy it for nothing)."""
        pieces = [b"{"]
        for name, table in self.data.items():
            if len(pieces) > 1:
                pieces.append(b",")
            if name in self.SPLICED and isinstance(table, dict):
                pieces.append(jsontext.compact(name) + b":{")
                pieces += self._spliced(name, table)
                pieces.append(b"}")
            else:
                pieces.append(jsontext.compact(name) + b":" + jsontext.compact(table))
        pieces.append(b"}")
        return pieces

    def _spliced(self, name: str, table: dict[str, Any]) -> list[bytes]:
        """A spliced table's items as pieces of JSON in UTF-8."""
        done = self.texts.get(name)
        ids, docs = list(table), list(table.values())
        if done is not None and _extends(ids, docs, done):  # documents added at the end only
            pieces, known = list(done.pieces), done.known
            for doc_id, doc in zip(ids[len(done.ids):], docs[len(done.ids):], strict=True):
                item = _item(known, doc_id, doc)
                pieces.append(b"," + item if pieces else item)
                # Few pieces, each byte copied few times: a piece joins the one before it
                # once it is at least half as long (the pieces halve in size, oldest first).
                while len(pieces) > 1 and 2 * len(pieces[-1]) >= len(pieces[-2]):
                    last = pieces.pop()
                    pieces[-1] += last
        else:  # anything else: each document's text looked up, if known, by document
            old = {} if done is None else done.known
            known = {}
            items = []
            for doc_id, doc in zip(ids, docs, strict=True):
                cached = old.get(doc_id)
                if cached is not None and cached[0] is doc:
                    known[doc_id] = cached
                    items.append(cached[1])
                else:
                    items.append(_item(known, doc_id, doc))
            pieces = [b",".join(items)] if items else []
        self.texts[name] = _TableText(pieces, ids, docs, known)
        return pieces

    def commit(self) -> os.stat_result | None:
        """Write the data if it changed; the written file's status."""
        if not self.dirty:
            return None
        status = atomic_write(self.path, self.serialise())
        self.dirty = False
        return status


@dataclass
class _TableText:
    """A spliced table as ``SessionStorage`` last wrote it."""

    pieces: list[bytes]
    ids: list[str]
    docs: list[Any]
    known: dict[str, tuple[Any, bytes]]


def _extends(ids: list[str], docs: list[Any], done: _TableText) -> bool:
    """Whether a table is the one last written with documents added at its end: the same ids
    first, in order, each with the very same document (compared in C, not id by id)."""
    n = len(done.ids)
    return len(ids) >= n and ids[:n] == done.ids and all(map(operator.is_, docs, done.docs))


def _item(known: dict[str, tuple[Any, bytes]], doc_id: str, doc: Any) -> bytes:
    """A document's text in its table, noted in ``known``."""
    item = jsontext.compact(doc_id) + b":" + jsontext.compact(doc)
    known[doc_id] = (doc, item)
    return item


def _file_key(path: Path, status: os.stat_result | None = None) -> tuple[int, int, int] | None:
    """What changes whenever a session file is replaced (os.replace gives a new inode)."""
    if status is None:
        try:
            status = os.stat(path)
        except OSError:
            return None
    return (status.st_ino, status.st_mtime_ns, status.st_size)


# ---- reading a session file --------------------------------------------------------------------

def _parse_json(raw: bytes) -> Any:
    """JSON text to Python values, with pydantic's parser (written in Rust, it reads a long
    session's file in about 60% of the time the standard library takes; pydantic is here
    anyway). Raises ``ValueError`` for text that is not JSON."""
    from pydantic_core import from_json

    return from_json(raw)


def _parse_json_or_say_why(raw: bytes, label: str) -> Any:
    """The standard library's reading of the text, or a ``StoreError`` saying what is wrong."""
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise StoreError(f"{label}: damaged: not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise StoreError(f"{label}: damaged: not valid JSON ({error.msg} at line {error.lineno}, "
                         f"column {error.colno}); it is left as it is") from None
    except RecursionError:
        raise StoreError(f"{label}: damaged: nested too deeply") from None
    except ValueError:  # a whole number of more digits than Python converts (4300)
        raise StoreError(f"{label}: damaged: it holds a number too long to read") from None


MAX_FILE_BYTES = 64 * 1024 * 1024  # a session of tens of thousands of hands is a few MiB


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    for test, word in ((stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "named pipe"),
                       (stat.S_ISSOCK, "socket"), (stat.S_ISCHR, "device"),
                       (stat.S_ISBLK, "device")):
        if test(mode):
            return word
    return "special file"


def _check_file(status: os.stat_result, label: str) -> None:
    """Refuse what is not a regular file of a readable size, before a byte of it is read."""
    if not stat.S_ISREG(status.st_mode):
        raise StoreError(f"{label}: damaged: not a regular file (a {_kind(status.st_mode)}); "
                         f"it is not opened")
    if status.st_size > MAX_FILE_BYTES:
        raise StoreError(f"{label}: too large: {status.st_size} bytes (the limit is "
                         f"{MAX_FILE_BYTES // (1024 * 1024)} MiB); it is not read")


def read_file_bytes(path: Path, label: str) -> bytes:
    """The bytes of a session file (or the index): never a special file (a named pipe would
    hang the reader), never more than ``MAX_FILE_BYTES``; else a ``StoreError`` saying why."""
    try:
        _check_file(os.stat(path), label)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise StoreError(f"{label}: no such file") from None
    except OSError as error:
        raise StoreError(f"{label}: cannot be read ({error.strerror or error})") from None
    try:
        status = os.fstat(fd)
        _check_file(status, label)  # what was opened, should the file have been swapped
        chunks, total = [], 0
        while True:
            want = min(max(status.st_size + 1 - total, 65536), MAX_FILE_BYTES + 1 - total)
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_FILE_BYTES:
                raise StoreError(f"{label}: too large: more than {MAX_FILE_BYTES} bytes; "
                                 f"it is not read")
    except OSError as error:
        raise StoreError(f"{label}: cannot be read ({error.strerror or error})") from None
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def read_json_file(path: Path, label: str) -> dict[str, Any]:
    """A session file's JSON, or a ``StoreError`` saying what is wrong with it."""
    raw = read_file_bytes(path, label)
    if not raw.strip():
        raise StoreError(f"{label}: damaged: the file is empty")
    try:
        data = _parse_json(raw)
    except ValueError:  # the standard parser names the problem (or takes what this one refused)
        data = _parse_json_or_say_why(raw, label)
    if not isinstance(data, dict):
        raise StoreError(f"{label}: damaged: not a scorekeeper session (wrong shape)")
    return data


def check_shape(data: dict[str, Any], label: str) -> dict[str, Any]:
    """The session header, once the file's overall shape and format version are right."""
    from . import documents

    for table in ("session", "events", "hands"):
        if not isinstance(data.get(table), dict):
            raise StoreError(f"{label}: damaged: not a scorekeeper session (no '{table}' table)")
    rows = documents.table_rows(data["session"])
    if not rows or not isinstance(rows[0], dict):
        raise StoreError(f"{label}: damaged: the session header is missing")
    header = rows[0]
    version = header.get("format")
    if not isinstance(version, int):
        raise StoreError(f"{label}: damaged: no format version")
    if version > documents.FORMAT_VERSION:
        raise StoreError(f"{label}: written by a newer scorekeeper (file format {version}; this "
                         f"one reads format {documents.FORMAT_VERSION}); upgrade to open it")
    for event in data["events"].values():
        if not isinstance(event, dict):
            raise StoreError(f"{label}: damaged: an event is not an object")
    for hand in data["hands"].values():
        if not isinstance(hand, dict):
            raise StoreError(f"{label}: damaged: a stored hand is not an object")
    return header


@dataclass
class OpenSession:
    """A session file as read: its settings, its history and the figures of its hands in
    force, given out as models (``documents`` converts them, once each). Settling is lazy."""

    path: Path
    label: str
    header: dict[str, Any]
    rows: list[dict[str, Any]]  # the events as the file writes them (the chain is over these)
    stored: dict[int, dict[str, Any]]  # each hand's stored figures as the file writes them
    config: SessionConfig
    ruleset: Ruleset
    _events: tuple[Event, ...] | None = field(default=None, repr=False)
    _hands: dict[int, Settlement] = field(default_factory=dict, repr=False)
    _ledger: Ledger | None = field(default=None, repr=False)
    _state: TableState | None = field(default=None, repr=False)
    _seals: dict[int, str | None] | None = field(default=None, repr=False)
    _checked: bool = field(default=False, repr=False)  # every stored figure matched its seal

    @property
    def id(self) -> str:
        return str(self.header["id"])

    @property
    def created(self) -> str:
        return str(self.header.get("created", ""))

    @property
    def digest(self) -> str:
        from . import documents

        return documents.raw_digest(self.rows)

    @property
    def hands_played(self) -> int:
        return len(self.stored)

    @property
    def events(self) -> tuple[Event, ...]:
        """The history, oldest first."""
        from . import documents

        if self._events is None:
            try:
                self._events = documents.events_from_json(self.rows)
            except ScorekeeperError as error:
                raise StoreError(f"{self.label}: damaged: {error}; run audit") from None
        return self._events

    def records(self) -> list[HandRecord]:
        from .ledger import records_in_force

        return records_in_force(self.events)

    def ledger(self) -> Ledger:
        """Every hand in force settled again from its record with the session's ruleset."""
        from .ledger import settle_hands

        if self._ledger is None:
            try:
                self._ledger = settle_hands(self.config, self.records(), self.ruleset)
            except ScorekeeperError as error:
                raise StoreError(f"{self.label}: damaged: {error}") from None
        return self._ledger

    def hand(self, number: int) -> Settlement:
        """Hand ``number`` as the file states it (its stored figures, not settled again)."""
        return self._stored_hand(number)

    def _stored_hand(self, number: int, record: HandRecord | None = None) -> Settlement:
        """Hand ``number``'s stored figures, of ``record`` when the caller has read the record
        in force from the history already (else of the record stored beside the figures)."""
        from . import documents

        found = self._hands.get(number)
        if found is None:
            raw = self.stored.get(number)
            if raw is None:
                raise StoreError(f"{self.label}: hand {number} is not in force")
            if self._seals is None:
                self._seals = documents.sealed_figures(self.rows)
            seal = self._seals.get(number)
            if seal is None:
                # Stored before figures were sealed: nothing vouches for them, so they are
                # never shown or built on; the hands are settled again from the history.
                try:
                    found = self.ledger().settlements[number - 1]
                except IndexError:
                    raise StoreError(f"{self.label}: damaged: hand {number} is stored but not "
                                     f"in the history; run audit") from None
            elif not self._checked and documents.figures_seal(raw) != seal:
                raise StoreError(f"{self.label}: damaged: hand {number}'s stored figures are "
                                 f"not those its history sealed (changed after they were "
                                 f"written); run audit")
            else:
                try:
                    if record is None:
                        record = documents.record_from_json(raw.get("record"))
                    found = documents.settlement_from_stored(raw, self.config, record,
                                                             self.ruleset)
                except ScorekeeperError as error:
                    raise StoreError(f"{self.label}: damaged: {error}; run audit") from None
            self._hands[number] = found
        return found

    def export_source(self) -> ExportSource:
        """What the exports need: every hand as the file states it, each hand's figures checked
        against the seal its history keeps (quick for thousands of hands: nothing is settled
        again, except the hands of a file written before figures were sealed); the table now;
        the history. Figures that are not those sealed make the file damaged."""
        from .export import ExportSource

        records = self.records()  # each record once, from the history
        if len(records) != self.hands_played:
            raise StoreError(f"{self.label}: damaged: {self.hands_played} hands are stored but "
                             f"the history has {len(records)}; run audit")
        settlements = tuple(self._stored_hand(n, records[n - 1])
                            for n in range(1, self.hands_played + 1))
        state = self.state()
        return ExportSource(config=self.config, state=state, settlements=settlements,
                            events=self.events, session_id=self.id, digest=self.digest)

    def state(self) -> TableState:
        """The table now, from the last stored hand (no re-settling of the history); kept
        once known, until the stored hands change."""
        if self._state is None:
            n = self.hands_played
            if n == 0:
                self._state = self.ruleset.initial_state(self.config)
            else:
                try:
                    last = self.hand(n)
                except StoreError:
                    raise StoreError(f"{self.label}: damaged: hand {n}'s stored figures cannot "
                                     f"be read; run audit") from None
                self._state = self.ruleset.state_at(self.config, n, last.scores_after,
                                                    last.pot_after)
        return self._state

    def state_before(self, number: int) -> TableState:
        """The table before hand ``number``, from the stored figures of the hand before it."""
        if number == 1:
            return self.ruleset.initial_state(self.config)
        last = self.hand(number - 1)
        return self.ruleset.state_at(self.config, number - 1, last.scores_after, last.pot_after)

    def check(self) -> None:
        """Refuse a file that was changed after it was written: every event must follow the
        one before it and match its hash; the header must say what the first event says; the
        hands stored must be those in force, each with the figures its history sealed. (Only
        hashes are compared: nothing is settled again.) Whatever shows a session or adds to
        it checks it first, so a changed byte is said, never shown or built on."""
        from . import documents

        problem = documents.chain_problem(self.rows) or documents.header_problem(
            self.header, self.rows)
        if problem is None:
            if self._seals is None:
                self._seals = documents.sealed_figures(self.rows)
            if set(self._seals) != set(self.stored):
                problem = (f"{self.hands_played} hands are stored but the history has "
                           f"{len(self._seals)} in force")
            else:
                for n, raw in self.stored.items():
                    seal = self._seals[n]
                    if seal is not None and documents.figures_seal(raw) != seal:
                        problem = (f"hand {n}'s stored figures are not those its history "
                                   f"sealed (changed after they were written)")
                        break
        if problem is not None:
            raise StoreError(f"{self.label}: damaged: {problem}; run audit")
        self._checked = True

    def check_for_writing(self) -> None:
        """Refuse to add to a file that was changed after it was written (``check``):
        appending would bury the damage under new hands."""
        self.check()

    def counts(self) -> list[ChipCount]:
        from .ledger import ChipCount

        return [e for e in self.events if isinstance(e, ChipCount)]


def parse_session(path: Path, data: dict[str, Any], label: str) -> OpenSession:
    from . import documents
    from .rules import ruleset_for_version

    header = check_shape(data, label)
    try:
        ruleset = ruleset_for_version(header.get("ruleset"))
    except ScorekeeperError as error:
        raise StoreError(f"{label}: {error}") from None
    try:
        config = documents.config_from_json(header.get("settings"))
    except ScorekeeperError as error:
        raise StoreError(f"{label}: damaged: settings: {error}") from None
    if ruleset.game != config.game:
        raise StoreError(f"{label}: damaged: the ruleset {ruleset.version!r} is not one of "
                         f"{config.game!r}, the game of its settings")
    session_id = header.get("id")
    if not valid_id(session_id):
        shown = one_line(repr(session_id)) if "id" in header else "(none)"
        raise StoreError(f"{label}: damaged: the session id {shown} is not valid (a session "
                         f"id is {ID_LENGTH} hex digits)")
    rows = documents.table_rows(data["events"])
    try:
        hands = {int(k): v for k, v in data["hands"].items()}
    except ValueError:
        raise StoreError(f"{label}: damaged: a stored hand has no number") from None
    if sorted(hands) != list(range(1, len(hands) + 1)):
        raise StoreError(f"{label}: damaged: the stored hands are not numbered 1 to {len(hands)}")
    return OpenSession(path=path, label=label, header=header, rows=rows, stored=hands,
                       config=config, ruleset=ruleset)



# ---- the state a write was based on -------------------------------------------------------------

DIGEST_LENGTH, HASH_LENGTH = 12, 64
_HEX = re.compile("[0-9a-f]+")


def expected_digest(expect: str) -> str:
    """A digest a writer was based on, in lower case: 12 hex digits (what ``show`` and the table
    print) or the whole hash of the newest event (64); else a ``StoreError``."""
    text = str(expect).strip().lower()
    if len(text) not in (DIGEST_LENGTH, HASH_LENGTH) or not _HEX.fullmatch(text):
        raise StoreError(f"{one_line(repr(str(expect)))[:80]} is not a digest (12 hex digits, "
                         f"as 'show' prints it, or the whole hash of the newest event)")
    return text


class SessionChanged(StoreError):
    """A write based on a digest that is no longer the session's: nothing was written."""


def check_expected(session: OpenSession, expect: str | None) -> None:
    """Refuse (``SessionChanged``) when ``expect`` is given and is not the session's digest (or
    the whole hash of its newest event): the session moved on since the writer looked."""
    if expect is None:
        return
    wanted = expected_digest(expect)
    newest = session.rows[-1].get("hash") if session.rows else None
    current = newest.lower() if isinstance(newest, str) else ""
    if current[:len(wanted)] != wanted:
        raise SessionChanged(f"{session.label}: the session changed meanwhile (its digest is "
                             f"now {session.digest}, not {wanted[:DIGEST_LENGTH]}); nothing was "
                             f"written")


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
class Listing:
    """One line of the sessions list; ``problem`` is set for a damaged file."""

    file: str
    summary: SessionSummary | None
    problem: str | None = None


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
        from . import documents

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
            session.rows.append(sealed)
            sealed_events.append(Document(sealed, doc_id=sealed["seq"]))
            if session._events is not None:  # the models, when they were read: one more
                session._events += (documents.event_from_json(sealed),)
        self.db.table("events").insert_multiple(sealed_events)
        self.pending = []
        session._ledger = None
        session._seals = None

    def put_hands(self, settlements: list[Settlement], keep_before: int,
                  state: TableState | None = None) -> None:
        """Store these settlements, dropping every stored hand numbered ``keep_before`` or more.
        ``state``, when the caller has it, is the table after them (kept with the session, so
        it need not be read back from the stored figures)."""
        from . import documents

        session = self.session
        table = self.db.table("hands")
        stale = list(range(keep_before, session.hands_played + 1))  # hands are 1 to n
        if stale:
            table.remove(doc_ids=stale)
            for n in stale:
                del session.stored[n]
                session._hands.pop(n, None)
        written = []
        for s in settlements:
            doc = documents.stored_hand(s)
            self.figures[s.number] = documents.figures_seal(doc)
            written.append(Document(doc, doc_id=s.number))
            session.stored[s.number] = doc
            session._hands[s.number] = s
        if written:
            table.insert_multiple(written)
        session._ledger = None
        session._state = state


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
        return sorted(self.folder / name for name in (_text_name(raw) for raw in
                                                       self._folder_names()) if name)

    def _folder_names(self) -> list[bytes]:
        """The names of the folder's ``*.json`` files as the system gives them (bytes: a name
        need not be UTF-8), hidden ones left out."""
        try:
            names = os.listdir(os.fsencode(self.folder))
        except OSError:
            return []
        return sorted(n for n in names if n.endswith(b".json") and not n.startswith(b"."))

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
        from . import documents
        from .documents import audit_document

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
                key = _file_key(path)
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
            key = _file_key(path, written)
            if key is not None:
                self._cache = {path: (key, storage, db, session)}
        finally:
            lock.release()

    def create(self, config: SessionConfig, records: list[HandRecord] | tuple = (),
               dealer_drawn: bool = False) -> OpenSession:
        """A new session file, with ``records`` settled and stored as its first hands."""
        from . import documents
        from .ledger import settle_hands
        from .rules import ruleset_for_version

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
        from . import documents
        from .ledger import settle_next

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
        from .ledger import settle_hands
        from .rules import amended_record

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
        from . import documents

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
        from .ledger import compare_count
        from .rules.base import POT, End, end_text, present

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

    # -- listing, with an index so that a thousand files are not all parsed each time

    def list_sessions(self) -> list[Listing]:
        """Every session file, newest first. A file that cannot be listed (damaged, too large,
        not a regular file, a name that is not UTF-8) is a line with its problem; nothing in
        a line (its file name, its problem) holds a control character."""
        index = self._index_read()
        entries = index.get("files", {})
        if not isinstance(entries, dict):
            entries = {}
        fresh: dict[str, Any] = {}
        listings: list[Listing] = []
        changed = False
        for raw in self._folder_names():
            name = _text_name(raw)
            if name is None:
                shown = _shown_name(raw)
                listings.append(Listing(file=shown, summary=None, problem=(
                    f"sessions/{shown}: damaged: the file name is not valid UTF-8; it is left "
                    f"as it is")))
                continue
            path = self.folder / name
            try:
                st = os.stat(path)
            except OSError:
                continue
            key = [st.st_mtime_ns, st.st_size]
            cached = entries.get(name)
            if isinstance(cached, dict) and cached.get("key") == key:
                fresh[name] = cached
            else:
                changed = True
                fresh[name] = {"key": key, **self._summarise(path)}
            listings.append(_listing(name, fresh[name]))
        if changed or set(fresh) != set(entries):
            self._index_write({"version": 1, "files": fresh})
        listings.sort(key=lambda line: line.summary.started if line.summary else "",
                      reverse=True)
        return listings

    def _summarise(self, path: Path) -> dict[str, Any]:
        """A session's line in the listing, from its header, its newest event (when it was
        last written) and its last stored hand: nothing is settled."""
        from . import documents

        label = self.label(path)
        try:
            s = parse_session(path, read_json_file(path, label), label)
            s.check()
            updated = s.rows[-1].get("at", s.created) if s.rows else s.created
            return {"summary": documents.summary_document(s.id, s.created, str(updated),
                                                          s.state(), s.config, s.digest)}
        except ScorekeeperError as error:
            return {"summary": None, "problem": one_line(str(error))}

    def _index_read(self) -> dict[str, Any]:
        path = self.home / INDEX_NAME
        try:
            data = json.loads(read_file_bytes(path, INDEX_NAME))
            return data if isinstance(data, dict) and data.get("version") == 1 else {}
        except (StoreError, ValueError, RecursionError):
            return {}

    def _index_write(self, data: dict[str, Any]) -> None:
        # The index is only a cache of the files' summaries: failing to write it is harmless.
        with (contextlib.suppress(OSError, LockTimeout, LockRefused),
              FileLock(str(self.home / INDEX_NAME) + ".lock", 1)):
            atomic_write(self.home / INDEX_NAME, [jsontext.compact(data)])


def _text_name(raw: bytes) -> str | None:
    """A file name as text, or None when it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _shown_name(raw: bytes) -> str:
    """A file name fit for one line of a terminal: bytes that are not UTF-8 as ``\\xff``,
    control characters as escapes."""
    return one_line(raw.decode("utf-8", "backslashreplace"))


def _listing(file: str, entry: dict[str, Any]) -> Listing:
    """A line of the listing from its entry in the index (a summary, or the file's problem).
    The index is only a cache: what it says is made safe all the same."""
    file = one_line(file)
    if entry.get("summary") is None:
        return Listing(file=file, summary=None, problem=one_line(str(entry.get("problem"))))
    try:
        summary = SessionSummary.from_json(entry["summary"])
    except (ScorekeeperError, ValueError, TypeError, KeyError) as error:
        return Listing(file=file, summary=None, problem=one_line(str(error)))
    if not valid_id(summary.id):
        return Listing(file=file, summary=None,
                       problem=f"sessions/{file}: damaged: the session id is not valid")
    return Listing(file=file, summary=summary)


def _version_of(config: SessionConfig) -> str:
    from .rules import get_ruleset

    return get_ruleset(config.game).version
