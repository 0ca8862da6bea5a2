"""Players across evenings and the season's table. Pure: the store reads the files (through
the listing's index) and the alias file; everything here is worked out from what they give.

Each session's figures (``evening_figures``) are worked out once from its stored hands (never
settled again) and kept in the listing's index, so a season over a thousand evenings reads one
index, not a thousand files.

Who is who (docs/rules.md, "Players across evenings"):

- A name is the same player in every session when it is the same after Unicode's NFKC form and
  case folding (``player_key``): "Anna", "ANNA" and "Ａｎｎａ" are one player.
- Names that only look alike ("Anna" and "Änna", "Ann" and "Anna": the same letters without
  their marks, or one letter added, dropped, changed or two swapped) are two players until
  someone says they are one (``Roster.merged``, kept in ``<home>/players.json`` by
  ``scorekeeper player merge``) or that they are two (``Roster.kept_apart``). Until then they
  are listed as a question. Names that sat at the same evening are never asked about: they
  are two people.
- A player is shown by the spelling of their own seated at most evenings (then the newest).
- Two seats of one evening are never one player: if their names fold to the same player (two
  spellings merged, or ``Ａnna`` beside ``Anna``), the later seat counts under its name as
  written.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from itertools import chain
from operator import attrgetter, itemgetter, methodcaller
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from . import jsontext
from .amounts import (
    CHANGED_SINCE,
    ZERO,
    exact,
    format_amount,
    money_text,
    to_decimal_string,
)
from .cells import text_table
from .errors import ScorekeeperError
from .eveningfigures import FIGURES_VERSION, Game, evening_figures, registry_game
from .i18n import N_, _, current_language, ngettext
from .summary import SessionSummary
from .summary import kept_amount as _amount

if TYPE_CHECKING:
    from .export.source import ExportSource

    class Listed(Protocol):
        """A line of the sessions listing as a season reads it (the store's ``Listing``; named
        for the type checker alone: a Protocol takes a while to make at import)."""

        @property
        def file(self) -> str: ...
        @property
        def summary(self) -> SessionSummary | None: ...
        @property
        def problem(self) -> str | None: ...
        @property
        def figures(self) -> dict[str, Any] | None: ...
        @property
        def figures_problem(self) -> str | None: ...


# A season from the listing's index imports neither the rules (pydantic's models) nor the
# ledger, the documents or the exports: what it shows of a game (``Game``) is kept with each
# evening's figures, and the csv, md and html formats import what they write with when they
# are asked for. The rules are imported only to work an evening's figures out of its file.
# (tests/test_season_light.py; what it buys: the "from its index" rows of
# tests/benchmarks/test_many_evenings.py.)

ROSTER_VERSION = 1  # the form of ``<home>/players.json``
HUNDREDTH = Decimal("0.01")
UNIT_WORDS = {"chip": N_("chips"), "point": N_("points")}
_APART = "\x00"  # before a seat's own name: a key no name can have (names hold no controls)


# ---- who is who -----------------------------------------------------------------------------

def player_key(name: str) -> str:
    """The player a name stands for across evenings: the name trimmed, in Unicode's NFKC form
    and case-folded (``Anna``, ``ANNA`` and ``Ａｎｎａ`` are one player; ``Änna`` is another)."""
    folded = unicodedata.normalize("NFKC", name.strip()).casefold()
    return unicodedata.normalize("NFKC", folded)


def _bare(key: str) -> str:
    """A folded name without its marks (``änna`` -> ``anna``)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", key)
                   if not unicodedata.combining(ch))


def _one_edit(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one letter added, dropped or changed, or two neighbours
    swapped."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        diffs = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(diffs) == 1:
            return True
        i = diffs[0]
        return len(diffs) == 2 and diffs[1] == i + 1 and a[i] == b[i + 1] and a[i + 1] == b[i]
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1:]


