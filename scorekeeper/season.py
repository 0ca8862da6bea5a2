"""Players across evenings and the season's table: each player's tally over the evenings (who
is who: ``seasonnames``), the table by game, the evenings within a span. Pure: the store reads
the files (through the listing's index) and the alias file; everything here is worked out
from what they give. Its words and formats are ``seasonformats``', one player's card and the
players' table ``seasonplayers``'.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple

from .amounts import ZERO, exact
from .errors import ScorekeeperError
from .eveningfigures import Game
from .i18n import _
from .seasonevening import Evening, Seat
from .seasonnames import Roster, look_alike, player_key

# A season from the listing's index imports neither the rules (pydantic's models) nor the
# ledger, the documents or the exports: what it shows of a game (``Game``) is kept with each
# evening's figures, and the csv, md and html formats import what they write with when they
# are asked for. The rules are imported only to work an evening's figures out of its file.
# (tests/test_season_light.py; what it buys: the "from its index" rows of
# tests/benchmarks/test_many_evenings.py.)

HUNDREDTH = Decimal("0.01")
_APART = "\x00"  # before a seat's own name: a key no name can have (names hold no controls)
# An evening's and a seat's fields, read as ``seasonevening`` reads them.
_HANDS, _STALE, _CURRENCY, _STARTED = (attrgetter(a) for a in ("hands", "money_stale",
                                                                  "currency", "started"))
_NAME, _NET, _WON, _COUNTS, _MONEY = (attrgetter(a) for a in ("name", "net", "won", "counts",
                                                              "money"))
_DECIMAL = {Decimal}


# ---- adding up -------------------------------------------------------------------------------

@dataclass
class Tally:
    """A player's figures added up over evenings (of one game, or of all)."""

    key: str
    name: str = ""
    evenings: int = 0
    hands: int = 0
    wins: int = 0
    net: Decimal = ZERO
    money: dict[str, Decimal] = field(default_factory=dict)
    stale: int = 0  # evenings whose money is stale (left out of ``money``)
    counts: dict[str, int] = field(default_factory=dict)
    # each spelling seated: how many evenings, and the start of the newest
    spellings: dict[str, tuple[int, str]] = field(default_factory=dict)

    def add(self, evening: Evening, seat: Seat) -> None:
        with exact():
            self.add_exactly(evening, seat)

    @classmethod
    def of(cls, key: str, evenings: Sequence[Evening], seats: Sequence[Seat]) -> Tally:
        """A player's tally of these seats (``seats[i]`` at ``evenings[i]``): what ``add``
        makes of them one at a time, in the same order, so the same Decimals."""
        # A speed trick, here alone: each figure is added up over every seat by the standard
        # library's ``map`` and ``sum`` (the ``operator`` getters below), in C, where a loop
        # of Python took about 3 µs a seat, 12 ms of a season of 1,000 evenings of four
        # players: the row "season, 1,000 evenings of 50 hands, from its index" of
        # tests/benchmarks/test_many_evenings.py.
        tally = cls(key, evenings=len(seats), hands=sum(map(_HANDS, evenings)),
                    wins=sum(map(_WON, seats)), stale=sum(map(_STALE, evenings)))
        currencies, moneys = list(map(_CURRENCY, evenings)), list(map(_MONEY, seats))
        one = set(currencies)
        with exact():
            tally.net = sum(map(_NET, seats), ZERO)
            if len(one) == 1 and None not in one and set(map(type, moneys)) == _DECIMAL:
                tally.money[currencies[0]] = sum(moneys, ZERO)  # (the usual evenings)
            else:
                for currency, money in zip(currencies, moneys, strict=True):
                    if money is not None and currency is not None:
                        tally.money[currency] = tally.money.get(currency, ZERO) + money
        counts = list(map(_COUNTS, seats))
        first = tuple(counts[0])
        if len(first) > 1 and set(map(len, counts)) == {len(first)}:
            try:  # the usual seats: the same counts at each, read a seat at a time
                tally.counts = dict(zip(first, map(sum, zip(*map(itemgetter(*first), counts),
                                                             strict=True)), strict=True))
                return _spelt(tally, evenings, seats)
            except KeyError:  # as many counts, not the same
                pass
        for k in dict.fromkeys(chain.from_iterable(counts)):  # (in the order first seen)
            tally.counts[k] = sum(c.get(k, 0) for c in counts)
        return _spelt(tally, evenings, seats)

    def add_exactly(self, evening: Evening, seat: Seat) -> None:
        """``add``, under ``exact()`` already (a season enters it once, not once a seat)."""
        self.evenings += 1
        self.hands += evening.hands
        self.wins += seat.won
        self.stale += evening.money_stale
        self.net += seat.net
        if seat.money is not None and evening.currency is not None:
            self.money[evening.currency] = self.money.get(evening.currency, ZERO) + seat.money
        for k, v in seat.counts.items():
            self.counts[k] = self.counts.get(k, 0) + v
        count, newest = self.spellings.get(seat.name, (0, ""))
        self.spellings[seat.name] = (count + 1, max(newest, evening.started))

    @property
    def average(self) -> Decimal:
        """The net per evening, rounded to the hundredth (half to even)."""
        return average(self.net, self.evenings)


