import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cards import WELI, Card, Rank, Suit, parse_cards
from scorekeeper.errors import CardError
from scorekeeper.rules import get_ruleset as _get_ruleset


def pack(game, players):
    """The pack a game is played with at a table of ``players``."""
    return _get_ruleset(game).pack(players)



@pytest.mark.parametrize("text, rank, suit", [
    ("10H", Rank.TEN, Suit.HEARTS), ("qc", Rank.QUEEN, Suit.CLUBS), ("O♣", Rank.QUEEN, Suit.CLUBS),
    ("U♦", Rank.JACK, Suit.DIAMONDS), ("u♦", Rank.JACK, Suit.DIAMONDS),
    ("A♠", Rank.ACE, Suit.SPADES), (" 7s ", Rank.SEVEN, Suit.SPADES),
    ("K♥", Rank.KING, Suit.HEARTS),
])
def test_every_written_form_reads_as_the_card(text, rank, suit):
    assert Card.parse(text) == Card(rank=rank, suit=suit)


@pytest.mark.parametrize("text", ["6D", "6♦", "W", "w", "Weli", "WELI", "6d"])
def test_the_weli_has_four_spellings(text):
    assert Card.parse(text) == WELI
    assert Card.parse(text).is_weli


@pytest.mark.parametrize("text", ["", "1H", "11H", "6H", "6C", "KX", "K", "H", "ZZ", "10", "AHH"])
def test_cards_that_do_not_exist_are_refused(text):
    with pytest.raises(CardError):
        Card.parse(text)


def test_pack_sizes():
    assert len(pack("letzter-stich", 4)) == 32
    assert len(pack("letzter-stich", 3)) == 24
    assert len(pack("letzter", 3)) == 24
    assert len(pack("kratzen", 4)) == 33
    assert len(pack("kratzen", 6)) == 33
    # Three players play without 7s and 8s.
    assert not any(c.rank in (Rank.SEVEN, Rank.EIGHT) for c in pack("letzter", 3))
    assert WELI in pack("kratzen", 3) and WELI not in pack("letzter-stich", 4)


@given(st.sampled_from(sorted(pack("kratzen", 4), key=str)))
def test_str_parses_back_to_the_same_card(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol()) == card


def test_names_for_each_deck():
    assert Card.parse("QC").name("german") == "Ober of acorns"
    assert Card.parse("JD").name("german") == "Unter of bells"
    assert Card.parse("QC").name("french") == "queen of clubs"
    assert Card.parse("10H").symbol() == "10♥"
    assert "Weli" in WELI.name("german")


def test_a_list_of_cards():
    assert [str(c) for c in parse_cards("KC, 6D,8c")] == ["KC", "6D", "8C"]