def look_alike(a: str, b: str) -> bool:
    """Whether two players' keys (``player_key``) might be one person written two ways: the
    same letters once their marks are taken off (``anna``, ``änna``), or, for names of three
    letters or more, one letter added, dropped, changed or two swapped (``ann``, ``anna``)."""
    if a == b:
        return False
    bare_a, bare_b = _bare(a), _bare(b)
    if bare_a == bare_b:
        return True
    return min(len(bare_a), len(bare_b)) >= 3 and _one_edit(bare_a, bare_b)


class Roster(NamedTuple):  # (as Seat)
    """What the table has said about names (``<home>/players.json``): ``same`` takes a player
    (by key) as another (a key that is never itself taken as another); ``apart`` holds pairs of
    look-alike keys that are two people."""

    same: Mapping[str, str] = MappingProxyType({})
    apart: frozenset[tuple[str, str]] = frozenset()

    def player(self, key: str) -> str:
        """The player a key counts as."""
        return self.same.get(key, key)

    def is_apart(self, a: str, b: str) -> bool:
        return (min(a, b), max(a, b)) in self.apart

    def merged(self, keep: str, other: str) -> Roster:
        """``other`` (and everyone taken as it) taken as ``keep``'s player from now on."""
        root, gone = self.player(keep), self.player(other)
        if root == gone:
            raise ScorekeeperError(_("they are one player already"))
        same = {k: (root if v == gone else v) for k, v in self.same.items()}
        same[gone] = root
        apart = frozenset(pair for pair in self.apart
                          if {self.player(pair[0]), self.player(pair[1])} != {root, gone})
        return Roster(same, apart)

    def unmerged(self, key: str) -> Roster:
        """``key`` counted as its own player again."""
        if key not in self.same:
            raise ScorekeeperError(_("it is not taken as another player"))
        return Roster({k: v for k, v in self.same.items() if k != key}, self.apart)

    def kept_apart(self, a: str, b: str) -> Roster:
        """``a`` and ``b`` are two people: not asked about again."""
        if self.player(a) == self.player(b):
            raise ScorekeeperError(_("they are taken as one player: undo that first"))
        return Roster(dict(self.same), self.apart | {(min(a, b), max(a, b))})

    def to_json(self) -> dict[str, Any]:
        return {"version": ROSTER_VERSION, "same": dict(sorted(self.same.items())),
                "apart": [list(pair) for pair in sorted(self.apart)]}

    @classmethod
    def from_json(cls, data: Any) -> Roster:
        """The roster a ``players.json`` holds (a ``ScorekeeperError`` saying what is wrong)."""
        if data is None:
            return cls()
        if not isinstance(data, dict) or data.get("version") != ROSTER_VERSION:
            raise ScorekeeperError(_("not a list of players written by this scorekeeper"))
        same, apart = data.get("same", {}), data.get("apart", [])
        if (not isinstance(same, dict) or not isinstance(apart, list)
                or not all(isinstance(k, str) and isinstance(v, str) for k, v in same.items())
                or not all(isinstance(p, list) and len(p) == 2
                           and all(isinstance(k, str) for k in p) for p in apart)):
            raise ScorekeeperError(_("its aliases cannot be read"))
        if any(v in same for v in same.values()):
            raise ScorekeeperError(_("an alias points to another alias"))
        return cls(dict(same), frozenset((min(a, b), max(a, b)) for a, b in apart))


def source_figures(source: ExportSource) -> dict[str, Any]:
    """``evening_figures`` of a session settled here (or exported): its hands' outcomes and
    the newest settle-up at a value its history keeps, and whether hands changed since."""
    from .settleup import money_current

    agreed, _changed = source.settled_up()
    money = None
    for a in agreed:
        if a.settled.currency is not None:
            money = (a.settled.currency, {share.party: share.money
                                          for share in a.settled.players
                                          if isinstance(share.party, str)
                                          and share.money is not None})
    return evening_figures(source.config, source.state,
                           [s.outcome for s in source.settlements], money,
                           money_current(source.events))


