"""Standings and ledgers in every output format. Pure: each format is a function of the data.

``standings_document`` is the JSON document fixed in the contract (docs/contract.md);
``render_text`` the terminal's table; further formats (csv, md, html, beancount) are
registered in ``FORMATS``.
"""

from __future__ import annotations

import csv
import html
import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from . import jsontext
from .amounts import ZERO, exact, format_amount, format_decimal, to_decimal_string
from .documents import GENESIS, event_to_json, hand_document, history_marks, pot_label
from .i18n import _, current_language, ngettext, untranslated
from .ledger import (
    ChipCount,
    CountCheck,
    Event,
    HandAmended,
    HandRecorded,
    HandWithdrawn,
    Ledger,
    OpeningEntry,
    SessionStarted,
    check_counts,
)
from .presentation import (
    CHANGED_SINCE,
    UNCHANGED,
    changes_words,
    counted_words,
    end_words,
    evening_lines,
    hand_changes,
    in_units,
    money_text,
    opening_line,
    payment_line,
    ranked_lines,
    settle_terms_words,
)
from .rules import (
    PENALTY,
    POT,
    End,
    SessionConfig,
    Settlement,
    TableState,
    Transfer,
    end_from_text,
    end_text,
    get_ruleset,
)
from .settleup import CENT, ROUNDING_WORDS, Agreed, SettleUp, Share, agreed_in


def standings_document(ledger: Ledger | ExportSource) -> dict[str, Any]:
    """The standings document of the contract (``replay --json``, ``show --json``)."""
    written: dict[Transfer, dict[str, Any]] = {}
    return _standings(ledger.config, ledger.state,
                      [hand_document(s, written) for s in ledger.settlements])


def _standings(config: SessionConfig, state: TableState,
               hands: Iterable[dict[str, Any]]) -> dict[str, Any]:
    return {
        "game": config.game,
        "players": [{"name": p, "score": to_decimal_string(state.scores[p])}
                    for p in config.players],
        "pot": None if state.pot is None else to_decimal_string(state.pot),
        "hands_played": state.hands_played,
        "finished": state.finished,
        "leaders": list(state.leaders),
        "hands": hands,
    }


def settle_up_document(settled: SettleUp) -> dict[str, Any]:
    """A settle-up as JSON (``settle --json``, and ``settle_up`` in the json export): every
    amount an exact decimal string; ``money``, ``exact`` and the transfers in the currency
    when there is a value, else null and the transfers in chips or points."""
    accounts = get_ruleset(settled.game).accounts

    def figures(share: Share) -> dict[str, Any]:
        return {"score": to_decimal_string(share.score),
                "result": to_decimal_string(share.result),
                "exact": None if share.exact is None else to_decimal_string(share.exact),
                "money": None if share.money is None else to_decimal_string(share.money)}

    pot = settled.pot
    value = settled.value
    return {
        "game": settled.game,
        "after_hand": settled.after_hand,
        "unit": settled.unit,
        "currency": settled.currency,
        "value": None if value is None else to_decimal_string(value),
        "cent": None if value is None else to_decimal_string(CENT),
        "rounding": settled.rounding,
        "payments": settled.payments,
        "players": [{"name": share.party} | figures(share) for share in settled.players],
        "pot": None if pot is None else figures(pot),
        "transfers": [{"from": end_text(t.source, accounts), "to": end_text(t.target, accounts),
                       "amount": to_decimal_string(t.amount)} for t in settled.transfers],
    }


# ---- exports of a stored session -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ExportSource:
    """What every export is made from: the session's settings, the table now, every hand in
    force, and the history (times, chip counts). Built from a session file's stored figures
    (``OpenSession.export_source``, quick for thousands of hands) or from a settled ledger
    (``source_from_ledger``)."""

    config: SessionConfig
    state: TableState
    settlements: tuple[Settlement, ...]
    events: tuple[Event, ...]
    session_id: str
    digest: str

    def hand_times(self) -> dict[int, str]:
        """When each hand in force was played: the time of the event that recorded it."""
        return {e.number: e.at for e in self.events if isinstance(e, HandRecorded)}

    def counts(self) -> list[ChipCount]:
        return [e for e in self.events if isinstance(e, ChipCount)]

    def count_checks(self) -> list[CountCheck]:
        """Every chip count against the ledger as it stands now (these hands in force)."""
        ruleset = get_ruleset(self.config.game)
        return check_counts(self.events, self.settlements, ruleset.initial_state(self.config),
                            ruleset.accounts)

    def started(self) -> str:
        return next((e.at for e in self.events if isinstance(e, SessionStarted)), "")

    def evening_lines(self) -> list[str]:
        """The session's name, whether it is archived, and what it opened with when it
        continues another evening: a line each, for people."""
        lines = evening_lines(self.events)
        entry = self.opening()
        if entry is not None:
            lines.append(opening_line(get_ruleset(self.config.game), entry))
        return lines

    def went_on(self) -> str | None:
        """The session the evening went on in (its ``continued`` event), else ``None``."""
        return history_marks(self.events).continued_by

    def opening(self) -> OpeningEntry | None:
        """The opening entry of a session that continues another, else ``None``."""
        return next((e for e in self.events[1:2] if isinstance(e, OpeningEntry)), None)

    def settled_up(self) -> tuple[list[Agreed], bool]:
        """Every settle-up the history keeps, and whether hands changed after the last one."""
        return agreed_in(self.events, self.config, get_ruleset(self.config.game))


