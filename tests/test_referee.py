"""The referee: trick winners, legal cards with reasons, verdicts, deal plans, card records."""

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import Card, Suit, parse_cards
from scorekeeper.errors import RecordError, ScorekeeperError
from scorekeeper.referee import deal_plan, judge, legal_cards, winning_position
from scorekeeper.rules import HandRecord, get_ruleset, make_config
from scorekeeper.rules import get_ruleset as _get_ruleset
from scorekeeper.script import replay_file

from .conftest import EXAMPLES, play


def pack(game, players):
    """The pack a game is played with at a table of ``players``."""
    return _get_ruleset(game).pack(players)


C = parse_cards


# ---- the seed's checks ------------------------------------------------------------------------

def test_seed_letzter_stich_last_trick_K_spades_wins_the_ace_of_hearts_has_no_power():
    trick = C("9S,KS,AH,QS")
    assert winning_position("letzter-stich", trick) == 1
    assert winning_position("letzter", trick) == 1


def test_seed_kratzen_the_ace_must_beat_the_weli_and_wins():
    trick = C("KC,6D,8C")
    assert winning_position("kratzen", trick, Suit.CLUBS) == 1   # the Weli is winning
    advice = legal_cards("kratzen", C("AC,QC,7H"), trick, Suit.CLUBS)
    assert advice.legal == (Card.parse("AC"),)
    assert "must beat the current winner: A♣ beats the Weli" in advice.reasons
    assert winning_position("kratzen", trick + C("AC"), Suit.CLUBS) == 3
    assert judge("kratzen", C("AC,QC,7H"), trick, Card.parse("QC"), Suit.CLUBS).reason == \
        "illegal: held A♣ and had to beat the Weli"


# ---- reasons ------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, trick, trump, legal, reason", [
    ("QH,7S", "9H", None, "QH", "must follow ♥"),
    ("8C,7S", "9H", None, "8C,7S", "no ♥: any card"),
    ("QH,KH,7S", "JH", "C", "QH,KH", "must beat the current winner: Q♥ or K♥ beat J♥"),
    ("8H,7S", "JH", "C", "8H", "cannot beat J♥: any ♥"),
    ("9C,AS", "KH", "C", "9C", "no ♥: must trump"),
    ("9C,AC,AS", "KH,JC", "C", "AC", "must over-trump J♣"),
    ("9C,AS", "KH,JC", "C", "9C", "cannot over-trump J♣: any trump"),
    ("8D,AS", "KH", "C", "8D,AS", "no ♥ and no trump: any card"),
    ("6D,AH", "KH", "C", "AH", "must follow ♥"),   # may not keep back the suit to win with the Weli
    ("6D,AH", "KC", "C", "6D", "must follow trump"),  # the Weli follows when trumps are led
    ("7D,AH", "KD", "C", "7D", "must follow ♦"),   # trump clubs: the Weli is not a diamond
])
def test_legal_cards_and_their_reasons(hand, trick, trump, legal, reason):
    advice = legal_cards("kratzen" if trump else "letzter-stich", C(hand), C(trick),
                         Suit(trump) if trump else None)
    assert advice.legal == C(legal)
    assert reason in advice.reasons


def test_letzter_stich_and_letzter_have_no_duty_to_beat():
    assert legal_cards("letzter", C("AH,8H"), C("9H"), None).legal == C("AH,8H")


def test_a_verdict_on_a_card_that_was_played():
    assert judge("letzter", C("QH,7S"), C("9H"), Card.parse("7S")).reason == \
        "illegal: held Q♥ and had to follow ♥"
    assert judge("letzter", C("QH,7S"), C("9H"), Card.parse("QH")).reason == "legal"
    assert judge("kratzen", C("9C,AC,AS"), C("KH,JC"), Card.parse("9C"), Suit.CLUBS).reason == \
        "illegal: held A♣ and had to over-trump J♣"
    assert judge("kratzen", C("9C,AS"), C("KH"), Card.parse("AS"), Suit.CLUBS).reason == \
        "illegal: held 9♣ and had to trump"
    assert not judge("letzter", C("QH"), C("9H"), Card.parse("KH")).legal


def test_the_referee_refuses_impossible_tricks():
    with pytest.raises(ScorekeeperError):
        winning_position("letzter", C("6D,9H"))          # no Weli outside kratzen
    with pytest.raises(ScorekeeperError):
        winning_position("kratzen", C("9H,9H"), Suit.HEARTS)
    with pytest.raises(ScorekeeperError):
        winning_position("kratzen", C("9H"))             # kratzen needs a trump


# ---- brute force: every ordered trick of 3 and 4 cards from a 9-card sample ------------------

SAMPLE = C("AC,6D,KC,7C,AH,9H,KD,7D,QS")   # trump clubs: the ace, the Weli, two more trumps
TRUMP = Suit.CLUBS


