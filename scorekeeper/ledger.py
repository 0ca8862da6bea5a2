"""Settle a history of hands, and the history itself: a session's events. Pure: no I/O here.

A session is a list of events (started, hand recorded, amended, withdrawn, chip count), each
sealed in a hash chain when it is written (``documents`` says how a file keeps them). The
hands in force are derived from the events, and settling them gives the ``Ledger``.
"""

# Without ``from __future__ import annotations``: pydantic reads each model's annotations as
# the objects they are, not as text it must evaluate first. The fourteen event models here are
# built at the import of every command, replay's too (about 40 % less time each, measured on
# models like these; the replay and audit rows of tests/benchmarks/test_whole_commands.py).
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any, NamedTuple

from pydantic import StringConstraints

from .amounts import exact
from .errors import RecordError, ScorekeeperError
from .i18n import _
from .rules import (
    POT,
    Account,
    End,
    HandRecord,
    Opening,
    Ruleset,
    SessionConfig,
    Settlement,
    TableState,
    amended_record,
    end_from_text,
    get_ruleset,
)
from .rules.record import Exact, Frozen


class Ledger(NamedTuple):
    """A session settled from its records: one settlement per hand and the table now. A
    NamedTuple, not a pydantic model: the core builds it from what it settled, and checking it
    again built the schema of every result type (about 8 ms of starting ``show`` and the table
    app; tests/benchmarks); nor a frozen dataclass, whose six methods are compiled at the import
    of every command (about 4 M instructions; ``show`` of 100 hands, a whole process:
    tests/benchmarks/test_whole_commands.py)."""

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


def counted_ends(config: SessionConfig, counted: dict[str, Decimal],
                 pot: Decimal | None = None) -> dict[End, Decimal]:
    """A chip count as typed (by name, matched ignoring case; ``"pot"`` in any case is the pot
    unless a player is called so; ``pot`` is the pot, always) by player and account. A name
    nobody has is a ``RecordError``; anyone counted twice, a ``ScorekeeperError``."""
    resolved: dict[End, Decimal] = {}
    for who, amount in counted.items():
        key: End
        try:
            key = config.resolve(who, "count")
        except RecordError:
            if who.strip().casefold() != POT.value:
                raise
            key = POT
        if key in resolved:
            raise ScorekeeperError(f"{'the pot' if key is POT else key} is counted twice")
        resolved[key] = amount
    if pot is not None:
        if POT in resolved:
            raise ScorekeeperError("the pot is counted twice (pot= and --pot)")
        resolved[POT] = pot
    return resolved


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
    """The session was started with these settings (the first dealer drawn or named). Files
    written since the header was sealed in full also repeat the header's ``format``, ``id``,
    ``ruleset`` and ``created`` here (``None`` in older files, which do not)."""

    settings: SessionConfig
    dealer_drawn: bool = False
    format: int | None = None
    id: str | None = None
    ruleset: str | None = None
    created: str | None = None
    language: str | None = None  # the language it was played in (files since issue 16)


class HandRecorded(Event):
    """Hand ``number`` was played as ``record`` says; ``figures`` seals the figures stored for
    it (absent in files written before figures were sealed)."""

    number: int
    record: HandRecord
    figures: str | None = None