def _spelt(tally: Tally, evenings: Sequence[Evening], seats: Sequence[Seat]) -> Tally:
    """``tally`` with each spelling seated (``Tally.of``): how many evenings, the newest's
    start."""
    names = list(map(_NAME, seats))
    for name, count in Counter(names).items():
        starts = (map(_STARTED, evenings) if count == len(names) else
                  (e.started for e, n in zip(evenings, names, strict=True) if n == name))
        tally.spellings[name] = (count, max(starts))
    return tally


def average(net: Decimal, evenings: int) -> Decimal:
    """``net`` over ``evenings``, rounded to the hundredth, half to even (the one figure here
    that is rounded: a third of a chip has no exact decimal)."""
    if not evenings:
        return ZERO
    with localcontext() as context:
        context.prec = 200
        return (net / evenings).quantize(HUNDREDTH, rounding=ROUND_HALF_EVEN)


def average_is_exact(net: Decimal, evenings: int) -> bool:
    with localcontext() as context:
        context.prec = 200
        return not evenings or average(net, evenings) * evenings == net


def seat_keys(evening: Evening, roster: Roster,
              known: dict[str, str] | None = None) -> list[str]:
    """The player each seat of an evening counts as (two seats of one evening are never one
    player: a later seat whose player is taken counts under its name as written). ``known``:
    each name's player worked out so far (the same few names sit at a thousand evenings)."""
    keys: list[str] = []
    for seat in evening.seats:
        key = known.get(seat.name) if known is not None else None
        if key is None:
            key = roster.player(player_key(seat.name))
            if known is not None:
                known[seat.name] = key
        keys.append(_APART + seat.name if key in keys else key)
    return keys


def named_tally(tally: Tally, roster: Roster) -> Tally:
    """The tally with the name it is shown under: of the spellings that are the player's own
    key (not a spelling merged into it), the one seated at most evenings, then the newest;
    without one, the same among all its spellings."""
    own = [s for s in tally.spellings if tally.key.startswith(_APART)
           or player_key(s) == tally.key]
    pool = own or list(tally.spellings)
    tally.name = max(pool, key=lambda s: (*tally.spellings[s], s))
    return tally


Keyed = Sequence[tuple[Evening, Sequence[str]]]
"""Evenings, each with the player each of its seats counts as (``seat_keys``)."""


def keyed(evenings: Iterable[Evening], roster: Roster) -> list[tuple[Evening, list[str]]]:
    """Each evening with its ``seat_keys``, worked out once for all that a season makes of
    them (its tables, its tallies, the look-alike names)."""
    known: dict[str, str] = {}
    return [(e, seat_keys(e, roster, known)) for e in evenings]


def tallies(evenings: Iterable[Evening], roster: Roster) -> list[Tally]:
    """Every player's figures over these evenings (``counts`` added up within one game only:
    call it with one game's evenings for those)."""
    return keyed_tallies(keyed(evenings, roster), roster)


def keyed_tallies(evenings: Keyed, roster: Roster) -> list[Tally]:
    """``tallies`` of evenings whose seats' keys are known."""
    found: dict[str, tuple[list[Evening], list[Seat]]] = {}
    for evening, keys in evenings:
        for key, seat in zip(keys, evening.seats, strict=True):
            mine = found.get(key)
            if mine is None:
                mine = found[key] = ([], [])
            mine[0].append(evening)
            mine[1].append(seat)
    return [named_tally(Tally.of(key, *mine), roster) for key, mine in found.items()]


def lookalikes(evenings: Sequence[Evening], roster: Roster) -> list[tuple[str, str]]:
    """The pairs of players whose names look alike (``look_alike``), never said to be one
    player or two, and never seated at one evening: the question to ask. Shown by name."""
    with_keys = keyed(evenings, roster)
    return keyed_lookalikes(with_keys, keyed_tallies(with_keys, roster), roster)


def keyed_lookalikes(evenings: Keyed, tallied_all: Iterable[Tally],
                     roster: Roster) -> list[tuple[str, str]]:
    """``lookalikes`` of evenings whose seats' keys are known, given their ``tallies`` (each
    player's name)."""
    tallied = {t.key: t for t in tallied_all if not t.key.startswith(_APART)}
    together: set[tuple[str, str]] = set()
    tables: set[tuple[str, ...]] = set()  # the tables seen: the same four sit most evenings
    for _evening, seat_keys_ in evenings:
        table = tuple(seat_keys_)
        if table in tables:
            continue
        tables.add(table)
        keys = sorted(k for k in table if not k.startswith(_APART))
        together.update((a, b) for i, a in enumerate(keys) for b in keys[i + 1:])
    pairs = []
    keys = sorted(tallied)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            if (a, b) in together or roster.is_apart(a, b) or not look_alike(a, b):
                continue
            pairs.append((tallied[a].name, tallied[b].name))
    return pairs


