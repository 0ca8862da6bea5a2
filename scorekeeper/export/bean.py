"""The beancount export: the pot and every player as accounts, a transaction per hand, the
balances on the morning after each evening, a note per chip count. Pure."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from ..amounts import ZERO, exact, to_decimal_string
from ..rules import PENALTY, POT, End, Settlement, end_from_text, get_ruleset
from .source import ExportSource, Once, data_since, decimal_texts

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
    text: Once

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
    ends = Once(lambda t: (book.account_of(t.source), book.account_of(t.target), t.amount))
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
                words += data_since(check, who, text)
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
                 first_day=first_day, hand_days=hand_days, text=decimal_texts())
    out = _bean_opening(source, book) + _bean_hands(source, book) + _bean_counts(source, book)
    return "\n".join(out).rstrip("\n") + "\n"
