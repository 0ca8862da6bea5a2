"""Chip counts in words: who was counted, each count against the ledger as it stands now (and,
when a later change moved what the ledger says of that moment, what it said then and which
change), and a count typed at the table before it is recorded. ``show``, the ledger's screen,
the table and the exports say them this way. Pure."""

from __future__ import annotations

from collections.abc import Callable, Collection
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from .amounts import exact, format_amount
from .documents import counted_name, pot_label
from .eveningwords import minute
from .i18n import _, sentence
from .ledger import (
    CountCheck,
    Event,
    HandAmended,
    HandWithdrawn,
    Ledger,
    check_counts,
    compare_count,
    counted_ends,
    counted_in_ledger,
)
from .rules import RULESETS, Ruleset, SessionConfig, TableState

if TYPE_CHECKING:
    from .sessionview import SessionView


def count_checks(session: SessionView, ledger: Ledger | None = None) -> list[CountCheck]:
    """The session's chip counts, each against the ledger as it stands now."""
    ledger = ledger or session.ledger()
    ruleset = session.ruleset
    return check_counts(session.events, ledger.settlements,
                        ruleset.initial_state(session.config), ruleset.accounts)


def counted_words(key: str, config: SessionConfig | None) -> str:
    """Who a chip count counted, keyed as the file writes it (``"pot"``, ``"player:pot"``, a
    name: ``rules.end_text``), as people read it: a player's name, the pot as ``pot_label``
    says it in the language in use. Without the session's ``config``, the key as written."""
    if config is None:
        return key
    return counted_name(key, config, RULESETS[config.game].accounts)


def _named(amounts: dict[str, Decimal], config: SessionConfig | None) -> str:
    return ", ".join(f"{counted_words(k, config)} {format_amount(v)}" for k, v in amounts.items())


def off_words(off: Decimal) -> str:
    """How far a count is off (counted minus the ledger): ``off by -5``, ``off by +3``. Every
    text of a chip count says a difference with these words (the question at the table, the
    result, ``count``, ``show``, the ledger, the audit): German said one figure three ways,
    "DANEBEN um -5", "Differenz -5", "daneben um -5" (trial 34). A message for each sign, the
    amount without it, so that a language may say "5 zu wenig", "3 zu viel"."""
    if off < 0:
        return _("off by -{amount}").format(amount=format_amount(-off))
    return _("off by +{amount}").format(amount=format_amount(off))


def off_line(who: str, counted: Decimal, ledger: Decimal, off: Decimal) -> str:
    """``Ben: counted 3, the ledger says 4: off by -1``: one count that disagrees, ``who`` as
    people read it (``counted_words``), as the table's result of a count says it."""
    return _("{who}: counted {counted}, the ledger says {expected}: {off}").format(
        who=who, counted=format_amount(counted), expected=format_amount(ledger),
        off=off_words(off))


def total_words(counted: Collection[Decimal], ledger: Collection[Decimal]) -> str | None:
    """``counted in all 313, the ledger holds 315: 2 missing`` (or ``2 too many``): the
    counted figures added up against what the ledger holds for the same players and pot (in
    the same order), when the two totals differ and more than one figure is off (one figure
    off: its own line says the same; else ``None``). Each figure's own difference does not
    say that chips are missing from the table, the first thing a table wants to hear (trial
    34: 240 counted where the ledger says 245, 75 where it says 72: 2 missing)."""
    if sum(c != held for c, held in zip(counted, ledger, strict=True)) < 2:
        return None
    with exact():
        counted_all, ledger_all = sum(counted, Decimal(0)), sum(ledger, Decimal(0))
        gap = counted_all - ledger_all
    if not gap:
        return None
    figures = {"counted": format_amount(counted_all), "ledger": format_amount(ledger_all)}
    if gap < 0:
        return _("counted in all {counted}, the ledger holds {ledger}: {amount} "
                 "missing").format(amount=format_amount(-gap), **figures)
    return _("counted in all {counted}, the ledger holds {ledger}: {amount} too "
             "many").format(amount=format_amount(gap), **figures)


def off_list(off: dict[str, Decimal], config: SessionConfig | None,
             shown: Callable[[str], str] = str) -> str:
    """``Ben off by -5¼, pot off by +3``: who is off by how much (``off_words``), as ``show``,
    the audit and the exports say it; ``shown`` writes each name (an export escapes it)."""
    return ", ".join(f"{shown(counted_words(k, config))} {off_words(v)}" for k, v in off.items())


