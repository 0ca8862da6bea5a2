"""An evening as a season reads it: each seat's figures (``evening_figures``, worked out once
from a session's stored hands, never settled again, and kept in the listing's index, so a
season over a thousand evenings reads one index, not a thousand files). Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from itertools import chain
from operator import attrgetter, methodcaller
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .errors import ScorekeeperError
from .eveningfigures import FIGURES_VERSION, Game, evening_figures, registry_game
from .i18n import _
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
