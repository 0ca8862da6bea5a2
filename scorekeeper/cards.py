"""Cards, ranks, suits and the packs of each game.

``Card.parse`` and ``str(card)`` mirror each other: ``Card.parse(str(card)) == card`` for
every card of every pack. ``str`` gives the plain ASCII form (``10H``, ``QC``, ``6D`` for the
Weli); ``card.symbol()`` the short form with suit signs (``10♥``, ``Weli``) and
``card.name(deck)`` the German or French name, in the language in use. With a German pack
(``deck="german"``) the short form writes the Ober and the Unter ``O`` and ``U`` (``O♣``).
``Card.parse`` reads the contract's letters only (a script means the same in any language);
``Card.parse_typed`` also reads the letters of the language in use (``DH``, Dame of hearts,
in German; ``RC``, rei de paus, in Portuguese).
"""

from __future__ import annotations

import enum
import functools
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .errors import CardError
from .i18n import N_, NP_, _, current_language, pgettext

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
        """The suit's name at a table playing with that deck, in the language in use."""
        if deck == "german":
            return pgettext("german pack", _GERMAN_SUITS[self])
        return _(_FRENCH_SUITS[self])

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit: ``C D H S`` or ``♣ ♦ ♥ ♠``, any case."""
        key = text.strip().upper()
        suit = _SUIT_INPUT.get(key)
        if suit is None:
            raise CardError(_("'{text}' is not a suit (use C, D, H, S or ♣ ♦ ♥ ♠)").format(
                text=text))
        return suit


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
# The names are translated where they are used (``name_in``), so that they follow --lang.
_FRENCH_SUITS = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"),
                 Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades")}
_GERMAN_SUITS = {Suit.CLUBS: NP_("german pack", "acorns"),
                 Suit.DIAMONDS: NP_("german pack", "bells"),
                 Suit.HEARTS: NP_("german pack", "hearts"),
                 Suit.SPADES: NP_("german pack", "leaves")}
_SUIT_INPUT = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}

# The key that names each suit at the table (a card typed rank then suit), by language and
# pack: the first letter of the suit's name as the screen shows it in that language (German
# Eichel e, Schellen s, Herz h, Laub l), or where two names begin alike the first letter they
# differ by (German Kreuz r and Karo a; Spanish cascabeles a and corazones o). No key is the
# first letter of another suit's name in the same language and pack: the English letters
# c d h s read as Schellen, corações, sinos… elsewhere, and are not taken there. The rank comes
# first in a card, so a suit key never meets a rank key (tests/test_suit_keys.py).
SUIT_KEYS: dict[tuple[str, Deck], dict[str, Suit]] = {
    ("en", "french"): {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES},
    ("en", "german"): {"a": Suit.CLUBS, "b": Suit.DIAMONDS, "h": Suit.HEARTS, "l": Suit.SPADES},
    ("de", "french"): {"r": Suit.CLUBS, "a": Suit.DIAMONDS, "h": Suit.HEARTS, "p": Suit.SPADES},
    ("de", "german"): {"e": Suit.CLUBS, "s": Suit.DIAMONDS, "h": Suit.HEARTS, "l": Suit.SPADES},
    ("pt", "french"): {"p": Suit.CLUBS, "o": Suit.DIAMONDS, "c": Suit.HEARTS, "e": Suit.SPADES},
    ("pt", "german"): {"b": Suit.CLUBS, "s": Suit.DIAMONDS, "c": Suit.HEARTS, "f": Suit.SPADES},
    ("es", "french"): {"t": Suit.CLUBS, "d": Suit.DIAMONDS, "c": Suit.HEARTS, "p": Suit.SPADES},
    ("es", "german"): {"b": Suit.CLUBS, "a": Suit.DIAMONDS, "o": Suit.HEARTS, "h": Suit.SPADES},
}


def suit_keys(deck: Deck = "french") -> dict[str, Suit]:
    """The keys that name the suits at a table playing with ``deck``, in the language in use
    (``SUIT_KEYS``; a language without its own: the English letters), clubs to spades."""
    found = SUIT_KEYS.get((current_language(), deck))
    return found if found is not None else SUIT_KEYS["en", deck]


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
        """The rank's name: Ober and Unter in a German pack, queen and jack in a French one,
        in the language in use."""
        if deck == "german":
            return pgettext("german pack", _GERMAN_RANKS[self])
        return _(_FRENCH_RANKS[self])

    def letter(self, deck: Deck = "french") -> str:
        """The rank as a card's corner shows it: ``Q``, or ``O`` (Ober) in a German pack."""
        return _GERMAN_LETTERS.get(self, self.value) if deck == "german" else self.value