def step_refusal(who: str, held: Decimal, step: Fraction, config: SessionConfig,
                 ruleset: Ruleset) -> str | None:
    """Why a counted figure is refused that is no whole number of ``step`` (the game's
    ``count_step``: ``count S Ben=3.5`` in a game of whole chips, trial 34), ``who`` keyed as
    the count is (a name, the pot, ``--pot``); ``None`` for a figure the game's amounts can
    have. The command line and the table's count dialog say it alike."""
    if not Fraction(held) % step:
        return None
    said = who if who in config.players or who.startswith("--") else counted_words(who, config)
    figures = {"name": said, "amount": format_amount(held), "game": ruleset.title}
    if step == 1:
        return (_("{name}: {amount}: {game} counts whole points") if ruleset.unit == "point"
                else _("{name}: {amount}: {game} counts whole chips, never part of a chip")
                ).format(**figures)
    return _("{name}: {amount}: {game} counts chips in parts of {step}, never smaller").format(
        step=format_amount(step), **figures)


def changes_words(changes: Collection[Event]) -> str:
    """``the amendment of hand 2, the withdrawal of hand 3``: the changes made since a chip
    count to the hands it followed."""
    words: list[str] = []
    for change in changes:
        number = getattr(change, "number", 0)
        if isinstance(change, HandAmended):
            word = _("the amendment of hand {number}").format(number=number)
        elif isinstance(change, HandWithdrawn):
            word = _("the withdrawal of hand {number}").format(number=number)
        else:
            word = _("hand {number} recorded again").format(number=number)
        if word not in words:
            words.append(word)
    return ", ".join(words)


def count_line(check: CountCheck, config: SessionConfig | None = None) -> str:
    """A chip count in one line: what was counted and whether it agrees with the ledger as it
    stands now; when a later change moved what the ledger says of that moment, what it said
    then, which change, and what it says now (so a difference that appeared or went away is
    said with its cause). With the session's ``config``, the pot is said in words
    (``counted_words``)."""
    event = check.count
    counted = _named(event.counted, config)
    time = minute(event.at)
    then = (_("agreed") if not event.off
            else _("disagreed: {differences}").format(
                differences=off_list(event.off, config)))
    if not check.compared:
        return _("after hand {number} ({time}): {counted}; {verdict} then; hand {number} was "
                 "withdrawn since: not compared with the ledger now").format(
            number=event.after_hand, time=time, counted=counted, verdict=then)
    if check.changed:
        now = (_("agrees now") if not check.off_now else
               _("disagrees now: {differences}").format(
                   differences=off_list(check.off_now, config)))
        return _("after hand {number} ({time}): {counted}; the ledger said {then} then "
                 "({verdict_then}); after {changes} it says {now}: {verdict_now}").format(
            number=event.after_hand, time=time, counted=counted,
            then=_named(event.expected, config), verdict_then=then,
            changes=changes_words(check.since) or "?", now=_named(check.now or {}, config),
            verdict_now=now) + _total(event.counted, check.off_now)
    if not check.off_now:
        verdict = _("agrees with the ledger")
    else:
        verdict = _("disagrees: {differences}").format(
            differences=off_list(check.off_now, config))
    return _("after hand {number} ({time}): {counted}; {verdict}").format(
        number=event.after_hand, time=time, counted=counted, verdict=verdict) + _total(
        event.counted, check.off_now)


def _total(counted: dict[str, Decimal], off: dict[str, Decimal]) -> str:
    """``; counted in all …`` after a count's line (``total_words``), when the totals differ:
    what the ledger holds now is each count less its difference (``off``, the figures off)."""
    with exact():
        ledger = [amount - off.get(who, Decimal(0)) for who, amount in counted.items()]
    total = total_words(counted.values(), ledger)
    return "" if total is None else f"; {total}"


def count_check_lines(config: SessionConfig, state: TableState,
                      counted: dict[str, Decimal]) -> list[str]:
    """What a chip count typed (by name; ``"pot"`` is the pot unless a player is called so)
    says against the ledger before it is recorded: a line for each player or pot counted,
    ``ok`` or off by how much. A name nobody has is a ``ScorekeeperError``."""
    resolved = counted_ends(config, counted)
    off = compare_count(state, resolved)
    lines = []
    for who, amount in resolved.items():
        name = who if isinstance(who, str) else pot_label(config.players)
        mark = _("ok") if who not in off else off_words(off[who])
        lines.append(_("{name}: counted {counted}, ledger {ledger}  {mark}").format(
            name=name, counted=format_amount(amount),
            ledger=format_amount(counted_in_ledger(state, who)), mark=mark))
    total = total_words(resolved.values(), [counted_in_ledger(state, w) for w in resolved])
    return lines if total is None else [*lines, sentence(total)]
