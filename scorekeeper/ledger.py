"""Settle a history of hands, keep it as a chain of events, and audit it. Pure: no I/O here.

A session on disk is a list of events (created, hand, amend, withdraw, count, note), each
sealed with the SHA-256 of its own contents and of the event before it. The hands in force
are derived from the events; their settlements are stored beside them as derived data, and
``audit_document`` settles everything again and lists every difference as a ``Finding``.
"""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal
from typing import Any, Iterable, Literal

from pydantic import ValidationError

from .amounts import exact, parse_amount, to_decimal_string
from .errors import RecordError, ScorekeeperError
from . import jsontext
from .rules import (PENALTY, POT, HandRecord, Ruleset, SessionConfig, Settlement, TableState,
                    Transfer, get_ruleset, make_config, ruleset_for_version)
from .rules.base import RECORD_SHAPES, Frozen, describe_validation_error

FORMAT_VERSION = 1
GENESIS = "0" * 64
EVENT_TYPES = ("created", "hand", "amend", "withdraw", "count", "note")


class Ledger(Frozen):
    """A session settled from its records: one settlement per hand and the table now."""

    config: SessionConfig
    settlements: tuple[Settlement, ...]
    state: TableState

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.config.game)


def settle_next(ruleset: Ruleset, config: SessionConfig, state: TableState,
                record: HandRecord) -> tuple[Settlement, TableState]:
    """Settle one more hand on top of ``state``; a problem names the hand's number."""
    number = state.hands_played + 1
    if state.finished:
        raise RecordError("hand", f"the session finished after hand {state.hands_played}; "
                          f"no more hands can be recorded", number)
    try:
        settlement = ruleset.settle(config, state, record)
    except RecordError as error:
        raise error.in_hand(number) from None
    return settlement, ruleset.advance(config, state, settlement)


def settle_hands(config: SessionConfig, records: Iterable[HandRecord],
                 ruleset: Ruleset | None = None) -> Ledger:
    """Settle every record in order from the start of the session (``settle_next`` for each,
    with the exact context entered once for the whole history)."""
    ruleset = ruleset or get_ruleset(config.game)
    state = ruleset.initial_state(config)
    settlements: list[Settlement] = []
    settle, advance = ruleset._settle, ruleset.advance
    with exact():
        for record in records:
            if state.finished:
                settle_next(ruleset, config, state, record)  # raises: the session is over
            try:
                settlement = settle(config, state, record)
            except RecordError as error:
                raise error.in_hand(state.hands_played + 1) from None
            settlements.append(settlement)
            state = advance(config, state, settlement)
    return Ledger(config=config, settlements=tuple(settlements), state=state)


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


def record_from_json(data: Any) -> HandRecord:
    """A stored record, checked for shape like any input."""
    if not isinstance(data, dict):
        raise ScorekeeperError("a hand's record must be an object")
    try:
        return HandRecord(**data)
    except (ValidationError, TypeError) as error:
        if isinstance(error, ValidationError):
            field, message = describe_validation_error(error)
            raise ScorekeeperError(f"a hand's record is not valid: {field}: {message}") from None
        raise ScorekeeperError("a hand's record is not valid") from None


HAND_FIELDS = ("number", "dealer", "kind", "pot_before", "stake", "pot_after", "deltas",
               "transfers")  # a hand in CONTRACT.md's standings document, in this order


def hand_document(settlement: Settlement) -> dict[str, Any]:
    """One hand as CONTRACT.md's ``hands[]`` entry."""
    return {
        "number": settlement.number,
        "dealer": settlement.dealer,
        "kind": settlement.kind,
        "pot_before": _amount(settlement.pot_before),
        "stake": _amount(settlement.stake),
        "pot_after": _amount(settlement.pot_after),
        "deltas": _amounts(settlement.deltas),
        "transfers": [transfer_to_json(t) for t in settlement.transfers],
    }


def checked_hand(settlement: Settlement) -> dict[str, Any]:
    """The figures of a hand that audit compares: the contract's, the balances after it and
    the record."""
    document = hand_document(settlement)
    document["scores_after"] = _amounts(settlement.scores_after)
    document["record"] = record_to_json(settlement.record)
    return document