def source_from_ledger(ledger: Ledger, session_id: str, digest: str,
                       events: tuple[Event, ...]) -> ExportSource:
    """An export's source from a ledger settled here."""
    return ExportSource(config=ledger.config, state=ledger.state,
                        settlements=ledger.settlements, events=events,
                        session_id=session_id, digest=digest)


class _Once(dict[Any, Any]):
    """``work(key)`` for each distinct key, worked out once: a long session repeats the same
    amounts and transfers thousands of times."""

    def __init__(self, work: Callable[[Any], Any]) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.work(key)
        return value


def _shown(signed: bool = False) -> _Once:
    """Amounts as people read them (``4¼``)."""
    return _Once(lambda value: format_amount(value, signed=signed))


def _texts() -> _Once:
    """Amounts as exact decimal strings (``4.25``)."""
    return _Once(to_decimal_string)


def _mark(finished: bool, leading: bool) -> str:
    """After a name in the standings: `` (winner)`` or `` (leading)``."""
    if not leading:
        return ""
    return " " + (_("(winner)") if finished else _("(leading)"))


def _progress(hands: int, finished: bool, went_on: str | None = None) -> str:
    """``Hands played: 4; finished.``; an evening that went on in session ``went_on`` is
    closed, over or not (D21), and says where it goes on as ``show`` does, never "running"."""
    if finished:
        return _("Hands played: {count}; finished.").format(count=hands)
    if went_on is not None:
        return _("Hands played: {count}; closed: the evening goes on in session {id}.").format(
            count=hands, id=went_on)
    return _("Hands played: {count}; running.").format(count=hands)


def _count_words(cell: Callable[[str], str], amounts: _Once, check: CountCheck,
                 config: SessionConfig) -> str:
    """A chip count in a human export: ``after hand 3: Anna 2, Ben 4¼ (agrees)``, the pot
    said in words; when a later change moved what the ledger says of that moment, what it
    said then and says now."""
    event = check.count

    def named(by_name: dict[str, Decimal]) -> str:
        return ", ".join(f"{cell(counted_words(k, config))} {amounts[v]}"
                         for k, v in by_name.items())

    def verdict(off: dict[str, Decimal]) -> str:  # a difference is signed: +6 counted more
        differences = ", ".join(f"{cell(counted_words(k, config))} {format_amount(v, signed=True)}"
                                for k, v in off.items())
        return _("agrees") if not off else _("off: {differences}").format(differences=differences)

    counted = named(event.counted)
    if not check.compared:
        return _("after hand {number}: {counted} ({verdict} then; hand {number} was withdrawn "
                 "since: not compared now)").format(number=event.after_hand, counted=counted,
                                                    verdict=verdict(event.off))
    if check.changed:
        return _("after hand {number}: {counted} (the ledger said {then} then: {verdict_then}; "
                 "after {changes} it says {now}: {verdict_now})").format(
            number=event.after_hand, counted=counted, then=named(event.expected),
            verdict_then=verdict(event.off), changes=cell(changes_words(check.since)),
            now=named(check.now or {}), verdict_now=verdict(check.off_now))
    return _("after hand {number}: {counted} ({verdict})").format(
        number=event.after_hand, counted=counted, verdict=verdict(check.off_now))


