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
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Annotated, Any, ClassVar, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, SerializeAsAny, Strict, ValidationError, field_validator

from ..amounts import ZERO, exact, format_amount
from ..cards import ORDINARY_RANKS, Card, Deck, Suit
from ..errors import ConfigError, RecordError, validation_problem
from ..i18n import N_, _, ngettext, untranslated

# An exact amount: a Decimal, never a float (strict: a float is refused, not converted).
Exact = Annotated[Decimal, Strict()]

MAX_NAME_LENGTH = 24


class Account(Enum):
    """An end of a transfer that is not a player: the pot, or (in letzter) the penalty points
    written down against a player. A plain enum, not text: an account is never equal to a
    name, so a player called "pot" is a player like any other."""

    POT = "pot"
    PENALTY = "penalty"

    # Hashed as the object it is (each account is one object, equal only to itself), not by
    # its name in Python code as ``Enum`` does: settling a long session looks up thousands of
    # transfers by their ends (``transfer``), and the enum's own hash showed in the profile
    # (the replay and audit rows of tests/benchmarks/test_whole_commands.py).
    __hash__ = object.__hash__


POT = Account.POT
PENALTY = Account.PENALTY

# An end of a transfer: a player's name, or an account.
End = str | Account

# How an end is written in JSON and in every text export (CONTRACT: transfers' "from" and
# "to", a chip count's names): an account as its word ("pot", "penalty"), a player as their
# name. In a game that has an account, a player whose name is that account's word (exactly:
# "Pot" is not "pot") is written with this prefix, and so is one whose name is the prefix and
# that word ("player:pot" is written "player:player:pot"), so that every text is one end only.
PLAYER_PREFIX = "player:"


def _shadows(name: str, accounts: Collection[Account]) -> bool:
    """Whether the name, written plainly, would read as an account (or as an escaped name)."""
    while name.startswith(PLAYER_PREFIX):
        name = name[len(PLAYER_PREFIX):]
    return any(name == account.value for account in accounts)


def end_text(end: End, accounts: Collection[Account]) -> str:
    """An end as JSON and the exports write it, in a game with these ``accounts``."""
    if isinstance(end, Account):
        return end.value
    return PLAYER_PREFIX + end if _shadows(end, accounts) else end


def end_from_text(text: str, accounts: Collection[Account]) -> End:
    """The end ``text`` stands for in a game with these ``accounts`` (``end_text`` undone).
    A word of an account the game does not have (``"pot"`` in letzter) is a player's name, as
    files written before accounts were told apart wrote it."""
    for account in accounts:
        if text == account.value:
            return account
    if text.startswith(PLAYER_PREFIX) and _shadows(text[len(PLAYER_PREFIX):], accounts):
        return text[len(PLAYER_PREFIX):]
    return text


class Frozen(BaseModel):
    """A model of checked data: immutable, and no field that is not declared."""

    # Built when first used (defer_build): a command builds only the models it uses, not the
    # twenty the package defines (about 16 ms less to start `show`: tests/benchmarks).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


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
                    raise ValueError(_("contains U+{code}, which is not a character").format(
                        code=f"{ord(ch):04X}"))
        return value


# How a script or a session file writes each field of a hand's record: a list of names, a
# card or a list of cards, a list of tricks each a list of cards, or text.
RECORD_SHAPES: dict[str, str] = {"tricks": "names", "indicator": "cards", "entered": "names",
                                 "cards": "tricks", "led_by": "names", "note": "text"}


def record_key(raw: dict[Any, Any]) -> tuple[Any, ...] | None:
    """A record as written (a script's hand, a file's stored record), as a key: its keys with
    their text, lists of text and lists of lists of text (the shapes of ``RECORD_SHAPES``),
    lists as tuples; ``None`` for a record holding anything else. A long evening repeats the
    same few hands: a reader checks each distinct one with ``HandRecord`` once, and a record
    written exactly as one checked before (the same keys, the same text) is that record
    (immutable). A record that fails is never kept, so it fails where it stands. The replay
    and audit rows of tests/benchmarks/test_whole_commands.py measure what this saves."""
    key: list[tuple[Any, Any]] = []
    for name, value in raw.items():
        if type(value) is str:
            key.append((name, value))
        elif type(value) is list:
            items: list[str | tuple[str, ...]] = []
            for item in value:
                if type(item) is str:
                    items.append(item)
                elif type(item) is list and all(type(text) is str for text in item):
                    items.append(tuple(item))
                else:
                    return None
            key.append((name, tuple(items)))
        else:
            return None
    return tuple(key)