class Seat(NamedTuple):
    """One player at one evening: the name as seated, the net, a win, the game's counts and the
    money of the newest settle-up with a value (``None`` without one, or when it is stale)."""

    # Seat, Evening, GameTable, Season and PlayerCard are NamedTuples, not frozen dataclasses:
    # a season from the index makes five of these an evening, and a NamedTuple is made in
    # half the time and defined at import in a sixth (the row "season, 1,000 evenings of 50
    # hands, from its index" of tests/benchmarks/test_many_evenings.py).

    name: str
    net: Decimal
    won: bool
    counts: Mapping[str, int]
    money: Decimal | None


class Evening(NamedTuple):
    """One session as a season sees it. ``currency`` is that of its money (``None``: no
    settle-up at a value, or a stale one); ``money_stale``: a settle-up at a value was made,
    but hands changed since, so its money is left out (the seats have none)."""

    session: str
    started: str
    game: str
    unit: str
    hands: int
    finished: bool
    seats: tuple[Seat, ...]
    currency: str | None
    continued: bool = False  # the evening went on in another session (the next evening)
    money_stale: bool = False
    facts: Game | None = None  # the game as the index kept it (``None``: ask the rules)

    @property
    def game_facts(self) -> Game:
        """What a season shows of its game."""
        return self.facts if self.facts is not None else registry_game(self.game)

    @property
    def day(self) -> str:
        """The (UTC) day it started: ``2026-12-01``."""
        return self.started[:10]


_HANDS, _STALE, _CURRENCY, _STARTED = (attrgetter(a) for a in ("hands", "money_stale",
                                                                  "currency", "started"))
_NAME, _NET, _WON, _COUNTS, _MONEY = (attrgetter(a) for a in ("name", "net", "won", "counts",
                                                              "money"))
_WHOLE, _TEXT = {int}, {str}  # the types a seat's counts may hold, and their keys
_DECIMAL, _VALUES = {Decimal}, methodcaller("values")


def evening_from_json(session: str, started: str, data: Any, continued: bool = False,
                      known: list[tuple[Any, Game]] | None = None) -> Evening:
    """An evening from its figures as the listing's index keeps them (``evening_figures``). The
    index is only a cache: what it says is checked all the same (a ``ScorekeeperError``).
    ``known``: the games' facts read so far, each with what it was read from (a thousand
    evenings of a game are read once, not a thousand times)."""
    try:
        if not isinstance(data, dict) or data.get("version") != FIGURES_VERSION:
            raise ValueError("not this version's figures")
        game, unit, kept = data["game"], data["unit"], data["facts"]
        for seen, facts in known or ():
            if seen == kept and facts.game == game and facts.unit == unit:
                break
        else:
            facts = Game.from_json(game, unit, kept)
            if known is not None:
                known.append((kept, facts))
        money = data.get("money")
        paid: Mapping[str, Any] = {}
        currency = None
        stale = False
        if money is not None:
            currency, paid, current = str(money["currency"]), money["players"], money["current"]
            if not isinstance(paid, dict) or type(current) is not bool:
                raise ValueError("money")
            if not current:  # never shown as if it were the chips' now
                currency, paid, stale = None, {}, True
        seats = []
        for seat in data["players"]:
            name, counts = seat["name"], seat["figures"]
            if type(name) is not str or not isinstance(counts, dict):
                raise ValueError("a seat")
            seats.append(Seat(name, _amount(seat["net"]), bool(seat["won"]), counts,
                              _amount(paid[name]) if name in paid else None))
        every = [seat.counts for seat in seats]  # (the seats' counts looked at together)
        if not set(map(type, chain.from_iterable(map(_VALUES, every)))) <= _WHOLE:
            raise ValueError("a seat's counts")
        if not set(map(type, chain.from_iterable(every))) <= _TEXT:
            seats = [Seat(seat.name, seat.net, seat.won,
                          {str(k): v for k, v in seat.counts.items()}, seat.money)
                     for seat in seats]
        hands = data["hands"]
        if type(hands) is not int or hands < 0:
            raise ValueError("hands")
        return Evening(session, started, game, facts.unit, hands, bool(data["finished"]),
                       tuple(seats), currency, continued, stale, facts)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise ScorekeeperError(_("its figures in the listing's index cannot be read")) from None