def _data_changes(check: CountCheck) -> str:
    """The changes since a chip count in data's words (English: the csv and beancount)."""
    with untranslated():
        return changes_words(check.since)


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
    text = _texts()
    accounts = get_ruleset(config.game).accounts
    cells = _Once(lambda t: (csv_text_cell(end_text(t.source, accounts)),
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
            if not check.compared:
                reason += f"; hand {event.after_hand} withdrawn since: not compared now"
            elif check.changed and check.now is not None:
                off_now = check.off_now.get(who)
                reason += (f"; after {_data_changes(check)} the ledger says {text[check.now[who]]}"
                           + (f", off by {text[off_now]}" if off_now is not None
                              else ", agrees"))
            rows.append([event.after_hand, event.at, "", "count",
                         csv_text_cell(who), "", text[amount], csv_text_cell(reason), ""])
    return _csv(rows)


def export_json(source: ExportSource) -> str:
    """The standings document plus the session's id, digest and every event."""
    return "".join(_json_pieces(source))


def _json_document(source: ExportSource, hands: Iterable[dict[str, Any]],
                   events: Iterable[dict[str, Any] | jsontext.Written]) -> dict[str, Any]:
    agreed, changed = source.settled_up()
    return _standings(source.config, source.state, hands) | {
        "session": source.session_id, "digest": source.digest, "events": events,
        "settle_up": settle_up_document(agreed[-1].settled) if agreed else None,
        # hands changed since that settle-up: its money is not what the scores come to now
        "settle_up_stale": changed,
        "counts": [_count_document(check) for check in source.count_checks()]}


def _json_pieces(source: ExportSource) -> Iterable[str]:
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


def md_cell(text: str) -> str:
    """A table cell shown literally: Markdown's own characters are escaped, and ``&`` is
    written ``&amp;`` (a name's ``&amp;`` would otherwise be shown as ``&``)."""
    out = []
    for ch in text:
        if ch in "\\`*_{}[]<>()#+-.!|~":
            out.append("\\" + ch)
        elif ch == "&":
            out.append("&amp;")
        else:
            out.append(ch)
    return "".join(out)


def export_md(source: ExportSource) -> str:
    """A printable sheet: the standings, then one row per hand, then the chip counts."""
    config, state = source.config, source.state
    ruleset = get_ruleset(config.game)
    lines = [_("# {game}: session {id}").format(game=ruleset.title, id=source.session_id), ""]
    evening = source.evening_lines()
    if evening:
        lines += [md_cell(line) + "  " for line in evening[:-1]] + [md_cell(evening[-1]), ""]
    seat_word, player_word = _("seat"), _("player")
    lines += [f"| {seat_word} | {player_word} | {ruleset.score_words()} |",
              "| ---: | --- | ---: |"]
    for seat, p in enumerate(config.players, start=1):
        mark = _mark(state.finished, p in state.leaders)
        lines.append(f"| {seat} | {md_cell(p)}{mark} | {format_amount(state.scores[p])} |")
    lines.append("")
    if state.pot is not None:
        lines.append(_("Pot: {pot}. ").format(pot=format_amount(state.pot)))
    lines.append(_progress(state.hands_played, state.finished, source.went_on())[:-1] + ". "
                 + _("Digest: `{digest}`.").format(digest=source.digest))
    lines.append("")
    has_pot = bool(source.settlements) and source.settlements[0].pot_before is not None
    columns = ["#", _("dealer"), _("kind")] + ([_("pot before"), "P", _("pot after")]
                                              if has_pot else [])
    header = "|" + "".join(f" {c} |" for c in columns)
    header += "".join(f" {md_cell(p)} |" for p in config.players)
    lines += [header, "|" + " --- |" * (header.count("|") - 1)]
    shown, change = _shown(), _shown(signed=True)
    change[ZERO] = UNCHANGED  # as the table says it: every player of a hand named
    dealers = {p: md_cell(p) for p in config.players}
    kinds = {k: ruleset.kind_words(k) for k in ruleset.hand_kinds}  # our words: no escapes
    for h in source.settlements:
        row = f"| {h.number} | {dealers[h.dealer]} | {kinds[h.kind]} |"
        if has_pot:
            stake = "" if h.stake is None else shown[h.stake]
            row += f" {shown[h.pot_before]} | {stake} | {shown[h.pot_after]} |"
        deltas = h.deltas
        row += "".join(f" {change[deltas[p]]} |" for p in config.players)
        lines.append(row)
    findings = [(h.number, ruleset.finding_words(f, config)) for h in source.settlements
                for f in h.findings]
    if findings:
        lines += ["", "## " + _("Referee's findings"), ""]
        lines += ["- " + _("hand {number}: {finding}").format(number=n, finding=md_cell(words))
                  for n, words in findings]
    counts = source.count_checks()
    shown = _shown()
    if counts:
        lines += ["", "## " + _("Chip counts"), ""]
        for check in counts:
            lines.append("- " + _count_words(md_cell, shown, check, config))
    lines += _settled_up_md(source)
    return "\n".join(lines) + "\n"


def _share_cells(settled: SettleUp, share: Share) -> tuple[str, str]:
    """A party's result and its money (empty without a value), as people read them."""
    money = "" if share.money is None or settled.currency is None else (
        money_text(share.money, settled.currency)
        + ("" if not share.rounded else " " + _("(exactly {amount})").format(
            amount=format_decimal(share.exact or ZERO))))
    return in_units(share.result, settled.unit), money


def _settled_up_md(source: ExportSource) -> list[str]:
    """The settle-ups agreed, each with every party's result and money and who pays whom."""
    agreed, changed = source.settled_up()
    if not agreed:
        return []
    lines = ["", "## " + _("Settled up")]
    for a in agreed:
        settled = a.settled
        lines += ["", _agreed_words(a), "", "| | " + _("result") + " | " + _("money") + " |",
                  "| --- | ---: | ---: |"]
        for share in settled.shares:
            name = (md_cell(share.party) if isinstance(share.party, str)
                    else md_cell(pot_label(source.config.players)))
            result, money = _share_cells(settled, share)
            lines.append(f"| {name} | {result} | {money} |")  # amounts: nothing to escape
        lines.append("")
        # The words around the names are the program's own (no Markdown in them).
        lines += [f"- {payment_line(settled, t, md_cell)}"
                  for t in settled.transfers] or ["- " + _("nobody pays anybody")]
        if settled.value is not None:
            lines += ["", _(ROUNDING_WORDS)]
    if changed:
        lines += ["", "*" + _(CHANGED_SINCE) + "*"]
    return lines


_LINE_STYLES = ["", "6 3", "2 3", "10 3 2 3", "1 5", "8 2 1 2"]
_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"]


def score_series(ledger: Ledger) -> dict[str, list[Decimal]]:
    """Every player's score before the first hand and after each hand."""
    ruleset = get_ruleset(ledger.config.game)
    start = ruleset.initial_state(ledger.config).scores
    series = {p: [start[p]] for p in ledger.config.players}
    for s in ledger.settlements:
        for p in ledger.config.players:
            series[p].append(s.scores_after[p])
    return series


def _series_of(source: ExportSource) -> dict[str, list[Decimal]]:
    """``score_series`` from an export's hands."""
    config = source.config
    start = get_ruleset(config.game).initial_state(config).scores
    return {p: [start[p]] + [h.scores_after[p] for h in source.settlements]
            for p in config.players}


def svg_chart(series: dict[str, list[Decimal]], width: int = 640, height: int = 280, *,
              label: str | None = None, axis: str | None = None, legend: bool = False) -> str:
    """An inline SVG line chart of every player's score by hand (``score_series``), or of any
    series of points (``label`` names the chart, ``axis`` the steps; by default hands). Lines
    differ by dash pattern and carry the player's name at their end, so colour is never the
    only clue; with ``legend``, a key below the chart gives each line's pattern, the name and
    the last value as well. Positions on the page are floats; the amounts written on it stay
    exact."""
    key_rows = len(series) if legend else 0
    if key_rows:
        height += 8 + 18 * key_rows
    values = [v for vs in series.values() for v in vs]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    hands = max(len(vs) for vs in series.values()) - 1
    left, right, top, bottom = 48, 120, 16, 28 + (8 + 18 * key_rows if key_rows else 0)
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (plot_w * i / hands if hands else 0)

    top_value, span = float(high), float(high - low)

    def y(v: Decimal) -> float:
        return top + plot_h * (top_value - float(v)) / span

    label = html.escape(_("score by hand") if label is None else label, quote=True)
    axis = html.escape(_("hand (0 to {last})").format(last=hands) if axis is None else axis)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#888"/>',
             f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
             f'stroke="#888"/>',
             f'<text x="{left - 6}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="11">'
             f'{html.escape(format_amount(high))}</text>',
             f'<text x="{left - 6}" y="{y(low) + 4:.1f}" text-anchor="end" font-size="11">'
             f'{html.escape(format_amount(low))}</text>',
             f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 22}" '
             f'text-anchor="middle" font-size="11">{axis}</text>']
    if low < 0 < high:
        parts.append(f'<line x1="{left}" y1="{y(Decimal(0)):.1f}" x2="{left + plot_w}" '
                     f'y2="{y(Decimal(0)):.1f}" stroke="#ccc"/>')
    xs = [f"{x(j):.1f}," for j in range(hands + 1)]
    for i, (player, vs) in enumerate(series.items()):
        points = " ".join([f"{xj}{y(v):.1f}" for xj, v in zip(xs, vs, strict=False)])
        dash = _LINE_STYLES[i % len(_LINE_STYLES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline fill="none" stroke="{_COLOURS[i % len(_COLOURS)]}" '
                     f'stroke-width="2"{dash_attr} points="{points}"><title>'
                     f'{html.escape(player)}</title></polyline>')
        parts.append(f'<text x="{x(len(vs) - 1) + 6:.1f}" y="{y(vs[-1]) + 4:.1f}" '
                     f'font-size="11">{html.escape(player)} {html.escape(format_amount(vs[-1]))}'
                     f'</text>')
        if key_rows:
            row_y = top + plot_h + 40 + 18 * i
            parts.append(f'<line x1="{left}" y1="{row_y - 4}" x2="{left + 36}" y2="{row_y - 4}" '
                         f'stroke="{_COLOURS[i % len(_COLOURS)]}" stroke-width="2"{dash_attr}/>')
            parts.append(f'<text x="{left + 44}" y="{row_y}" font-size="11">'
                         f'{html.escape(player)}: {html.escape(format_amount(vs[-1]))}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def export_html(source: ExportSource) -> str:
    """One self-contained page (no external assets): standings, the chart, the ledger."""
    return "\n".join(_html_lines(source)) + "\n"


def _html_lines(source: ExportSource) -> list[str]:
    """``export_html``'s lines."""
    config, state = source.config, source.state
    ruleset = get_ruleset(config.game)
    e = html.escape
    title = e(_("{game}: session {id}").format(game=ruleset.title, id=source.session_id))
    pot = (" " + _("Pot: {pot}.").format(pot=e(format_amount(state.pot)))
           if state.pot is not None else "")
    out = ["<!DOCTYPE html>",
           f'<html lang="{current_language()}"><head><meta charset="utf-8">',
           # Laid out at a phone's own width (without it a phone lays the page out 980
           # pixels wide and shrinks it); a table wider than the screen scrolls in its box.
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{title}</title>",
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
           "margin:1em 0}td,th{border:1px solid #bbb;padding:.2em .6em}td.n{text-align:right}"
           ".wide{overflow-x:auto}svg{max-width:100%;height:auto}"
           "@media (max-width:600px){body{margin:.6em}}</style></head><body>",
           f"<h1>{title}</h1>",
           *(f"<p>{e(line)}</p>" for line in source.evening_lines()),
           "<p>" + _("Digest {digest}.").format(digest=f"<code>{e(source.digest)}</code>") + " "
           + e(_progress(state.hands_played, state.finished, source.went_on())) + pot + "</p>",
           "<h2>" + e(_("Standings")) + "</h2>",
           "<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in (_("seat"), _("player"),
                                                                 ruleset.score_words()))
           + "</tr>"]
    for seat, p in enumerate(config.players, start=1):
        mark = e(_mark(state.finished, p in state.leaders))
        out.append(f"<tr><td class=n>{seat}</td><td>{e(p)}{mark}</td>"
                   f"<td class=n>{e(format_amount(state.scores[p]))}</td></tr>")
    headings = [_("hand"), _("time"), _("dealer"), _("kind"), _("from"), _("to"), _("amount"),
                _("reason"), _("pot after"), _("changes")]
    out += ["</table>", "<h2>" + e(_("Score by hand")) + "</h2>",
            svg_chart(_series_of(source), legend=True),
            "<h2>" + e(_("Ledger")) + "</h2>",
            '<div class="wide"><table><tr>' + "".join(f"<th>{e(h)}</th>" for h in headings)
            + "</tr>"]
    shown = _shown()
    out += _html_ledger_rows(source, shown)
    out.append("</table></div>")
    findings = [(h.number, ruleset.finding_words(f, config)) for h in source.settlements
                for f in h.findings]
    if findings:
        out.append("<h2>" + e(_("Referee's findings")) + "</h2><ul>")
        line = _("hand {number}: {finding}")
        out += ["<li>" + e(line.format(number=n, finding=words)) + "</li>"
                for n, words in findings]
        out.append("</ul>")
    counts = source.count_checks()
    if counts:
        out.append("<h2>" + e(_("Chip counts")) + "</h2><ul>")
        for check in counts:
            out.append(f"<li>{_count_words(e, shown, check, config)}</li>")
        out.append("</ul>")
    out += _settled_up_html(source)
    out.append("</body></html>")
    return out