# The core's own results (a transfer, a hand settled, the table between hands) are frozen
# slotted dataclasses, not pydantic models: the core builds them from checked data, and a long
# session holds tens of thousands of them (a pydantic instance of five fields took about
# 870 bytes, with its dict and the set of its fields; tests/benchmarks, "peak memory").


class Transfer(NamedTuple):  # no dataclass compiled at import: see ``Results``
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


OptionsT = TypeVar("OptionsT", bound="GameOptions")
T = TypeVar("T")


def options_as(config: SessionConfig, model: type[OptionsT]) -> OptionsT:
    """The session's options as the game's own model (``make_config`` builds them so)."""
    options = config.options
    if not isinstance(options, model):
        raise TypeError(f"a {config.game} session holds {type(options).__name__} options")
    return options


def present(value: T | None, what: str) -> T:
    """A value the game always has (its pot, a hand's stake or indicator): the fields are
    optional because not every game has them, so ``None`` here is a bug, not a bad record."""
    if value is None:
        raise TypeError(f"{what} is missing")
    return value


class Opening(Frozen):
    """What a session opens with when it continues an earlier evening (D21): the pot that
    evening left (``None``: the game has no pot) and, where the scores carry too (a Letzter
    Stich match that goes on), every player's score (``None``: each starts as the game starts
    them)."""

    pot: Exact | None = None
    scores: dict[str, Exact] | None = None


class SessionConfig(Frozen):
    """A session's fixed settings. Build it with ``make_config``, which checks everything.
    ``opening`` is what a continued session opens with (its history's opening entry says so;
    the settings a file writes never hold it)."""

    game: str
    players: tuple[str, ...]
    first_dealer: str
    options: SerializeAsAny[GameOptions]
    opening: Opening | None = None

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
        if not isinstance(name, str):
            raise RecordError(field, _("{name} is not a player's name").format(name=repr(name)))
        if name in self.players:
            return name
        key = name.strip().casefold()
        for player in self.players:
            if player.casefold() == key:
                return player
        # A typo at the table ("Anan") is named with the player meant; else who plays.
        folded = {player.casefold(): player for player in self.players}
        import difflib  # only for a name nobody has: not at the start of every command

        close = difflib.get_close_matches(key, folded, n=1, cutoff=0.6)
        if close:
            raise RecordError(field, _("'{name}' is not playing in this session; did you mean "
                                       "{player}?").format(name=name, player=folded[close[0]]))
        raise RecordError(field, _("'{name}' is not playing in this session (the players: "
                                   "{players})").format(name=name,
                                                        players=", ".join(self.players)))


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
        return RULESETS[self.game].leaders(self.scores)


class HandOutcome(NamedTuple):  # no dataclass compiled at import: see ``Results``
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
            return RULESETS[self.game].explain(self) + tuple(
                f"Referee: {f}" for f in self.findings)

    def explanation_words(self, config: SessionConfig | None = None) -> tuple[str, ...]:
        """The explanation for people: in the language in use, the cards named as the
        session's pack names them (``config``: the session's settings)."""
        ruleset = RULESETS[self.game]
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
        suit = RULESETS[self.game].trump_of(self.record.indicator)
        return None if suit is None else suit.value


def check_name(raw: Any, field: str) -> str:
    """A player's name as the contract allows: 1–24 characters after trimming, nothing invisible."""
    if not isinstance(raw, str):
        raise ConfigError(field, _("{value} is not a name (names are text)").format(
            value=repr(raw)))
    name = raw.strip()
    if not name:
        raise ConfigError(field, _("a name cannot be empty"))
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ConfigError(field, _("{name} contains an invisible or control character "
                                       "(U+{code})").format(name=repr(name),
                                                            code=f"{ord(ch):04X}"))
    if len(name) > MAX_NAME_LENGTH:
        raise ConfigError(field, _("'{name}' is longer than {limit} characters").format(
            name=name, limit=MAX_NAME_LENGTH))
    return name


