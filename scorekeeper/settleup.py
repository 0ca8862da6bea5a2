"""Settling up at the end of an evening: what each player won or lost, in chips or points and
in money, and who pays whom. Pure: no I/O.

The game says what a result is (``Ruleset.results``: the chips gained, the balance, or penalty
points settled pair by pair) and what the pot keeps. Here the results become money at a value
per chip or point, are rounded to the cent by one stated rule (``ROUNDING_WORDS``), and payers
are matched with payees in as few payments as there can be (``fewest_transfers``, D18): at
most one fewer than the parties (the players, and the pot when it has a share).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from functools import cache

from .amounts import ZERO, exact, parse_typed_amount
from .errors import ScorekeeperError, one_line
from .i18n import N_, _
from .ledger import Event, HandAmended, HandRecorded, HandWithdrawn, SettledUp
from .rules import POT, End, Ruleset, SessionConfig, TableState, end_from_text

CENT = Decimal("0.01")
"""Money is kept to the cent: a hundredth of the currency's unit, whatever the currency."""

ROUNDING = "largest-remainder"
"""The name of the cents rule, stored with every settle-up that has a value (so that a later
rule never changes what an old settle-up said)."""

PAYMENTS = "fewest"
"""The name of the rule for who pays whom (D18: as few payments as there can be), stored with
every settle-up. A settle-up stored without one was worked out by ``EARLIER_PAYMENTS``."""

EARLIER_PAYMENTS = "largest-first"
"""The rule of settle-ups stored before ``PAYMENTS`` had a name: the party that owes most pays
the one owed most (``largest_first``), which can take a payment more than needed."""

ROUNDING_WORDS = N_(
    "Cents: each amount is worked out exactly (result × value) and first rounded down to the "
    "cent; the cents then missing to make the money add up to zero go one each to the amounts "
    "that lost most by rounding down (equal losses: in seating order, the pot last). So no "
    "amount moves by a whole cent, and only where a chip or point is worth part of a cent.")
"""(English, marked with N_: ``rounding_words`` says it in the language in use.)"""
ROUNDING_WORDS_NO_POT = N_(
    "Cents: each amount is worked out exactly (result × value) and first rounded down to the "
    "cent; the cents then missing to make the money add up to zero go one each to the amounts "
    "that lost most by rounding down (equal losses: in seating order). So no amount moves by a "
    "whole cent, and only where a chip or point is worth part of a cent.")
"""The same, for a game without a pot (trial 32 read "the pot last" where there is none)."""


def rounding_words(settled: SettleUp) -> str:
    """The cents rule in the language in use, naming the pot where the settle-up has one."""
    pot = any(not isinstance(share.party, str) for share in settled.shares)
    return _(ROUNDING_WORDS if pot else ROUNDING_WORDS_NO_POT)

_CURRENCY = re.compile("[A-Za-z]{3}")


def read_value(text: str, mark: str | None = None) -> Decimal:
    """What a chip or point is worth, as a person types it (``0.10``, ``1/4``; ``0,10`` where
    the decimal ``mark`` is a comma, by default the language in use's): an exact amount of
    the currency, more than 0."""
    value = parse_typed_amount(text, mark)
    if value <= 0:
        raise ScorekeeperError(_("{value} is not more than 0: a chip or point must be worth "
                                 "something").format(value=_shown(text)))
    return value


def read_currency(text: str) -> str:
    """A currency code as a person types it: three letters (``EUR``, ``usd``), in capitals."""
    code = str(text).strip()
    if not _CURRENCY.fullmatch(code):
        raise ScorekeeperError(_("{code} is not a currency code (three letters, as EUR, USD or "
                                 "CHF)").format(code=_shown(text)))
    return code.upper()


def _shown(text: str) -> str:
    shown = one_line(str(text).strip())
    return repr(shown if len(shown) <= 40 else shown[:40] + "…")


@dataclass(frozen=True, slots=True)
class Share:
    """One party of a settle-up: a player (by name) or the pot (``POT``). ``score`` is the
    standing it was worked out from (the pot: what it holds); ``result`` what the party won
    (+) or lost (−) in chips or points; ``exact`` the result times the value and ``money``
    that rounded to the cent (both ``None`` without a value)."""

    party: End
    score: Decimal
    result: Decimal
    exact: Decimal | None
    money: Decimal | None

    @property
    def settles(self) -> Decimal:
        """What the party's transfers add up to: the money, or the result without a value."""
        return self.result if self.money is None else self.money

    @property
    def rounded(self) -> bool:
        """Whether the money differs from the exact amount (the cents rule moved it)."""
        return self.money is not None and self.money != self.exact


