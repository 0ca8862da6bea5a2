"""The interface every game implements, and the models they share.

A game is a ``Ruleset``: given the session's settings (``SessionConfig``), the state of the
table before a hand (``TableState``) and that hand's record (``HandRecord``), it checks the
record and returns the ``Settlement``: every transfer in order, each player's change, the pot,
and an explanation to read out at the table. ``advance`` then gives the state before the next
hand. Everything here is pure and exact.
"""

from __future__ import annotations

import unicodedata
from abc import ABC, abstractmethod
from decimal import Decimal
from typing import Any, ClassVar, Iterable

from typing import Annotated

from pydantic import BaseModel, ConfigDict, SerializeAsAny, Strict, ValidationError, field_validator

from ..amounts import ZERO, exact, format_amount
from ..cards import Card
from ..errors import ConfigError, RecordError

# An exact amount: a Decimal, never a float (strict: a float is refused, not converted).
Exact = Annotated[Decimal, Strict()]

POT = "pot"
PENALTY = "penalty"
MAX_NAME_LENGTH = 24


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def trusted(cls, **fields: Any):
        """Build from values the core computed itself out of input that was already
        validated (a settlement, a transfer, the next state). Validation happens once, where
        data comes in; settling thousands of hands must not re-check every field. Like
        ``model_construct``, without its per-field alias handling."""
        known = _DEFAULTS.get(cls)
        if known is None:
            known = _DEFAULTS[cls] = (len(cls.model_fields), {
                name: field.default for name, field in cls.model_fields.items()
                if not field.is_required() and field.default_factory is None},
                set(cls.model_fields))
        if len(fields) < known[0]:
            fields = known[1] | fields
        model = _new(cls)
        _set(model, "__dict__", fields)
        # Every field is set; a frozen model never changes this set (a copy gets its own).
        _set(model, "__pydantic_fields_set__", known[2])
        _set(model, "__pydantic_extra__", None)
        _set(model, "__pydantic_private__", None)
        return model


_DEFAULTS: dict[type, tuple[int, dict[str, Any], set[str]]] = {}
_set = object.__setattr__
_new = object.__new__


class GameOptions(Frozen):
    """A game's session options. Each game subclasses this with its own keys and defaults."""