def local_minute(at: str) -> str:
    """A stored time (UTC, ``2026-12-02T16:25:08.071560Z``) in the machine's local zone, to
    the minute (``2026-12-02 17:25``); a stamp that names no time, as written."""
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return at
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def _html_ledger_rows(source: ExportSource, shown: _Once) -> list[str]:
    """The ledger's rows, grouped by hand: the hand, its time (local, to the minute), dealer,
    kind, the pot after it and every player's change (``±0`` for one whose balance stayed, as
    the table says them) once, beside all of its transfers (``rowspan``); a hand without
    transfers, one row with their cells empty."""
    ruleset = get_ruleset(source.config.game)
    players = source.config.players
    e = html.escape
    times = source.hand_times()
    cells = _Once(lambda t: f"<td>{e(end_words(t.source, players))}</td>"
                            f"<td>{e(end_words(t.target, players))}</td>"
                            f"<td class=n>{e(shown[t.amount])}</td>"
                            f"<td>{e(ruleset.reason_words(t.reason))}</td>")
    dealers = {p: e(p) for p in players}
    kinds = {k: e(ruleset.kind_words(k)) for k in ruleset.hand_kinds}
    minutes = _Once(lambda at: e(local_minute(at)))
    no_change = e(_("no change"))
    out = []
    for h in source.settlements:
        n, span = h.number, len(h.transfers)
        rows = f" rowspan={span}" if span > 1 else ""
        pot_after = "" if h.pot_after is None else e(shown[h.pot_after])
        moved = (e(", ".join(f"{p} {d}" for p, d in hand_changes(h.deltas)))
                 if any(h.deltas.values()) else no_change)
        first = cells[h.transfers[0]] if h.transfers else "<td colspan=4></td>"
        out.append(f"<tr><td class=n{rows}>{n}</td><td{rows}>{minutes[times.get(n, '')]}</td>"
                   f"<td{rows}>{dealers[h.dealer]}</td><td{rows}>{kinds[h.kind]}</td>"
                   f"{first}<td class=n{rows}>{pot_after}</td><td{rows}>{moved}</td></tr>")
        out += [f"<tr>{cells[t]}</tr>" for t in h.transfers[1:]]
    return out