def evenings_listed(listing: Iterable[Listed]) -> tuple[list[Evening], list[tuple[str, str]]]:
    """The evenings of a listing with figures (``Store.list_sessions(figures=True)``), and the
    files left out, each with why: damaged, or figures that cannot be read."""
    evenings, skipped = [], []
    known: list[tuple[Any, Game]] = []  # the games' facts read so far
    for line in listing:
        file = f"sessions/{line.file}"
        summary = line.summary
        if summary is None or line.figures is None:
            problem = line.problem if summary is None else line.figures_problem
            skipped.append((file, str(problem or "").removeprefix(f"{file}: ")))
            continue
        try:
            evenings.append(evening_from_json(summary.id, summary.started, line.figures,
                                              summary.continued_by is not None, known))
        except ScorekeeperError as error:
            skipped.append((file, str(error)))
    return evenings, skipped


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


def _named(tally: Tally, roster: Roster) -> Tally:
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
    return [_named(Tally.of(key, *mine), roster) for key, mine in found.items()]


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


def _money_words(money: Mapping[str, Decimal], sep: str = ", ") -> str:
    return sep.join(money_text(v, c) for c, v in sorted(money.items()))


def money_cell(t: Tally, lines: bool = False) -> str:
    """A player's money as people read it: the current money by currency, then how many
    evenings' money is stale (left out: hands changed after their settle-up); ``lines``:
    each currency, and the stale evenings, on a line of its own."""
    words = _money_words(t.money, "\n" if lines else ", ")
    if t.stale:
        stale = ngettext("{count} evening stale", "{count} evenings stale", t.stale).format(
            count=t.stale)
        joint = "\n" if lines else "; "
        words = f"{words}{joint}{stale}" if words else stale
    return words


def _average_words(t: Tally) -> str:
    shown = format_amount(t.average, signed=True)
    return shown if average_is_exact(t.net, t.evenings) else "~" + shown


def unit_words(unit: str) -> str:
    name = UNIT_WORDS.get(unit)
    return _(name) if name else unit


def _span_words(s: Season) -> str:
    if s.start and s.end:
        return _("from {start} to {end}").format(start=s.start, end=s.end)
    if s.start:
        return _("from {start}").format(start=s.start)
    if s.end:
        return _("up to {end}").format(end=s.end)
    return _("every evening")


def _headers(unit: str) -> list[str]:
    return ["#", _("player"), _("evenings"), _("hands"), _("evenings won"),
            _("net ({unit})").format(unit=unit_words(unit)), _("per evening"), _("money")]


def wins_line(table: GameTable) -> str:
    """What "evenings won" counts, under a game's table: the evenings played to the end that
    the player finished on top; and how many evenings nobody has won, because they were not
    played to the end (a rotation left unfinished: docs/rules.md, a session's end)."""
    said = _("evenings won: evenings played to the end and finished first (a tie shares the "
             "win).")
    unfinished = sum(not e.finished for e in table.evenings)
    if unfinished:
        said += " " + ngettext(
            "{count} evening was not played to the end: nobody has won it.",
            "{count} evenings were not played to the end: nobody has won them.",
            unfinished).format(count=unfinished)
    return said