class HandAmended(Event):
    """Hand ``number``'s record was replaced; ``previous`` is what it said before.
    ``together``: the hands amended in the same step, all or none (one event each, in order,
    written under one lock), when there were several; ``None`` for a hand amended alone."""

    number: int
    record: HandRecord
    previous: HandRecord | None = None
    figures: tuple[str, ...] | None = None  # the seals of hands number, number + 1, ...
    together: tuple[int, ...] | None = None


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
    ``rounding``, and who pays whom (by the rule ``payments``). Keyed as the file writes ends,
    the pot as ``"pot"`` (``settleup`` works them out; the chain vouches for them; ``audit``
    works them out again)."""

    after_hand: int
    value: Exact | None
    currency: str | None
    rounding: str | None
    scores: dict[str, Exact]
    results: dict[str, Exact]
    money: dict[str, Exact] | None
    transfers: tuple[Payment, ...]
    payments: str | None = None
    """The rule for who pays whom (``settleup.PAYMENTS``); ``None`` in a settle-up stored
    before the rule had a name (``settleup.EARLIER_PAYMENTS``)."""


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

    # An id and a hash as the store writes them (8 and 64 hex digits): a file from elsewhere
    # can say anything, and the id reaches the terminal, the exports and a file name.
    previous_id: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{8}$")]
    previous_hash: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
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


class SessionContinued(Event):
    """The next evening goes on from here: session ``by`` continues this one (its opening
    entry carried what this one left, D21). No hand is recorded here after it."""

    by: str


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



# ---- amending hands ------------------------------------------------------------------------------

class LaterHandMisfit(ScorekeeperError):
    """Hand ``hand``, not amended, no longer fits its record once the hands ``amended`` are
    amended (``detail``: what the rules say of it). ``state`` is the table before it once they
    are, ``record`` what it says now: enough to amend it too, in the same step."""

    def __init__(self, hand: int, amended: tuple[int, ...], detail: str, state: TableState,
                 record: HandRecord, asks_again: bool = False) -> None:
        super().__init__(_("hand {number}: {problem}").format(number=hand, problem=detail))
        self.asks_again = asks_again  # who played is asked again (a Muss made a normal hand)
        self.hand = hand
        self.amended = amended
        self.detail = detail
        self.state = state
        self.record = record


def amend_hands(config: SessionConfig, ruleset: Ruleset, records: Sequence[HandRecord],
                amendments: Sequence[tuple[int, dict[str, Any]]]) -> tuple[tuple[int, ...],
                                                                            Ledger]:
    """Amend hands of a history, all in one step: for each (number, changes) the fields of that
    hand's record are replaced (``amended_record``), then every hand is settled again. Returns
    the hands amended, in order, and the ledger after. A hand named twice, not in force, or
    amended into a record the rules refuse is a ``ScorekeeperError`` naming it; a later hand
    left not fitting its record, a ``LaterHandMisfit``."""
    if not amendments:
        raise ScorekeeperError(_("no hand to amend"))
    before = tuple(records)
    records = list(records)
    numbers: list[int] = []
    for number, changes in amendments:
        if not 1 <= number <= len(records):
            raise ScorekeeperError(_("hand {number} is not in force (hands 1 to {last} are)")
                                   .format(number=number, last=len(records)))
        if number in numbers:
            raise ScorekeeperError(_("hand {number} is amended twice in one step").format(
                number=number))
        numbers.append(number)
        try:
            records[number - 1] = amended_record(records[number - 1], changes)
        except ValueError as error:
            raise ScorekeeperError(f"hand {number}: {error}") from None
    amended = tuple(sorted(numbers))
    try:
        after = settle_hands(config, records, ruleset)
    except RecordError as error:
        if error.hand is None or error.hand in numbers:
            raise
        state = settle_hands(config, records[:error.hand - 1], ruleset).state
        raise LaterHandMisfit(error.hand, amended, error.detail, state,
                              records[error.hand - 1]) from None
    given = {number: set(changes) for number, changes in amendments}
    unasked_then_asked(config, ruleset, before, after, amended, given)
    return amended, after


def unasked_then_asked(config: SessionConfig, ruleset: Ruleset, before: Sequence[HandRecord],
                       after: Ledger, amended: tuple[int, ...],
                       given: dict[int, set[str]]) -> None:
    """The first hand recorded as a kind in which nobody is asked whether they play (a
    Kratzen Muss: its record says everyone played) that is another kind once the hands
    ``amended`` are, and whose players were not said anew (``given``: the fields each
    amendment gives): a ``LaterHandMisfit`` for a hand not amended, else a
    ``ScorekeeperError`` (trial 32: a Muss became a normal hand, settled as if everyone had
    chosen to play, P each for those with no trick; trial 33: amended too, ``--then 3
    --tricks …`` without ``--entered``, the same)."""
    if not ruleset.unasked_kinds:
        return
    kinds = [s.kind for s in settle_hands(config, before, ruleset).settlements]
    for settlement in after.settlements[amended[0] - 1:]:
        number = settlement.number
        was = kinds[number - 1]
        if was not in ruleset.unasked_kinds or settlement.kind == was \
                or "entered" in given.get(number, ()):
            continue
        detail = _("it was recorded as a {was}, where nobody is asked whether they play; as a "
                   "{now} hand each player plays or drops: say who played").format(
                       was=ruleset.kind_words(was), now=ruleset.kind_words(settlement.kind))
        if number in amended:
            raise ScorekeeperError(_("hand {number}: {problem}").format(number=number,
                                                                        problem=detail))
        state = settle_hands(config, [s.record for s in after.settlements[:number - 1]],
                             ruleset).state
        raise LaterHandMisfit(number, amended, detail, state, settlement.record,
                              asks_again=True)


# ---- what an amendment does ---------------------------------------------------------------------

# HandChanged is a NamedTuple, not a dataclass: a frozen dataclass compiles six
# methods at import (about 4 M instructions each class), and every command that reads a session
# imports this module while few amend (``show`` of 100 hands, a whole process:
# tests/benchmarks/test_whole_commands.py). Read by name, made by name.
class HandChanged(NamedTuple):
    """One hand before and after an amendment: ``amended`` when its own record was replaced,
    else it was only settled again (its pot or its table changed)."""

    number: int
    amended: bool
    before: Settlement
    after: Settlement

    def moved(self) -> dict[str, tuple[Decimal, Decimal]]:
        """The players whose change in this hand differs: (before, after), in seating order."""
        return {p: (self.before.deltas[p], d) for p, d in self.after.deltas.items()
                if self.before.deltas.get(p) != d}

    @property
    def pot_moved(self) -> bool:
        return self.before.pot_after != self.after.pot_after

    @property
    def kind_changed(self) -> bool:
        return self.before.kind != self.after.kind

    @property
    def unchanged(self) -> bool:
        """Nobody's figures, the pot and the kind of hand are as they were."""
        return not (self.moved() or self.pot_moved or self.kind_changed)