def _settled_up_html(source: ExportSource) -> list[str]:
    """The settle-ups agreed, each with every party's result and money and who pays whom."""
    agreed, changed = source.settled_up()
    if not agreed:
        return []
    e = html.escape
    out = ["<h2>" + e(_("Settled up")) + "</h2>"]
    for a in agreed:
        settled = a.settled
        out.append(f"<p>{e(_agreed_words(a, local=True))}</p>")
        out.append("<table><tr><th></th><th>" + e(_("result")) + "</th><th>" + e(_("money"))
                   + "</th></tr>")
        for share in settled.shares:
            name = share.party if isinstance(share.party, str) else pot_label(
                source.config.players)
            result, money = _share_cells(settled, share)
            out.append(f"<tr><td>{e(name)}</td><td class=n>{e(result)}</td>"
                       f"<td class=n>{e(money)}</td></tr>")
        out.append("</table><ul>")
        out += [f"<li>{payment_line(settled, t, e)}</li>" for t in settled.transfers] or [
            "<li>" + e(_("nobody pays anybody")) + "</li>"]
        out.append("</ul>")
        if settled.value is not None:
            out.append("<p>" + e(_(ROUNDING_WORDS)) + "</p>")
    if changed:
        out.append("<p><em>" + e(_(CHANGED_SINCE)) + "</em></p>")
    return out


_LATIN = str.maketrans({"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "ß": "ss", "Æ": "AE",
                        "æ": "ae", "Œ": "OE", "œ": "oe", "Đ": "D", "đ": "d", "Þ": "Th",
                        "þ": "th", "ı": "i"})