class HandRecord(Frozen):
    """What the table reports about one hand. Which fields apply depends on the game."""

    tricks: tuple[str, ...] = ()
    indicator: tuple[Card, ...] | None = None
    entered: tuple[str, ...] | None = None
    cards: tuple[tuple[Card, ...], ...] | None = None
    led_by: tuple[str, ...] | None = None
    note: str | None = None

    @field_validator("indicator", mode="before")
    @classmethod
    def _read_cards(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = [value]
        if isinstance(value, (list, tuple)):
            return tuple(Card.parse(v) if isinstance(v, str) else v for v in value)
        return value

    @field_validator("cards", mode="before")
    @classmethod
    def _read_tricks_of_cards(cls, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return tuple(cls._read_cards(trick) for trick in value)
        return value

    @field_validator("note")
    @classmethod
    def _storable_note(cls, value: str | None) -> str | None:
        """A note is free text, but it must be text: a lone surrogate (which a JSON script can
        spell as an escape) is not a character and cannot be written to the session file."""
        if value is not None:
            for ch in value:
                if "\ud800" <= ch <= "\udfff":
                    raise ValueError(f"contains U+{ord(ch):04X}, which is not a character")
        return value


class Transfer(Frozen):
    """One movement of chips (or penalty points) from ``source`` to ``target``.

    Each end is a player's name, ``"pot"``, or, in letzter, ``"penalty"`` (points are written
    down, not taken from anyone). ``due`` is set when less was paid than was owed (a sweep
    meeting a pot that held less than 2)."""

    source: str
    target: str
    amount: Exact
    reason: str
    due: Exact | None = None


_TRANSFERS: dict[tuple, "Transfer"] = {}


def transfer(source: str, target: str, amount: Decimal, reason: str,
             due: Decimal | None = None) -> Transfer:
    """A transfer the core worked out. A session repeats the same few transfers (a stake, a
    trick's share, a penalty) thousands of times; they are immutable, so equal ones are one
    object, built once."""
    key = (source, target, amount, reason, due)
    found = _TRANSFERS.get(key)
    if found is None:
        if len(_TRANSFERS) >= 50_000:
            _TRANSFERS.clear()
        found = _TRANSFERS[key] = Transfer.trusted(source=source, target=target, amount=amount,
                                                   reason=reason, due=due)
    return found


class SessionConfig(Frozen):
    """A session's fixed settings. Build it with ``make_config``, which checks everything."""

    game: str
    players: tuple[str, ...]
    first_dealer: str
    options: SerializeAsAny[GameOptions]

    def seat_of(self, name: str) -> int:
        return self.players.index(name)

    def left_of(self, name: str) -> str:
        return self.players[(self.seat_of(name) + 1) % len(self.players)]

    def right_of(self, name: str) -> str:
        return self.players[(self.seat_of(name) - 1) % len(self.players)]

    def clockwise_from(self, name: str) -> tuple[str, ...]:
        """Every player, starting with ``name`` and going clockwise."""
        i = self.seat_of(name)
        return self.players[i:] + self.players[:i]

    def resolve(self, name: Any, field: str) -> str:
        """The seated player called ``name`` (ignoring case and surrounding spaces)."""
        if name in self.players:
            return name
        if not isinstance(name, str):
            raise RecordError(field, f"{name!r} is not a player's name")
        key = name.strip().casefold()
        for player in self.players:
            if player.casefold() == key:
                return player
        raise RecordError(field, f"'{name}' is not playing in this session")


class TableState(Frozen):
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
        from . import get_ruleset

        return get_ruleset(self.game).leaders(self.scores)


class Settlement(Frozen):
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
        Worked out from the settlement when asked for (replaying a long session need not)."""
        from . import get_ruleset

        return get_ruleset(self.game).explain(self) + tuple(
            f"Referee: {f}" for f in self.findings)

    @property
    def trump(self) -> str | None:
        """The trump suit's letter in kratzen (from the card that fixes it), else ``None``."""
        if not self.record.indicator:
            return None
        return self.record.indicator[-1].suit.value


def check_name(raw: Any, field: str) -> str:
    """A player's name as CONTRACT.md allows: 1–24 characters after trimming, nothing invisible."""
    if not isinstance(raw, str):
        raise ConfigError(field, f"{raw!r} is not a name (names are text)")
    name = raw.strip()
    if not name:
        raise ConfigError(field, "a name cannot be empty")
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ConfigError(field, f"{name!r} contains an invisible or control character "
                                     f"(U+{ord(ch):04X})")
    if len(name) > MAX_NAME_LENGTH:
        raise ConfigError(field, f"'{name}' is longer than {MAX_NAME_LENGTH} characters")
    return name


def describe_validation_error(error: ValidationError, prefix: str = "") -> tuple[str, str]:
    """The first problem pydantic found, as (field, message) in plain words."""
    first = error.errors()[0]
    loc = [str(p) for p in first.get("loc", ())]
    field = ".".join([prefix] + loc if prefix else loc) or prefix or "value"
    kind = first.get("type", "")
    value = first.get("input")
    if kind == "extra_forbidden":
        return field, "is not a known field"
    if kind == "missing":
        return field, "is required"
    message = first.get("msg", "is not valid")
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    if kind.startswith(("int_", "greater_than", "less_than")) and value is not None:
        message = f"{value!r}: {message[0].lower()}{message[1:]}"
    return field, message


class Ruleset(ABC):
    """One game's rules. Subclasses fill in the class attributes and the three game hooks."""

    game: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[GameOptions]]
    score_name: ClassVar[str]          # what a score is: "chips", "balance", "penalty points"
    higher_is_better: ClassVar[bool] = True
    hand_kinds: ClassVar[tuple[str, ...]]

    # --- game hooks -------------------------------------------------------------------

    @abstractmethod
    def starting_score(self, config: SessionConfig) -> Decimal:
        """Every player's score before the first hand."""

    @abstractmethod
    def starting_pot(self, config: SessionConfig) -> Decimal | None:
        """The pot before the first hand, ``None`` for a game without one."""

    @abstractmethod
    def first_leader(self, config: SessionConfig, dealer: str) -> str:
        """Who leads the first trick of a hand that ``dealer`` deals."""

    def settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        """Check ``record`` against the rules and settle it. Raises ``RecordError`` naming the
        field. All arithmetic is exact: a result that would need rounding raises."""
        with exact():
            return self._settle(config, state, record)

    @abstractmethod
    def _settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        """The game's own settlement (called under the exact context)."""

    @abstractmethod
    def explain(self, settlement: Settlement) -> tuple[str, ...]:
        """The settlement in sentences a person can read out at the table."""

    @abstractmethod
    def is_finished(self, config: SessionConfig, hands_played: int,
                    scores: dict[str, Decimal]) -> bool:
        """Whether the session is over once ``hands_played`` hands have left these scores."""

    # --- shared -----------------------------------------------------------------------

    def make_options(self, raw: Any) -> GameOptions:
        """Validate a game's options, naming a key that belongs to another game."""
        if raw is None:
            raw = {}
        if isinstance(raw, GameOptions):
            raw = raw.model_dump()
        if not isinstance(raw, dict):
            raise ConfigError("options", "must be a table of option = value")
        known = list(self.options_model.model_fields)
        for key in raw:
            if key not in known:
                raise ConfigError(f"options.{key}", f"is not an option of {self.game} "
                                  f"(its options: {', '.join(known) or 'none'})")
        try:
            return self.options_model(**raw)
        except ValidationError as error:
            raise ConfigError(*describe_validation_error(error, "options")) from None

    def initial_state(self, config: SessionConfig) -> TableState:
        """The table before the first hand."""
        start = self.starting_score(config)
        scores = {p: start for p in config.players}
        return TableState.trusted(hands_played=0, dealer=config.first_dealer,
                          leader=self.first_leader(config, config.first_dealer),
                          scores=scores, pot=self.starting_pot(config), finished=False,
                          game=self.game)

    def advance(self, config: SessionConfig, state: TableState,
                settlement: Settlement) -> TableState:
        """The table after ``settlement``: the deal passes left, scores and pot move on."""
        return self.state_at(config, state.hands_played + 1, settlement.scores_after,
                             settlement.pot_after)

    def state_at(self, config: SessionConfig, hands_played: int, scores: dict[str, Decimal],
                 pot: Decimal | None) -> TableState:
        """The table after ``hands_played`` hands that left these scores and this pot."""
        players = config.players
        dealer = players[(config.seat_of(config.first_dealer) + hands_played) % len(players)]
        return TableState.trusted(hands_played=hands_played, dealer=dealer,
                          leader=self.first_leader(config, dealer), scores=scores, pot=pot,
                          finished=self.is_finished(config, hands_played, scores),
                          game=self.game)

    def ranked(self, scores: dict[str, Decimal]) -> list[str]:
        """The players best first (equal scores keep their seating order)."""
        return sorted(scores, key=scores.__getitem__, reverse=self.higher_is_better)

    def leaders(self, scores: dict[str, Decimal]) -> tuple[str, ...]:
        """Everyone with the best score (most chips, highest balance, fewest points)."""
        best = max(scores.values()) if self.higher_is_better else min(scores.values())
        return tuple([p for p, s in scores.items() if s == best])

    def planned_hands(self, config: SessionConfig) -> int | None:
        """How many hands the session lasts, when that is fixed in advance."""
        return None

    # --- helpers for the games ----------------------------------------------------------

    def _everyone_plays(self, config: SessionConfig, state: TableState, record: HandRecord,
                        count: int) -> tuple[tuple[str, ...], tuple[str, ...], HandRecord]:
        """For a game without indicator or decisions: the winners, the referee's findings and
        the record as it will be kept."""
        if record.indicator is not None:
            raise RecordError("indicator", f"{self.game} has no indicator")
        if record.entered is not None:
            raise RecordError("entered", f"in {self.game} everyone plays; leave 'entered' out")
        winners, findings = self._winners(config, record, count,
                                          self.first_leader(config, state.dealer))
        if winners is record.tricks:  # every name as seated: the record is kept as it came
            return winners, findings, record
        clean = HandRecord.trusted(tricks=winners, cards=record.cards, led_by=record.led_by,
                                   note=record.note)
        return winners, findings, clean

    def _winners(self, config: SessionConfig, record: HandRecord, count: int, leader: str,
                 playing: tuple[str, ...] | None = None,
                 trump: Any = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The trick winners, from the names given or derived from the cards of each trick;
        with cards, also the referee's findings on plays that broke a duty."""
        if record.cards is None:
            if record.led_by is not None:
                raise RecordError("led_by", "who led each trick is given only with the cards")
            return self._resolve_tricks(config, record, count, playing), ()
        from ..cards import pack
        from ..referee import tricks_from_cards

        if len(record.cards) != count:
            raise RecordError("cards", f"{count} tricks of cards are needed, "
                              f"{len(record.cards)} were given")
        seated = playing if playing is not None else config.players
        in_order = tuple(p for p in config.players if p in seated)
        winners, findings = tricks_from_cards(self.game, in_order, leader, record.cards, trump,
                                              pack(self.game, len(config.players)))
        if record.led_by is not None:
            if len(record.led_by) != count:
                raise RecordError("led_by", f"{count} names are needed (who led each trick), "
                                  f"{len(record.led_by)} were given")
            expected = (leader,) + winners[:-1]
            for i, (raw, due) in enumerate(zip(record.led_by, expected), start=1):
                said = config.resolve(raw, "led_by")
                if said != due:
                    why = "the first lead is theirs" if i == 1 else f"{due} won trick {i - 1}"
                    raise RecordError("cards", f"trick {i} was led by {said}, but {due} "
                                      f"leads it ({why})")
        if record.tricks:
            named = self._resolve_tricks(config, record, count, playing)
            for i, (said, derived) in enumerate(zip(named, winners), start=1):
                if said != derived:
                    raise RecordError("tricks", f"trick {i} was won by {derived} according to "
                                      f"its cards, not {said}")
        return winners, findings

    def _resolve_tricks(self, config: SessionConfig, record: HandRecord, count: int,
                        allowed: Iterable[str] | None = None) -> tuple[str, ...]:
        if len(record.tricks) != count:
            raise RecordError("tricks", f"{count} trick winners are needed, {len(record.tricks)} "
                              f"were given")
        allowed_set = set(allowed) if allowed is not None else set(config.players)
        if allowed_set.issuperset(record.tricks):
            return record.tricks  # every name exactly as seated: nothing to resolve
        winners = []
        for i, raw in enumerate(record.tricks, start=1):
            name = config.resolve(raw, "tricks")
            if name not in allowed_set:
                raise RecordError("tricks", f"'{name}' is not playing in this hand (trick {i})")
            winners.append(name)
        return tuple(winners)

    def _finish(self, *, config: SessionConfig, state: TableState, kind: str,
                record: HandRecord, transfers: list[Transfer], stake: Decimal | None,
                findings: tuple[str, ...] = ()) -> Settlement:
        """Add up the transfers into deltas, scores and pot; the games only list transfers."""
        players = config.players
        deltas = dict.fromkeys(players, ZERO)
        pot = state.pot
        for t in transfers:
            source, target = t.source, t.target
            if source in deltas:
                deltas[source] -= t.amount
            elif source == POT:
                pot -= t.amount
            if target in deltas:
                deltas[target] += t.amount
            elif target == POT:
                pot += t.amount
        before = state.scores
        scores = {p: before[p] + deltas[p] for p in players}
        return Settlement.trusted(number=state.hands_played + 1, dealer=state.dealer, kind=kind,
                          record=record, pot_before=state.pot, stake=stake,
                          transfers=tuple(transfers), deltas=deltas, pot_after=pot,
                          scores_after=scores,
                          game=self.game, findings=findings)


def amount_text(amount: Decimal) -> str:
    return format_amount(amount)


def count_tricks(players: Iterable[str], winners: Iterable[str]) -> dict[str, int]:
    taken = dict.fromkeys(players, 0)
    for w in winners:
        taken[w] = taken.get(w, 0) + 1
    return taken


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
