"""What the rules give: a transfer, the table between hands (``TableState``), a hand settled
(``Settlement``) and what it came to (``HandOutcome``); and every game by name (``GAMES``),
which a state and a settled hand ask for their game. (A session's results and a deal's plan,
which few commands make: ``plans``.)"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..i18n import _, untranslated
from .config import SessionConfig
from .ends import End
from .record import Exact, HandRecord

if TYPE_CHECKING:
    from typing import Protocol

    from ..cards import Card, Suit

# The core's own results (a transfer, a hand settled, the table between hands) are frozen
# slotted dataclasses, not pydantic models: the core builds them from checked data, and a long
# session holds tens of thousands of them (a pydantic instance of five fields took about
# 870 bytes, with its dict and the set of its fields; tests/benchmarks, "peak memory").


class Transfer(NamedTuple):  # no dataclass compiled at import: see ``plans``
    """One movement of chips (or penalty points) from ``source`` to ``target``.

    Each end is a player's name (text) or an ``Account``: ``POT``, or, in letzter,
    ``PENALTY`` (points are written down, not taken from anyone). ``due`` is set when less was
    paid than was owed (a sweep meeting a pot that held less than 2)."""

    source: End
    target: End
    amount: Exact
    reason: str
    due: Exact | None = None


_TRANSFERS: dict[tuple[End, End, Decimal, str, Decimal | None], Transfer] = {}


def transfer(source: End, target: End, amount: Decimal, reason: str,
             due: Decimal | None = None) -> Transfer:
    """A transfer the core worked out. A session repeats the same few transfers (a stake, a
    trick's share, a penalty) thousands of times; they are immutable, so equal ones are one
    object, built once."""
    key = (source, target, amount, reason, due)
    found = _TRANSFERS.get(key)
    if found is None:
        if len(_TRANSFERS) >= 50_000:
            _TRANSFERS.clear()
        found = _TRANSFERS[key] = Transfer(source=source, target=target, amount=amount,
                                           reason=reason, due=due)
    return found


T = TypeVar("T")


def present(value: T | None, what: str) -> T:
    """A value the game always has (its pot, a hand's stake or indicator): the fields are
    optional because not every game has them, so ``None`` here is a bug, not a bad record."""
    if value is None:
        raise TypeError(f"{what} is missing")
    return value


if TYPE_CHECKING:  # (a class made only for the type checker: none at import)

    class AskedGame(Protocol):
        """What a table's state and a settled hand ask their game (every ``Ruleset``
        answers it)."""

        def leaders(self, scores: dict[str, Decimal]) -> tuple[str, ...]: ...

        def explain(self, settlement: Settlement) -> tuple[str, ...]: ...

        def explain_words(self, settlement: Settlement,
                          config: SessionConfig | None = None) -> tuple[str, ...]: ...

        def finding_words(self, finding: str, config: SessionConfig | None = None) -> str: ...

        def trump_of(self, turned: tuple[Card, ...] | None) -> Suit | None: ...


# Every game, by name: ``rules.base.RULESETS`` is this very dict (a game joins it with
# ``register``), here so that a state or a settled hand finds its game without importing the
# rules that import this module.
GAMES: dict[str, AskedGame] = {}


@dataclass(frozen=True, slots=True)
class TableState:
    """The table between hands: who deals and leads next, the scores, the pot."""

    hands_played: int
    dealer: str
    leader: str
    scores: dict[str, Exact]
    pot: Exact | None
    finished: bool
    game: str

    @property
    def leaders(self) -> tuple[str, ...]:
        """Everyone with the best score, in seating order. Worked out when asked for (settling
        a long session passes through thousands of states that nobody ranks)."""
        return GAMES[self.game].leaders(self.scores)


class HandOutcome(NamedTuple):  # no dataclass compiled at import: see ``plans``
    """What a hand came to, as a player's figures over many evenings need it: who dealt, its
    kind, the trick winners in order and (in a game where players choose) who chose to play.
    A settlement gives it (``Settlement.outcome``); so does a session file's stored hand,
    without the transfers (``documents.stored_outcome``)."""

    dealer: str
    kind: str
    tricks: tuple[str, ...]
    entered: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Settlement:
    """One hand settled: what it was, every transfer in order, and where everyone stands."""

    number: int
    dealer: str
    kind: str
    record: HandRecord
    pot_before: Exact | None
    stake: Exact | None
    transfers: tuple[Transfer, ...]
    deltas: dict[str, Exact]
    pot_after: Exact | None
    scores_after: dict[str, Exact]
    game: str
    findings: tuple[str, ...] = ()

    @property
    def explanation(self) -> tuple[str, ...]:
        """What happened, in sentences to read out at the table, then the referee's findings.
        Worked out from the settlement when asked for (replaying a long session need not).
        This is data, as the session file and ``record --json`` keep it: in English and with
        the contract's card letters, whatever the language in use (``explanation_words`` is
        for people)."""
        with untranslated():
            return GAMES[self.game].explain(self) + tuple(
                f"Referee: {f}" for f in self.findings)

    def explanation_words(self, config: SessionConfig | None = None) -> tuple[str, ...]:
        """The explanation for people: in the language in use, the cards named as the
        session's pack names them (``config``: the session's settings)."""
        ruleset = GAMES[self.game]
        return ruleset.explain_words(self, config) + tuple(
            _("Referee: {finding}").format(finding=ruleset.finding_words(f, config))
            for f in self.findings)

    @property
    def outcome(self) -> HandOutcome:
        """What the hand came to, for a player's figures (``Ruleset.player_figures``)."""
        return HandOutcome(self.dealer, self.kind, self.record.tricks, self.record.entered)

    @property
    def trump(self) -> str | None:
        """The trump suit's letter, in a game with trumps, else ``None``."""
        suit = GAMES[self.game].trump_of(self.record.indicator)
        return None if suit is None else suit.value
