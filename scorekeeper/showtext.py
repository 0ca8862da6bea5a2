"""A stored session as ``show`` prints it: its standings and hands (``presentation``), then
the history of changes (each amendment or withdrawal with what the hand said, as the game
tells a hand's record), the chip counts, every settle-up kept and the digest. Pure."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from .amounts import CHANGED_SINCE
from .cards import Card, Deck
from .countwords import count_checks, count_line
from .errors import ScorekeeperError
from .eveningwords import EVENING_MARKS, evening_lines, mark_line, minute, opening_line
from .history import history_marks
from .i18n import _, sentence
from .ledger import (
    HandAmended,
    HandWithdrawn,
    Ledger,
    OpeningEntry,
    SettledUp,
    records_in_force,
    settle_hands,
)
from .presentation import hands_words, render_text
from .rules import HandRecord, Ruleset
from .rules.facts import names_and
from .rules.record import RECORD_SHAPES

# The settle-up's arithmetic and its words (five dataclasses compiled at import) are imported
# where a settle-up is kept, not by ``show`` of a session that was never settled up (``show``
# of 100 hands, a whole process: tests/benchmarks/test_whole_commands.py;
# tests/test_show_imports.py).
if TYPE_CHECKING:
    from .sessionview import SessionView
    from .settleup import SettleUp


def standings_text(session: SessionView, ledger: Ledger | None = None,
                   width: int | None = None) -> str:
    """A stored session as ``show`` prints it: standings and hands, the history of changes,
    the chip counts (each compared with the ledger of its time) and the digest; with
    ``width`` (a terminal's), every line made to fit it (``showfit``)."""
    ledger = ledger or session.ledger()
    lines = [_("session {id} ({label}), started {time} UTC").format(
                 id=session.id, label=session.label, time=minute(session.created))]
    lines += map(sentence, evening_lines(session.events))  # lines of their own
    if session.config.opening is not None:
        entry = next((e for e in session.events if isinstance(e, OpeningEntry)), None)
        if entry is not None:
            lines.append(sentence(opening_line(session.ruleset, entry)))
    went_on = history_marks(session.events).continued_by
    table = len(lines)  # (made to fit by render_text)
    lines.append(render_text(ledger, went_on, width).rstrip("\n"))
    changes = [e for e in session.events
               if isinstance(e, (HandAmended, HandWithdrawn, *EVENING_MARKS))]
    if changes:
        deck = session.ruleset.deck(session.config)
        lines.append("")
        lines.append(_("history (kept in the file):"))
        # the digest each event followed (what the table said to write down before it)
        before = {id(event): earlier.hash[:12]
                  for earlier, event in zip(session.events, session.events[1:], strict=False)}
        for event in changes:
            lines.append("  " + (mark_line(event, before.get(id(event)))
                                 if isinstance(event, EVENING_MARKS)
                                 else change_line(event, session.ruleset, deck,
                                                  partial(changed_kind, session, event))))
    counts = count_checks(session, ledger)
    if counts:
        lines.append("")
        lines.append(_("chip counts:"))
        for count in counts:
            lines.append("  " + count_line(count, session.config))
    settled = settled_up_lines(session)
    if settled:
        lines.append("")
        lines.append(_("settled up (kept in the file):"))
        lines += ["  " + line for line in settled]
    lines.append("")
    lines.append(_("digest: {digest}  (write it down: audit checks the file against it)").format(
        digest=session.digest))
    if width is not None:
        from .showfit import fold_lines

        lines = [*fold_lines(lines[:table], width), lines[table],
                 *fold_lines(lines[table + 1:], width)]
    return "\n".join(lines) + "\n"


def record_words(record: HandRecord | None, ruleset: Ruleset, deck: Deck = "french") -> str:
    """A hand's record in a few words of the language in use, as the game tells it
    (``Ruleset.field_words``): ``turned K♣; playing Ben; tricks Ben,Ben,Cleo,Ben``, each card
    as the pack shows it (the Weli by its name)."""
    if record is None:
        return "?"
    parts = []
    for key, shape in RECORD_SHAPES.items():
        value = getattr(record, key)
        if shape not in ("names", "cards") or key in ("tricks", "led_by") or value is None:
            continue
        parts.append(_field_words(key, value, ruleset, shape, deck))
    parts.append(_field_words("tricks", record.tricks, ruleset, "names", deck))
    return "; ".join(parts)


def _field_words(key: str, value: tuple[object, ...], ruleset: Ruleset, shape: str,
                 deck: Deck) -> str:
    """One field of a hand's record in words: its own words where it names nobody."""
    if not value and key in ruleset.record_words_empty:
        return _(ruleset.record_words_empty[key])
    words = ruleset.field_words(key, len(value))
    # who plays, in a sentence ("Ben, Cleo and Dora"); the tricks' winners a list in order
    text = (names_and(map(str, value)) if shape == "names" and key != "tricks"
            else _record_value(value, shape, deck))
    return words.format(value=text) if words else f"{key} {text}"


def _record_value(value: tuple[object, ...], shape: str, deck: Deck) -> str:
    shown = [v.symbol(deck) if isinstance(v, Card) else str(v) for v in value]
    return ", ".join(shown) or _("none")


def change_line(event: HandAmended | HandWithdrawn, ruleset: Ruleset, deck: Deck = "french",
                kinds: Callable[[], tuple[str, str] | None] | None = None) -> str:
    """An amendment or a withdrawal in one line, with when and what the hand said; where an
    amendment's record reads as it did, ``kinds`` (asked then only) gives the kinds of hand it
    was and is, when they differ ("now normal: …; was Muss: …")."""
    when = minute(event.at)
    if isinstance(event, HandWithdrawn):
        return _("hand {number} withdrawn ({time}): it was {record}").format(
            number=event.number, time=when, record=record_words(event.record, ruleset, deck))
    record = record_words(event.record, ruleset, deck)
    previous = record_words(event.previous, ruleset, deck)
    changed = kinds() if kinds is not None and record == previous else None
    if changed is not None:  # a Muss made a normal hand reads the same (trial 35)
        previous, record = (_("{kind}: {record}").format(kind=ruleset.kind_words(kind),
                                                          record=words)
                            for kind, words in zip(changed, (previous, record), strict=True))
    others = [n for n in event.together or () if n != event.number]
    if others:
        return _("hand {number} amended together with {others} ({time}): now {record}; was "
                 "{previous}").format(number=event.number, others=hands_words(others),
                                      time=when, record=record, previous=previous)
    return _("hand {number} amended ({time}): now {record}; was {previous}").format(
        number=event.number, time=when, record=record, previous=previous)


def changed_kind(session: SessionView,
                 event: HandAmended | HandWithdrawn) -> tuple[str, str] | None:
    """The kind of hand an amended hand was before its amendment's step and is after it
    (the hands amended together are one step), when they differ: a Muss made a normal hand by
    an earlier hand's amendment keeps its record. ``None``: the same kind, or not known."""
    if not isinstance(event, HandAmended):
        return None
    events = list(session.events)
    at = next(i for i, e in enumerate(events) if e is event)
    together = event.together or (event.number,)
    first = at - together.index(event.number) if event.number in together else at
    last = first + len(together) - 1
    if first < 0 or last >= len(events) or any(
            not isinstance(e, HandAmended) for e in events[first:last + 1]):
        first = last = at
    try:
        was, now = (settle_hands(session.config, records_in_force(events[:end])[:event.number],
                                 session.ruleset).settlements[-1].kind
                    for end in (first, last + 1))
    except (ScorekeeperError, IndexError):
        return None
    return (was, now) if was != now else None


def settled_up_line(settled: SettleUp, at: str) -> str:
    """An agreed settle-up in one line: after which hand, when, at what value, who pays whom."""
    from .settlewords import payment_line, settle_terms_words  # (only where one is kept)

    payments = "; ".join(payment_line(settled, p, in_sentence=True) for p in settled.transfers)
    return _("after hand {number} ({time}), {terms}: {payments}").format(
        number=settled.after_hand, time=minute(at), terms=settle_terms_words(settled),
        payments=payments or _("nobody pays anybody"))


def settled_up_lines(session: SessionView) -> list[str]:
    """Every settle-up the history keeps, a line each, and a word when hands changed since the
    last one (it then no longer says where the session stands)."""
    if not any(isinstance(event, SettledUp) for event in session.events):
        return []  # none kept (the settle-up's module is not imported: see the top)
    from .settleup import agreed_in

    try:
        agreed, changed = agreed_in(session.events, session.config, session.ruleset)
    except ScorekeeperError as error:
        return [str(error)]
    lines = [settled_up_line(a.settled, a.at) for a in agreed]
    if changed:
        lines.append(_(CHANGED_SINCE))
    return lines