@dataclass(frozen=True, slots=True)
class Payment:
    """``source`` pays ``target`` ``amount``: money, or chips or points without a value."""

    source: End
    target: End
    amount: Decimal


@dataclass(frozen=True, slots=True)
class SettleUp:
    """A whole settle-up: after how many hands, at what value, every party's share (the
    players in seating order, then the pot in a game with one) and who pays whom. ``words``
    says how this game's results are worked out."""

    game: str
    unit: str
    after_hand: int
    value: Decimal | None
    currency: str | None
    shares: tuple[Share, ...]
    transfers: tuple[Payment, ...]
    words: str
    payments: str = PAYMENTS
    """The rule that said who pays whom (``PAYMENTS``, or ``EARLIER_PAYMENTS`` for an old
    settle-up)."""

    @property
    def rounding(self) -> str | None:
        """The cents rule applied (``None``: no value, so nothing was rounded)."""
        return None if self.value is None else ROUNDING

    @property
    def players(self) -> tuple[Share, ...]:
        return tuple(s for s in self.shares if isinstance(s.party, str))

    @property
    def pot(self) -> Share | None:
        return next((s for s in self.shares if s.party is POT), None)

    def cents_up(self) -> tuple[Share, ...]:
        """The shares the cents rule rounded up rather than down, in order."""
        return tuple(s for s in self.shares if s.money is not None and s.exact is not None
                     and s.money > s.exact)


def settle_up(ruleset: Ruleset, config: SessionConfig, state: TableState,
              value: Decimal | None = None, currency: str | None = None,
              payments: str = PAYMENTS) -> SettleUp:
    """The settle-up of a session at ``state``: the game's results, at ``value`` a chip or
    point in ``currency`` (both or neither) the money rounded to the cent by the rule, and
    who pays whom by the rule ``payments`` (an old settle-up is worked out again by its own).
    Exact: an amount too large to keep exactly raises ``ArithmeticError``."""
    if payments not in PAYMENT_RULES:
        raise ValueError(f"no rule for who pays whom is called {payments!r}")
    if (value is None) != (currency is None):
        raise ValueError("a value and a currency go together")
    if value is not None and value <= 0:
        raise ValueError(f"a value must be more than 0, not {value}")
    results = ruleset.results(config, state)
    parties: list[tuple[End, Decimal, Decimal]] = [
        (p, state.scores[p], results.players[p]) for p in config.players]
    if results.pot is not None:
        parties.append((POT, state.pot if state.pot is not None else ZERO, results.pot))
    with exact():
        if sum((result for _, _, result in parties), ZERO) != 0:
            raise ValueError(f"{ruleset.game}: the results do not add up to zero")  # a bug
        exacts: list[Decimal | None] = [None] * len(parties)
        money: list[Decimal | None] = [None] * len(parties)
        if value is not None:
            worth = [result * value for _, _, result in parties]
            exacts = list(worth)
            money = list(round_to_cents(worth))
    shares = tuple(Share(party, score, result, exacts[i], money[i])
                   for i, (party, score, result) in enumerate(parties))
    transfers = PAYMENT_RULES[payments]([(s.party, s.settles) for s in shares])
    return SettleUp(game=ruleset.game, unit=ruleset.unit, after_hand=state.hands_played,
                    value=value, currency=currency, shares=shares, transfers=transfers,
                    words=results.words, payments=payments)


