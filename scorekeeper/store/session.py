"""A session file as read: its header checked against its history, its hash chain and the seals
of its stored figures (``OpenSession.check``), its events and hands given out as models (the
conversion is ``documents``'); and the digest a write names as the state it was based on."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb import TinyDB

from ..errors import ScorekeeperError, StoreError, one_line
from ..i18n import _
from .files import Damaged
from .storage import open_session_db, session_data, table_documents

# The rules core (pydantic models, the games) is imported where a session is read, not with
# this module: opening the app and listing sessions from the index never need it.
if TYPE_CHECKING:
    from ..export.source import ExportSource
    from ..history import EveningMarks
    from ..ledger import ChipCount, Event, Ledger, OpeningEntry
    from ..rules import HandOutcome, HandRecord, Ruleset, SessionConfig, Settlement, TableState

ID_LENGTH = 8
_ID = re.compile(f"[0-9a-f]{{{ID_LENGTH}}}")


def valid_id(session_id: object) -> bool:
    """Whether a session file's id is one a store makes: 8 hex digits. Nothing else reaches a
    file name, a terminal or an export."""
    return isinstance(session_id, str) and _ID.fullmatch(session_id) is not None


def check_shape(db: TinyDB, label: str) -> dict[str, Any]:
    """The session header, once the file's overall shape and format version are right (the
    tables as TinyDB's storage read them are looked at first: TinyDB reads each key as a
    document's number and each document as an object)."""
    from .. import documents

    data = session_data(db)
    for table in ("session", "events", "hands"):
        if not isinstance(data.get(table), dict):
            raise Damaged(label, _("not a scorekeeper session (no '{table}' table)").format(
                table=table))
        _check_keys(data[table], table, label)
    first = min(map(int, data["session"]), default=None)  # the header: the first document
    header = None if first is None or not isinstance(data["session"][str(first)], dict) \
        else db.table("session").get(doc_id=first)
    if not isinstance(header, dict):
        raise Damaged(label, _("the session header is missing"))
    version = header.get("format")
    if not isinstance(version, int):
        raise Damaged(label, _("no format version"))
    if version > documents.FORMAT_VERSION:
        raise StoreError(_("{file}: written by a newer scorekeeper (file format {version}; "
                           "this one reads format {readable}); upgrade to open it").format(
            file=label, version=version, readable=documents.FORMAT_VERSION))
    for event in data["events"].values():
        if not isinstance(event, dict):
            raise Damaged(label, _("an event is not an object"))
    for hand in data["hands"].values():
        if not isinstance(hand, dict):
            raise Damaged(label, _("a stored hand is not an object"))
    return header


def table_rows(db: TinyDB, name: str) -> list[dict[str, Any]]:
    """A table's documents in id order, as TinyDB's storage holds them
    (``storage.table_documents``: not copied; the keys checked by ``check_shape``)."""
    table = table_documents(db, name)
    ids = list(map(int, table))
    if ids == sorted(ids):  # written in order, read in order: sorting is rare
        return list(table.values())
    return [table[str(n)] for n in sorted(ids)]


_DOCUMENT_ID = "[1-9][0-9]{0,17}"  # TinyDB's ids as it writes them: 1, 2, ... (int() reads them)
_DOCUMENT_IDS = re.compile(f"{_DOCUMENT_ID}(?:,{_DOCUMENT_ID})*")


def _check_keys(table: dict[str, Any], name: str, label: str) -> None:
    """Refuse a table with a key that is not a document's number as TinyDB writes it (one
    hand-edited key must make the file damaged, not stop whatever reads it: ``table_rows``
    and TinyDB read the keys as numbers). The keys are checked joined, in one match: a long
    history has tens of thousands."""
    if not table:
        return
    joined = ",".join(table)
    if joined.count(",") == len(table) - 1 and _DOCUMENT_IDS.fullmatch(joined):
        return
    key = next(k for k in table if not re.fullmatch(_DOCUMENT_ID, k))
    raise Damaged(label, _("the '{table}' table has a key that is not a number: {key}").format(
        table=name, key=one_line(repr(key))[:40]))