def brute_force_winner(trick):
    """Written apart from the referee: score every card, the highest score wins."""
    order = ["7", "8", "9", "10", "J", "Q", "K", "A"]

    def score(card):
        text = str(card)
        rank, suit = text[:-1], text[-1]
        if text == "6D":
            return 200 + 6.5                     # trump, between K (206) and A (207)
        if suit == "C":
            return 200 + order.index(rank)
        if suit == str(trick[0])[-1] and str(trick[0]) != "6D":
            return 100 + order.index(rank)
        return 0

    scores = [score(c) for c in trick]
    return scores.index(max(scores))


@pytest.mark.parametrize("size", [3, 4])
def test_every_ordered_trick_agrees_with_a_brute_force_rule(size):
    checked = 0
    for trick in itertools.permutations(SAMPLE, size):
        assert winning_position("kratzen", trick, TRUMP) == brute_force_winner(trick), trick
        checked += 1
    assert checked == (504 if size == 3 else 3024)


# ---- properties ---------------------------------------------------------------------------------

KRATZEN_PACK = sorted(pack("kratzen", 4), key=str)


@st.composite
def situations(draw):
    game = draw(st.sampled_from(["letzter-stich", "letzter", "kratzen"]))
    cards = sorted(pack(game, 4), key=str)
    chosen = draw(st.lists(st.sampled_from(cards), min_size=2, max_size=12, unique=True))
    split = draw(st.integers(1, min(len(chosen) - 1, 5)))
    trick_size = draw(st.integers(0, min(split, 5)))
    hand = chosen[:split]
    trick = chosen[split:split + trick_size] if trick_size else []
    trump = draw(st.sampled_from(list(Suit))) if game == "kratzen" else None
    return game, hand, trick, trump


@settings(max_examples=400, deadline=None)
@given(situations())
def test_the_legal_set_is_never_empty_and_is_the_whole_hand_without_duties(situation):
    game, hand, trick, trump = situation
    advice = legal_cards(game, hand, trick, trump)
    assert advice.legal and set(advice.legal) <= set(hand)
    if trick:
        first = trick[0]
        led_trump = trump is not None and (first.is_weli or first.suit is trump)
        holds_led = any((c.is_weli or c.suit is trump) if led_trump else
                        (c.suit is first.suit and not (trump and (c.is_weli or c.suit is trump)))
                        for c in hand)
        holds_trump = trump is not None and any(c.is_weli or c.suit is trump for c in hand)
        if not holds_led and not holds_trump:
            assert set(advice.legal) == set(hand)
    for card in hand:
        assert judge(game, hand, trick, card, trump).legal == (card in advice.legal)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(KRATZEN_PACK), min_size=1, max_size=6, unique=True),
       st.sampled_from(list(Suit)))
def test_the_winner_is_always_one_of_the_played_cards(trick, trump):
    position = winning_position("kratzen", trick, trump)
    assert 0 <= position < len(trick)


# ---- deal plans ---------------------------------------------------------------------------------

def test_deal_plans_name_the_seats_and_count_every_card():
    seats = ["Anna", "Ben", "Cleo", "Dora"]
    kratzen = deal_plan("kratzen", seats, "Anna")
    # 4 players hold 4 each (16); 1 card turned leaves 16 undealt, the Weli and the card
    # after it leave 15: 33 either way.
    assert kratzen.card_count == ("16 dealt + 1 turned + 16 undealt = 33; "
                                  "after the Weli 16 dealt + 2 turned + 15 undealt = 33")
    assert any("a 7 there forces a Muss too" in step for step in kratzen.steps)
    assert "Anna leads the first trick" in kratzen.steps
    letzter = deal_plan("letzter", seats, "Anna")
    assert "Anna pushes 3 cards face down to Ben (forehand)" in letzter.steps
    assert "Ben pushes any 2 cards to Cleo (middlehand)" in letzter.steps
    assert "Cleo pushes 1 card to Dora (rearhand)" in letzter.steps
    three = deal_plan("letzter", seats[:3], "Anna")
    assert "Anna pushes 2 cards face down to Ben (forehand)" in three.steps
    assert "Ben pushes 1 card to Cleo" in three.steps
    stich = deal_plan("letzter-stich", seats, "Dora")
    assert "Anna (the dealer's left) leads the first trick" in stich.steps
    assert deal_plan("kratzen", ["A", "B", "C", "D", "E", "F"], "C").card_count == \
        "24 dealt + 1 turned + 8 undealt = 33; after the Weli 24 dealt + 2 turned + 7 undealt = 33"


def test_the_referee_knows_how_many_play():
    # Three players of Letzter Stich or Letzter play with 24 cards: no 7s or 8s to judge.
    for game in ("letzter-stich", "letzter"):
        with pytest.raises(ScorekeeperError, match="not in the .* pack of 24 cards"):
            winning_position(game, C("7H,9H"), players=3)
        with pytest.raises(ScorekeeperError, match="not in the .* pack of 24 cards"):
            legal_cards(game, C("8S,AH"), C("9H"), players=3)
        assert winning_position(game, C("7H,9H"), players=4) == 1
    with pytest.raises(ScorekeeperError, match="for 3 to 4 players, not 5"):
        winning_position("letzter", C("9H"), players=5)