def season_rows(table: GameTable, money_lines: bool = False) -> list[list[str]]:
    """A game's table as rows of text for people: rank, player, evenings, hands, wins, net,
    per evening (``~`` when rounded), money (``money_lines``: a line per currency)."""
    return [[str(i), t.name, str(t.evenings), str(t.hands), str(t.wins),
             format_amount(t.net, signed=True), _average_words(t), money_cell(t, money_lines)]
            for i, t in enumerate(table.players, start=1)]


def season_lines(s: Season) -> list[str]:
    """The season as the command line prints it: each game's table, then what was left out
    and the look-alike names to decide."""
    lines: list[str] = []
    if not s.tables:
        lines.append(_("No evening with a hand played {span}.").format(span=_span_words(s)))
    for table in s.tables:
        if lines:
            lines.append("")
        n = len(table.evenings)
        lines.append(ngettext("{game}, {span}: {count} evening", "{game}, {span}: {count} "
                              "evenings", n).format(game=table.ruleset.title,
                                                    span=_span_words(s), count=n))
        lines += text_table(_headers(table.ruleset.unit), season_rows(table),
                        right={0, 2, 3, 4, 5, 6, 7})
        lines += textwrap.wrap(wins_line(table), width=79)  # a terminal of 80 columns
    lines += notes_lines(s.lookalikes, s.skipped, s.stale)
    return lines


def notes_lines(pairs: Sequence[tuple[str, str]], skipped: Sequence[tuple[str, str]],
                stale: Sequence[str] = ()) -> list[str]:
    """The evenings left out (damaged files), the evenings whose money is left out (stale)
    and the look-alike names still to decide."""
    lines: list[str] = []
    for file, problem in skipped:
        lines.append(_("left out: {file}: {problem}").format(file=file, problem=problem))
    for session in stale:
        lines.append(_("money left out: session {id}: {problem}").format(
            id=session, problem=_(CHANGED_SINCE)))
    if pairs:
        lines += ["", _("These names look alike and are counted as two players until you say:")]
        for a, b in pairs:
            lines.append(f"  {a} / {b}")
        lines.append(_("  one person: scorekeeper player merge NAME OTHER; two people: "
                       "scorekeeper player apart NAME OTHER"))
    return lines


def season_document(s: Season) -> dict[str, Any]:
    """The season as JSON (docs/contract.md): every amount an exact decimal string, except
    ``average`` (net ÷ evenings, rounded to the hundredth, half to even)."""
    tables = []
    for table in s.tables:
        keyed = [dict(zip(keys, e.seats, strict=True))
                 for keys, e in zip(table.keys, table.evenings, strict=True)]
        names = {t.key: t.name for t in table.players}
        tables.append({
            "game": table.ruleset.game, "unit": table.ruleset.unit,
            "evenings": len(table.evenings),
            "players": [{"name": t.name, "evenings": t.evenings, "hands": t.hands,
                         "wins": t.wins, "net": to_decimal_string(t.net),
                         "average": to_decimal_string(t.average),
                         "money": {c: to_decimal_string(v) for c, v in sorted(t.money.items())},
                         "money_stale": t.stale}
                        for t in table.players],
            "sessions": [{"id": e.session, "started": e.started, "hands": e.hands,
                          "finished": e.finished, "money_stale": e.money_stale,
                          "results": {names[k]: to_decimal_string(seat.net)
                                      for k, seat in seats.items()}}
                         for e, seats in zip(table.evenings, keyed, strict=True)]})
    return {"game": s.game, "from": s.start.isoformat() if s.start else None,
            "to": s.end.isoformat() if s.end else None, "tables": tables,
            "lookalikes": [list(pair) for pair in s.lookalikes],
            "skipped": [{"file": f, "problem": p} for f, p in s.skipped]}


def season_json(s: Season) -> str:
    return jsontext.indented(season_document(s)) + "\n"


def season_text(s: Season) -> str:
    return "\n".join(season_lines(s)) + "\n"


