"""A session file's documents: what the file keeps (its header, its events, the figures of
every hand in force) turned into typed models and back, the hash chain over the events, and
the audit of a whole file. The one place that knows the file's layout; above it (the store's
callers, the exports, the command line and the table app) there are only models. Pure.

TinyDB keeps three tables: ``session`` (one header: format, id, ruleset, settings), ``events``
(the hash-chained history) and ``hands`` (the settlement of each hand in force, derived data
that ``audit`` settles again and compares).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Iterable
from decimal import Decimal
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from pydantic import ValidationError

from . import jsontext
from .amounts import ZERO, exact, format_amount, parse_amount, stored_amount, to_decimal_string
from .errors import ScorekeeperError
from .i18n import _, ngettext, normalize
from .ledger import (
    ChipCount,
    Event,
    HandAmended,
    HandRecorded,
    HandWithdrawn,
    Ledger,
    NoteAdded,
    OpeningEntry,
    Payment,
    SessionArchived,
    SessionContinued,
    SessionNamed,
    SessionStarted,
    SessionUnarchived,
    SettledUp,
    check_counts,
    compare_count,
    counted_in_ledger,
    records_in_force,
    settle_hands,
)
from .rules import (
    RULESETS,
    Account,
    End,
    HandOutcome,
    HandRecord,
    Opening,
    Ruleset,
    SessionConfig,
    Settlement,
    TableState,
    Transfer,
    end_from_text,
    end_text,
    make_config,
    ruleset_for_version,
)
from .rules.base import (
    RECORD_SHAPES,
    Frozen,
    describe_validation_error,
    present,
    record_key,
    transfer,
)

# The settle-up's arithmetic and the listing's summary (seven dataclasses, each compiled at
# import) are imported where a settle-up or a summary is made or audited, not by every command
# that reads a session (``show`` and ``record`` of 100 hands, whole processes:
# tests/benchmarks/test_whole_commands.py; tests/test_show_imports.py).
if TYPE_CHECKING:
    from .settleup import SettleUp, Share

FORMAT_VERSION = 1
GENESIS = "0" * 64
EVENT_TYPES = ("created", "hand", "amend", "withdraw", "count", "note", "settle", "opening",
               "named", "archived", "unarchived", "continued")


# ---- documents: the JSON forms of records, settlements and settings ---------------------------

def _amount(value: Decimal | None) -> str | None:
    return None if value is None else to_decimal_string(value)


def record_to_json(record: HandRecord) -> dict[str, Any]:
    """A hand's record as stored in an event: the winners, then only the fields that were
    given, cards written as text (``RECORD_SHAPES`` says how each field is written)."""
    data: dict[str, Any] = {"tricks": list(record.tricks)}
    for key, shape in RECORD_SHAPES.items():
        value = getattr(record, key)
        if key == "tricks" or value is None:
            continue
        if shape == "cards":
            data[key] = [str(c) for c in value]
        elif shape == "tricks":
            data[key] = [[str(c) for c in trick] for trick in value]
        elif shape == "names":
            data[key] = list(value)
        else:
            data[key] = value
    return data


def record_from_json(data: Any,
                     checked: dict[tuple[Any, ...], HandRecord] | None = None) -> HandRecord:
    """A stored record, checked for shape like any input. ``checked``: the records read
    before, by what they hold (``rules.base.record_key``: a record written exactly as one
    before is that record)."""
    if not isinstance(data, dict):
        raise ScorekeeperError(_("a hand's record must be an object"))
    key = record_key(data) if checked is not None else None
    if key is not None and checked is not None:
        found = checked.get(key)
        if found is None:
            found = checked[key] = record_from_json(data)
        return found
    try:
        return HandRecord(**data)
    except (ValidationError, TypeError) as error:
        if isinstance(error, ValidationError):
            field, message = describe_validation_error(error)
            raise ScorekeeperError(_("a hand's record is not valid: {field}: {problem}").format(
                field=field, problem=message)) from None
        raise ScorekeeperError(_("a hand's record is not valid")) from None


HAND_FIELDS = ("number", "dealer", "kind", "pot_before", "stake", "pot_after", "deltas",
               "transfers")  # a hand in the contract's standings document, in this order


def hand_document(settlement: Settlement,
                  written: dict[Any, Any] | None = None) -> dict[str, Any]:
    """One hand as the contract's ``hands[]`` entry (docs/contract.md), with the referee's
    ``findings`` when the hand has any. ``written``: the transfers a whole document has
    written so far (start with an empty dict, and give it the hands in turn); a transfer
    written before is then the same dict (a long session repeats the same stakes and shares
    thousands of times: written once, and held once in memory until the document is printed).
    The caller must not change the dicts it gets then."""
    accounts = RULESETS[settlement.game].accounts
    if written is None:
        transfers = [transfer_to_json(t, accounts) for t in settlement.transfers]
    else:
        transfers = _written_transfers(settlement.transfers, accounts, written)
    document = {
        "number": settlement.number,
        "dealer": settlement.dealer,
        "kind": settlement.kind,
        "pot_before": _amount(settlement.pot_before),
        "stake": _amount(settlement.stake),
        "pot_after": _amount(settlement.pot_after),
        "deltas": _amounts(settlement.deltas),
        "transfers": transfers,
    }
    if settlement.findings:
        document["findings"] = list(settlement.findings)
    return document


def _written_transfers(transfers: Iterable[Transfer], accounts: Collection[Account],
                       written: dict[Any, Any]) -> list[dict[str, Any]]:
    """The transfers' documents, each made once for a whole document (``hand_document``).
    A transfer is found by the object it is, held beside its document: the core makes each
    transfer it meets again once (``rules.base.transfer``), and hashing a transfer by its
    fields (its amount a Decimal) for each of a long session's 45,000 took longer than the
    lookups by identity (the replay and audit rows of tests/benchmarks/test_whole_commands.py).
    An equal transfer that is another object gets its own document, equal to the other."""
    documents = []
    for t in transfers:
        held = written.get(id(t))
        if held is None or held[0] is not t:
            held = written[id(t)] = (t, transfer_to_json(t, accounts))
        documents.append(held[1])
    return documents


def checked_hand(settlement: Settlement,
                 written: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The figures of a hand that audit compares: the contract's, the balances after it and
    the record (``written``: as ``hand_document`` takes it)."""
    document = hand_document(settlement, written)
    document["scores_after"] = _amounts(settlement.scores_after)
    record = settlement.record
    if written is None:
        document["record"] = record_to_json(record)
    else:  # the same record (``record_from_json``), written once, as a transfer is
        held = written.get(("record", id(record)))
        if held is None or held[0] is not record:
            held = written[("record", id(record))] = (record, record_to_json(record))
        document["record"] = held[1]
    return document