# Letters of other alphabets drawn like Latin ones: a name written with them looks like
# another name at the table ("Аnna" with a Cyrillic А is not "Anna" to a computer).
_LOOK_ALIKES = str.maketrans(
    "аеорсухіјѕԁɡАВЕКМНОРСТХІЈЅαβεικνορτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdgABEKMHOPCTXIJSabeiknoptuxABEZHIKMNOPTYX")


def name_look(name: str) -> str:
    """What a name looks like, whatever its Unicode form, case or alphabet: ``Zoé`` written
    with é or with e and a combining accent, ``Anna`` and ``Аnna`` (Cyrillic А) look alike."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return folded.translate(_LOOK_ALIKES).casefold()


def look_alike_problem(names: Iterable[str]) -> str | None:
    """Two names of one table that would be read as one (``name_look``) but are written
    differently: said in words (a new session refuses them), else ``None``."""
    seen: dict[str, str] = {}
    for name in names:
        other = seen.setdefault(name_look(name), name)
        if other != name and other.casefold() != name.casefold():
            return _("'{name}' and '{other}' look the same but are written with other letters "
                     "(another alphabet or accent form): give names the table can tell "
                     "apart").format(name=name, other=other)
    return None


def describe_validation_error(error: ValidationError, prefix: str = "") -> tuple[str, str]:
    """The first problem pydantic found, as (field, message) in plain words, in the language
    in use (``errors.validation_problem``)."""
    first = error.errors()[0]
    loc = [str(p) for p in first.get("loc", ())]
    field = ".".join([prefix] + loc if prefix else loc) or prefix or "value"
    return field, validation_problem(first)


# A NamedTuple, not a dataclass: a frozen dataclass compiles six methods at import (about 4 M
# instructions each class), and every command that reads a session imports this module while
# few make results or a deal's plan (``show`` of 100 hands, a whole process:
# tests/benchmarks/test_whole_commands.py). Read by name, made by name or in order.
class Results(NamedTuple):
    """What a session comes to when the table settles up (``Ruleset.results``): each player's
    result in the game's unit, won (+) or lost (−), and the pot's share: what the pot keeps
    (``None`` in a game without a pot). Players and pot add up to zero. ``words`` says, for
    people, how this game's results are worked out."""

    players: dict[str, Decimal]
    pot: Decimal | None
    words: str


class DealPlan(NamedTuple):  # no dataclass compiled at import: see ``Results``
    """The steps of the deal with seat names, and the check that every card is accounted for."""

    game: str
    players: int
    steps: tuple[str, ...]
    card_count: str


