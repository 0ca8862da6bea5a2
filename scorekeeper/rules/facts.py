"""What a game is (the first layer of a ``Ruleset``): the facts that describe it, its words,
its pack and how its tricks are played, and the hooks every game must give; and the words and
counts the games share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ..amounts import format_amount
from ..cards import ORDINARY_RANKS, Card, Deck, Suit
from ..i18n import N_, _, ngettext
from .config import GameOptions, SessionConfig
from .ends import PENALTY, POT, Account
from .results import HandOutcome

if TYPE_CHECKING:
    from .plans import DealPlan


class GameFacts(ABC):
    """A game's facts (class attributes), its words, its pack and trick play, and the hooks
    every game gives (abstract). ``HandEntry`` builds on it."""

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
    # The smallest part of a chip or point the game's amounts can have: a chip count of less
    # is refused (``count S Ben=3.5`` in a game of whole chips, trial 34: no table counts
    # half a chip). Kratzen pays P/4 a trick and keeps the quarters.
    count_step: ClassVar[Fraction] = Fraction(1)
    # Whether hands are played with a trump (then each hand says which suit).
    trumps: ClassVar[bool] = False
    # The record fields beyond the trick winners that this game's hands carry: for each, what
    # to type (a metavar) and what it is (the command line offers them as options).
    extra_record_fields: ClassVar[dict[str, tuple[str, str]]] = {}
    # How a hand's record is told to people (``showtext.record_words``), a field at a time,
    # marked with N_: ``{value}`` is its names or cards. A game names the fields it adds, here
    # or in ``field_words`` (words whose verb agrees with how many play).
    record_words: ClassVar[dict[str, str]] = {"tricks": N_("tricks {value}")}
    # The same field when it names nobody (Kratzen's walkover: "playing none; tricks none"
    # read as a riddle, es "juegan ninguno; bazas ninguno", trial 33).
    record_words_empty: ClassVar[dict[str, str]] = {"tricks": N_("no tricks played")}
    # Each kind of hand, marked with N_ (in English the word is the kind itself, which is data:
    # JSON, CSV and the session file keep it); ``kind_words`` says it in the language in use.
    kind_names: ClassVar[dict[str, str]] = {}
    # The kinds of hand in which nobody is asked whether they play (a Kratzen Muss): a hand
    # recorded as one of them that an amendment makes into another kind no longer fits (the
    # table never said who played: ``ledger.amend_hands``).
    unasked_kinds: ClassVar[frozenset[str]] = frozenset()
    # The rule card (Markdown) of a game that ships none in scorekeeper/rulecards/: a game
    # registered from outside the package brings its own here.
    rule_card: ClassVar[str | None] = None

    def score_words(self) -> str:
        """What a score is called, in the language in use (``balance``: ``Saldo``)."""
        return _(self.score_name)

    def field_words(self, key: str, count: int) -> str | None:
        """How field ``key`` of a hand's record is told in the language in use, ``{value}``
        its ``count`` names or cards (``record_words``; a game may make the words agree with
        the count); ``None``: the field has no words of its own."""
        words = self.record_words.get(key)
        return _(words) if words else None

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

    @abstractmethod
    def is_finished(self, config: SessionConfig, hands_played: int,
                    scores: dict[str, Decimal]) -> bool:
        """Whether the session is over once ``hands_played`` hands have left these scores."""

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


def names_and(names: Iterable[str]) -> str:
    """Names in a sentence: ``Anna``, ``Anna and Ben``, ``Anna, Ben and Cleo`` (pt "Ana e
    Bruno recebem", where "Ana, Bruno recebem" read as a list cut short: trial 34)."""
    listed = list(names)
    if len(listed) < 2:
        return "".join(listed)
    return _("{names} and {last}").format(names=", ".join(listed[:-1]), last=listed[-1])


def then_list(cards: Iterable[Card], deck: Deck = "french") -> str:
    """Cards turned one after the other: ``Weli, then A♥``."""
    return _(", then ").join(c.symbol(deck) for c in cards)  # "Weli, then 9♠"