class OpenSession:
    """A session file as read: its settings, its history and the figures of its hands in
    force, given out as models (``documents`` converts them, once each). Settling is lazy.
    (A plain class: a dataclass of its seventeen fields is compiled at import, and every
    command that opens a session imports this module: tests/benchmarks/test_whole_commands.py,
    "show" and "record" of 100 hands.)"""

    def __init__(self, path: Path, label: str, header: dict[str, Any],
                 rows: list[dict[str, Any]], stored: dict[int, dict[str, Any]],
                 config: SessionConfig, ruleset: Ruleset) -> None:
        self.path, self.label, self.header = path, label, header
        self.rows = rows  # the events as the file writes them (the chain is over these)
        self.stored = stored  # each hand's stored figures as the file writes them
        self.config, self.ruleset = config, ruleset
        self._events: tuple[Event, ...] | None = None
        self._hands: dict[int, Settlement] = {}
        self._ledger: Ledger | None = None
        self._state: TableState | None = None
        self._seals: dict[int, str | None] | None = None
        self._checked = False  # every stored figure matched its seal
        self._marks: EveningMarks | None = None
        self._let_go = False  # the documents were let go (export_source)

    def __repr__(self) -> str:
        return f"OpenSession(path={self.path!r}, label={self.label!r})"

    @property
    def id(self) -> str:
        return str(self.header["id"])

    @property
    def created(self) -> str:
        return str(self.header.get("created", ""))

    @property
    def language(self) -> str | None:
        """The language the session was played in (sealed), for its exports; ``None`` for a
        file started before sessions kept one (or naming a language not known here)."""
        from ..i18n import normalize

        value = self.header.get("language")
        return normalize(value) if isinstance(value, str) else None

    @property
    def digest(self) -> str:
        from ..chain import raw_digest

        self._kept()
        return raw_digest(self.rows)

    @property
    def hands_played(self) -> int:
        self._kept()
        return len(self.stored)

    def _kept(self) -> None:
        """Refuse to read the file's documents once they were let go (``export_source``)."""
        if self._let_go:
            raise RuntimeError(f"{self.label}: the session's documents were let go")

    @property
    def events(self) -> tuple[Event, ...]:
        """The history, oldest first."""
        from .. import history

        if self._events is None:
            try:
                self._events = history.events_from_json(self.rows)
            except ScorekeeperError as error:
                raise Damaged(self.label, str(error), run_audit=True) from None
        return self._events

    def records(self) -> list[HandRecord]:
        from ..ledger import records_in_force

        return records_in_force(self.events)

    def ledger(self) -> Ledger:
        """Every hand in force settled again from its record with the session's ruleset."""
        from ..ledger import settle_hands

        if self._ledger is None:
            try:
                self._ledger = settle_hands(self.config, self.records(), self.ruleset)
            except ScorekeeperError as error:
                raise Damaged(self.label, str(error)) from None
        return self._ledger

    def hand(self, number: int) -> Settlement:
        """Hand ``number`` as the file states it (its stored figures, not settled again)."""
        return self._stored_hand(number)

    def _stored_hand(self, number: int, record: HandRecord | None = None) -> Settlement:
        """Hand ``number``'s stored figures, of ``record`` when the caller has read the record
        in force from the history already (else of the record stored beside the figures)."""
        from .. import chain, documents

        found = self._hands.get(number)
        if found is None:
            raw = self.stored.get(number)
            if raw is None:
                raise StoreError(_("{file}: hand {number} is not in force").format(
                    file=self.label, number=number))
            if self._seals is None:
                self._seals = chain.sealed_figures(self.rows)
            seal = self._seals.get(number)
            if seal is None:
                # Stored before figures were sealed: nothing vouches for them, so they are
                # never shown or built on; the hands are settled again from the history.
                try:
                    found = self.ledger().settlements[number - 1]
                except IndexError:
                    raise Damaged(self.label, _("hand {number} is stored but not in the "
                                                "history").format(number=number),
                                  run_audit=True) from None
            elif not self._checked and chain.figures_seal(raw) != seal:
                raise Damaged(self.label, _("hand {number}'s stored figures are not those its "
                                            "history sealed (changed after they were "
                                            "written)").format(number=number), run_audit=True)
            else:
                try:
                    if record is None:
                        record = documents.record_from_json(raw.get("record"))
                    found = documents.settlement_from_stored(raw, self.config, record,
                                                             self.ruleset)
                except ScorekeeperError as error:
                    raise Damaged(self.label, str(error), run_audit=True) from None
            self._hands[number] = found
        return found

    def export_source(self, let_go: bool = False) -> ExportSource:
        """What the exports need: the file checked (``check``: its chain, header and seals),
        then every hand in force settled again from its record, as ``show`` settles it (a
        figure forged with every seal and hash written again is not exported: the rules' figure
        is, and ``audit`` names the difference); the table now; the history.

        ``let_go``: the file's documents (the history as written, the stored figures) are let
        go once they are checked and the history's models and the digest are made, before the
        hands are settled again, so that the two are never held at once (an export of 10,000
        hands peaked about 1.2x ``json.load`` of its file with them: tests/benchmarks, "peak
        memory"). The session is good for its header after that (id, language, path)."""
        from ..export.source import source_from_ledger

        if not self._checked:
            self.check()
        events, digest = self.events, self.digest
        if let_go:
            self.rows, self.stored, self._hands, self._let_go = [], {}, {}, True
        return source_from_ledger(self.ledger(), self.id, digest, events)

    def outcomes(self) -> list[HandOutcome]:
        """What each hand in force came to (``rules.HandOutcome``), read from its stored
        figures once they are checked against their seals (nothing is settled again, no
        transfer is built: a season reads thousands of hands). A file written before figures
        were sealed settles its hands again."""
        from .. import documents
        from ..chain import sealed_figures

        if not self._checked:
            self.check()
        if self._seals is None:
            self._seals = sealed_figures(self.rows)
        if any(seal is None for seal in self._seals.values()):
            return [s.outcome for s in self.ledger().settlements]
        try:
            return [documents.stored_outcome(self.stored[n], self.config.players)
                    for n in range(1, self.hands_played + 1)]
        except ScorekeeperError as error:
            raise Damaged(self.label, str(error), run_audit=True) from None

    def newest_money(self) -> tuple[str, dict[str, Decimal]] | None:
        """The currency and each player's money of the newest settle-up the history keeps that
        was made at a value per chip or point (``None``: there is none); only that event is
        read."""
        from ..history import event_from_json
        from ..ledger import SettledUp
        from ..rules import end_from_text

        for row in reversed(self.rows):
            if row.get("type") != "settle" or row.get("value") is None:
                continue
            try:
                event = event_from_json(row)
                if not isinstance(event, SettledUp) or event.currency is None \
                        or event.money is None:
                    raise ScorekeeperError(_("event {seq}: a settle-up without money").format(
                        seq=row.get("seq")))
            except ScorekeeperError as error:
                raise Damaged(self.label, str(error), run_audit=True) from None
            accounts, players = self.ruleset.accounts, set(self.config.players)
            money = {end_from_text(k, accounts): v for k, v in event.money.items()}
            return event.currency, {p: v for p, v in money.items()
                                    if isinstance(p, str) and p in players}
        return None

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
                    raise Damaged(self.label, _("hand {number}'s stored figures cannot be "
                                                "read").format(number=n),
                                  run_audit=True) from None
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
        it checks it first, so a changed byte is said, never shown or built on. The checks are
        ``sessionfile.READING_CHECKS``."""
        from ..sessionfile import SessionFile, reading_problem

        self._kept()
        read = SessionFile(self.header, self.rows, self.stored)
        problem = reading_problem(read)
        if problem is not None:
            raise Damaged(self.label, problem, run_audit=True)
        self._seals = read.seals
        self._checked = True

    def check_for_writing(self) -> None:
        """Refuse to add to a file that was changed after it was written (``check``):
        appending would bury the damage under new hands."""
        self.check()

    def add_event(self, sealed: dict[str, Any]) -> None:
        """A writer added this sealed event to the history: what was worked out from the
        history before it is worked out again when asked for."""
        from ..history import event_from_json

        self.rows.append(sealed)
        if self._events is not None:  # the models, when they were read: one more
            self._events += (event_from_json(sealed),)
        self._ledger = None
        self._seals = None
        self._marks = None

    def put_hands(self, written: list[tuple[dict[str, Any], Settlement]], keep_before: int,
                  state: TableState | None) -> None:
        """A writer stored these hands (each as the file writes it, and as a settlement),
        dropping every hand numbered ``keep_before`` or more; ``state`` is the table after
        them when the writer has it (else it is read back from the stored figures)."""
        for n in range(keep_before, self.hands_played + 1):
            del self.stored[n]
            self._hands.pop(n, None)
        for doc, settlement in written:
            self.stored[settlement.number] = doc
            self._hands[settlement.number] = settlement
        self._ledger = None
        self._state = state

    def counts(self) -> list[ChipCount]:
        from ..ledger import ChipCount

        return [e for e in self.events if isinstance(e, ChipCount)]

    def marks(self) -> EveningMarks:
        """What the history says of the evening besides its hands, read once (the table asks
        whether hands may be entered at every key) and again after a writer adds an event."""
        from ..history import evening_marks

        if self._marks is None:
            self._marks = evening_marks(self.rows)
        return self._marks

    @property
    def name(self) -> str | None:
        """The name the table gave the session (its newest ``named`` event's), if any."""
        return self.marks().name

    @property
    def archived(self) -> bool:
        """Whether the session is archived (left out of the list unless asked)."""
        return self.marks().archived

    @property
    def continued_by(self) -> str | None:
        """The id of the session that continues this one (the next evening; no hand is
        recorded here after it), else ``None``."""
        return self.marks().continued_by

    def opening(self) -> OpeningEntry | None:
        """The opening entry of a session that continues another (else ``None``). It can only
        be the second event: that one row is read when the history was not (the audit asks,
        and a history of 10,000 hands is read once, not twice: tests/benchmarks, "audit")."""
        from ..history import event_from_json
        from ..ledger import OpeningEntry

        if self._events is None:
            second = self.rows[1:2]
            if not second or second[0].get("type") != "opening":
                return None
            try:
                found: Event | None = event_from_json(second[0])
            except ScorekeeperError as error:
                raise Damaged(self.label, str(error), run_audit=True) from None
        else:
            found = self._events[1] if len(self._events) > 1 else None
        return found if isinstance(found, OpeningEntry) else None


def read_session(path: Path, label: str, keep_bytes: bool = False) -> OpenSession:
    """The session file ``path`` read through TinyDB (``storage.open_session_db``), its header
    and tables checked (not yet its chain: ``OpenSession.check``)."""
    return session_from_db(open_session_db(path, label, keep_bytes=keep_bytes), path, label)


def session_from_db(db: TinyDB, path: Path, label: str) -> OpenSession:
    """The session a TinyDB over a session file holds: its header, its history and its stored
    hands, each read from its table."""
    from .. import documents
    from ..history import session_config
    from ..rules import ruleset_for_version

    header = check_shape(db, label)
    try:
        ruleset = ruleset_for_version(header.get("ruleset"))
    except ScorekeeperError as error:
        raise StoreError(f"{label}: {error}") from None
    rows = table_rows(db, "events")
    try:
        config = documents.config_from_json(header.get("settings"))
    except ScorekeeperError as error:
        raise Damaged(label, _("settings: {problem}").format(problem=error)) from None
    if any(row.get("type") == "opening" for row in rows):
        try:  # a session that continues another opens with what it carried
            config = session_config(header.get("settings"), rows)
        except ScorekeeperError as error:
            raise Damaged(label, str(error), run_audit=True) from None
    if ruleset.game != config.game:
        raise Damaged(label, _("the ruleset {ruleset} is not one of {game}, the game of its "
                               "settings").format(ruleset=repr(ruleset.version),
                                                  game=repr(config.game)))
    session_id = header.get("id")
    if not valid_id(session_id):
        shown = one_line(repr(session_id)) if "id" in header else _("(none)")
        raise Damaged(label, _("the session id {id} is not valid (a session id is {length} "
                               "hex digits)").format(id=shown, length=ID_LENGTH))
    hands: dict[int, dict[str, Any]] = {int(k): doc
                                        for k, doc in table_documents(db, "hands").items()}
    if sorted(hands) != list(range(1, len(hands) + 1)):
        raise Damaged(label, _("the stored hands are not numbered 1 to {count}").format(
            count=len(hands)))
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
        raise StoreError(_("{digest} is not a digest (12 hex digits, as 'show' prints it, or "
                           "the whole hash of the newest event)").format(
            digest=one_line(repr(str(expect)))[:80]))
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
        raise SessionChanged(_("{file}: the session changed meanwhile (its digest is now "
                               "{digest}, not {expected}); nothing was written").format(
            file=session.label, digest=session.digest, expected=wanted[:DIGEST_LENGTH]))