class Ruleset(ABC):
    """One game: the facts that describe it (class attributes) and the hooks that settle and
    enter its hands. Nothing outside ``scorekeeper/rules/`` asks which game it is: it asks
    the game's ruleset.

    A new game is one module with a subclass of ``Ruleset`` and one ``register`` call."""

    game: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[GameOptions]]
    score_name: ClassVar[str]          # what a score is: "chips", "balance", "penalty points"
    # (English, marked with N_; ``score_words()`` says it in the language in use)
    higher_is_better: ClassVar[bool] = True
    hand_kinds: ClassVar[tuple[str, ...]]
    tricks_per_hand: ClassVar[int]
    # Whether the game has a pot. With a pot, scores and pot together are conserved.
    has_pot: ClassVar[bool] = True
    # What moves: "chip" (paid from player to player or pot) or "point" (penalty points
    # written down against a player, taken from nobody).
    unit: ClassVar[str] = "chip"
    # Whether hands are played with a trump (then each hand says which suit).
    trumps: ClassVar[bool] = False
    # The record fields beyond the trick winners that this game's hands carry: for each, what
    # to type (a metavar) and what it is (the command line offers them as options).
    extra_record_fields: ClassVar[dict[str, tuple[str, str]]] = {}
    # How a hand's record is told to people (``presentation.record_words``), a field at a time,
    # marked with N_: ``{value}`` is its names or cards. A game names the fields it adds.
    record_words: ClassVar[dict[str, str]] = {"tricks": N_("tricks {value}")}
    # Each kind of hand, marked with N_ (in English the word is the kind itself, which is data:
    # JSON, CSV and the session file keep it); ``kind_words`` says it in the language in use.
    kind_names: ClassVar[dict[str, str]] = {}
    # The rule card (Markdown) of a game that ships none in scorekeeper/rulecards/: a game
    # registered from outside the package brings its own here.
    rule_card: ClassVar[str | None] = None

    def score_words(self) -> str:
        """What a score is called, in the language in use (``balance``: ``Saldo``)."""
        return _(self.score_name)

    def kind_words(self, kind: str) -> str:
        """A kind of hand as people say it, in the language in use (the kind, ``muss``, is
        data: JSON, CSV and the session file keep it as it is)."""
        name = self.kind_names.get(kind)
        return _(name) if name else kind

    def points_words(self, points: Decimal) -> str:
        """Points written down against a player in a hand, in words (``+1 penalty point``),
        in a game whose unit is the point."""
        return f"+{format_amount(points)} {self.score_words()}"

    def deck(self, config: SessionConfig | None) -> Deck:
        """The pack the session plays with, as its cards are named: French unless the game
        has a choice (``None``: no session, the French names)."""
        return "french"

    def reason_words(self, reason: str) -> str:
        """A transfer's reason (data, kept in English) in the language in use."""
        return reason

    def finding_words(self, finding: str, config: SessionConfig | None = None) -> str:
        """A referee's finding (data, kept in English) in the language in use."""
        from .play import finding_words  # the referee's module: see ``tricks_from_cards``

        return finding_words(finding, self.deck(config))

    @property
    def accounts(self) -> tuple[Account, ...]:
        """The accounts a transfer of this game can name besides the players: the pot in a
        game with one, the penalty where points are written down."""
        return (((POT,) if self.has_pot else ())
                + ((PENALTY,) if self.unit == "point" else ()))

    def player_count_problem(self, count: int) -> str | None:
        """What is wrong with a table of ``count`` players for this game, in words (``None``:
        nothing)."""
        if self.min_players <= count <= self.max_players:
            return None
        return _("{game} is for {low} to {high} players, not {count}").format(
            game=self.title, low=self.min_players, high=self.max_players, count=count)

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
        """The settlement in sentences a person can read out at the table, in the language in
        use."""

    def explain_words(self, settlement: Settlement,
                      config: SessionConfig | None = None) -> tuple[str, ...]:
        """``explain``, with the cards named as the session's pack names them (``config``:
        the session's settings; a game with a choice of pack overrides this)."""
        return self.explain(settlement)

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
            raise ConfigError("options", _("must be a table of option = value"))
        known = list(self.options_model.model_fields)
        for key in raw:
            if key not in known:
                raise ConfigError(f"options.{key}", _("is not an option of {game} (its "
                                                      "options: {known})").format(
                    game=self.game, known=", ".join(known) or _("none")))
        try:
            return self.options_model(**raw)
        except ValidationError as error:
            raise ConfigError(*describe_validation_error(error, "options")) from None

    def initial_state(self, config: SessionConfig) -> TableState:
        """The table before the first hand (of a continued session: with what it opened with,
        ``config.opening``)."""
        opening = config.opening
        if opening is not None and opening.scores is not None:
            scores = {p: opening.scores[p] for p in config.players}
        else:
            scores = dict.fromkeys(config.players, self.starting_score(config))
        pot = self.starting_pot(config)
        if opening is not None and opening.pot is not None:
            pot = opening.pot
        return TableState(hands_played=0, dealer=config.first_dealer,
                          leader=self.first_leader(config, config.first_dealer),
                          scores=scores, pot=pot, finished=False, game=self.game)

    # --- the evenings after (D21) -------------------------------------------------------

    def carried(self, config: SessionConfig, state: TableState) -> Opening:
        """What the next evening opens with when it continues a session that stands at
        ``state``: the pot it left, in a game with a pot (RULES: it stays undistributed, kept
        for the next evening); nobody's score (each evening's scores start afresh). A game
        whose scores go on from evening to evening overrides this."""
        return Opening(pot=state.pot if self.has_pot else None)

    def next_evening(self, config: SessionConfig, state: TableState,
                     carry: bool) -> SessionConfig:
        """The settings of the next evening after a session that stands at ``state``: the same
        game, players, seats and options, the deal with the player after the last dealer (the
        next to deal); with ``carry``, opening with what carries (``carried``)."""
        return SessionConfig(game=config.game, players=config.players,
                             first_dealer=state.dealer, options=config.options,
                             opening=self.carried(config, state) if carry else None)

    def opening_problem(self, config: SessionConfig, opening: Opening) -> str | None:
        """What is wrong with an opening for a session of ``config`` (in words, for a file
        that says it), or ``None``."""
        if (opening.pot is None) == self.has_pot:
            return ("it carries a pot into a game without one" if opening.pot is not None
                    else "it carries no pot into a game with one")
        if opening.pot is not None and opening.pot < 0:
            return "it carries a pot of less than nothing"
        if opening.scores is not None and set(opening.scores) != set(config.players):
            return "its scores are not one per player"
        return None

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
        # in their order, as ``_finish`` makes a settlement: hands_played, dealer, leader,
        # scores, pot, finished, game
        return TableState(hands_played, dealer, self.first_leader(config, dealer), scores, pot,
                          self.is_finished(config, hands_played, scores), self.game)

    def ranked(self, scores: dict[str, Decimal]) -> list[str]:
        """The players best first (equal scores keep their seating order)."""
        return sorted(scores, key=scores.__getitem__, reverse=self.higher_is_better)

    def leaders(self, scores: dict[str, Decimal]) -> tuple[str, ...]:
        """Everyone with the best score (most chips, highest balance, fewest points)."""
        best = max(scores.values()) if self.higher_is_better else min(scores.values())
        return tuple([p for p, s in scores.items() if s == best])

    def results(self, config: SessionConfig, state: TableState) -> Results:
        """What each player has won or lost when the table settles up at ``state``, in the
        game's unit, and what the pot keeps; they add up to zero. This default is a game of
        chips: each player's chips now minus their chips at the start, and the pot keeps what
        it gained since the start (it is not paid out). A game of points overrides it."""
        start = self.initial_state(config)
        with exact():
            players = {p: state.scores[p] - start.scores[p] for p in config.players}
            pot = None if state.pot is None else state.pot - present(start.pot, "the pot")
        words = (_("each player's points now minus their points at the start; the pot keeps "
                   "what it holds") if self.unit == "point" else
                 _("each player's chips now minus their chips at the start; the pot keeps what "
                   "it holds"))
        return Results(players, pot, words)

    def planned_hands(self, config: SessionConfig) -> int | None:
        """How many hands the session lasts, when that is fixed in advance."""
        return None

    # --- a player's figures over many evenings (``season`` adds them up) -----------------

    # The counts this game keeps of each player beyond evenings, hands, wins and the net: each
    # key (data: JSON and the listing's index keep it) with its words for people, marked N_.
    player_figure_names: ClassVar[dict[str, str]] = {}

    def player_figures(self, config: SessionConfig,
                       hands: Iterable[HandOutcome]) -> dict[str, dict[str, int]]:
        """For each player, the counts named in ``player_figure_names`` (every key, in that
        order) over these hands of one session, from what each hand came to (its dealer, its
        kind, its trick winners: ``Settlement.outcome``), never by settling again."""
        return {p: dict.fromkeys(self.player_figure_names, 0) for p in config.players}

    def figure_words(self, key: str) -> str:
        """A player figure's name (``player_figure_names``) in the language in use."""
        name = self.player_figure_names.get(key)
        return _(name) if name else key

    # --- the pack and trick play (the referee asks these) -------------------------------

    def pack(self, players: int) -> frozenset[Card]:
        """The cards in play at a table of ``players``: A to 7 in four suits (32 cards)."""
        return frozenset(Card(rank=r, suit=s) for r in ORDINARY_RANKS for s in Suit)

    @staticmethod
    def piquet_pack(players: int) -> frozenset[Card]:
        """A and K down to 7 in four suits, 32 cards; at three players without the 7s and 8s
        (24), so that everyone holds 8."""
        ranks = ORDINARY_RANKS if players != 3 else ORDINARY_RANKS[:-2]
        return frozenset(Card(rank=r, suit=s) for r in ranks for s in Suit)

    def is_trump(self, card: Card, trump: Suit | None) -> bool:
        """Whether ``card`` is a trump when ``trump`` is the trump suit."""
        return trump is not None and card.suit is trump

    def strength(self, card: Card, trump: Suit | None) -> int:
        """How strong a card is against another of its kind (suit or trump): higher wins."""
        return card.rank.strength * 2

    def card_words(self, card: Card, deck: Deck = "french") -> str:
        """A card as the referee names it in a sentence."""
        return card.symbol(deck)

    @abstractmethod
    def deal_plan(self, players: tuple[str, ...], dealer: str) -> DealPlan:
        """What to do at the table, in order, for ``dealer`` dealing to ``players``."""

    # --- before the deal (the table guide asks these) ------------------------------------

    def stakes(self, config: SessionConfig, state: TableState) -> tuple[list[Transfer],
                                                                        Decimal | None]:
        """What is paid in before the deal, and the pot then (none in most games)."""
        return [], None

    def before_deal(self, config: SessionConfig, state: TableState) -> tuple[str, ...]:
        """What to collect before the deal, in words (nothing in most games)."""
        return ()

    def guide_steps(self, config: SessionConfig, state: TableState) -> tuple[str, ...]:
        """The deal of the next hand, step by step, as the table guide says it."""
        return self.deal_plan(config.players, state.dealer).steps

    # The step of the guide (``guide_steps``) being played while the entry asks the
    # decisions (``decide``): the steps before it are done then (the turned card is typed);
    # once a first decision is typed, the step that asks them (the deal is done).
    guide_step_at_decisions: ClassVar[int] = 0
    guide_step_asking: ClassVar[int] = 0

    def guide_step_at(self, asking: str, steps: int, answered: int = 0) -> int:
        """The step of the guide (of ``steps``) being played while the entry asks a question
        of kind ``asking`` (``Step.kind``), ``answered`` decisions typed: the deal until the
        turned card is typed, the decisions' steps (``guide_step_at_decisions``, then
        ``guide_step_asking``), then the lead, the last step."""
        if asking == "turn":
            return 0
        if asking == "decide":
            return min(self.guide_step_asking if answered else self.guide_step_at_decisions,
                       steps - 1)
        return max(steps - 1, 0)

    def pot_words(self, config: SessionConfig, state: TableState) -> str | None:
        """A word on the pot for the hand about to be played (or on there being none)."""
        return None

    # --- entering a hand, one answer at a time (see ``draft``) ---------------------------

    def needs_turned_card(self, config: SessionConfig, state: TableState,
                          turned: tuple[Card, ...]) -> bool:
        """Whether another card must be turned up (and typed) before the hand is played."""
        return False

    def turned_card_refusal(self, config: SessionConfig, turned: tuple[Card, ...],
                            card: Card) -> str | None:
        """Why ``card`` cannot be the next turned card, or ``None``."""
        deck = self.deck(config)
        if card not in self.pack(len(config.players)):
            return _("{card} is not in this pack").format(card=card.symbol(deck))
        if card in turned:
            return _("{card} was turned already").format(card=card.symbol(deck))
        return None

    def turn_prompt(self, turned: tuple[Card, ...]) -> str:
        """What to type as the next turned card, in words."""
        return _("Type the turned card")

    def turn_words(self, config: SessionConfig, state: TableState,
                   turned: tuple[Card, ...]) -> str:
        """The turned cards so far, and what they make of the hand."""
        return _("Turned: {cards}").format(cards=then_list(turned, self.deck(config)))

    def deciders(self, config: SessionConfig, state: TableState,
                 turned: tuple[Card, ...]) -> tuple[str, ...]:
        """Who is asked, in turn, whether they play or drop (nobody in most games)."""
        return ()

    def playing(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                decisions: tuple[tuple[str, bool], ...]) -> tuple[str, ...]:
        """Who plays the hand, in seating order, given the answers so far."""
        return config.players

    def plays_tricks(self, config: SessionConfig, state: TableState,
                     playing: tuple[str, ...]) -> bool:
        """Whether tricks are played at all once the decisions are made."""
        return True

    def trump_of(self, turned: tuple[Card, ...] | None) -> Suit | None:
        """The trump suit the turned cards fix (``None`` in a game without trumps)."""
        return None

    def card_refusal(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                     player: str, card: Card) -> str | None:
        """Why ``player`` cannot have played ``card`` (beyond the pack and playing it twice)."""
        return None

    def draft_record(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                     decisions: tuple[tuple[str, bool], ...], tricks: tuple[str, ...],
                     cards: tuple[tuple[Card, ...], ...] | None,
                     note: str | None) -> HandRecord:
        """The record of a hand entered answer by answer."""
        return HandRecord(tricks=tricks, cards=cards, note=note)

    def record_answers(self, record: HandRecord) -> tuple[tuple[Card, ...],
                                                          tuple[str, ...] | None]:
        """The turned cards and the players who chose to play, as a record states them (to
        fill in a draft from a stored hand)."""
        return (), None

    # --- helpers for the games ----------------------------------------------------------

    def _everyone_plays(self, config: SessionConfig, state: TableState, record: HandRecord,
                        count: int) -> tuple[tuple[str, ...], tuple[str, ...], HandRecord]:
        """For a game without indicator or decisions: the winners, the referee's findings and
        the record as it will be kept."""
        if record.indicator is not None:
            raise RecordError("indicator", _("{game} has no indicator").format(game=self.game))
        if record.entered is not None:
            raise RecordError("entered", _("in {game} everyone plays; leave 'entered' out")
                              .format(game=self.game))
        winners, findings = self._winners(config, record, count,
                                          self.first_leader(config, state.dealer), state=state)
        if winners is record.tricks:  # every name as seated: the record is kept as it came
            return winners, findings, record
        clean = HandRecord(tricks=winners, cards=record.cards, led_by=record.led_by,
                                   note=record.note)
        return winners, findings, clean

    def _winners(self, config: SessionConfig, record: HandRecord, count: int, leader: str,
                 playing: tuple[str, ...] | None = None, trump: Suit | None = None,
                 state: TableState | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The trick winners, from the names given or derived from the cards of each trick;
        with cards, also the referee's findings on plays that broke a duty."""
        if record.cards is None:
            if record.led_by is not None:
                raise RecordError("led_by", _("who led each trick is given only with the cards"))
            return self._resolve_tricks(config, record, count, playing), ()
        if len(record.cards) != count:
            raise RecordError("cards", _("{needed} tricks of cards are needed, {given} were "
                                         "given").format(needed=count, given=len(record.cards)))
        seated = playing if playing is not None else config.players
        in_order = tuple(p for p in config.players if p in seated)
        turned = record.indicator or ()

        def refusal(player: str, card: Card) -> str | None:
            return self.card_refusal(config, state, turned, player, card) if state else None

        # The referee's module (two dataclasses compiled at its import) only for a hand played
        # card by card: not for every command that reads a session (``show`` and ``record``
        # of 100 hands, tests/benchmarks/test_whole_commands.py; tests/test_show_imports.py).
        from .play import tricks_from_cards

        winners, findings = tricks_from_cards(self, in_order, leader, record.cards, trump,
                                              self.pack(len(config.players)), refusal,
                                              self.deck(config))
        if record.led_by is not None:
            _check_leads(config, record.led_by, count, (leader,) + winners[:-1])
        if record.tricks:
            named = self._resolve_tricks(config, record, count, playing)
            _check_named_winners(named, winners)
        return winners, findings

    def _resolve_tricks(self, config: SessionConfig, record: HandRecord, count: int,
                        allowed: Iterable[str] | None = None) -> tuple[str, ...]:
        if len(record.tricks) != count:
            raise RecordError("tricks", _("{needed} trick winners are needed, {given} were "
                                          "given").format(needed=count,
                                                          given=len(record.tricks)))
        allowed_set = set(allowed) if allowed is not None else set(config.players)
        if allowed_set.issuperset(record.tricks):
            return record.tricks  # every name exactly as seated: nothing to resolve
        winners = []
        for i, raw in enumerate(record.tricks, start=1):
            name = config.resolve(raw, "tricks")
            if name not in allowed_set:
                raise RecordError("tricks", _("'{name}' is not playing in this hand (trick "
                                              "{trick})").format(name=name, trick=i))
            winners.append(name)
        return tuple(winners)

    def _finish(self, *, config: SessionConfig, state: TableState, kind: str,
                record: HandRecord, transfers: list[Transfer], stake: Decimal | None,
                findings: tuple[str, ...] = ()) -> Settlement:
        """Add up the transfers into deltas, scores and pot; the games only list transfers."""
        if kind not in self.hand_kinds:
            raise ValueError(f"{kind!r} is not a kind of {self.game} hand")  # a bug, not input
        players = config.players
        deltas = dict.fromkeys(players, ZERO)
        pot = state.pot
        for t in transfers:  # an account is never a player: they are told apart by type
            source, target = t.source, t.target
            if isinstance(source, str):
                deltas[source] -= t.amount
            elif source is POT:
                assert pot is not None, "a transfer from the pot in a game without one"
                pot -= t.amount
            if isinstance(target, str):
                deltas[target] += t.amount
            elif target is POT:
                assert pot is not None, "a transfer to the pot in a game without one"
                pot += t.amount
        before = state.scores
        scores = {p: before[p] + deltas[p] for p in players}
        # The fields in their order, not by name: one settlement a hand, and naming its twelve
        # fields took about a quarter of making it (the replay row of tests/benchmarks/
        # test_whole_commands.py). number, dealer, kind, record, pot_before, stake, transfers,
        # deltas, pot_after, scores_after, game, findings:
        return Settlement(state.hands_played + 1, state.dealer, kind, record, state.pot, stake,
                          tuple(transfers), deltas, pot, scores, self.game, findings)


AMENDABLE_FIELDS = ("tricks", "indicator", "entered", "cards", "led_by", "note")


def amended_record(old: HandRecord, changes: dict[str, Any]) -> HandRecord:
    """``old`` with the fields in ``changes`` replaced: the one rule for amending a hand.

    Fields not given are kept. Cards given without winners decide the winners; winners given
    without cards replace the old cards (and who led each trick). Checked like any record."""
    fields = {name: getattr(old, name) for name in AMENDABLE_FIELDS} | changes
    if changes.get("cards") is not None and "tricks" not in changes:
        fields["tricks"] = ()
    if changes.get("tricks") and "cards" not in changes:
        fields["cards"] = fields["led_by"] = None
    return HandRecord(**fields)


def amount_text(amount: Decimal) -> str:
    """An amount as people read it (``4¼``)."""
    return format_amount(amount)


def count_tricks(players: Iterable[str], winners: Iterable[str]) -> dict[str, int]:
    """How many tricks each of ``players`` took, from the winners in order."""
    taken = dict.fromkeys(players, 0)
    for w in winners:
        taken[w] = taken.get(w, 0) + 1
    return taken


def tricks_words(n: int) -> str:
    """``1 trick``, ``2 tricks``, in the language in use."""
    return ngettext("{count} trick", "{count} tricks", n).format(count=n)


def then_list(cards: Iterable[Card], deck: Deck = "french") -> str:
    """Cards turned one after the other: ``Weli then A♥``."""
    return _(" then ").join(c.symbol(deck) for c in cards)


# Every game, by name. A game joins with ``register`` (see ``rules/__init__.py``).
RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` a game of this scorekeeper, found by its name and its version."""
    RULESETS[ruleset.game] = ruleset
    return ruleset


def _check_leads(config: SessionConfig, led_by: tuple[str, ...], count: int,
                 due: tuple[str, ...]) -> None:
    """Who led each trick, as given with the cards, is who had to (``due``: the first leader,
    then each trick's winner): else a ``RecordError`` naming the first trick led otherwise."""
    if len(led_by) != count:
        raise RecordError("led_by", _("{needed} names are needed (who led each trick), "
                                      "{given} were given").format(needed=count,
                                                                   given=len(led_by)))
    for i, (raw, leads) in enumerate(zip(led_by, due, strict=True), start=1):
        said = config.resolve(raw, "led_by")
        if said == leads:
            continue
        if i == 1:
            raise RecordError("cards", _("trick {trick} was led by {said}, but {due} leads it "
                                         "(the first lead is theirs)").format(
                trick=i, said=said, due=leads))
        raise RecordError("cards", _("trick {trick} was led by {said}, but {due} leads it "
                                     "({due} won trick {previous})").format(
            trick=i, said=said, due=leads, previous=i - 1))


def _check_named_winners(named: tuple[str, ...], derived: tuple[str, ...]) -> None:
    """The trick winners given beside the cards are those the cards make: else a
    ``RecordError`` naming the first trick that differs."""
    for i, (said, winner) in enumerate(zip(named, derived, strict=True), start=1):
        if said != winner:
            raise RecordError("tricks", _("trick {trick} was won by {winner} according to its "
                                          "cards, not {said}").format(trick=i, winner=winner,
                                                                      said=said))