def _order(rows: list[Tally]) -> list[Tally]:
    """Best net first; equal nets by name."""
    return sorted(rows, key=lambda t: (-t.net, player_key(t.name), t.name))


def within(evenings: Iterable[Evening], game: str | None = None, start: date | None = None,
           end: date | None = None) -> list[Evening]:
    """The evenings of ``game`` that started (UTC day) from ``start`` to ``end`` (both
    included; ``None``: no bound), with at least one hand played, oldest first."""
    low = start.isoformat() if start else ""
    high = end.isoformat() if end else "9999-12-31"
    chosen = [e for e in evenings if e.hands and (game is None or e.game == game)
              and low <= e.day <= high]
    return sorted(chosen, key=lambda e: (e.started, e.session))


# ---- the season's table -----------------------------------------------------------------------

class GameTable(NamedTuple):  # (as Seat)
    """One game's table over a season: the evenings (oldest first) and the players, best net
    first."""

    ruleset: Game  # what is shown of the game (its name, title, unit: as a Ruleset says them)
    evenings: tuple[Evening, ...]
    players: tuple[Tally, ...]
    keys: tuple[tuple[str, ...], ...]  # the player each seat of each evening counts as

    def running_totals(self) -> dict[str, list[Decimal]]:
        """Each player's net added up after each evening (0 before the first): the chart."""
        totals = {t.key: ZERO for t in self.players}
        series: dict[str, list[Decimal]] = {t.key: [ZERO] for t in self.players}
        for evening, keys in zip(self.evenings, self.keys, strict=True):
            with exact():
                for key, seat in zip(keys, evening.seats, strict=True):
                    totals[key] += seat.net
            for key in series:
                series[key].append(totals[key])
        names = {t.key: t.name for t in self.players}
        return {names[k]: v for k, v in series.items()}


class Season(NamedTuple):  # (as Seat)
    """The season's tables, one per game, and what was left out: files whose figures could not
    be read, and look-alike names still to be decided."""

    game: str | None
    start: date | None
    end: date | None
    tables: tuple[GameTable, ...]
    lookalikes: tuple[tuple[str, str], ...]
    skipped: tuple[tuple[str, str], ...]  # (file, problem)
    stale: tuple[str, ...] = ()  # the sessions whose money is stale (hands changed since)


def season(evenings: Iterable[Evening], roster: Roster, game: str | None = None,
           start: date | None = None, end: date | None = None,
           skipped: Iterable[tuple[str, str]] = ()) -> Season:
    """The season over these evenings: a table for ``game`` (or one per game played, in the
    registry's order), from ``start`` to ``end``."""
    chosen = keyed(within(evenings, game, start, end), roster)  # each seat's key once
    tables = []
    every: list[Tally] | None = None  # the tallies over all chosen evenings (their names)
    for facts, mine in by_game(chosen):
        tallied = keyed_tallies(mine, roster)
        if len(mine) == len(chosen):  # one game: its tallies are those of every evening
            every = tallied
        tables.append(GameTable(facts, tuple(e for e, _k in mine), tuple(_order(tallied)),
                                tuple(tuple(k) for _e, k in mine)))
    if every is None:
        every = keyed_tallies(chosen, roster)
    return Season(game, start, end, tuple(tables),
                  tuple(keyed_lookalikes(chosen, every, roster)), tuple(skipped),
                  stale_sessions(e for e, _k in chosen))


def by_game(evenings: Sequence[tuple[Evening, Any]]) -> list[tuple[Game, list[Any]]]:
    """The evenings (each with what goes with it) of each game, the games in the registry's
    order; each game as its oldest evening says it (``Evening.game_facts``)."""
    games: dict[str, tuple[Game, list[Any]]] = {}
    for item in evenings:
        name = item[0].game
        if name not in games:
            games[name] = (item[0].game_facts, [])
        games[name][1].append(item)
    return sorted(games.values(), key=lambda g: g[0].rank)


def stale_sessions(evenings: Iterable[Evening]) -> tuple[str, ...]:
    """The sessions among ``evenings`` whose money is stale: left out of every sum."""
    return tuple(e.session for e in evenings if e.money_stale)


def read_day(text: str) -> date:
    """A day typed as ``2026-12-01`` (a ``ScorekeeperError`` otherwise)."""
    try:
        return date.fromisoformat(text.strip())
    except (ValueError, AttributeError):
        raise ScorekeeperError(_("{text} is not a day (write it 2026-12-01)").format(
            text=repr(text))) from None
