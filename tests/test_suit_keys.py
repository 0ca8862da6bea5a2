"""The keys that name a suit at the table mean what the table's language says (issue 26): each
language and pack takes its letters from the suit names the screen shows (German pack in German
e s h l: Eichel, Schellen, Herz, Laub), and no key reads as another suit there. Before, the
English c d h s were read in every language: a German `s` reads as Schellen (♦) and gave Laub
(♠); a Portuguese `c` reads as corações (♥) and gave paus (♣)."""

from __future__ import annotations

import unicodedata

import pytest

from scorekeeper.cards import SUIT_KEYS, Card, Suit, suit_keys
from scorekeeper.i18n import LANGUAGES, speaking

from .tui_helpers import pot_entry

PACKS = ("french", "german")
CASES = [(language, deck) for language in LANGUAGES for deck in PACKS]


def plain(word: str) -> str:
    """A word as a key is compared with it: lower case, without accents (Ó is o)."""
    return "".join(c for c in unicodedata.normalize("NFD", word.casefold())
                   if not unicodedata.combining(c))


def names(language: str, deck: str) -> dict[Suit, str]:
    """Each suit's name as the table shows it in ``language`` with ``deck``."""
    with speaking(language):
        return {suit: plain(suit.name_in(deck)) for suit in Suit}  # type: ignore[arg-type]


def keys_in(language: str, deck: str) -> dict[str, Suit]:
    with speaking(language):
        return suit_keys(deck)  # type: ignore[arg-type]


@pytest.mark.parametrize("language, deck", CASES)
def test_each_suit_key_is_taken_from_the_suit_s_own_name(language, deck):
    """The key is the first letter of the name shown; where two names begin alike (German
    Kreuz and Karo, Spanish cascabeles and corazones) the first letter they differ by."""
    words = names(language, deck)
    keys = keys_in(language, deck)
    assert sorted(keys.values(), key=lambda s: s.value) == sorted(Suit, key=lambda s: s.value)
    for key, suit in keys.items():
        word = words[suit]
        alike = [w for s, w in words.items() if s is not suit and w[0] == word[0]]
        if not alike:
            assert key == word[0], (language, deck, key, word)
        else:
            differ = next(i for i in range(len(word)) if any(w[i:i + 1] != word[i] for w in alike))
            assert key == word[differ], (language, deck, key, word, alike)


@pytest.mark.parametrize("language, deck", CASES)
def test_no_suit_key_reads_as_another_suit(language, deck):
    words = names(language, deck)
    for key, suit in keys_in(language, deck).items():
        others = {w[0] for s, w in words.items() if s is not suit}
        assert key not in others, (language, deck, key, "reads as another suit in", words)


def test_the_letters_of_the_trial_mean_their_own_words():
    """The trial's cases (de 07-08, pt 03-04): German pack in German s is Schellen and l Laub;
    Portuguese c is corações, s (German pack) sinos; the English letters that read as another
    suit are not taken."""
    assert keys_in("de", "german") == {"e": Suit.CLUBS, "s": Suit.DIAMONDS, "h": Suit.HEARTS,
                                       "l": Suit.SPADES}
    assert keys_in("pt", "french")["c"] is Suit.HEARTS and "s" not in keys_in("pt", "french")
    assert keys_in("pt", "german")["s"] is Suit.DIAMONDS and "h" not in keys_in("pt", "german")
    assert keys_in("en", "french") == {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS,
                                       "s": Suit.SPADES}
    assert set(SUIT_KEYS) == set(CASES)


@pytest.mark.parametrize("language, deck", CASES)
def test_the_table_reads_each_suit_key_as_its_suit_and_names_the_keys(language, deck):
    with speaking(language):
        keys = suit_keys(deck)  # type: ignore[arg-type]
        for key, suit in keys.items():
            entry = pot_entry(deck)
            assert entry.press("9") is None
            prompt = entry.prompt().replace("\xa0", " ")  # (each key joined to its suit)
            assert f"{key} {suit.symbol} {suit.name_in(deck)}" in prompt  # type: ignore[arg-type]
            help_keys = dict(entry.key_help())
            assert " ".join(keys) in help_keys                     # F1 names the keys
            assert entry.press(key) is None
            assert entry.draft.turned == (Card(rank=Card.parse("9C").rank, suit=suit),)
        fresh = pot_entry(deck)
        assert " ".join(f"{k}{s.symbol}" for k, s in keys.items()) in fresh.prompt()


@pytest.mark.parametrize("language, deck, key", [
    ("de", "german", "c"), ("de", "french", "k"), ("pt", "french", "s"), ("pt", "french", "h"),
    ("es", "german", "c"), ("en", "german", "s")])
def test_a_letter_that_is_no_suit_here_is_refused_with_the_keys(language, deck, key):
    """A letter that would read as no suit, or as two (German k: Kreuz or Karo), is refused:
    the notice names the key and the suits' keys; the rank waits for its suit."""
    with speaking(language):
        entry = pot_entry(deck)
        assert entry.press("9") is None
        problem = entry.press(key)
        assert problem is not None and problem.startswith(f"{key} ")
        for k, suit in suit_keys(deck).items():  # type: ignore[arg-type]
            assert f"{k} {suit.symbol}" in problem
        assert entry.pending == "9" and entry.draft.turned == ()


@pytest.mark.parametrize("language", LANGUAGES)
def test_backspace_after_a_card_takes_back_its_suit_in_every_language(language):
    with speaking(language):
        entry = pot_entry("german")
        spades = next(k for k, s in entry.suit_keys().items() if s is Suit.SPADES)
        assert entry.press("t") is None and entry.press(spades) is None
        assert entry.back() and entry.pending == "10"
        hearts = next(k for k, s in entry.suit_keys().items() if s is Suit.HEARTS)
        assert entry.press(hearts) is None
        assert entry.draft.turned == (Card.parse("10H"),)