def _amounts(by_player: dict[str, Decimal]) -> dict[str, str]:
    return {p: to_decimal_string(v) for p, v in by_player.items()}


def transfer_to_json(transfer: Transfer,
                     accounts: Collection[Account] = tuple(Account)) -> dict[str, Any]:
    """A transfer as the contract writes it (a new dict each time: the caller's to change), in
    a game with these ``accounts`` (by default every account: a player called "pot" or
    "penalty" is then always written "player:pot", "player:penalty")."""
    data = {"from": end_text(transfer.source, accounts),
            "to": end_text(transfer.target, accounts),
            "amount": to_decimal_string(transfer.amount), "reason": transfer.reason}
    if transfer.due is not None:
        data["due"] = to_decimal_string(transfer.due)
    return data


def stored_hand(settlement: Settlement) -> dict[str, Any]:
    """What a session file keeps for a hand in force: the checked figures, the explanation
    and the referee's findings."""
    document = checked_hand(settlement)
    document["explanation"] = list(settlement.explanation)
    if settlement.findings:
        document["findings"] = list(settlement.findings)
    return document


def config_to_json(config: SessionConfig) -> dict[str, Any]:
    """A session's settings as its file (and its first event) writes them."""
    return {"game": config.game, "players": list(config.players),
            "first_dealer": config.first_dealer, "options": config.options.model_dump()}


def config_from_json(data: Any) -> SessionConfig:
    """A file's settings, checked like any input (a ``ConfigError`` naming the field)."""
    if not isinstance(data, dict):
        raise ScorekeeperError(_("the session's settings are missing"))
    return make_config(data.get("game"), data.get("players"), data.get("first_dealer"),
                       data.get("options"))




def summary_document(session_id: str, created: str, updated: str, state: TableState,
                     config: SessionConfig, digest: str,
                     rows: Iterable[dict[str, Any]] = ()) -> dict[str, Any]:
    """What the listing shows for a session (from the table after its stored hands: a listing
    need not settle; its name, whether it is archived and the session it continues from its
    history, ``rows``), as the listing's index keeps it."""
    from .summary import SessionSummary  # see the imports at the top

    marks = evening_marks(rows)
    return SessionSummary(id=session_id, game=config.game, players=config.players,
                          started=created, updated=updated, hands=state.hands_played,
                          finished=state.finished, leaders=state.leaders,
                          scores=state.scores, pot=state.pot, digest=digest, name=marks.name,
                          archived=marks.archived, continues=marks.continues).to_json()


class EveningMarks(NamedTuple):
    """What a history says of its evening besides the hands (``evening_marks``)."""

    name: str | None  # the newest ``named`` event's (``None``: it has none)
    archived: bool  # the newest of its ``archived`` and ``unarchived`` events
    continues: str | None  # the id of the session it continues (its opening entry)
    continued_by: str | None  # the id of the session that continues it (``continued``)


# The events that say something of the evening besides its hands.
_MARK_TYPES = ("named", "archived", "unarchived", "opening", "continued")


def history_marks(events: Iterable[Event]) -> EveningMarks:
    """From a history: the session's name, whether it is archived, the session it continues
    and the session that continues it. (The one reading of them: ``evening_marks`` from the
    file's rows, ``show`` and the exports from the models.)"""
    name: str | None = None
    archived = False
    continues: str | None = None
    continued_by: str | None = None
    for event in events:
        if isinstance(event, SessionNamed):
            name = event.name or None
        elif isinstance(event, (SessionArchived, SessionUnarchived)):
            archived = isinstance(event, SessionArchived)
        elif isinstance(event, OpeningEntry):
            continues = event.previous_id
        elif isinstance(event, SessionContinued):
            continued_by = event.by
    return EveningMarks(name, archived, continues, continued_by)


def evening_marks(rows: Iterable[dict[str, Any]]) -> EveningMarks:
    """``history_marks`` of a history as the file writes it (its chain checked), reading as
    models only the few rows that mark the evening, not its hands. A row that is not a
    well-formed event says nothing here: naming it is the audit's work."""
    return history_marks(_mark_events(rows))


def _mark_events(rows: Iterable[dict[str, Any]]) -> Iterable[Event]:
    for row in rows:
        if row.get("type") in _MARK_TYPES:
            try:
                yield event_from_json(row)
            except ScorekeeperError:
                continue


# ---- the evenings after: a session that continues another ------------------------------------