def amendment_effects(before: Ledger, after: Ledger,
                      amended: Collection[int]) -> list[HandChanged]:
    """Every hand from the first amended one on, before and after the amendment of the hands
    ``amended`` (the hands in force are the same ones: an amendment adds and removes none)."""
    first = min(amended)
    return [HandChanged(number=b.number, amended=b.number in amended, before=b, after=a)
            for b, a in zip(before.settlements[first - 1:], after.settlements[first - 1:],
                            strict=True)]


# ---- chip counts against the ledger as it stands now -------------------------------------------

@dataclass(frozen=True, slots=True)
class CountCheck:  # a dataclass: its field ``count`` would hide a tuple's method
    """A chip count held against the ledger as it stands now: what was counted after hand
    ``count.after_hand``, what the ledger said of that moment then (``count.expected``), what
    it says of the same moment now (``now``: the hands in force now, after every amendment;
    ``None`` when that hand was withdrawn since and is not in force), who is off by how much
    now (counted minus the ledger), and the changes made to those hands since the count
    (``since``: amendments, withdrawals, hands recorded again)."""

    count: ChipCount
    now: dict[str, Decimal] | None
    off_now: dict[str, Decimal]
    since: tuple[Event, ...]

    @property
    def then(self) -> dict[str, Decimal]:
        return self.count.expected

    @property
    def compared(self) -> bool:
        """Whether the hand it was counted after is in force now."""
        return self.now is not None

    @property
    def changed(self) -> bool:
        """Whether what the ledger says of that moment is no longer what it said then."""
        return self.now is not None and self.now != self.count.expected

    @property
    def agrees(self) -> bool:
        """Whether it agrees with the ledger as it stands now (one not compared: as it did)."""
        return not self.off_now if self.now is not None else not self.count.off


def check_counts(events: Sequence[Event], settlements: Sequence[Settlement],
                 start: TableState, accounts: Collection[Account]) -> list[CountCheck]:
    """Every chip count of a history against the ledger as it stands now: ``settlements``
    are the hands in force now (the table after hand *n* is hand *n*'s figures, ``start``
    before the first), ``accounts`` the game's. Keys are as the file writes ends."""
    checks = []
    for i, event in enumerate(events):
        if not isinstance(event, ChipCount):
            continue
        n = event.after_hand
        since = tuple(e for e in events[i + 1:] if isinstance(
            e, (HandRecorded, HandAmended, HandWithdrawn)) and e.number <= n)
        now: dict[str, Decimal] | None = None
        off: dict[str, Decimal] = {}
        if 0 <= n <= len(settlements):
            if n == 0:
                scores, pot = start.scores, start.pot
            else:
                scores, pot = settlements[n - 1].scores_after, settlements[n - 1].pot_after
            now = {}
            for key in event.counted:
                end = end_from_text(key, accounts)
                held = scores.get(end) if isinstance(end, str) else pot if end is POT else None
                if held is None:  # an end this table does not hold: the file is not ours
                    now = None
                    break
                now[key] = held
            if now is not None:
                with exact():
                    off = {k: v - now[k] for k, v in event.counted.items() if v != now[k]}
        checks.append(CountCheck(count=event, now=now, off_now=off, since=since))
    return checks