def beancount_account(seat: int, name: str) -> str:
    """A valid, unique account for a player: the seat number keeps it unique, the name is
    reduced to ASCII letters, digits and dashes."""
    ascii_name = unicodedata.normalize("NFKD", name.translate(_LATIN)).encode(
        "ascii", "ignore").decode("ascii")
    cleaned = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-")
    return f"Assets:Players:Seat{seat}" + (f"-{cleaned}" if cleaned else "")


def _bean_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def export_beancount(source: ExportSource) -> str:
    """The pot and every player as accounts, one transaction per hand, and balance assertions
    on the day after each evening (beancount checks a balance at the start of its date)."""
    with exact():
        return _beancount(source)


_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_LAST_DAY = date.max - timedelta(days=1)  # a balance goes on the day after: it must exist


def _day(at: str) -> date | None:
    """The day a time stamp names (``2026-11-28T20:00:00Z``), or ``None`` if it names none."""
    text = at[:10]
    if not _ISO_DAY.fullmatch(text):
        return None
    try:
        return min(date.fromisoformat(text), _LAST_DAY)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class _Book:
    """What every part of a beancount export writes with: the commodity, each player's
    account, the pot's (``None``: the game has none) and the account chips or points come from
    (an opening for chips, penalties for points), the days each hand is dated, and amounts
    written once each."""

    commodity: str
    accounts: dict[str, str]
    pot: str | None
    source_account: str
    first_day: date
    hand_days: dict[int, date]
    text: _Once

    def account_of(self, end: End) -> str:
        if isinstance(end, str):
            return self.accounts[end]
        if end is POT:
            return self.pot or self.source_account
        assert end is PENALTY, f"an account this export does not know: {end}"
        return self.source_account


def _bean_days(source: ExportSource) -> tuple[date, dict[int, date]]:
    """The day everything opens, and the day of each hand.

    The dates never go backwards, whatever the clock did (set back between hands, ahead when
    the session started): each entry is dated its own day, or the day of the entry before it
    if that is later; everything opens on the day the session started, or the day of its
    first hand if that is earlier (the clock was ahead at the start)."""
    times = source.hand_times()
    first_hand = times.get(source.settlements[0].number, "") if source.settlements else ""
    days = [d for d in (_day(source.started()), _day(first_hand)) if d is not None]
    first_day = min(days, default=date(1970, 1, 1))
    hand_days: dict[int, date] = {}
    day = first_day
    for h in source.settlements:
        day = max(_day(times.get(h.number, "")) or day, day)
        hand_days[h.number] = day
    return first_day, hand_days


def _bean_opening(source: ExportSource, book: _Book) -> list[str]:
    """The options, the accounts opened, and the chips and the pot a session starts with."""
    config, ruleset = source.config, get_ruleset(source.config.game)
    commodity, first_day, pot = book.commodity, book.first_day, book.pot
    out = [f"; {ruleset.title}: session {source.session_id}, digest {source.digest}",
           f'option "title" {_bean_string(f"scorekeeper {ruleset.title} {source.session_id}")}',
           f'option "operating_currency" "{commodity}"', ""]
    out.append(f"{first_day} commodity {commodity}")
    for p, account in book.accounts.items():
        out.append(f"{first_day} open {account} {commodity}")
        out.append(f"  name: {_bean_string(p)}")
    if pot:
        out.append(f"{first_day} open {pot} {commodity}")
    out.append(f"{first_day} open {book.source_account} {commodity}")
    out.append("")
    start = ruleset.initial_state(config)
    carried = source.opening()
    if any(start.scores.values()):
        title = ("Starting chips" if carried is None or carried.scores is None else
                 f"Chips carried from session {carried.previous_id}")
        out.append(f"{first_day} * {_bean_string(title)}")
        for p in config.players:
            out.append(f"  {book.accounts[p]}  {to_decimal_string(start.scores[p])} {commodity}")
        opening = to_decimal_string(-sum(start.scores.values()))
        out.append(f"  {book.source_account}  {opening} {commodity}")
        out.append("")
    if pot and start.pot and carried is not None:  # the pot a continued session opened with
        title = f"Pot carried from session {carried.previous_id}"
        out.append(f"{first_day} * {_bean_string(title)}")
        out.append(f"  {pot}  {to_decimal_string(start.pot)} {commodity}")
        out.append(f"  {book.source_account}  {to_decimal_string(-start.pot)} {commodity}")
        out.append("")
    return out


def _bean_balances(book: _Book, day: date, hand: Settlement,
                   players: Iterable[str]) -> list[str]:
    """Each account's balance after ``hand``, asserted on the morning after its day."""
    following = (day + timedelta(days=1)).isoformat()
    text, commodity = book.text, book.commodity
    out = [f"{following} balance {book.accounts[p]}  {text[hand.scores_after[p]]} {commodity}"
           for p in players]
    if book.pot and hand.pot_after is not None:
        out.append(f"{following} balance {book.pot}  {text[hand.pot_after]} {commodity}")
    out.append("")
    return out