def _amounts(by_player: dict[str, Decimal]) -> dict[str, str]:
    return {p: to_decimal_string(v) for p, v in by_player.items()}


def transfer_to_json(transfer: Transfer) -> dict[str, Any]:
    """A transfer as CONTRACT.md writes it (a new dict each time: the caller's to change)."""
    data = {"from": transfer.source, "to": transfer.target,
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
    return {"game": config.game, "players": list(config.players),
            "first_dealer": config.first_dealer, "options": config.options.model_dump()}


def config_from_json(data: Any) -> SessionConfig:
    if not isinstance(data, dict):
        raise ScorekeeperError("the session's settings are missing")
    return make_config(data.get("game"), data.get("players"), data.get("first_dealer"),
                       data.get("options"))


def state_from_stored(ruleset: Ruleset, config: SessionConfig,
                      last: dict[str, Any] | None, hands_played: int) -> TableState:
    """The table after the stored hands, from the last hand's stored figures (no re-settling)."""
    if last is None:
        return ruleset.initial_state(config)
    scores = {p: parse_amount(last["scores_after"][p]) for p in config.players}
    pot = None if last["pot_after"] is None else parse_amount(last["pot_after"])
    return ruleset.state_at(config, hands_played, scores, pot)


def stored_hands_readable(ruleset: Ruleset, config: SessionConfig,
                          hands: tuple[dict[str, Any], ...]) -> bool:
    """Whether a file's stored hands (numbered 1 to n) have the shape ``checked_hand`` writes,
    so that what shows them (the exports) can print them as they are without settling again.
    Only the shape: whether the figures are right is ``audit``'s question."""
    players = set(config.players)
    ends = players | {POT, PENALTY}
    kinds = set(ruleset.hand_kinds)
    texts: set[Any] = set()  # every amount as written, each distinct one checked once at the end
    add = texts.add
    try:
        for n, hand in enumerate(hands, start=1):
            if hand["number"] != n or hand["dealer"] not in players or hand["kind"] not in kinds:
                return False
            for key in ("pot_before", "stake", "pot_after"):
                if hand[key] is not None:
                    add(hand[key])
            for key in ("deltas", "scores_after"):
                figures = hand[key]
                if figures.keys() != players:
                    return False
                texts.update(figures.values())
            for t in hand["transfers"]:
                if t["from"] not in ends or t["to"] not in ends or type(t["reason"]) is not str:
                    return False
                add(t["amount"])
                if "due" in t:
                    add(t["due"])
    except (KeyError, TypeError, AttributeError):  # a missing key, an unhashable or odd value
        return False
    return all(type(text) is str and _AMOUNT.fullmatch(text) for text in texts)


_AMOUNT = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def summary_document(session_id: str, created: str, updated: str, ledger_state: TableState,
                     config: SessionConfig, digest: str) -> dict[str, Any]:
    """What the listing shows for a session (from the table after its stored hands: a listing
    need not settle)."""
    return {"id": session_id, "game": config.game, "players": list(config.players),
            "started": created, "updated": updated, "hands": ledger_state.hands_played,
            "finished": ledger_state.finished, "leaders": list(ledger_state.leaders),
            "scores": _amounts(ledger_state.scores),
            "pot": _amount(ledger_state.pot), "digest": digest}


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


def digest_of(events: list[dict[str, Any]]) -> str:
    """The session's digest: the first 12 hex digits of the newest event's hash."""
    return events[-1]["hash"][:12] if events else ""


def records_in_force(events: list[dict[str, Any]]) -> list[HandRecord]:
    """The hands in force after every hand, amendment and withdrawal, in order."""
    records: list[HandRecord] = []
    for event in events:
        kind = event.get("type")
        if kind == "hand":
            if event.get("number") != len(records) + 1:
                raise ScorekeeperError(f"event {event.get('seq')}: hand {event.get('number')} "
                                       f"recorded out of order")
            records.append(record_from_json(event.get("record")))
        elif kind == "amend":
            number = event.get("number")
            if not isinstance(number, int) or not 1 <= number <= len(records):
                raise ScorekeeperError(f"event {event.get('seq')}: amends hand {number}, "
                                       f"which is not in force")
            records[number - 1] = record_from_json(event.get("record"))
        elif kind == "withdraw":
            if event.get("number") != len(records) or not records:
                raise ScorekeeperError(f"event {event.get('seq')}: withdraws hand "
                                       f"{event.get('number')}, which is not the last hand")
            records.pop()
        elif kind not in EVENT_TYPES:
            raise ScorekeeperError(f"event {event.get('seq')}: unknown event type {kind!r}")
    return records


# ---- chip counts ---------------------------------------------------------------------------------

def compare_count(state: TableState, counted: dict[str, Decimal]) -> dict[str, Decimal]:
    """Who (or the pot) is off, and by how much: counted minus what the ledger says."""
    off: dict[str, Decimal] = {}
    for who, amount in counted.items():
        expected = state.pot if who == "pot" else state.scores[who]
        if expected is None:
            raise ScorekeeperError("this game has no pot to count")
        if amount != expected:
            with exact():
                off[who] = amount - expected
    return off


# ---- audit ---------------------------------------------------------------------------------------

class Finding(Frozen):
    """One thing the audit found wrong. ``hand`` is the hand it concerns, when there is one."""

    hand: int | None
    kind: Literal["chain", "ruleset", "record", "transfers", "figures", "conservation",
                  "count", "summary", "settings"]
    message: str


def audit_document(document: dict[str, Any]) -> list[Finding]:
    """Settle a session file's hands again with its ruleset and compare with what it says.

    ``document`` is the file's JSON (TinyDB's tables). Returns every finding; none means the
    file is consistent: chain intact, every stored figure re-derived, chips conserved."""
    with exact():
        return _audit(document)


def _audit(document: dict[str, Any]) -> list[Finding]:
    findings: list[Finding] = []
    header = _only(document.get("session"))
    events = table_rows(document.get("events"))
    stored = {int(k): v for k, v in (document.get("hands") or {}).items()}

    previous_hash = GENESIS
    for i, event in enumerate(events, start=1):
        where = _event_label(event)
        if event.get("seq") != i:
            findings.append(Finding(hand=event.get("number"), kind="chain",
                                    message=f"{where}: out of sequence (expected event {i})"))
        if event.get("prev") != previous_hash:
            findings.append(Finding(hand=event.get("number"), kind="chain",
                                    message=f"{where}: does not follow the event before it "
                                            f"(broken chain: an event was removed, added or moved)"))
        if event.get("hash") != event_hash(event):
            findings.append(Finding(hand=event.get("number"), kind="chain",
                                    message=f"{where}: its contents do not match its hash "
                                            f"(changed after it was written)"))
        previous_hash = event.get("hash")

    version = header.get("ruleset")
    try:
        ruleset = ruleset_for_version(version)
    except ScorekeeperError as error:
        return findings + [Finding(hand=None, kind="ruleset", message=str(error))]
    try:
        config = config_from_json(header.get("settings"))
    except ScorekeeperError as error:
        return findings + [Finding(hand=None, kind="settings", message=f"settings: {error}")]
    created = events[0] if events else {}
    if created.get("type") != "created" or created.get("settings") != header.get("settings"):
        findings.append(Finding(hand=None, kind="settings",
                                message="the session's settings differ from those it was "
                                        "created with"))
    try:
        records = records_in_force(events)
        ledger = settle_hands(config, records, ruleset)
    except ScorekeeperError as error:
        return findings + [Finding(hand=getattr(error, "hand", None), kind="record",
                                   message=f"the hands no longer settle: {error}")]

    matching: dict[int, Settlement] = {}  # hands whose stored figures are the re-settled ones
    for settlement in ledger.settlements:
        n = settlement.number
        got = stored.get(n)
        if got is None:
            findings.append(Finding(hand=n, kind="figures",
                                    message=f"hand {n}: its settlement is missing from the file"))
            continue
        expected = checked_hand(settlement)
        same = True
        if got.get("transfers") != expected["transfers"]:
            same = False
            findings.append(Finding(hand=n, kind="transfers", message=(
                f"hand {n}: stored transfers differ from the re-settled ones: "
                f"{_transfer_difference(got.get('transfers'), expected['transfers'])}")))
        for key in ("dealer", "kind", "pot_before", "stake", "pot_after", "deltas",
                    "scores_after", "record"):
            if got.get(key) != expected[key]:
                same = False
                findings.append(Finding(hand=n, kind="figures", message=(
                    f"hand {n}: stored {key} {_show(got.get(key))} differs from "
                    f"{_show(expected[key])} re-settled")))
        if same:
            matching[n] = settlement
    for n in sorted(set(stored) - {s.number for s in ledger.settlements}):
        findings.append(Finding(hand=n, kind="figures",
                                message=f"hand {n}: a settlement is stored for a hand not in force"))

    if ruleset.has_pot:  # chips move between players and the pot: their total never changes
        start = ruleset.initial_state(config)
        total = sum(start.scores.values()) + start.pot
        for n, hand in sorted(stored.items()):
            settled = matching.get(n)
            if settled is not None:  # the stored figures are these, already exact
                held = sum(settled.scores_after.values()) + settled.pot_after
            else:
                try:
                    held = sum(parse_amount(v) for v in hand["scores_after"].values())
                    held += parse_amount(hand["pot_after"])
                except (KeyError, TypeError, AttributeError, ScorekeeperError):
                    continue
            if held != total:
                findings.append(Finding(hand=n, kind="conservation", message=(
                    f"hand {n}: balances plus pot come to {to_decimal_string(held)}, "
                    f"not {to_decimal_string(total)}")))

    findings += _audit_counts(config, ruleset, events)

    summary = _only(document.get("summary"))
    if summary and (summary.get("hands") != ledger.state.hands_played
                    or summary.get("digest") != digest_of(events)):
        findings.append(Finding(hand=None, kind="summary", message=(
            "the session's summary (used by the listing) does not match its hands")))
    return findings


def _audit_counts(config: SessionConfig, ruleset: Ruleset,
                  events: list[dict[str, Any]]) -> list[Finding]:
    """Each chip count against the ledger as re-settled at that point of the history: a count
    that disagreed stays a finding until an amendment explains it."""
    findings = []
    for i, event in enumerate(events):
        if event.get("type") != "count":
            continue
        state = settle_hands(config, records_in_force(events[:i]), ruleset).state
        try:
            counted = {who: parse_amount(v) for who, v in event.get("counted", {}).items()}
            off = compare_count(state, counted)
        except (KeyError, ScorekeeperError, AttributeError):
            findings.append(Finding(hand=state.hands_played, kind="count", message=(
                f"chip count (event {event.get('seq')}) cannot be read")))
            continue
        if off:
            detail = ", ".join(
                f"{who} counted {to_decimal_string(counted[who])}, the ledger says "
                f"{to_decimal_string(counted[who] - amount)} (off by {to_decimal_string(amount)})"
                for who, amount in off.items())
            findings.append(Finding(hand=state.hands_played, kind="count", message=(
                f"chip count after hand {state.hands_played} (event {event.get('seq')}) "
                f"disagreed: {detail}")))
    return findings


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
    label = f"event {event.get('seq')} ({event.get('type')}"
    if event.get("number") is not None:
        label += f" of hand {event.get('number')}"
    return label + ")"


def _show(value: Any) -> str:
    return jsontext.text(value)


def _transfer_difference(got: Any, expected: list[dict[str, Any]]) -> str:
    if not isinstance(got, list) or len(got) != len(expected):
        return f"{len(got) if isinstance(got, list) else 'no'} stored, {len(expected)} expected"
    for i, (a, b) in enumerate(zip(got, expected), start=1):
        if a != b:
            return f"transfer {i}: stored {_show(a)}, re-settled {_show(b)}"
    return "they differ"