def test_the_turned_card_belongs_to_the_dealer():
    # Anna deals Kratzen with K♣ turned: she holds it; Ben playing it is refused.
    config = make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna")
    state = get_ruleset("kratzen").initial_state(config)
    record = HandRecord(indicator=("KC",), cards=(("9C", "KC", "AC", "7C"),
                                                   ("AH", "KH", "QH", "JH"),
                                                   ("AS", "KS", "QS", "JS"),
                                                   ("AD", "KD", "QD", "JD")))
    with pytest.raises(RecordError, match="trick 1: Ben played K♣: K♣ was turned up, and the "
                                          "turned card belongs to the dealer, Anna"):
        get_ruleset("kratzen").settle(config, state, record)


# ---- card-level records -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["letzter-stich", "letzter", "kratzen", "kratzen-five"])
def test_a_card_level_script_settles_like_its_winner_only_twin(name):
    winners = replay_file(EXAMPLES / f"{name}.toml")
    cards = replay_file(EXAMPLES / "cards" / f"{name}.toml")
    assert [s.record.tricks for s in cards.settlements] == \
        [s.record.tricks for s in winners.settlements]
    strip = lambda s: dataclasses.replace(s, record=None)  # noqa: E731
    assert [strip(s) for s in cards.settlements] == [strip(s) for s in winners.settlements]
    assert cards.state == winners.state


SWEEP_CARDS = [["7C", "8C", "AC", "9C"], ["AD", "7D", "8D", "9D"], ["AH", "7H", "8H", "9H"],
               ["AS", "7S", "8S", "9S"], ["KC", "10C", "JC", "QC"], ["KD", "10D", "JD", "QD"],
               ["KH", "10H", "JH", "QH"], ["KS", "10S", "JS", "QS"]]


def test_cards_give_the_winners_of_a_sweep():
    # Anna deals, Ben leads trick 1; Dora plays the highest card of every trick.
    ledger = play("letzter-stich", [{"cards": SWEEP_CARDS}])
    first = ledger.settlements[0]
    assert first.kind == "sweep" and first.record.tricks == ("Dora",) * 8
    assert ledger.settlements[0].findings == ()


@pytest.mark.parametrize("change, message", [
    (lambda c: c[:7], "cards: 8 tricks of cards are needed, 7 were given"),
    (lambda c: [c[0][:3]] + c[1:], "cards: trick 1 has 3 cards; 4 hands play"),
    (lambda c: [c[0]] + [["7C", "7D", "8D", "9D"]] + c[2:],
     "cards: trick 2: 7♣ was already played in trick 1"),
    (lambda c: [["6D", "8C", "9C", "AC"]] + c[1:],
     "cards: trick 1: Weli is not in the letzter-stich pack"),
])
def test_card_records_that_cannot_be_true_name_the_trick(change, message):
    with pytest.raises(RecordError) as error:
        play("letzter-stich", [{"cards": change([list(t) for t in SWEEP_CARDS])}])
    assert message in str(error.value)


def test_the_wrong_leader_is_named():
    led_by = ["Ben"] + ["Dora"] * 7
    assert play("letzter-stich", [{"cards": SWEEP_CARDS, "led_by": led_by}]).state.hands_played == 1
    with pytest.raises(RecordError) as error:
        play("letzter-stich",
             [{"cards": SWEEP_CARDS, "led_by": ["Ben", "Dora", "Cleo"] + ["Dora"] * 5}])
    assert "trick 3 was led by Cleo, but Dora leads it (Dora won trick 2)" in str(error.value)


def test_tricks_that_disagree_with_the_cards_are_refused():
    with pytest.raises(RecordError) as error:
        play("letzter-stich", [{"cards": SWEEP_CARDS, "tricks": ["Dora"] * 7 + ["Anna"]}])
    assert "trick 8 was won by Dora according to its cards, not Anna" in str(error.value)


def test_illegal_plays_are_kept_as_findings_on_the_hand():
    # Cleo swaps her cards of tricks 1 and 3: she discards 9♥ on clubs while holding 8♣ and
    # Q♣ (played in tricks 3 and 5), and 8♣ on hearts while holding Q♥ (trick 7).
    cards = [list(t) for t in SWEEP_CARDS]
    cards[0][1], cards[2][3] = cards[2][3], cards[0][1]
    ledger = play("letzter-stich", [{"cards": cards}])
    assert ledger.settlements[0].record.tricks == ("Dora",) * 8
    assert ledger.settlements[0].findings == (
        "trick 1: Cleo played 9♥: illegal: held 8♣ and Q♣ and had to follow ♣",
        "trick 3: Cleo played 8♣: illegal: held Q♥ and had to follow ♥",
    )
    assert any(line.startswith("Referee: trick 1") for line in ledger.settlements[0].explanation)
