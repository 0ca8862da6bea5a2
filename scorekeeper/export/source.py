"""What every export is made from (``ExportSource``), the standings and settle-up documents
of the contract (docs/contract.md), and what the human exports share: amounts written once
each, the standings' marks, the progress words, a chip count in words, a Markdown cell, a
local minute. Pure."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from ..amounts import format_amount, to_decimal_string
from ..countwords import changes_words, counted_words, off_list
from ..documents import hand_document
from ..eveningwords import evening_lines, opening_line
from ..history import history_marks
from ..i18n import _, sentence, untranslated
from ..ledger import (
    ChipCount,
    CountCheck,
    Event,
    HandRecorded,
    Ledger,
    OpeningEntry,
    SessionStarted,
    check_counts,
)
from ..rules import SessionConfig, Settlement, TableState, Transfer, end_text, get_ruleset
from ..settleup import CENT, Agreed, SettleUp, Share, agreed_in


def standings_document(ledger: Ledger | ExportSource) -> dict[str, Any]:
    """The standings document of the contract (``replay --json``, ``show --json``)."""
    written: dict[Transfer, dict[str, Any]] = {}
    return standings_body(ledger.config, ledger.state,
                      [hand_document(s, written) for s in ledger.settlements])


def standings_body(config: SessionConfig, state: TableState,
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
        return [sentence(line) for line in lines]  # a paragraph of the page: "The evening goes on…"

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


class Once(dict[Any, Any]):
    """``work(key)`` for each distinct key, worked out once: a long session repeats the same
    amounts and transfers thousands of times."""

    def __init__(self, work: Callable[[Any], Any]) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.work(key)
        return value


def shown_amounts(signed: bool = False) -> Once:
    """Amounts as people read them (``4¼``)."""
    return Once(lambda value: format_amount(value, signed=signed))


def decimal_texts() -> Once:
    """Amounts as exact decimal strings (``4.25``)."""
    return Once(to_decimal_string)


def standing_mark(finished: bool, leading: bool) -> str:
    """After a name in the standings: `` (winner)`` or `` (leading)``."""
    if not leading:
        return ""
    return " " + (_("(winner)") if finished else _("(leading)"))


def progress_words(hands: int, finished: bool, went_on: str | None = None) -> str:
    """``Hands played: 4; finished.``; an evening that went on in session ``went_on`` is
    closed, over or not (D21), and says where it goes on as ``show`` does, never "running"."""
    if finished:
        return _("Hands played: {count}; finished.").format(count=hands)
    if went_on is not None:
        return _("Hands played: {count}; closed: the evening goes on in session {id}.").format(
            count=hands, id=went_on)
    return _("Hands played: {count}; running.").format(count=hands)


def count_words(cell: Callable[[str], str], amounts: Once, check: CountCheck,
                 config: SessionConfig) -> str:
    """A chip count in a human export: ``after hand 3: Anna 2, Ben 4¼ (agrees)``, the pot
    said in words; when a later change moved what the ledger says of that moment, what it
    said then and says now."""
    event = check.count

    def named(by_name: dict[str, Decimal]) -> str:
        return ", ".join(f"{cell(counted_words(k, config))} {amounts[v]}"
                         for k, v in by_name.items())

    def verdict(off: dict[str, Decimal]) -> str:  # each difference as count and show say it
        return _("agrees") if not off else off_list(off, config, cell)  # ("Anna off by +46")

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


def data_changes(check: CountCheck) -> str:
    """The changes since a chip count in data's words (English: the csv and beancount)."""
    with untranslated():
        return changes_words(check.since)


def data_since(check: CountCheck, who: str, text: Once) -> str:
    """What became of ``who``'s count since it was made, in data's words (the csv's reason,
    the beancount note): its hand withdrawn, or what the ledger says after the changes
    (``text``: the amounts as the export writes them); empty where nothing changed."""
    if not check.compared:
        return f"; hand {check.count.after_hand} withdrawn since: not compared now"
    if not check.changed or check.now is None:
        return ""
    off_now = check.off_now.get(who)
    return (f"; after {data_changes(check)} the ledger says {text[check.now[who]]}"
            + (f", off by {text[off_now]}" if off_now is not None else ", agrees"))


_INLINE = frozenset("\\`*_[]<>|~")
"""What Markdown (GitHub's too) reads as markup anywhere in a line: escapes, code, emphasis,
links, html, table cells, strike-through; ``&`` is written ``&amp;``."""
_LINK = frozenset("()!")
"""A link's or an image's other characters: escaped in a name besides (``\\[D\\]\\(x\\)``)."""
_LINE_START = re.compile(r"(\s*)([#+=-]|[0-9]+[.)])")
"""What Markdown reads as a heading, a list item or an underline only at a line's start."""


def _escaped(text: str, always: frozenset[str]) -> str:
    out = []
    for ch in text:
        if ch in always:
            out.append("\\" + ch)
        elif ch == "&":
            out.append("&amp;")
        else:
            out.append(ch)
    escaped = "".join(out)
    start = _LINE_START.match(escaped)
    if start is None:
        return escaped
    lead, mark = start.group(1), start.group(2)
    return lead + mark[:-1] + "\\" + mark[-1] + escaped[start.end():]


def md_cell(text: str) -> str:
    """A name (or any text of the players') shown literally in Markdown, in a table cell or
    in a sentence: every character Markdown reads as markup anywhere in a line is escaped
    (``\\*x\\*``, ``\\[red\\]x``, ``A\\|B``), and so are a link's parentheses; a heading's,
    list item's or underline's mark only at the start (``\\-Bob``, ``1\\. x``); ``&`` is
    written ``&amp;`` (a name's ``&amp;`` would otherwise be shown as ``&``)."""
    return _escaped(text, _INLINE | _LINK)


def md_text(text: str) -> str:
    """A sentence of the program's own words, which may hold names, as a Markdown paragraph:
    only what Markdown would misread is escaped (as ``md_cell``, but a parenthesis, an
    exclamation mark, a dot or a dash in the middle of a line stays as it is, "(the next
    evening)"); a name in it stays literal, its brackets escaped, so it makes no link."""
    return _escaped(text, _INLINE)


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