def opening_row(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A history's opening entry as the file writes it (the event right after the start), or
    ``None`` when the session continues none."""
    for row in rows[1:2]:
        if row.get("type") == "opening":
            return row
    return None


def session_config(settings: Any, rows: list[dict[str, Any]]) -> SessionConfig:
    """A file's settings (``config_from_json``) with what the session opens with, from its
    opening entry when it has one. A problem is a ``ScorekeeperError``."""
    config = config_from_json(settings)
    misplaced = [row for row in rows[2:] if row.get("type") == "opening"]
    if misplaced or (rows and rows[0].get("type") == "opening"):
        raise ScorekeeperError(_("an opening entry comes only right after the session's "
                                 "start"))
    row = opening_row(rows)
    if row is None:
        return config
    entry = event_from_json(row)
    if not isinstance(entry, OpeningEntry):  # its type says it is one
        raise ScorekeeperError(_("the opening entry cannot be read"))
    problem = RULESETS[config.game].opening_problem(config, entry.opening)
    if problem is not None:
        raise ScorekeeperError(_("the opening entry does not fit the session: {problem}").format(
            problem=problem))
    return SessionConfig(game=config.game, players=config.players,
                         first_dealer=config.first_dealer, options=config.options,
                         opening=entry.opening)


def continued_event(by: str) -> dict[str, Any]:
    """The event that says, in the history of the session continued, which session goes on
    from it (the next evening); the writer seals it."""
    return {"type": "continued", "by": by}


def opening_event(previous_id: str, previous_hash: str, previous_hands: int,
                  opening: Opening) -> dict[str, Any]:
    """The opening entry of a session that continues the session ``previous_id`` (as it stood
    at its event ``previous_hash``, after ``previous_hands`` hands) and opens with
    ``opening``; the writer seals it."""
    return {"type": "opening", "previous_id": previous_id, "previous_hash": previous_hash,
            "previous_hands": previous_hands, "pot": _amount(opening.pot),
            "scores": None if opening.scores is None else _amounts(opening.scores)}


def link_findings(entry: OpeningEntry, config: SessionConfig, earlier: SessionConfig,
                  earlier_rows: list[dict[str, Any]], earlier_ruleset: Ruleset,
                  earlier_state: TableState, label: str) -> list[Finding]:
    """The link of a continued session to the session it continues, read from the earlier
    file (``label``; its chain, header and stored figures already checked): its history must
    hold the state the opening entry names, and what carried from there, settled again from
    its hands, must be what the entry says; so must what carries from the earlier session as
    it stands now (``earlier_state``: a hand amended or recorded there since changes what the
    next evening should have opened with)."""
    def broken(problem: str) -> list[Finding]:
        return [Finding(hand=None, kind="link", message=_(
            "the link to session {id} ({file}) is broken: {problem}").format(
                id=entry.previous_id, file=label, problem=problem))]

    if (earlier.game, earlier.players) != (config.game, config.players):
        return broken(_("that session is not of the same game and players"))
    hashes = [row.get("hash") for row in earlier_rows]
    if entry.previous_hash not in hashes:
        return broken(_("its history does not hold the state this session continued (digest "
                        "{digest}): it was changed or is another session").format(
                            digest=entry.previous_digest))
    upto = hashes.index(entry.previous_hash) + 1
    try:
        with exact():
            then = settle_hands(earlier, records_in_force(events_from_json(earlier_rows[:upto])),
                                earlier_ruleset).state
    except ScorekeeperError as error:
        return broken(_("its hands no longer settle ({problem})").format(problem=error))
    carried = earlier_ruleset.carried(earlier, then)
    if then.hands_played != entry.previous_hands or carried != entry.opening:
        return broken(_("at digest {digest} it left {left}, not the {opened} this session "
                        "opened with").format(
                            digest=entry.previous_digest,
                            left=_carried_words(carried, then.hands_played),
                            opened=_carried_words(entry.opening, entry.previous_hands)))
    now = earlier_ruleset.carried(earlier, earlier_state)
    if now != entry.opening:
        return [Finding(hand=None, kind="link", message=_(
            "the link to session {id} ({file}): that session changed after this one continued "
            "it (at digest {digest}): it now leaves {left}, not the {opened} this session "
            "opened with").format(id=entry.previous_id, file=label, digest=entry.previous_digest,
                                  left=_carried_words(now, earlier_state.hands_played),
                                  opened=_carried_words(entry.opening, entry.previous_hands)))]
    return []


def _carried_words(opening: Opening, hands: int) -> str:
    """``pot 52 after 4 hands`` (and the scores, where they carry), for the audit's words."""
    words = (_("nothing") if opening.pot is None
             else _("pot {amount}").format(amount=format_amount(opening.pot)))
    if opening.scores is not None:
        words = _("{pot} and scores {scores}").format(pot=words, scores=", ".join(
            f"{p} {format_amount(v)}" for p, v in opening.scores.items()))
    return ngettext("{what} after {count} hand", "{what} after {count} hands", hands).format(
        what=words, count=hands)


# ---- the event chain ----------------------------------------------------------------------------

def event_hash(event: dict[str, Any]) -> str:
    """SHA-256 of an event's canonical JSON, its own ``hash`` left out: the text of
    ``json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`` in UTF-8,
    as ``jsontext.canonical`` writes it.

    That is orjson's text for everything scorekeeper writes. Only a float, which scorekeeper
    never writes, can be written differently by orjson (``0.00001`` for ``1e-05``); so when
    the event's stored hash is not that of orjson's text, the standard library's text is
    hashed, and that is the answer (the two agree whenever the event has no float)."""
    body = dict(event)
    stored = body.pop("hash", None)
    digest = hashlib.sha256(jsontext.canonical(body)).hexdigest()
    if stored is not None and stored != digest:  # changed, or a float: settle it exactly
        digest = hashlib.sha256(jsontext.reference_canonical(body)).hexdigest()
    return digest


def seal(event: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
    """The event with its sequence number, the previous event's hash and its own hash."""
    sealed = dict(event)
    sealed["seq"] = 1 if previous is None else previous["seq"] + 1
    sealed["prev"] = GENESIS if previous is None else previous["hash"]
    sealed["hash"] = event_hash(sealed)
    return sealed


def figures_seal(stored: dict[str, Any]) -> str:
    """The seal of a hand's stored figures: the SHA-256 of their canonical JSON. The event that
    stored them carries it (a hand event its hand's, an amendment the seals of every hand it
    settled again), so the chain vouches for every stored figure."""
    return hashlib.sha256(jsontext.canonical(stored)).hexdigest()


def sealed_figures(rows: list[dict[str, Any]]) -> dict[int, str | None]:
    """For each hand in force, the seal its figures must have, from the history as written;
    ``None`` for a hand stored by a version that did not seal figures (its figures are then
    settled again before they are shown)."""
    seals: dict[int, str | None] = {}
    for row in rows:
        kind, number, figures = row.get("type"), row.get("number"), row.get("figures")
        if type(number) is not int:
            continue
        if kind == "hand":
            seals[number] = figures if isinstance(figures, str) else None
        elif kind == "amend":
            for n in [k for k in seals if k >= number]:
                seals[n] = None
            if isinstance(figures, list):
                for offset, seal in enumerate(figures):
                    seals[number + offset] = seal if isinstance(seal, str) else None
        elif kind == "withdraw":
            seals.pop(number, None)
    return seals


def chain_problem(rows: list[dict[str, Any]]) -> str | None:
    """What is wrong with a history's hash chain, in words, or ``None`` when every event
    follows the one before it and matches its own hash."""
    previous: Any = GENESIS
    for i, row in enumerate(rows, start=1):
        if row.get("seq") != i or row.get("prev") != previous:
            return _("event {seq} does not follow the event before it").format(seq=i)
        try:
            if row.get("hash") != event_hash(row):
                return _("event {seq} does not match its hash (changed after it was "
                         "written)").format(seq=i)
        except (TypeError, ValueError):
            return _("event {seq} cannot be read").format(seq=i)
        previous = row.get("hash")
    return None


# The header fields the first event repeats (files written before the id, the ruleset and the
# time were sealed there repeat only the settings; their id is checked by its form).
_SEALED_HEADER = ("format", "settings", "dealer_drawn", "id", "ruleset", "created")
# Sealed since it was added: a file started without it has it in neither place.
_SEALED_IF_ANY = ("language",)


def session_language(code: str) -> str:
    """The language a session is played in, as its file keeps it (``de``): one of
    ``i18n.LANGUAGES``, else a ``ValueError`` (a bug: the program names its languages)."""
    language = normalize(code)
    if language is None:
        raise ValueError(f"{code!r} is not a language here")
    return language


def header_problem(header: dict[str, Any], rows: list[dict[str, Any]]) -> str | None:
    """What in a file's header differs from what its first event sealed, or ``None``."""
    if not rows:
        return None
    created = rows[0]
    if created.get("type") != "created":
        return _("the history does not begin with the session's start")
    for key in _SEALED_HEADER:
        if key in created and header.get(key) != created[key]:
            return _("the header's field '{key}' is not what the session was started with").format(
                key=key)
    for key in _SEALED_IF_ANY:
        if header.get(key) != created.get(key):
            return _("the header's field '{key}' is not what the session was started with").format(
                key=key)
    if created.get("settings") is None:
        return _("the session's start has no settings")
    return None


def raw_digest(events: list[dict[str, Any]]) -> str:
    """The digest of a file's events as they are written (``Event.hash`` once converted)."""
    last = events[-1].get("hash") if events else ""
    return last[:12] if isinstance(last, str) else ""


# ---- from the file to models --------------------------------------------------------------------

_EVENT_MODELS: dict[str, type[Event]] = {
    "created": SessionStarted, "hand": HandRecorded, "amend": HandAmended,
    "withdraw": HandWithdrawn, "count": ChipCount, "note": NoteAdded, "settle": SettledUp,
    "opening": OpeningEntry, "named": SessionNamed, "archived": SessionArchived,
    "unarchived": SessionUnarchived, "continued": SessionContinued}
_RECORD_KEYS = ("record", "previous")
_AMOUNT_KEYS = ("counted", "expected", "off", "scores", "results", "money")  # amounts by name
_AMOUNT_KEY = ("value", "pot")  # one amount (or null)
_PAYMENTS_KEY = "transfers"  # a settle-up's payments: [{"from", "to", "amount"}]
# Fields an event has only when the version that wrote it wrote them (absent, never null).
_OPTIONAL_KEYS = ("figures", "together", "format", "id", "ruleset", "created", "payments")


def event_from_json(raw: dict[str, Any],
                    checked: dict[tuple[Any, ...], HandRecord] | None = None) -> Event:
    """An event as its file writes it, as a model. A problem is a ``ScorekeeperError`` that
    names the event. ``checked``: as ``record_from_json`` takes it."""
    seq = raw.get("seq")
    kind = raw.get("type")
    model = _EVENT_MODELS.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise ScorekeeperError(_("event {seq}: unknown event type {type}").format(
            seq=seq, type=repr(kind)))
    fields: dict[str, Any] = {}
    known = model.model_fields
    for key, value in raw.items():
        if key not in known:  # "type", "prev", or a field a later version added: the chain
            continue          # vouches for it, this reader has no use for it
        if key in _RECORD_KEYS and value is not None:
            value = record_from_json(value, checked)
        elif key == "settings":
            value = config_from_json(value)
        elif key in _AMOUNT_KEYS and value is not None:
            value = _amounts_from_json(value, _("event {seq}: {field}").format(seq=seq, field=key))
        elif key in _AMOUNT_KEY:
            value = _optional_amount(value, _("event {seq}: {field}").format(seq=seq, field=key))
        elif key == _PAYMENTS_KEY:
            value = _payments_from_json(value, _("event {seq}: {field}").format(seq=seq,
                                                                              field=key))
        fields[key] = value
    if model is HandAmended and "previous" not in fields:
        fields["previous"] = None
    try:
        return model(**fields)
    except ValidationError as error:
        field, message = describe_validation_error(error)
        raise ScorekeeperError(_("event {seq} ({type}): {field}: {problem}").format(
            seq=seq, type=kind, field=field, problem=message)) from None


def events_from_json(rows: list[dict[str, Any]]) -> tuple[Event, ...]:
    """A file's events, in order, as models (each distinct record checked once:
    ``record_from_json``)."""
    checked: dict[tuple[Any, ...], HandRecord] = {}
    return tuple(event_from_json(row, checked) for row in rows)


def event_to_json(event: Event, previous_hash: str) -> dict[str, Any]:
    """An event as its file writes it (the inverse of ``event_from_json``), keys in the order
    they are written."""
    kind = next(k for k, model in _EVENT_MODELS.items() if type(event) is model)
    data: dict[str, Any] = {"type": kind}
    for key in type(event).model_fields:
        if key in ("seq", "at", "hash"):
            continue
        value = getattr(event, key)
        if key in _RECORD_KEYS:
            if value is None and key == "previous":
                continue
            value = None if value is None else record_to_json(value)
        elif key == "settings":
            value = config_to_json(value)
        elif key in _AMOUNT_KEYS:
            value = None if value is None else _amounts(value)
        elif key in _AMOUNT_KEY:
            value = _amount(value)
        elif key == _PAYMENTS_KEY:
            value = [_payment_to_json(t) for t in value]
        elif key in _OPTIONAL_KEYS:
            if value is None:  # not written by the version that wrote the event
                continue
            value = list(value) if isinstance(value, tuple) else value
        data[key] = value
    data |= {"at": event.at, "seq": event.seq, "prev": previous_hash, "hash": event.hash}
    return data


def _payment_to_json(payment: Payment) -> dict[str, str]:
    return {"from": payment.source, "to": payment.target,
            "amount": to_decimal_string(payment.amount)}


def _payments_from_json(value: Any, where: str) -> list[Payment]:
    if not isinstance(value, list):
        raise ScorekeeperError(_("{where}: must be a list of payments").format(where=where))
    payments = []
    for item in value:
        if (not isinstance(item, dict) or set(item) != {"from", "to", "amount"}
                or type(item["from"]) is not str or type(item["to"]) is not str):
            raise ScorekeeperError(_("{where}: a payment must name from, to and the "
                                     "amount").format(where=where))
        payments.append(Payment(source=item["from"], target=item["to"],
                                amount=_amount_from_json(item["amount"], where)))
    return payments


def settle_up_event(settled: SettleUp, accounts: Collection[Account]) -> dict[str, Any]:
    """A settle-up as the event that records it in the history (``SettledUp``, type
    ``settle``), each party written as transfers write ends (the pot as ``"pot"``), in a game
    with these ``accounts``. The writer seals it; ``audit`` compares it with the settle-up
    worked out again."""
    from .settleup import EARLIER_PAYMENTS  # see the imports at the top

    def by_party(amount: Callable[[Share], Decimal | None]) -> dict[str, str | None]:
        return {end_text(share.party, accounts): _amount(amount(share))
                for share in settled.shares}

    event = {"type": "settle", "after_hand": settled.after_hand, "value": _amount(settled.value),
             "currency": settled.currency, "rounding": settled.rounding,
             "scores": by_party(lambda share: share.score),
             "results": by_party(lambda share: share.result),
             "money": None if settled.value is None else by_party(lambda share: share.money),
             "transfers": [{"from": end_text(t.source, accounts),
                            "to": end_text(t.target, accounts),
                            "amount": to_decimal_string(t.amount)} for t in settled.transfers]}
    if settled.payments != EARLIER_PAYMENTS:  # settle-ups stored before the rule had a name
        event["payments"] = settled.payments  # have none: worked out again, they still match
    return event


def agreed_already(rows: list[dict[str, Any]], event: dict[str, Any]) -> bool:
    """Whether a history's last settle-up is ``event`` (a ``settle_up_event``) with no hand
    recorded, amended or withdrawn since: the same settle-up is then not recorded twice."""
    for row in reversed(rows):
        kind = row.get("type")
        if kind in ("hand", "amend", "withdraw"):
            return False
        if kind == "settle":
            return all(row.get(key) == item for key, item in event.items())
    return False


def _amounts_from_json(value: Any, where: str) -> dict[str, Decimal]:
    if not isinstance(value, dict):
        raise ScorekeeperError(_("{where}: must be amounts by name").format(where=where))
    return {who: _amount_from_json(text, where) for who, text in value.items()}


def _amount_from_json(text: Any, where: str) -> Decimal:
    found = stored_amount(text) if type(text) is str else None
    if found is None:
        raise ScorekeeperError(_("{where}: {text} is not an amount").format(
            where=where, text=repr(text)))
    return found


def _optional_amount(text: Any, where: str) -> Decimal | None:
    return None if text is None else _amount_from_json(text, where)


def settlement_from_stored(raw: dict[str, Any], config: SessionConfig, record: HandRecord,
                           ruleset: Ruleset) -> Settlement:
    """A hand's stored figures as a ``Settlement`` (of the record in force, ``record``). Only
    the shape is checked: whether the figures are right is ``audit``'s question. A shape
    problem is a ``ScorekeeperError`` naming the hand."""
    number = raw.get("number")
    where = _("hand {number}").format(number=number)

    def unreadable() -> ScorekeeperError:
        return ScorekeeperError(_("{where}: its stored figures cannot be read").format(
            where=where))

    if type(number) is not int:
        raise unreadable()
    try:
        players = set(config.players)
        accounts = ruleset.accounts
        ends: set[End] = set(players) | set(accounts)
        if raw["dealer"] not in players or raw["kind"] not in ruleset.hand_kinds:
            raise ScorekeeperError(_("{where}: its dealer or its kind is not one of this "
                                     "game's").format(where=where))
        transfers = []
        for t in raw["transfers"]:
            source, target = end_from_text(t["from"], accounts), end_from_text(t["to"], accounts)
            if source not in ends or target not in ends or type(t["reason"]) is not str:
                raise ScorekeeperError(_("{where}: a transfer is not between players and the "
                                         "pot").format(where=where))
            transfers.append(transfer(source, target, _amount_from_json(t["amount"], where),
                                      t["reason"], _optional_amount(t.get("due"), where)))
        deltas = _amounts_from_json(raw["deltas"], where)
        scores = _amounts_from_json(raw["scores_after"], where)
        if deltas.keys() != players or scores.keys() != players:
            raise ScorekeeperError(_("{where}: its figures are not one per player").format(
                where=where))
        findings = raw.get("findings", [])
        if not all(type(f) is str for f in findings):
            raise unreadable()
        return Settlement(number=number, dealer=raw["dealer"], kind=raw["kind"], record=record,
                          pot_before=_optional_amount(raw["pot_before"], where),
                          stake=_optional_amount(raw["stake"], where), transfers=tuple(transfers),
                          deltas=deltas, pot_after=_optional_amount(raw["pot_after"], where),
                          scores_after=scores, game=config.game, findings=tuple(findings))
    except (KeyError, TypeError, AttributeError, ValidationError):
        raise unreadable() from None


def stored_outcome(raw: dict[str, Any], players: Collection[str]) -> HandOutcome:
    """What a hand came to, read from its stored figures (its dealer, its kind and its
    record's winners and choices), without building its transfers: a season reads thousands.
    The figures must have been checked against their seal first (``OpenSession.check``); a
    shape this program never writes is a ``ScorekeeperError`` naming the hand."""
    try:
        record = raw["record"]
        dealer, kind, tricks = raw["dealer"], raw["kind"], tuple(record["tricks"])
        entered = record.get("entered")
        entered = None if entered is None else tuple(entered)
        names = set(players)
        if (dealer not in names or type(kind) is not str or not names.issuperset(tricks)
                or (entered is not None and not names.issuperset(entered))):
            raise TypeError
    except (KeyError, TypeError, AttributeError):
        raise ScorekeeperError(_("{where}: its stored figures cannot be read").format(
            where=_("hand {number}").format(number=raw.get("number")))) from None
    return HandOutcome(dealer, kind, tricks, entered)


# ---- audit ---------------------------------------------------------------------------------------

class Finding(Frozen):
    """One thing the audit found wrong. ``hand`` is the hand it concerns, when there is one."""

    hand: int | None
    kind: Literal["chain", "ruleset", "record", "transfers", "figures", "conservation",
                  "count", "summary", "settings", "settle", "link"]
    message: str


def audit_document(document: dict[str, Any]) -> list[Finding]:
    """Settle a session file's hands again with its ruleset and compare with what it says.

    ``document`` is the file's JSON (TinyDB's tables). Returns every finding; none means the
    file is consistent: chain intact, every stored figure re-derived, chips conserved, every
    chip count agreeing with the ledger as it stands now."""
    return audit_report(document).findings


class AuditReport(Frozen):
    """What an audit found wrong (``findings``) and what it has to say besides, which is not
    wrong (``notes``: a chip count whose difference a later amendment explained, one whose
    hand was withdrawn since)."""

    findings: list[Finding]
    notes: list[Finding]


class AuditEnds(Exception):
    """The file cannot be read further (its ruleset unknown, its settings unreadable, its hands
    beyond settling): the audit ends with ``finding``, after what the checks before found."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


class SessionFile:
    """A session file as its checks read it: the header, the history and the stored hands as
    the file writes them, and what several checks need, worked out once when first asked for
    (the seals, the ruleset, the settings, the hands settled again). What cannot be worked out
    ends the audit (``AuditEnds``). ``notes``: what the checks say that is not wrong."""

    def __init__(self, header: dict[str, Any], events: list[dict[str, Any]],
                 stored: dict[int, dict[str, Any]],
                 summary: dict[str, Any] | None = None) -> None:
        self.header, self.events, self.stored = header, events, stored
        self.summary = summary or {}
        self.notes: list[Finding] = []

    @classmethod
    def of_document(cls, document: dict[str, Any]) -> SessionFile:
        """The file from its JSON (TinyDB's tables). A stored hand numbered beyond reading is a
        ``ValueError``."""
        return cls(_only(document.get("session")), table_rows(document.get("events")),
                   {int(k): v for k, v in (document.get("hands") or {}).items()},
                   _only(document.get("summary")))

    @cached_property
    def seals(self) -> dict[int, str | None]:
        """The seal each hand in force must have (``sealed_figures``)."""
        return sealed_figures(self.events)

    @cached_property
    def ruleset(self) -> Ruleset:
        """The ruleset the header names, else the audit ends here."""
        try:
            return ruleset_for_version(self.header.get("ruleset"))
        except ScorekeeperError as error:
            raise AuditEnds(Finding(hand=None, kind="ruleset", message=str(error))) from None

    @cached_property
    def config(self) -> SessionConfig:
        """The settings (with the opening entry's), else the audit ends here."""
        try:
            return session_config(self.header.get("settings"), self.events)
        except ScorekeeperError as error:
            raise AuditEnds(Finding(hand=None, kind="settings", message=_(
                "settings: {problem}").format(problem=error))) from None

    @cached_property
    def settled(self) -> tuple[tuple[Event, ...], Ledger]:
        """The history as models and the hands in force settled again, else the audit ends."""
        try:
            typed = events_from_json(self.events)
            return typed, settle_hands(self.config, records_in_force(typed), self.ruleset)
        except ScorekeeperError as error:
            raise AuditEnds(Finding(hand=getattr(error, "hand", None), kind="record", message=_(
                "the hands no longer settle: {problem}").format(problem=error))) from None

    def readable(self) -> tuple[Ruleset, SessionConfig]:
        """The ruleset and the settings: one that cannot be read ends the audit here."""
        return self.ruleset, self.config

    @property
    def ledger(self) -> Ledger:
        """The hands in force settled again (``settled``), else the audit ends."""
        return self.settled[1]

    @cached_property
    def differences(self) -> dict[int, list[Finding]]:
        """For each hand in force that has stored figures, how they differ from the hand
        settled again (none: they are its figures)."""
        written: dict[Any, Any] = {}  # each transfer's document made once (hand_document)
        return {s.number: _hand_differences(s, self.stored[s.number], written)
                for s in self.ledger.settlements if s.number in self.stored}

    @cached_property
    def matching(self) -> dict[int, Settlement]:
        """The hands whose stored figures are the figures settled again."""
        return {s.number: s for s in self.ledger.settlements
                if self.differences.get(s.number) == []}


Check = Callable[[SessionFile], list[Finding]]


def audit_chain(file: SessionFile) -> list[Finding]:
    """Each event in sequence, following the one before it and matching its own hash."""
    findings: list[Finding] = []
    previous_hash: Any = GENESIS
    for i, event in enumerate(file.events, start=1):
        # the event's name is made only for a finding (10,000 events, most of them sound)
        if event.get("seq") != i:
            findings.append(Finding(hand=event.get("number"), kind="chain", message=_(
                "{event}: out of sequence (expected event {seq})").format(
                    event=_event_label(event), seq=i)))
        if event.get("prev") != previous_hash:
            findings.append(Finding(hand=event.get("number"), kind="chain", message=_(
                "{event}: does not follow the event before it (broken chain: an event was "
                "removed, added or moved)").format(event=_event_label(event))))
        if event.get("hash") != event_hash(event):
            findings.append(Finding(hand=event.get("number"), kind="chain", message=_(
                "{event}: its contents do not match its hash (changed after it was "
                "written)").format(event=_event_label(event))))
        previous_hash = event.get("hash")
    return findings


def audit_header(file: SessionFile) -> list[Finding]:
    """The ruleset and the settings can be read (else the audit ends), and the header says what
    the session was started with."""
    file.readable()
    created = file.events[0] if file.events else {}
    if created.get("type") != "created" or created.get("settings") != file.header.get(
            "settings"):
        return [Finding(hand=None, kind="settings", message=_(
            "the session's settings differ from those it was created with"))]
    problem = header_problem(file.header, file.events)
    return [] if problem is None else [Finding(hand=None, kind="settings", message=problem)]


def audit_seals(file: SessionFile) -> list[Finding]:
    """Each hand's stored figures are those its history sealed."""
    findings = []
    for n, hand in sorted(file.stored.items()):
        seal = file.seals.get(n)
        if seal is not None and figures_seal(hand) != seal:
            findings.append(Finding(hand=n, kind="figures", message=_(
                "hand {number}: its stored figures are not those its history sealed (changed "
                "after they were written)").format(number=n)))
    return findings


def audit_hands(file: SessionFile) -> list[Finding]:
    """Each hand in force settled again (else the audit ends) and compared with its stored
    figures; no figures stored for a hand not in force."""
    findings = []
    for settlement in file.ledger.settlements:
        n = settlement.number
        if n not in file.stored:
            findings.append(Finding(hand=n, kind="figures", message=_(
                "hand {number}: its settlement is missing from the file").format(number=n)))
        else:
            findings += file.differences[n]
    for n in sorted(set(file.stored) - {s.number for s in file.ledger.settlements}):
        findings.append(Finding(hand=n, kind="figures", message=_(
            "hand {number}: a settlement is stored for a hand not in force").format(number=n)))
    return findings


def _hand_differences(settlement: Settlement, got: dict[str, Any],
                      written: dict[Any, Any] | None = None) -> list[Finding]:
    """How a hand's stored figures (``got``) differ from the hand settled again
    (``written``: as ``hand_document`` takes it)."""
    n = settlement.number
    expected = checked_hand(settlement, written)
    findings = []
    if got.get("transfers") != expected["transfers"]:
        findings.append(Finding(hand=n, kind="transfers", message=_(
            "hand {number}: stored transfers differ from the re-settled ones: "
            "{difference}").format(number=n, difference=_transfer_difference(
                got.get("transfers"), expected["transfers"]))))
    for key in ("dealer", "kind", "pot_before", "stake", "pot_after", "deltas",
                "scores_after", "record"):
        if got.get(key) != expected[key]:
            stored, settled = _figure_text(got.get(key)), _figure_text(expected[key])
            if stored == settled:  # "4.50" stored for "4.5": only the file's text differs
                stored, settled = _show(got.get(key)), _show(expected[key])
            findings.append(Finding(hand=n, kind="figures", message=_(
                "hand {number}: stored {key} {stored} differs from {settled} "
                "re-settled").format(number=n, key=key, stored=stored, settled=settled)))
    return findings


def audit_conservation(file: SessionFile) -> list[Finding]:
    """In a game with a pot, chips move between the players and the pot: after each hand
    stored, balances plus pot come to what they came to at the start."""
    if not file.ruleset.has_pot:
        return []
    start = file.ruleset.initial_state(file.config)
    total = sum(start.scores.values(), ZERO) + present(start.pot, "the pot")
    findings = []
    for n, hand in sorted(file.stored.items()):
        settled = file.matching.get(n)
        if settled is not None:  # the stored figures are these, already exact
            held = sum(settled.scores_after.values(), ZERO) + present(settled.pot_after,
                                                                      "the pot")
        else:
            try:
                held = sum((parse_amount(v) for v in hand["scores_after"].values()), ZERO)
                held += parse_amount(hand["pot_after"])
            except (KeyError, TypeError, AttributeError, ScorekeeperError):
                continue
        if held != total:
            findings.append(Finding(hand=n, kind="conservation", message=_(
                "hand {number}: balances plus pot come to {held}, not {total}").format(
                    number=n, held=format_amount(held), total=format_amount(total))))
    return findings


def audit_summary(file: SessionFile) -> list[Finding]:
    """The summary the listing used (files of earlier versions kept one) matches the hands."""
    summary = file.summary
    if summary and (summary.get("hands") != file.ledger.state.hands_played
                    or summary.get("digest") != raw_digest(file.events)):
        return [Finding(hand=None, kind="summary", message=_(
            "the session's summary (used by the listing) does not match its hands"))]
    return []


def audit_report(document: dict[str, Any]) -> AuditReport:
    """``audit_document`` with its notes: each check of ``AUDIT_CHECKS`` in turn, its findings
    added to those before; a check that finds the file cannot be read further ends the audit
    there, with what it found."""
    file = SessionFile.of_document(document)
    findings: list[Finding] = []
    with exact():
        for check in AUDIT_CHECKS:
            try:
                findings += check(file)
            except AuditEnds as end:
                findings.append(end.finding)
                break
    return AuditReport(findings=findings, notes=file.notes)


def read_chain(file: SessionFile) -> list[Finding]:
    """Every event follows the one before it and matches its hash: the first that does not."""
    problem = chain_problem(file.events)
    return [] if problem is None else [Finding(hand=None, kind="chain", message=problem)]


def read_header(file: SessionFile) -> list[Finding]:
    """The header says what the first event sealed."""
    problem = header_problem(file.header, file.events)
    return [] if problem is None else [Finding(hand=None, kind="settings", message=problem)]


def read_hands_in_force(file: SessionFile) -> list[Finding]:
    """The hands stored are those in force."""
    if set(file.seals) == set(file.stored):
        return []
    return [Finding(hand=None, kind="figures", message=_(
        "{count} hands are stored but the history has {history} in force").format(
            count=len(file.stored), history=len(file.seals)))]


def read_seals(file: SessionFile) -> list[Finding]:
    """Each hand's stored figures are those its history sealed: the first that are not."""
    for n, raw in file.stored.items():
        seal = file.seals.get(n)
        if seal is not None and figures_seal(raw) != seal:
            return [Finding(hand=n, kind="figures", message=_(
                "hand {number}'s stored figures are not those its history sealed (changed "
                "after they were written)").format(number=n))]
    return []


def reading_problem(file: SessionFile) -> str | None:
    """What every reader refuses a file for before it shows it or adds to it (``show``, the
    exports, the table app, every writer: ``OpenSession.check``), in words, or ``None``: the
    first finding of ``READING_CHECKS``, which compare hashes only (nothing is settled)."""
    for check in READING_CHECKS:
        found = check(file)
        if found:
            return found[0].message
    return None


def audit_counts(file: SessionFile) -> list[Finding]:
    """Each chip count against the ledger as it stands now (the hands in force, every
    amendment made since included): a finding while it disagrees; a note when an amendment
    made since explains a difference, or the hand it followed was withdrawn. The figures it was
    compared with when it was made are checked against the hands then, settled again."""
    config, ruleset, events, notes = file.config, file.ruleset, file.events, file.notes
    typed, ledger = file.settled
    accounts = ruleset.accounts

    def named(amounts: dict[str, Decimal], signed: bool = False) -> str:
        return _named_amounts(amounts, config, accounts, signed)

    findings = []
    checks = iter(check_counts(typed, ledger.settlements, ruleset.initial_state(config),
                               ruleset.accounts))
    for i, event in enumerate(events):
        if event.get("type") != "count":
            continue
        check = next(checks)
        count = check.count
        n = count.after_hand
        where = _("chip count after hand {number} (event {seq})").format(
            number=n, seq=event.get("seq"))
        try:
            then = settle_hands(config, records_in_force(typed[:i]), ruleset).state
            counted = {end_from_text(who, ruleset.accounts): amount
                       for who, amount in count.counted.items()}
            said = {end_text(who, ruleset.accounts): counted_in_ledger(then, who)
                    for who in counted}
            off = {end_text(who, ruleset.accounts): amount
                   for who, amount in compare_count(then, counted).items()}
        except (KeyError, ScorekeeperError, AttributeError, TypeError):
            findings.append(Finding(hand=n, kind="count",
                                    message=_("{count} cannot be read").format(count=where)))
            continue
        if then.hands_played != n or said != count.expected or off != count.off:
            findings.append(Finding(hand=n, kind="count", message=_(
                "{count}: the ledger figures it was compared with ({compared}) are not those "
                "of the hands then, settled again ({settled})").format(
                    count=where, compared=named(count.expected), settled=named(said))))
        if not check.compared:
            notes.append(Finding(hand=n, kind="count", message=_(
                "{count}: hand {number} was withdrawn since: not compared with the ledger "
                "now").format(count=where, number=n)))
        elif not check.changed:
            if check.off_now:
                detail = ", ".join(
                    _("{who} counted {counted}, the ledger says {said} (off by {off})").format(
                        who=counted_name(who, config, accounts),
                        counted=format_amount(count.counted[who]),
                        said=format_amount(count.counted[who] - amount),
                        off=format_amount(amount, signed=True))
                    for who, amount in check.off_now.items())
                findings.append(Finding(hand=n, kind="count", message=_(
                    "{count} disagreed: {detail}").format(count=where, detail=detail)))
        else:
            now = check.now or {}
            since = _changes_since(check.since)
            then_words = (_("off by {amounts}").format(amounts=named(count.off, True))
                          if count.off else _("agreed"))
            now_words = (_("off by {amounts}").format(amounts=named(check.off_now, True))
                         if check.off_now else _("it agrees now"))
            message = _("{count}: counted {counted}; the ledger said {said} then ({then}); "
                        "after {since} it says {now}: {verdict}").format(
                count=where, counted=named(count.counted), said=named(count.expected),
                then=then_words, since=since, now=named(now), verdict=now_words)
            (findings if check.off_now else notes).append(
                Finding(hand=n, kind="count", message=message))
    return findings


def pot_label(players: Collection[str]) -> str:
    """How the pot is called in a sentence: "pot", or "the pot" at a table where a player is
    called pot (in any case, in the language in use), so that the two lines never read
    alike."""
    word = _("pot")
    return _("the pot") if any(p.casefold() == word.casefold() for p in players) else word


def counted_name(who: str, config: SessionConfig, accounts: Collection[Account]) -> str:
    """Who a chip count counted, keyed as the file writes it (``"pot"``, ``"player:pot"``, a
    name: ``rules.end_text``), as people read it: the name, or the pot as ``pot_label`` says
    it in the language in use."""
    end = end_from_text(who, accounts)
    return end if isinstance(end, str) else pot_label(config.players)


def _named_amounts(amounts: dict[str, Decimal], config: SessionConfig,
                   accounts: Collection[Account], signed: bool = False) -> str:
    """``Ben 13¾, pot 42``: amounts by name (``counted_name``), the amounts as every human text
    writes them in the language in use (``format_amount``: quarters, else its decimal mark)."""
    return ", ".join(f"{counted_name(who, config, accounts)} "
                     f"{format_amount(amount, signed=signed)}" for who, amount in amounts.items())


def _changes_since(changes: tuple[Event, ...]) -> str:
    """``the amendment of hand 2, the withdrawal of hand 3``: the changes made to the hands a
    chip count followed, since it was made (English: the words of an audit's findings)."""
    words: list[str] = []
    for change in changes:
        if isinstance(change, HandAmended):
            word = _("the amendment of hand {number}").format(number=change.number)
        elif isinstance(change, HandWithdrawn):
            word = _("the withdrawal of hand {number}").format(number=change.number)
        else:
            word = _("hand {number} recorded again").format(
                number=getattr(change, "number", "?"))
        if word not in words:
            words.append(word)
    return ", ".join(words) or _("a later change")


def audit_settle_ups(file: SessionFile) -> list[Finding]:
    """Each settle-up worked out again, at its value and in its currency, from the hands in
    force at that point of the history, and compared with what the file says was agreed."""
    from .settleup import (  # see the imports at the top
        EARLIER_PAYMENTS,
        PAYMENT_RULES,
        ROUNDING,
        read_currency,
        settle_up,
    )

    config, ruleset, events = file.config, file.ruleset, file.events
    findings = []
    for i, event in enumerate(events):
        if event.get("type") != "settle":
            continue
        state = settle_hands(config, records_in_force(events_from_json(events[:i])),
                             ruleset).state
        where = _("settle-up after hand {number} (event {seq})").format(
            number=state.hands_played, seq=event.get("seq"))
        try:
            agreed = event_from_json(event)
            if not isinstance(agreed, SettledUp):  # its type says it is one
                raise ScorekeeperError(_("it is not a settle-up"))
            if agreed.rounding not in (None, ROUNDING):
                raise ScorekeeperError(_("its cents rule {rule} is not known here").format(
                    rule=repr(agreed.rounding)))
            payments = agreed.payments or EARLIER_PAYMENTS
            if payments not in PAYMENT_RULES:
                raise ScorekeeperError(_("its rule for who pays whom {rule} is not known "
                                         "here").format(rule=repr(payments)))
            currency = None if agreed.currency is None else read_currency(agreed.currency)
            if agreed.value is not None and agreed.value <= 0:
                raise ScorekeeperError(_("its value is not more than 0"))
            worked = settle_up_event(settle_up(ruleset, config, state, agreed.value, currency,
                                               payments), ruleset.accounts)
        except (ScorekeeperError, ValueError, ArithmeticError) as error:
            findings.append(Finding(hand=state.hands_played, kind="settle",
                                    message=_("{settle}: cannot be worked out again "
                                              "({problem})").format(settle=where,
                                                                    problem=error)))
            continue
        for key in ("after_hand", "currency", "rounding", "scores", "results", "money",
                    "transfers", "payments"):
            if event.get(key) != worked.get(key):
                findings.append(Finding(hand=state.hands_played, kind="settle", message=_(
                    "{settle}: stored {key} {stored} differs from {worked} worked out "
                    "again").format(settle=where, key=key, stored=_show(event.get(key)),
                                    worked=_show(worked.get(key)))))
    return findings


# An audit is these checks, in this order (beancount's validations are the model): adding a
# check is adding a function here. Each reads the file and returns what it found wrong.
AUDIT_CHECKS: list[Check] = [audit_chain, audit_header, audit_seals, audit_hands,
                             audit_conservation, audit_counts, audit_settle_ups, audit_summary]

# What every reader checks before it shows a session or adds to it (``reading_problem``):
# hashes only, so a session of thousands of hands opens quickly. A check here makes the file
# damaged for ``show``, the exports and the table app; add it to ``AUDIT_CHECKS`` too when
# ``audit`` should name it.
READING_CHECKS: list[Check] = [read_chain, read_header, read_hands_in_force, read_seals]


def table_rows(table: Any) -> list[dict[str, Any]]:
    """A TinyDB table's documents in id order."""
    if not isinstance(table, dict):
        return []
    rows = sorted(((int(k), v) for k, v in table.items()), key=lambda kv: kv[0])
    return [v for _, v in rows]


def _only(table: Any) -> dict[str, Any]:
    rows = table_rows(table)
    return rows[0] if rows else {}


def _event_label(event: dict[str, Any]) -> str:
    if event.get("number") is not None:
        return _("event {seq} ({type} of hand {number})").format(
            seq=event.get("seq"), type=event.get("type"), number=event.get("number"))
    return _("event {seq} ({type})").format(seq=event.get("seq"), type=event.get("type"))


def _show(value: Any) -> str:
    return jsontext.text(value)


def _figure_text(value: Any) -> str:
    """A hand's figure for a finding: an amount, or amounts by name, as every human text
    writes them in the language in use (``7¾``, ``Anna -10, Ben 4½``); anything else as the
    file holds it."""
    if type(value) is str and stored_amount(value) is not None:
        return format_amount(Decimal(value))
    if isinstance(value, dict) and value and all(
            type(v) is str and stored_amount(v) is not None and type(k) is str
            and k.isprintable() for k, v in value.items()):
        return ", ".join(f"{who} {format_amount(Decimal(v))}" for who, v in value.items())
    return _show(value)


def _transfer_difference(got: Any, expected: list[dict[str, Any]]) -> str:
    if not isinstance(got, list) or len(got) != len(expected):
        return _("{stored} stored, {expected} expected").format(
            stored=len(got) if isinstance(got, list) else _("none"), expected=len(expected))
    for i, (a, b) in enumerate(zip(got, expected, strict=True), start=1):
        if a != b:
            return _("transfer {number}: stored {stored}, re-settled {settled}").format(
                number=i, stored=_show(a), settled=_show(b))
    return _("they differ")