def _bean_hands(source: ExportSource, book: _Book) -> list[str]:
    """A transaction for each hand (what each account gained or lost in it), and the balances
    after each day's last hand."""
    players = source.config.players
    out: list[str] = []
    ends = _Once(lambda t: (book.account_of(t.source), book.account_of(t.target), t.amount))
    last_day = None
    previous: Settlement | None = None
    for h in source.settlements:
        n = h.number
        day = book.hand_days[n]
        if last_day is not None and day != last_day and previous is not None:
            out += _bean_balances(book, last_day, previous, players)
        last_day = day
        title = f"Hand {n}: {h.dealer} deals, {h.kind}"
        out.append(f"{day} * {_bean_string(title)}")
        out.append(f"  hand: {n}")
        net: dict[str, Decimal] = {}
        for t in h.transfers:
            paying, receiving, amount = ends[t]
            net[paying] = net.get(paying, ZERO) - amount
            net[receiving] = net.get(receiving, ZERO) + amount
        for account, amount in net.items():
            if amount:
                out.append(f"  {account}  {to_decimal_string(amount)} {book.commodity}")
        out.append("")
        previous = h
    if previous is not None and last_day is not None:
        out += _bean_balances(book, last_day, previous, players)
    return out


def _bean_counts(source: ExportSource, book: _Book) -> list[str]:
    """A note on each account a chip count counted: what it held, and how far it was off."""
    ruleset = get_ruleset(source.config.game)
    text = book.text
    out = []
    noted = book.first_day
    for check in source.count_checks():
        event = check.count
        # Never before the hand it follows, nor before the count before it.
        noted = max(_day(event.at) or noted, noted,
                    book.hand_days.get(event.after_hand, book.first_day))
        for who, amount in event.counted.items():
            end = end_from_text(who, ruleset.accounts)
            held_in = (book.accounts.get(end) if isinstance(end, str)
                       else book.pot if end is POT else None)
            if held_in:
                off = event.off.get(who)
                words = f"chip count after hand {event.after_hand}: {text[amount]} held" + (
                    f", off by {text[off]}" if off is not None else ", agrees")
                if not check.compared:
                    words += f"; hand {event.after_hand} withdrawn since: not compared now"
                elif check.changed and check.now is not None:
                    off_now = check.off_now.get(who)
                    words += (f"; after {_data_changes(check)} the ledger says "
                              f"{text[check.now[who]]}" + (f", off by {text[off_now]}"
                                                           if off_now is not None else ", agrees"))
                out.append(f"{noted} note {held_in} {_bean_string(words)}")
    return out


def _beancount(source: ExportSource) -> str:
    config = source.config
    ruleset = get_ruleset(config.game)
    first_day, hand_days = _bean_days(source)
    book = _Book(commodity=ruleset.unit.upper(),
                 accounts={p: beancount_account(seat, p)
                           for seat, p in enumerate(config.players, start=1)},
                 pot="Assets:Pot" if ruleset.has_pot else None,
                 # Points are written down against a player (from "penalties"); chips come
                 # from an opening.
                 source_account="Equity:Opening" if ruleset.unit == "chip" else
                 "Equity:Penalties",
                 first_day=first_day, hand_days=hand_days, text=_texts())
    out = _bean_opening(source, book) + _bean_hands(source, book) + _bean_counts(source, book)
    return "\n".join(out).rstrip("\n") + "\n"


FORMATS: dict[str, Callable[..., str]] = {
    "csv": export_csv, "json": export_json, "md": export_md, "html": export_html,
    "beancount": export_beancount,
}


def export_pieces(fmt: str, source: ExportSource, **options: Any) -> Iterable[str]:
    """``FORMATS[fmt](source, **options)`` in pieces, whose concatenation is that text: for a
    caller that writes the text out (``export``), the long formats never make it whole. An
    export of 10,000 hands is 10 to 16 MiB of text; made whole, beside its pieces, it raised
    the peak memory of ``export`` json to 1.36x and html to 1.20x ``json.load`` of the
    session file (tests/benchmarks, "peak memory")."""
    if fmt == "json":
        return _json_pieces(source)
    if fmt == "html":
        lines = _html_lines(source)  # made here: in the language in use now
        return (line + "\n" for line in lines)
    return [FORMATS[fmt](source, **options)]


# ---- the night in a few lines, to share ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Night:
    """What a summary of one evening says, before it is written in a format: a title, the
    standings best first (rank, name, score, mark), the pot left, the settle-up agreed last
    (or ``None``) and the digest."""

    title: str
    score_name: str
    standings: list[tuple[int, str, str, str]]
    pot: str | None
    agreed: Agreed | None
    changed: bool
    digest: str


def _night(source: ExportSource) -> _Night:
    config, state = source.config, source.state
    ruleset = get_ruleset(config.game)
    standings = []
    rank, previous = 0, None
    for i, p in enumerate(ruleset.ranked(state.scores), start=1):
        score = state.scores[p]
        rank = rank if score == previous else i  # equal scores share the place (D10)
        previous = score
        mark = (_("winner") if state.finished else _("leading")) if p in state.leaders else ""
        standings.append((rank, p, format_amount(score), mark))
    pot = None if state.pot is None else (
        _("{pot} (stays in the pot)") if state.finished else "{pot}").format(
            pot=format_amount(state.pot))
    agreed, changed = source.settled_up()
    day = source.started()[:10]
    if state.finished:
        title = ngettext("{game}, {day}: session {id}, {count} hand, finished",
                         "{game}, {day}: session {id}, {count} hands, finished",
                         state.hands_played)
    else:
        title = ngettext("{game}, {day}: session {id}, {count} hand",
                         "{game}, {day}: session {id}, {count} hands", state.hands_played)
    return _Night(title=title.format(game=ruleset.title, day=day, id=source.session_id,
                                     count=state.hands_played),
                  score_name=ruleset.score_words(), standings=standings, pot=pot,
                  agreed=agreed[-1] if agreed else None, changed=changed,
                  digest=source.digest)


