"""A session file's history: its events as the file writes them turned into models and back
(``event_from_json``, ``event_to_json``), the events the writers make (a settle-up, the opening
entry and the ``continued`` mark of the evenings after), and what the history says of its
evening besides the hands (its name, whether it is archived, the sessions it continues and is
continued by). The hash chain over the events is ``chain``'s. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import ValidationError

from .amounts import to_decimal_string
from .documents import (
    amount_from_json,
    amount_text,
    amounts_from_json,
    amounts_text,
    config_from_json,
    config_to_json,
    optional_amount,
    record_from_json,
    record_to_json,
)
from .errors import ScorekeeperError
from .i18n import _
from .ledger import (
    ChipCount,
    Event,
    HandAmended,
    HandRecorded,
    HandWithdrawn,
    NoteAdded,
    OpeningEntry,
    Payment,
    SessionArchived,
    SessionContinued,
    SessionNamed,
    SessionStarted,
    SessionUnarchived,
    SettledUp,
)
from .rules import RULESETS, Account, HandRecord, Opening, SessionConfig, TableState, end_text
from .rules.record import describe_validation_error

# The settle-up's arithmetic and the listing's summary (seven dataclasses, each compiled at
# import) are imported where a settle-up or a summary is made, not by every command that reads
# a session (``show`` and ``record`` of 100 hands, whole processes:
# tests/benchmarks/test_whole_commands.py; tests/test_show_imports.py).
if TYPE_CHECKING:
    from .settleup import SettleUp, Share

EVENT_TYPES = ("created", "hand", "amend", "withdraw", "count", "note", "settle", "opening",
               "named", "archived", "unarchived", "continued")


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
            value = amounts_from_json(value, _("event {seq}: {field}").format(seq=seq, field=key))
        elif key in _AMOUNT_KEY:
            value = optional_amount(value, _("event {seq}: {field}").format(seq=seq, field=key))
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
            value = None if value is None else amounts_text(value)
        elif key in _AMOUNT_KEY:
            value = amount_text(value)
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
                                amount=amount_from_json(item["amount"], where)))
    return payments


def settle_up_event(settled: SettleUp, accounts: Collection[Account]) -> dict[str, Any]:
    """A settle-up as the event that records it in the history (``SettledUp``, type
    ``settle``), each party written as transfers write ends (the pot as ``"pot"``), in a game
    with these ``accounts``. The writer seals it; ``audit`` compares it with the settle-up
    worked out again."""
    from .settleup import EARLIER_PAYMENTS  # see the imports at the top

    def by_party(amount: Callable[[Share], Decimal | None]) -> dict[str, str | None]:
        return {end_text(share.party, accounts): amount_text(amount(share))
                for share in settled.shares}

    event = {"type": "settle", "after_hand": settled.after_hand,
             "value": amount_text(settled.value),
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


# ---- what the history says of its evening ------------------------------------------------------

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
            "previous_hands": previous_hands, "pot": amount_text(opening.pot),
            "scores": None if opening.scores is None else amounts_text(opening.scores)}


