"""The exports for programs: csv (cells a spreadsheet would run neutralised) and json (the
standings document plus the session's events, written in pieces). Pure."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from .. import jsontext
from ..amounts import to_decimal_string
from ..chain import GENESIS
from ..documents import hand_document
from ..history import event_to_json
from ..ledger import CountCheck, HandAmended, HandRecorded, HandWithdrawn
from ..rules import Settlement, Transfer, end_text, get_ruleset
from .source import (
    ExportSource,
    Once,
    data_since,
    decimal_texts,
    settle_up_document,
    standings_body,
)

_CSV_DANGEROUS = ("=", "+", "-", "@", "\t", "\r")
_CSV_QUOTED = (*_CSV_DANGEROUS, "'")


def csv_text_cell(value: str) -> str:
    """Neutralise a text cell a spreadsheet would run as a formula (the OWASP rule: a ``'``
    before it). A text that already starts with ``'`` gets one more, so that two different
    texts (``=1`` and ``'=1``) never become the same cell."""
    return "'" + value if value.startswith(_CSV_QUOTED) else value


def _csv(rows: list[list[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(rows)
    return buffer.getvalue()


def export_csv(source: ExportSource, standings: bool = False) -> str:
    """One row per transfer (and per chip count); with ``standings`` one row per player."""
    config, state = source.config, source.state
    if standings:
        rows: list[Any] = [["seat", "player", "score", "leader"]]
        for seat, p in enumerate(config.players, start=1):
            rows.append([seat, csv_text_cell(p), to_decimal_string(state.scores[p]),
                         "yes" if p in state.leaders else "no"])
        return _csv(rows)
    times = source.hand_times()
    rows = [["hand", "time", "dealer", "kind", "from", "to", "amount", "reason", "pot_after"]]
    text = decimal_texts()
    accounts = get_ruleset(config.game).accounts
    cells = Once(lambda t: (csv_text_cell(end_text(t.source, accounts)),
                             csv_text_cell(end_text(t.target, accounts)), text[t.amount],
                             csv_text_cell(t.reason)))
    dealers = {p: csv_text_cell(p) for p in config.players}
    for h in source.settlements:
        n = h.number
        hand = (n, times.get(n, ""), dealers[h.dealer], h.kind)
        tail = ("" if h.pot_after is None else text[h.pot_after],)
        rows += [hand + cells[t] + tail for t in h.transfers]
        # The referee's findings on the hand: a row each, of kind "finding", moving nothing.
        rows += [[n, times.get(n, ""), dealers[h.dealer], "finding", "", "", "",
                  csv_text_cell(f"referee: {f}"), ""] for f in h.findings]
    for check in source.count_checks():
        event = check.count
        for who, amount in event.counted.items():
            off = event.off.get(who)
            reason = f"chip count: ledger {text[event.expected[who]]}" + (
                f", off by {text[off]}" if off is not None else "")
            reason += data_since(check, who, text)
            rows.append([event.after_hand, event.at, "", "count",
                         csv_text_cell(who), "", text[amount], csv_text_cell(reason), ""])
    return _csv(rows)


def export_json(source: ExportSource) -> str:
    """The standings document plus the session's id, digest and every event."""
    return "".join(json_pieces(source))


def _json_document(source: ExportSource, hands: Iterable[dict[str, Any]],
                   events: Iterable[dict[str, Any] | jsontext.Written]) -> dict[str, Any]:
    agreed, changed = source.settled_up()
    return standings_body(source.config, source.state, hands) | {
        "session": source.session_id, "digest": source.digest, "events": events,
        "settle_up": settle_up_document(agreed[-1].settled) if agreed else None,
        # hands changed since that settle-up: its money is not what the scores come to now
        "settle_up_stale": changed,
        "counts": [_count_document(check) for check in source.count_checks()]}


def json_pieces(source: ExportSource) -> Iterable[str]:
    """The json export's text in pieces (``jsontext.indented_pieces``): the hands' documents
    are made, written and let go one at a time, as the text is written out; everything else
    is written here and now (a tenth of the text). A file edited by hand to hold a lone
    surrogate (which escapes every character of the document) is written whole, as
    ``jsontext.indented`` writes it."""
    previous = [GENESIS] + [e.hash for e in source.events]

    def events() -> Iterator[dict[str, Any]]:
        return (event_to_json(e, before)
                for e, before in zip(source.events, previous[:-1], strict=True))

    written: dict[Transfer, dict[str, Any]] = {}
    hands = (hand_document(s, written) for s in source.settlements)
    try:
        if not _plain_text(source.settlements):
            raise UnicodeEncodeError("utf-8", "", 0, 0, "a lone surrogate")
        texts = [jsontext.Written(jsontext.piece(e)) for e in events()]
        document = {key: value if key in ("hands", "events") else
                    jsontext.Written(jsontext.piece(value))
                    for key, value in _json_document(source, hands, iter(texts)).items()}
    except UnicodeEncodeError:
        whole = _json_document(source, list(hands), list(events()))
        return [jsontext.indented(whole, newline=True)]
    return jsontext.indented_pieces(document)


def _plain_text(settlements: Iterable[Settlement]) -> bool:
    """Whether the only free text of the hands' documents (the transfers' reasons and the
    referee's findings; the rest are names, kinds and figures the reading checked) can be
    written as UTF-8: no lone surrogate, which only a file edited by hand can hold."""
    texts = {t.reason for s in settlements for t in s.transfers}
    texts.update(f for s in settlements for f in s.findings)
    try:
        "".join(texts).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _count_document(check: CountCheck) -> dict[str, Any]:
    """A chip count against the ledger as it stands now, as the json export writes it."""
    event = check.count

    def amounts(by_name: dict[str, Decimal] | None) -> dict[str, str] | None:
        return None if by_name is None else {k: to_decimal_string(v) for k, v in by_name.items()}

    return {"after_hand": event.after_hand, "at": event.at, "seq": event.seq,
            "counted": amounts(event.counted), "ledger_then": amounts(event.expected),
            "off_then": amounts(event.off), "ledger_now": amounts(check.now),
            "off_now": amounts(check.off_now) if check.compared else None,
            "agrees": check.agrees,
            "changed_by": [{"type": _CHANGE_TYPES[type(e)], "number": getattr(e, "number", None),
                            "seq": e.seq} for e in check.since] if check.changed else []}


_CHANGE_TYPES = {HandRecorded: "hand", HandAmended: "amend", HandWithdrawn: "withdraw"}