_STRENGTH = {r: 14 - i for i, r in enumerate(Rank)}
_RANK_INPUT = {r.value: r for r in Rank} | {"O": Rank.QUEEN, "U": Rank.JACK}
_GERMAN_LETTERS = {Rank.QUEEN: "O", Rank.JACK: "U"}
# The letters a person may type beside the contract's, by language (the rank comes first in a
# card, so a rank letter never meets a suit letter): German Dame and Bube; Portuguese rei,
# dama, valete; Spanish rey, dama.
_TYPED_RANKS = {"de": {"D": Rank.QUEEN, "B": Rank.JACK},
                "pt": {"R": Rank.KING, "D": Rank.QUEEN, "V": Rank.JACK},
                "es": {"R": Rank.KING, "D": Rank.QUEEN}}
_FRENCH_RANKS = {Rank.ACE: N_("ace"), Rank.KING: N_("king"), Rank.QUEEN: N_("queen"),
                 Rank.JACK: N_("jack"), Rank.TEN: "10", Rank.NINE: "9", Rank.EIGHT: "8",
                 Rank.SEVEN: "7", Rank.SIX: "6"}
_GERMAN_RANKS = {Rank.ACE: NP_("german pack", "Daus"), Rank.KING: NP_("german pack", "König"),
                 Rank.QUEEN: NP_("german pack", "Ober"), Rank.JACK: NP_("german pack", "Unter"),
                 Rank.TEN: "10", Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7", Rank.SIX: "6"}

ORDINARY_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                  Rank.SEVEN)


class Card(BaseModel):
    """One card. The Weli is the six of diamonds (bells); it is the only six in any pack."""

    # Built when first used (defer_build): a command builds only the models it uses, not the
    # twenty the package defines (about 16 ms less to start `show`: tests/benchmarks).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

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

    def symbol(self, deck: Deck = "french") -> str:
        """Short form with a suit sign: ``10♥``, ``K♣``, ``O♣`` (the Ober of a German pack);
        the Weli is ``Weli``."""
        if self.is_weli:
            return "Weli"
        return f"{self.rank.letter(deck)}{self.suit.symbol}"

    def name(self, deck: Deck = "french") -> str:
        """The card's name in words for that deck, in the language in use: ``Ober of
        acorns``, ``queen of clubs`` (``Eichel-Ober``, ``Kreuz-Dame`` in German)."""
        if self.is_weli:
            return (pgettext("german pack", "the Weli (6 of bells)") if deck == "german"
                    else _("the Weli (6♦)"))
        # TRANSLATORS: a card's name, e.g. "queen of clubs"; German writes "{suit}-{rank}".
        return _("{rank} of {suit}").format(rank=self.rank.name_in(deck),
                                            suit=self.suit.name_in(deck))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card as the contract (docs/contract.md) allows: ``10H``, ``qc``, ``O♣``,
        ``U♦``, ``6D``, ``W``, ``Weli``."""
        return _parse(text.strip().upper() if isinstance(text, str) else text)

    @classmethod
    def parse_typed(cls, text: str, deck: Deck = "french") -> Card:
        """Read a card a person typed: as ``parse``, and with the rank letters of the language
        in use (German ``D`` Dame and ``B`` Bube; Portuguese ``R`` ``D`` ``V``; Spanish ``R``
        ``D``). Those name the ranks of a French pack: with a German ``deck`` they are not
        read (a German ``D`` there would be taken for the Daus, and is the Ober)."""
        key = text.strip().upper() if isinstance(text, str) else text
        letters = _TYPED_RANKS.get(current_language()) if deck == "french" else None
        if letters and isinstance(key, str) and len(key) >= 2 and key[:-1] in letters:
            suit = _SUIT_INPUT.get(key[-1])
            if suit is not None:
                return Card(rank=letters[key[:-1]], suit=suit)
        return _parse(key)


WELI = Card(rank=Rank.SIX, suit=Suit.DIAMONDS)


@functools.lru_cache(maxsize=512)
def _parse(key: str) -> Card:
    if not isinstance(key, str) or not key:
        raise CardError(_("'{card}' is not a card").format(card=key))
    if key in ("W", "WELI", "6D", "6♦"):
        return WELI
    rank = _RANK_INPUT.get(key[:-1])
    suit = _SUIT_INPUT.get(key[-1])
    if rank is None or suit is None or rank is Rank.SIX:
        raise CardError(_("'{card}' is not a card (write rank then suit, e.g. 10H, QC, O♣, "
                          "or W for the Weli)").format(card=key))
    return Card(rank=rank, suit=suit)


def parse_cards(text: str, typed: bool = False, deck: Deck = "french") -> tuple[Card, ...]:
    """Read a comma-separated list of cards: ``"KC,6D,8C"``; ``typed``: as a person typed them
    (``Card.parse_typed``, with the table's ``deck``)."""
    parts = [p for p in (s.strip() for s in text.split(",")) if p]
    if typed:
        return tuple(Card.parse_typed(p, deck) for p in parts)
    return tuple(Card.parse(p) for p in parts)