def round_to_cents(amounts: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """Amounts that add up to zero, each rounded to the cent so that they still do
    (``ROUNDING_WORDS``): every amount rounded down to the cent, then the cents missing go one
    each to the largest remainders, equal remainders in the order given. An amount already in
    whole cents is never moved, and none moves by a whole cent."""
    with exact():
        units = [a / CENT for a in amounts]  # in cents, exactly
        floors = [u.to_integral_value(rounding=ROUND_FLOOR) for u in units]
        missing = -sum(floors, ZERO)  # the remainders' total: a whole number of cents
        if not 0 <= missing < max(len(units), 1):
            raise ValueError("the amounts do not add up to zero")  # a bug, not input
        by_remainder = sorted(range(len(units)), key=lambda i: (-(units[i] - floors[i]), i))
        up = set(by_remainder[:int(missing)])
        return tuple((floors[i] + (1 if i in up else 0)) * CENT for i in range(len(units)))


@dataclass(slots=True)
class _Open:
    """What a party still owes or is owed while payments are matched; the first in order is
    the largest, and of equal ones the earliest given."""

    amount: Decimal
    order: int
    party: End

    def __lt__(self, other: _Open) -> bool:
        return (-self.amount, self.order) < (-other.amount, other.order)


def largest_first(amounts: Sequence[tuple[End, Decimal]]) -> tuple[Payment, ...]:
    """Who pays whom so that every party's transfers come to its amount (+ receives, − pays;
    the amounts add up to zero): the party that owes most pays the one owed most, as much as
    the smaller of the two, until nobody owes anything; equal amounts in the order given
    (seating order, the pot last). Each payment settles at least one party in full (the last
    one two), so there is at most one fewer payment than parties with an amount. (The rule
    of settle-ups stored before ``PAYMENTS``; within a group it is the rule still.)"""
    owes = [_Open(-amount, i, party) for i, (party, amount) in enumerate(amounts) if amount < 0]
    owed = [_Open(amount, i, party) for i, (party, amount) in enumerate(amounts) if amount > 0]
    payments: list[Payment] = []
    with exact():
        if sum((o.amount for o in owes), ZERO) != sum((o.amount for o in owed), ZERO):
            raise ValueError("the amounts do not add up to zero")  # a bug, not input
        while owes:
            debtor, creditor = min(owes), min(owed)
            paid = min(debtor.amount, creditor.amount)
            payments.append(Payment(debtor.party, creditor.party, paid))
            debtor.amount -= paid
            creditor.amount -= paid
            if debtor.amount == 0:
                owes.remove(debtor)
            if creditor.amount == 0:
                owed.remove(creditor)
    return tuple(payments)


def fewest_transfers(amounts: Sequence[tuple[End, Decimal]]) -> tuple[Payment, ...]:
    """Who pays whom in as few payments as there can be (D18): the parties with an amount
    split into as many groups as possible that each add up to 0, and each group settles
    within itself, largest first (``largest_first``). A group of k parties that no smaller
    group of them adds up to 0 needs k − 1 payments, and so does any way of paying it: so
    the fewest payments are the parties with an amount less the number of groups. Of the
    splits into the most groups: the first party's group (in the order given: seating order,
    the pot last) is the smallest that allows them, of equally small ones the one whose parties
    come first; then the same for the parties left. Payments are listed group by group."""
    parties = [(party, amount) for party, amount in amounts if amount != 0]
    with exact():
        if sum((amount for _, amount in parties), ZERO) != 0:
            raise ValueError("the amounts do not add up to zero")  # a bug, not input
        payments: list[Payment] = []
        for group in _zero_groups([amount for _, amount in parties]):
            payments += largest_first([parties[i] for i in group])
    return tuple(payments)


def _zero_groups(amounts: list[Decimal]) -> list[tuple[int, ...]]:
    """``amounts`` (adding up to 0, none 0) split into the most groups that each add up to 0,
    as index tuples, chosen as ``fewest_transfers`` says. A settle-up has at most seven
    parties (six players and the pot), so every group is tried: sets of parties are bit masks
    (bit i: party i), and the most groups each set splits into are remembered."""
    def total(members: int) -> Decimal:
        return sum((a for i, a in enumerate(amounts) if members >> i & 1), ZERO)

    def groups_of_first(members: int) -> list[int]:
        """The groups within ``members`` that hold its first party and add up to 0."""
        first = members & -members
        others = members ^ first
        found, subset = [], others
        while True:  # every subset of the others, the first party added to each
            if total(subset | first) == 0:
                found.append(subset | first)
            if subset == 0:
                return found
            subset = (subset - 1) & others

    @cache
    def most(members: int) -> int:
        if not members:
            return 0
        return max(1 + most(members ^ g) for g in groups_of_first(members))

    def indices(members: int) -> tuple[int, ...]:
        return tuple(i for i in range(len(amounts)) if members >> i & 1)

    split, left = [], (1 << len(amounts)) - 1
    while left:
        best = [g for g in groups_of_first(left) if 1 + most(left ^ g) == most(left)]
        group = min(best, key=lambda g: (len(indices(g)), indices(g)))
        split.append(indices(group))
        left ^= group
    return split


PAYMENT_RULES = {PAYMENTS: fewest_transfers, EARLIER_PAYMENTS: largest_first}
"""Each rule for who pays whom by its stored name."""


def from_event(event: SettledUp, config: SessionConfig, ruleset: Ruleset) -> SettleUp:
    """A settle-up as its event in the history states it (for showing and exporting: the
    chain vouches for it, and ``audit`` works it out again from the hands). An event whose
    parties are not this session's is a ``ScorekeeperError`` naming it."""
    accounts = ruleset.accounts
    where = _("event {seq} (settle-up)").format(seq=event.seq)
    ends = {end_from_text(key, accounts): key for key in event.results}
    expected: set[End] = set(config.players) | ({POT} if ruleset.has_pot else set())
    if (set(ends) != expected or event.scores.keys() != event.results.keys()
            or (event.money is not None and event.money.keys() != event.results.keys())
            or (event.money is None) != (event.value is None)):
        raise ScorekeeperError((_("{where}: its parties are not this session's players and pot")
                                if ruleset.has_pot else
                                _("{where}: its parties are not this session's players")).format(
                                    where=where))
    pot_key = ends.get(POT)
    state = ruleset.state_at(config, event.after_hand,
                             {p: event.scores[key] for p, key in ends.items()
                              if isinstance(p, str)},
                             None if pot_key is None else event.scores[pot_key])
    order: list[End] = [*config.players, *([POT] if pot_key is not None else [])]
    shares = []
    for end in order:
        key = ends[end]
        with exact():
            worth = None if event.value is None else event.results[key] * event.value
        shares.append(Share(end, event.scores[key], event.results[key], worth,
                            None if event.money is None else event.money[key]))
    transfers = []
    for t in event.transfers:
        source, target = end_from_text(t.source, accounts), end_from_text(t.target, accounts)
        if source not in expected or target not in expected:
            raise ScorekeeperError(_("{where}: a transfer is not between its parties").format(
                where=where))
        transfers.append(Payment(source, target, t.amount))
    return SettleUp(game=ruleset.game, unit=ruleset.unit, after_hand=event.after_hand,
                    value=event.value, currency=event.currency, shares=tuple(shares),
                    transfers=tuple(transfers), words=ruleset.results(config, state).words,
                    payments=event.payments or EARLIER_PAYMENTS)


def last_terms(events: Iterable[Event]) -> tuple[Decimal, str] | None:
    """The value and the currency of the newest settle-up in a history that was made at a
    value (``None``: none was): what the table agreed a chip or point is worth."""
    found = None
    for event in events:
        if isinstance(event, SettledUp) and event.value is not None and event.currency:
            found = (event.value, event.currency)
    return found


@dataclass(frozen=True, slots=True)
class Agreed:
    """A settle-up the history keeps, with when it was agreed (``at``)."""

    settled: SettleUp
    at: str


HAND_CHANGES = (HandRecorded, HandAmended, HandWithdrawn)
"""The events that change the hands in force: one after a settle-up means the settle-up no
longer says where the session stands."""


def agreed_in(events: Iterable[Event], config: SessionConfig,
              ruleset: Ruleset) -> tuple[list[Agreed], bool]:
    """Every settle-up a session's history keeps, oldest first, and whether a hand was
    recorded, amended or withdrawn after the last one (it then no longer says where the
    session stands)."""
    found: list[Agreed] = []
    changed = False
    for event in events:
        if isinstance(event, SettledUp):
            found.append(Agreed(from_event(event, config, ruleset), event.at))
            changed = False
        elif isinstance(event, HAND_CHANGES):
            changed = True
    return found, bool(found) and changed


def money_current(events: Iterable[Event]) -> bool:
    """Whether no hand was recorded, amended or withdrawn after the newest settle-up made at a
    value (``True`` without one): only then is its money what the session's chips or points
    come to now."""
    current = True
    for event in events:
        if isinstance(event, SettledUp) and event.value is not None:
            current = True
        elif isinstance(event, HAND_CHANGES):
            current = False
    return current
