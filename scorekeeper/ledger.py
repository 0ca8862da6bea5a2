"""Settle a history of hands, and the history itself: a session's events. Pure: no I/O here.

A session is a list of events (started, hand recorded, amended, withdrawn, chip count), each
sealed in a hash chain when it is written (``documents`` says how a file keeps them). The
hands in force are derived from the events, and settling them gives the ``Ledger``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from decimal import Decimal

from .amounts import exact
from .errors import RecordError, ScorekeeperError
from .i18n import _
from .rules import (
    POT,
    End,
    HandRecord,
    Opening,
    Ruleset,
    SessionConfig,
    Settlement,
    TableState,
    get_ruleset,
)
from .rules.base import Exact, Frozen


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
        raise RecordError("hand", _("the session finished after hand {number}; no more hands "
                                    "can be recorded").format(number=state.hands_played), number)
    try:
        settlement = ruleset.settle(config, state, record)
    except RecordError as error:
        raise error.in_hand(number) from None
    except ArithmeticError:
        raise _too_large(number) from None
    return settlement, ruleset.advance(config, state, settlement)


def _too_large(number: int) -> RecordError:
    """Hand ``number`` needs an amount the exact context cannot keep (a Kratzen pot doubled
    past ``amounts.EXACT``'s digits): refused, naming the hand, never rounded."""
    return RecordError("hand", _("an amount is too large to be kept exactly"), number)


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
            except ArithmeticError:
                raise _too_large(state.hands_played + 1) from None
            settlements.append(settlement)
            state = advance(config, state, settlement)
    return Ledger(config=config, settlements=tuple(settlements), state=state)


# ---- chip counts ---------------------------------------------------------------------------------

def compare_count(state: TableState, counted: dict[End, Decimal]) -> dict[End, Decimal]:
    """Who (or the pot) is off, and by how much: counted minus what the ledger says."""
    off: dict[End, Decimal] = {}
    for who, amount in counted.items():
        expected = counted_in_ledger(state, who)
        if amount != expected:
            with exact():
                off[who] = amount - expected
    return off


def counted_in_ledger(state: TableState, who: End) -> Decimal:
    """What the ledger says a player, or the pot, holds (a ``ScorekeeperError`` for the pot of
    a game without one, or an account that holds nothing)."""
    if isinstance(who, str):
        return state.scores[who]
    if who is not POT or state.pot is None:
        raise ScorekeeperError(_("this game has no pot to count"))
    return state.pot


# ---- the history --------------------------------------------------------------------------------

class Event(Frozen):
    """One entry of a session's history: its place in the chain, when it was written and its
    hash (``digest`` is the first 12 hex digits of the newest event's hash)."""

    seq: int
    at: str
    hash: str


class SessionStarted(Event):
    """The session was started with these settings (the first dealer drawn or named)."""

    settings: SessionConfig
    dealer_drawn: bool = False


class HandRecorded(Event):
    """Hand ``number`` was played as ``record`` says; ``figures`` seals the figures stored for
    it (absent in files written before figures were sealed)."""

    number: int
    record: HandRecord
    figures: str | None = None


class HandAmended(Event):
    """Hand ``number``'s record was replaced; ``previous`` is what it said before."""

    number: int
    record: HandRecord
    previous: HandRecord | None = None
    figures: tuple[str, ...] | None = None  # the seals of hands number, number + 1, ...


class HandWithdrawn(Event):
    """The last hand, ``number``, was taken back (it stays here, in the history)."""

    number: int
    record: HandRecord | None = None


class ChipCount(Event):
    """What the players (and the pot) held after ``after_hand`` hands, what the ledger said
    then, and who was off by how much (counted minus the ledger). Each is keyed as the file
    writes it: a player's name or ``"pot"`` (``rules.end_text``; ``rules.end_from_text`` with
    the game's accounts tells a player called "pot", written ``"player:pot"``, from the pot)."""

    after_hand: int
    counted: dict[str, Exact]
    expected: dict[str, Exact]
    off: dict[str, Exact]


class Payment(Frozen):
    """One payment of a settle-up: ``source`` pays ``target`` ``amount`` (money, or chips or
    points when no value was given). Each end is written as the file writes it: a player's
    name or ``"pot"`` (``rules.end_text``)."""

    source: str
    target: str
    amount: Exact


class SettledUp(Event):
    """The table settled up after ``after_hand`` hands and agreed on it: at ``value`` a chip or
    point in ``currency`` (both ``None``: in chips or points), each party's standing
    (``scores``), result and money (``None`` without a value), rounded to the cent by the rule
    ``rounding``, and who pays whom. Keyed as the file writes ends, the pot as ``"pot"``
    (``settleup`` works them out; the chain vouches for them; ``audit`` works them out again)."""

    after_hand: int
    value: Exact | None
    currency: str | None
    rounding: str | None
    scores: dict[str, Exact]
    results: dict[str, Exact]
    money: dict[str, Exact] | None
    transfers: tuple[Payment, ...]


class NoteAdded(Event):
    """A note kept in the history."""

    text: str = ""


class OpeningEntry(Event):
    """The session continues an earlier one, the session ``previous_id``, as that one stood
    after ``previous_hands`` hands at its event whose hash is ``previous_hash`` (its digest:
    the first 12 hex digits): it opens with ``pot``, the pot that session left (``None`` in a
    game without one) and, where the scores carry too (a Letzter Stich match that goes on),
    ``scores``. It comes right after the session's start; the settings name the next dealer.
    (``audit`` checks the link against the earlier file when it is there.)"""

    previous_id: str
    previous_hash: str
    previous_hands: int
    pot: Exact | None = None
    scores: dict[str, Exact] | None = None

    @property
    def previous_digest(self) -> str:
        """The earlier session's digest when this one continued it."""
        return self.previous_hash[:12]

    @property
    def opening(self) -> Opening:
        """What the session opens with."""
        return Opening(pot=self.pot, scores=self.scores)


class SessionNamed(Event):
    """The session was given a name (``""``: its name was taken away), shown in the list of
    evenings beside its players."""

    name: str


MAX_SESSION_NAME = 60


def session_name(raw: str) -> str:
    """A name for a session as a person typed it, checked: at most 60 characters after
    trimming, nothing invisible; ``""`` takes the name away. A ``ScorekeeperError`` says
    what is wrong."""
    name = raw.strip() if isinstance(raw, str) else raw
    if not isinstance(name, str):
        raise ScorekeeperError(_("a session's name is text"))
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ScorekeeperError(_("the name contains an invisible or control character "
                                     "(U+{code})").format(code=f"{ord(ch):04X}"))
    if len(name) > MAX_SESSION_NAME:
        raise ScorekeeperError(_("the name is longer than {limit} characters").format(
            limit=MAX_SESSION_NAME))
    return name


class SessionArchived(Event):
    """The session was archived: the list of evenings leaves it out unless asked."""


class SessionUnarchived(Event):
    """The session was taken out of the archive: listed again."""


def records_in_force(events: Iterable[Event]) -> list[HandRecord]:
    """The hands in force after every hand, amendment and withdrawal, in order."""
    records: list[HandRecord] = []
    for event in events:
        if isinstance(event, HandRecorded):
            if event.number != len(records) + 1:
                raise ScorekeeperError(f"event {event.seq}: hand {event.number} recorded out "
                                       f"of order")
            records.append(event.record)
        elif isinstance(event, HandAmended):
            if not 1 <= event.number <= len(records):
                raise ScorekeeperError(f"event {event.seq}: amends hand {event.number}, "
                                       f"which is not in force")
            records[event.number - 1] = event.record
        elif isinstance(event, HandWithdrawn):
            if event.number != len(records) or not records:
                raise ScorekeeperError(f"event {event.seq}: withdraws hand {event.number}, "
                                       f"which is not the last hand")
            records.pop()
    return records

