"""Cards, ranks, suits and the packs of each game.

``Card.parse`` and ``str(card)`` mirror each other: ``Card.parse(str(card)) == card`` for
every card of every pack. ``str`` gives the plain ASCII form (``10H``, ``QC``, ``6D`` for the
Weli); ``card.symbol()`` the short form with suit signs (``10♥``, ``Weli``) and
``card.name(deck)`` the German or French name.
"""

from __future__ import annotations

import enum
import functools
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .errors import CardError

Deck = Literal["german", "french"]


class Suit(enum.Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    def name_in(self, deck: Deck = "french") -> str:
        """The suit's name at a table playing with that deck."""
        return (_GERMAN_SUITS if deck == "german" else _FRENCH_SUITS)[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit: ``C D H S`` or ``♣ ♦ ♥ ♠``, any case."""
        key = text.strip().upper()
        suit = _SUIT_INPUT.get(key)
        if suit is None:
            raise CardError(f"'{text}' is not a suit (use C, D, H, S or ♣ ♦ ♥ ♠)")
        return suit


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_FRENCH_SUITS = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
                 Suit.SPADES: "spades"}
_GERMAN_SUITS = {Suit.CLUBS: "acorns", Suit.DIAMONDS: "bells", Suit.HEARTS: "hearts",
                 Suit.SPADES: "leaves"}
_SUIT_INPUT = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}


class Rank(enum.Enum):
    """Ranks with their strength: higher wins. SIX exists only as the Weli."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"

    @property
    def strength(self) -> int:
        return _STRENGTH[self]

    def name_in(self, deck: Deck = "french") -> str:
        """The rank's name: Ober and Unter in a German pack, queen and jack in a French one."""
        return (_GERMAN_RANKS if deck == "german" else _FRENCH_RANKS)[self]


_STRENGTH = {r: 14 - i for i, r in enumerate(Rank)}
_RANK_INPUT = {r.value: r for r in Rank} | {"O": Rank.QUEEN, "U": Rank.JACK}
_FRENCH_RANKS = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack",
                 Rank.TEN: "10", Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7", Rank.SIX: "6"}
_GERMAN_RANKS = {Rank.ACE: "Daus", Rank.KING: "König", Rank.QUEEN: "Ober", Rank.JACK: "Unter",
                 Rank.TEN: "10", Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7", Rank.SIX: "6"}

ORDINARY_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                  Rank.SEVEN)


class Card(BaseModel):
    """One card. The Weli is the six of diamonds (bells); it is the only six in any pack."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rank: Rank
    suit: Suit

    @property
    def is_weli(self) -> bool:
        return self.rank is Rank.SIX

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __hash__(self) -> int:
        return hash((self.rank._value_, self.suit._value_))

    def __eq__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.rank is other.rank and self.suit is other.suit

    def symbol(self) -> str:
        """Short form with a suit sign: ``10♥``, ``K♣``; the Weli is ``Weli``."""
        if self.is_weli:
            return "Weli"
        return f"{self.rank.value}{self.suit.symbol}"

    def name(self, deck: Deck = "french") -> str:
        """The card's name in words for that deck: ``Ober of acorns``, ``queen of clubs``."""
        if self.is_weli:
            return "the Weli (6 of bells)" if deck == "german" else "the Weli (6♦)"
        return f"{self.rank.name_in(deck)} of {self.suit.name_in(deck)}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card as the contract (docs/contract.md) allows: ``10H``, ``qc``, ``O♣``,
        ``U♦``, ``6D``, ``W``, ``Weli``."""
        return _parse(text.strip().upper() if isinstance(text, str) else text)


WELI = Card(rank=Rank.SIX, suit=Suit.DIAMONDS)


@functools.lru_cache(maxsize=512)
def _parse(key: str) -> Card:
    if not isinstance(key, str) or not key:
        raise CardError(f"'{key}' is not a card")
    if key in ("W", "WELI", "6D", "6♦"):
        return WELI
    rank = _RANK_INPUT.get(key[:-1])
    suit = _SUIT_INPUT.get(key[-1])
    if rank is None or suit is None or rank is Rank.SIX:
        raise CardError(f"'{key}' is not a card (write rank then suit, e.g. 10H, QC, O♣, "
                        f"or W for the Weli)")
    return Card(rank=rank, suit=suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a comma-separated list of cards: ``"KC,6D,8C"``."""
    parts = [p for p in (s.strip() for s in text.split(",")) if p]
    return tuple(Card.parse(p) for p in parts)
