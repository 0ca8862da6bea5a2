"""A session file's documents: the JSON forms of what the file keeps (a hand's record, its
stored figures, its transfers, the session's settings) turned into typed models and back, and
the words for what a file keys by name. The one place that knows how a hand is written; the
history's events are ``history``'s, the hash chain ``chain``'s, the audit ``audit``'s. Pure.

TinyDB keeps three tables: ``session`` (one header: format, id, ruleset, settings), ``events``
(the hash-chained history) and ``hands`` (the settlement of each hand in force, derived data
that ``audit`` settles again and compares).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from decimal import Decimal
from typing import Any

from pydantic import ValidationError

from .amounts import stored_amount, to_decimal_string
from .errors import ScorekeeperError
from .i18n import _
from .rules import (
    RULESETS,
    Account,
    End,
    HandOutcome,
    HandRecord,
    Ruleset,
    SessionConfig,
    Settlement,
    Transfer,
    end_from_text,
    end_text,
    make_config,
)
from .rules.record import RECORD_SHAPES, describe_validation_error, record_key
from .rules.results import transfer

FORMAT_VERSION = 1


# ---- documents: the JSON forms of records, settlements and settings ---------------------------

def amount_text(value: Decimal | None) -> str | None:
    """An amount as the file writes it (``"4.5"``), or ``None``."""
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
    before, by what they hold (``rules.record.record_key``: a record written exactly as one
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
        "pot_before": amount_text(settlement.pot_before),
        "stake": amount_text(settlement.stake),
        "pot_after": amount_text(settlement.pot_after),
        "deltas": amounts_text(settlement.deltas),
        "transfers": transfers,
    }
    if settlement.findings:
        document["findings"] = list(settlement.findings)
    return document


def _written_transfers(transfers: Iterable[Transfer], accounts: Collection[Account],
                       written: dict[Any, Any]) -> list[dict[str, Any]]:
    """The transfers' documents, each made once for a whole document (``hand_document``).
    A transfer is found by the object it is, held beside its document: the core makes each
    transfer it meets again once (``rules.results.transfer``), and hashing a transfer by its
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
    document["scores_after"] = amounts_text(settlement.scores_after)
    record = settlement.record
    if written is None:
        document["record"] = record_to_json(record)
    else:  # the same record (``record_from_json``), written once, as a transfer is
        held = written.get(("record", id(record)))
        if held is None or held[0] is not record:
            held = written[("record", id(record))] = (record, record_to_json(record))
        document["record"] = held[1]
    return document


def amounts_text(by_player: dict[str, Decimal]) -> dict[str, str]:
    """Amounts by name as the file writes them."""
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


def amounts_from_json(value: Any, where: str) -> dict[str, Decimal]:
    """Amounts by name as the file writes them, read (a problem names ``where``)."""
    if not isinstance(value, dict):
        raise ScorekeeperError(_("{where}: must be amounts by name").format(where=where))
    return {who: amount_from_json(text, where) for who, text in value.items()}


def amount_from_json(text: Any, where: str) -> Decimal:
    """An amount as the file writes it, read (a problem names ``where``)."""
    found = stored_amount(text) if type(text) is str else None
    if found is None:
        raise ScorekeeperError(_("{where}: {text} is not an amount").format(
            where=where, text=repr(text)))
    return found


def optional_amount(text: Any, where: str) -> Decimal | None:
    """``amount_from_json``, or ``None`` for null."""
    return None if text is None else amount_from_json(text, where)


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
            transfers.append(transfer(source, target, amount_from_json(t["amount"], where),
                                      t["reason"], optional_amount(t.get("due"), where)))
        deltas = amounts_from_json(raw["deltas"], where)
        scores = amounts_from_json(raw["scores_after"], where)
        if deltas.keys() != players or scores.keys() != players:
            raise ScorekeeperError(_("{where}: its figures are not one per player").format(
                where=where))
        findings = raw.get("findings", [])
        if not all(type(f) is str for f in findings):
            raise unreadable()
        return Settlement(number=number, dealer=raw["dealer"], kind=raw["kind"], record=record,
                          pot_before=optional_amount(raw["pot_before"], where),
                          stake=optional_amount(raw["stake"], where), transfers=tuple(transfers),
                          deltas=deltas, pot_after=optional_amount(raw["pot_after"], where),
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


# ---- words for what a file keys by name -------------------------------------------------------

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