def _settle_words(agreed: Agreed) -> str:
    return _("Settled up after hand {number}, {terms}:").format(
        number=agreed.settled.after_hand, terms=settle_terms_words(agreed.settled))


def _agreed_words(agreed: Agreed, local: bool = False) -> str:
    """A settle-up's heading in the md and html exports: after which hand, when (``local``:
    in the machine's zone, else in UTC), at what."""
    if local:
        return _("After hand {number} ({time}), {terms}:").format(
            number=agreed.settled.after_hand, time=local_minute(agreed.at),
            terms=settle_terms_words(agreed.settled))
    return _("After hand {number} ({time} UTC), {terms}:").format(
        number=agreed.settled.after_hand, time=agreed.at[:16].replace("T", " "),
        terms=settle_terms_words(agreed.settled))


def night_text(source: ExportSource) -> str:
    """The evening as plain text for a group chat: standings, who pays whom (the settle-up
    agreed last), the pot left and the digest. Names are written as they are."""
    night = _night(source)
    lines = [night.title, "", _("Standings ({score}):").format(score=night.score_name)]
    lines += [f"  {line}" for line in ranked_lines(night.standings)]
    if night.pot is not None:
        lines.append(_("Pot left: {pot}").format(pot=night.pot))
    lines.append("")
    if night.agreed is None:
        lines.append(_("Not settled up yet."))
    else:
        settled = night.agreed.settled
        lines.append(_settle_words(night.agreed))
        lines += [f"  {payment_line(settled, t)}" for t in settled.transfers] or [
            "  " + _("nobody pays anybody")]
        if night.changed:
            lines.append("(" + _(CHANGED_SINCE) + ")")
    lines += ["", _("Digest: {digest}").format(digest=night.digest)]
    return "\n".join(lines) + "\n"


def night_md(source: ExportSource) -> str:
    """The evening in Markdown (names escaped as in the md export)."""
    night = _night(source)
    lines = [f"## {night.title}", "", "| # | " + _("player") + f" | {night.score_name} |",
             "| ---: | --- | ---: |"]
    lines += [f"| {rank} | {md_cell(name)}" + (f" ({mark})" if mark else "") + f" | {score} |"
              for rank, name, score, mark in night.standings]
    lines.append("")
    if night.pot is not None:
        lines += [_("Pot left: {pot}").format(pot=night.pot), ""]
    if night.agreed is None:
        lines.append(_("Not settled up yet."))
    else:
        settled = night.agreed.settled
        lines += [_settle_words(night.agreed), ""]
        lines += [f"- {payment_line(settled, t, md_cell)}" for t in settled.transfers] or [
            "- " + _("nobody pays anybody")]
        if night.changed:
            lines += ["", "*" + _(CHANGED_SINCE) + "*"]
    lines += ["", _("Digest: `{digest}`").format(digest=night.digest)]
    return "\n".join(lines) + "\n"


def night_html(source: ExportSource) -> str:
    """The evening as one small self-contained page (names escaped)."""
    night = _night(source)
    e = html.escape
    out = ["<!DOCTYPE html>", f'<html lang="{current_language()}"><head><meta charset="utf-8">',
           f"<title>{e(night.title)}</title>",
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
           "td,th{border:1px solid #bbb;padding:.2em .6em}td.n{text-align:right}</style>"
           "</head><body>", f"<h1>{e(night.title)}</h1>",
           "<table><tr><th>#</th><th>" + e(_("player"))
           + f"</th><th>{e(night.score_name)}</th></tr>"]
    out += [f"<tr><td class=n>{rank}</td><td>{e(name)}{f' ({mark})' if mark else ''}</td>"
            f"<td class=n>{e(score)}</td></tr>" for rank, name, score, mark in night.standings]
    out.append("</table>")
    if night.pot is not None:
        out.append("<p>" + e(_("Pot left: {pot}").format(pot=night.pot)) + "</p>")
    if night.agreed is None:
        out.append("<p>" + e(_("Not settled up yet.")) + "</p>")
    else:
        settled = night.agreed.settled
        out += [f"<p>{e(_settle_words(night.agreed))}</p>", "<ul>"]
        out += [f"<li>{payment_line(settled, t, e)}</li>" for t in settled.transfers] or [
            "<li>" + e(_("nobody pays anybody")) + "</li>"]
        out.append("</ul>")
        if night.changed:
            out.append("<p><em>" + e(_(CHANGED_SINCE)) + "</em></p>")
    out += ["<p>" + _("Digest {digest}").format(digest=f"<code>{e(night.digest)}</code>")
            + "</p>", "</body></html>"]
    return "\n".join(out) + "\n"


NIGHT_FORMATS: dict[str, tuple[str, Callable[[ExportSource], str]]] = {
    "text": ("txt", night_text), "md": ("md", night_md), "html": ("html", night_html)}
"""The summary of an evening to share, by format: the file suffix and the writer."""