def season_csv(s: Season) -> str:
    """One row per player and game; a money column per currency. Text cells a spreadsheet would
    run as a formula are neutralised."""
    import csv
    import io

    from .export.data import csv_text_cell

    currencies = sorted({c for t in s.tables for p in t.players for c in p.money})
    stale = ["money stale"] if s.stale else []  # evenings whose money is left out
    rows: list[list[Any]] = [["game", "rank", "player", "evenings", "hands", "wins", "net",
                              "average", *(f"money {c}" for c in currencies), *stale]]
    for table in s.tables:
        for i, t in enumerate(table.players, start=1):
            rows.append([table.ruleset.game, i, csv_text_cell(t.name), t.evenings, t.hands,
                         t.wins, to_decimal_string(t.net), to_decimal_string(t.average),
                         *(to_decimal_string(t.money[c]) if c in t.money else ""
                           for c in currencies), *([t.stale] if stale else [])])
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def season_md(s: Season) -> str:
    """The season as Markdown: a table per game; names shown literally."""
    from .export.source import md_cell

    lines = ["# " + _("Season: {span}").format(span=_span_words(s))]
    for table in s.tables:
        n = len(table.evenings)
        lines += ["", "## " + ngettext("{game}: {count} evening", "{game}: {count} evenings",
                                       n).format(game=table.ruleset.title, count=n), ""]
        lines.append("| " + " | ".join(_headers(table.ruleset.unit)) + " |")
        lines.append("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for row in season_rows(table):
            row[1] = md_cell(row[1])
            lines.append("| " + " | ".join(row) + " |")
        lines += ["", md_cell(wins_line(table))]
    notes = notes_lines(s.lookalikes, s.skipped, s.stale)
    if notes:
        lines += [""] + [md_cell(line) if line else "" for line in notes]
    return "\n".join(lines) + "\n"


def season_html(s: Season) -> str:
    """One self-contained page: a table per game and a chart of each player's running total
    over the evenings (an SVG line per player, with a key); names escaped."""
    import html

    from .export.pages import svg_chart

    e = html.escape
    title = e(_("Season: {span}").format(span=_span_words(s)))
    out = ["<!DOCTYPE html>",
           f'<html lang="{current_language()}"><head><meta charset="utf-8">',
           f"<title>{title}</title>",
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
           "margin:1em 0}td,th{border:1px solid #bbb;padding:.2em .6em}td.n{text-align:right}"
           "</style></head><body>", f"<h1>{title}</h1>"]
    for table in s.tables:
        n = len(table.evenings)
        out.append("<h2>" + e(ngettext("{game}: {count} evening", "{game}: {count} evenings", n)
                              .format(game=table.ruleset.title, count=n)) + "</h2>")
        out.append("<table><tr>" + "".join(f"<th>{e(h)}</th>"
                                           for h in _headers(table.ruleset.unit)) + "</tr>")
        for row in season_rows(table):
            out.append("<tr>" + "".join(f"<td>{e(c)}</td>" if i == 1 else
                                        f"<td class=n>{e(c)}</td>"
                                        for i, c in enumerate(row)) + "</tr>")
        out.append("</table>")
        out.append("<p>" + e(wins_line(table)) + "</p>")
        out.append(svg_chart(table.running_totals(), legend=True,
                             label=_("running total by evening"),
                             axis=_("evening (0 to {last})").format(last=n)))
    notes = notes_lines(s.lookalikes, s.skipped, s.stale)
    if notes:
        out.append("<ul>" + "".join(f"<li>{e(line.strip())}</li>" for line in notes if line)
                   + "</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


SEASON_FORMATS = {"text": season_text, "csv": season_csv, "md": season_md, "html": season_html,
                  "json": season_json}


# ---- the players, and one player -----------------------------------------------------------

class PlayerCard(NamedTuple):  # (as Seat)
    """One player over every evening: the totals, each game's (with the game's counts, in the
    game's order) and each evening."""

    everything: Tally
    games: tuple[tuple[Game, Tally], ...]
    evenings: tuple[tuple[Evening, Seat], ...]
    lookalikes: tuple[str, ...]


def find_player(evenings: Sequence[Evening], roster: Roster, name: str) -> PlayerCard | None:
    """The player ``name`` stands for (``player_key``, then the roster), or ``None``."""
    key = roster.player(player_key(name))
    chosen = within(evenings)
    mine = [(e, seat) for e in chosen
            for k, seat in zip(seat_keys(e, roster), e.seats, strict=True) if k == key]
    if not mine:
        return None
    everything = _named(_tally(key, mine), roster)
    games = []
    for facts, of_game in by_game(mine):
        tally = _named(_tally(key, of_game), roster)
        tally.counts = {k: tally.counts.get(k, 0) for k in facts.player_figure_names}
        games.append((facts, tally))
    others = [b if a == everything.name else a for a, b in lookalikes(chosen, roster)
              if everything.name in (a, b)]
    return PlayerCard(everything, tuple(games), tuple(mine), tuple(others))


def _tally(key: str, seats: Iterable[tuple[Evening, Seat]]) -> Tally:
    tally = Tally(key)
    for evening, seat in seats:
        tally.add(evening, seat)
    return tally


def known_keys(evenings: Iterable[Evening]) -> set[str]:
    """Every name's key seated at any of these evenings."""
    return {player_key(seat.name) for e in evenings for seat in e.seats}


def player_lines(card: PlayerCard) -> list[str]:
    """One player as the command line prints it."""
    t = card.everything
    lines = [t.name]
    others = sorted(s for s in t.spellings if s != t.name)
    if others:
        lines.append("  " + _("also written: {names}").format(names=", ".join(others)))
    lines.append("  " + _tally_words(t))
    if t.money or t.stale:
        lines.append("  " + _("money: {money}").format(money=money_cell(t)))
    for ruleset, g in card.games:
        lines += ["", f"{ruleset.title}: " + _tally_words(g)]
        lines.append("  " + _("net: {net} {unit}, {average} an evening").format(
            net=format_amount(g.net, signed=True), unit=unit_words(ruleset.unit),
            average=_average_words(g)) + (
            "; " + _("money: {money}").format(money=money_cell(g)) if g.money or g.stale
            else ""))
        lines.append("  " + ", ".join(f"{ruleset.figure_words(k)} {v}"
                                      for k, v in g.counts.items()))
    lines += ["", _("Evenings:")]
    for evening, seat in card.evenings:
        money = (" (" + money_text(seat.money, evening.currency) + ")"
                 if seat.money is not None and evening.currency else
                 " (" + _(CHANGED_SINCE) + ")" if evening.money_stale else "")
        status = (_("won") if seat.won else "" if evening.finished else
                  _("continued") if evening.continued else _("running"))
        lines.append(f"  {evening.started[:16].replace('T', ' ')}  {evening.session}  "
                     f"{evening.game_facts.title}: "
                     + ngettext("{count} hand", "{count} hands", evening.hands).format(
                         count=evening.hands)
                     + f", {format_amount(seat.net, signed=True)}{money}"
                     + ("  " + _("as {name}").format(name=seat.name) if seat.name != t.name
                        else "")
                     + (f"  {status}" if status else ""))
    if card.lookalikes:
        lines += ["", _("Look alike, counted apart until you say: {names}").format(
            names=", ".join(card.lookalikes))]
    return lines


def _tally_words(t: Tally) -> str:
    return ", ".join([
        ngettext("{count} evening", "{count} evenings", t.evenings).format(count=t.evenings),
        ngettext("{count} hand", "{count} hands", t.hands).format(count=t.hands),
        ngettext("{count} evening won", "{count} evenings won", t.wins).format(count=t.wins)])


def player_document(card: PlayerCard) -> dict[str, Any]:
    """One player as JSON (docs/contract.md)."""
    t = card.everything

    def money(m: Mapping[str, Decimal]) -> dict[str, str]:
        return {c: to_decimal_string(v) for c, v in sorted(m.items())}

    return {"name": t.name, "spellings": sorted(t.spellings), "evenings": t.evenings,
            "hands": t.hands, "wins": t.wins, "money": money(t.money), "money_stale": t.stale,
            "games": [{"game": r.game, "unit": r.unit, "evenings": g.evenings,
                       "hands": g.hands, "wins": g.wins, "net": to_decimal_string(g.net),
                       "average": to_decimal_string(g.average), "money": money(g.money),
                       "money_stale": g.stale, "figures": dict(g.counts)}
                      for r, g in card.games],
            "sessions": [{"id": e.session, "game": e.game, "started": e.started,
                          "hands": e.hands, "finished": e.finished, "won": seat.won,
                          "name": seat.name, "net": to_decimal_string(seat.net),
                          "money": None if seat.money is None else to_decimal_string(seat.money),
                          "currency": e.currency if seat.money is not None else None,
                          "money_stale": e.money_stale}
                         for e, seat in card.evenings],
            "lookalikes": list(card.lookalikes)}


def players_table(evenings: Sequence[Evening], roster: Roster) -> list[tuple[Tally, dict[str,
                                                                                        Decimal]]]:
    """Every player over every evening, most evenings first (then by name), with the net of
    each game they played (nets of different games are in different units: never added)."""
    chosen = keyed(within(evenings), roster)
    order = [facts.game for facts, _mine in by_game(chosen)]
    nets: dict[str, dict[str, Decimal]] = {}
    with exact():
        for e, keys in chosen:
            for k, seat in zip(keys, e.seats, strict=True):
                mine = nets.setdefault(k, {})
                mine[e.game] = mine.get(e.game, ZERO) + seat.net
    rows = [(t, {g: nets[t.key][g] for g in order if g in nets[t.key]})
            for t in keyed_tallies(chosen, roster)]
    return sorted(rows, key=lambda r: (-r[0].evenings, player_key(r[0].name), r[0].name))


def players_lines(evenings: Sequence[Evening], roster: Roster,
                  skipped: Sequence[tuple[str, str]] = ()) -> list[str]:
    """The players as the command line lists them."""
    rows = players_table(evenings, roster)
    titles = {e.game: e.game_facts.title for e in reversed(within(evenings))}  # the oldest's
    lines: list[str] = []
    if not rows:
        lines.append(_("No players yet: no evening has a hand played."))
    else:
        lines += text_table([_("player"), _("evenings"), _("hands"), _("net")],
                            [[t.name, str(t.evenings), str(t.hands),
                              ", ".join(f"{titles[g]} {format_amount(v, signed=True)}"
                                        for g, v in nets.items())] for t, nets in rows],
                            right={1, 2})
    return lines + notes_lines(lookalikes(within(evenings), roster), skipped)


def players_document(evenings: Sequence[Evening], roster: Roster,
                     skipped: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """The players as JSON (docs/contract.md)."""
    return {"players": [{"name": t.name, "spellings": sorted(t.spellings),
                         "evenings": t.evenings, "hands": t.hands, "wins": t.wins,
                         "net": {g: to_decimal_string(v) for g, v in nets.items()},
                         "money": {c: to_decimal_string(v) for c, v in sorted(t.money.items())},
                         "money_stale": t.stale}
                        for t, nets in players_table(evenings, roster)],
            "lookalikes": [list(p) for p in lookalikes(within(evenings), roster)],
            "skipped": [{"file": f, "problem": p} for f, p in skipped]}


def read_day(text: str) -> date:
    """A day typed as ``2026-12-01`` (a ``ScorekeeperError`` otherwise)."""
    try:
        return date.fromisoformat(text.strip())
    except (ValueError, AttributeError):
        raise ScorekeeperError(_("{text} is not a day (write it 2026-12-01)").format(
            text=repr(text))) from None
