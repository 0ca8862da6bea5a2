"""The rules of RULES.md, one decision (D1–D9) at a time, plus the seed's checks."""

import dataclasses
from decimal import Decimal
from fractions import Fraction as F

import pytest

from scorekeeper.errors import ConfigError, RecordError
from scorekeeper.ledger import settle_hands
from scorekeeper.rules import POT, HandRecord, get_ruleset, make_config

from .conftest import FOUR, play

ALL = lambda name: [name] * 8  # noqa: E731
ENDS = lambda name: ["Anna", "Ben", "Cleo", "Dora", "Anna", "Ben", "Cleo", name]  # noqa: E731


# ---- Letzter Stich -----------------------------------------------------------------------

def test_D1_every_player_starts_with_five_chips_unless_the_session_says_otherwise():
    assert play("letzter-stich", []).state.scores == dict.fromkeys(FOUR, 5)
    assert play("letzter-stich", [], starting_chips=2).state.scores == dict.fromkeys(FOUR, 2)


def test_the_last_trick_costs_a_chip_into_the_pot():
    ledger = play("letzter-stich", [{"tricks": ENDS("Ben")}])
    s = ledger.settlements[0]
    assert s.kind == "last-trick" and s.deltas["Ben"] == -1 and s.pot_after == 1
    assert ledger.state.scores["Ben"] == 4


@pytest.mark.parametrize("pot, paid", [(0, 0), (1, 1), (2, 2), (3, 2)])
def test_D2_a_sweep_receives_what_the_pot_holds_up_to_two(pot, paid):
    # Build a pot of `pot` chips with last tricks by Anna, then Dora sweeps.
    hands = [{"tricks": ENDS("Anna")}] * pot + [{"tricks": ALL("Dora")}]
    ledger = play("letzter-stich", hands, starting_chips=9)
    sweep = ledger.settlements[-1]
    assert sweep.kind == "sweep"
    assert sweep.deltas["Dora"] == paid and sweep.pot_after == pot - paid
    assert sweep.transfers[0].due == (None if paid == 2 else 2)


def test_the_match_ends_when_someone_has_no_chips_and_the_pot_stays():
    ledger = play("letzter-stich", [{"tricks": ENDS("Cleo")}] * 2, starting_chips=2)
    assert ledger.state.finished and ledger.state.scores["Cleo"] == 0
    assert ledger.state.pot == 2
    assert ledger.state.leaders == ("Anna", "Ben", "Dora")  # equal leaders share the win
    with pytest.raises(RecordError) as error:
        play("letzter-stich", [{"tricks": ENDS("Cleo")}] * 3, starting_chips=2)
    assert error.value.hand == 3 and "finished" in str(error.value)


def test_letzter_stich_leader_is_the_dealers_left_and_the_deal_passes_left():
    ledger = play("letzter-stich", [{"tricks": ENDS("Ben")}], first_dealer="Dora")
    assert play("letzter-stich", [], first_dealer="Dora").state.leader == "Anna"
    assert ledger.state.dealer == "Anna" and ledger.state.leader == "Ben"


def test_three_players_play_letzter_stich():
    ledger = play("letzter-stich", [{"tricks": ["Anna"] * 7 + ["Cleo"]}], players=FOUR[:3])
    assert ledger.state.scores == {"Anna": 5, "Ben": 5, "Cleo": 4}


# ---- Letzter ------------------------------------------------------------------------------

def test_letzter_last_trick_is_a_penalty_point_and_durchmarsch_gives_everyone_else_one():
    ledger = play("letzter", [{"tricks": ENDS("Cleo")}, {"tricks": ALL("Ben")}])
    assert ledger.settlements[0].deltas == {"Anna": 0, "Ben": 0, "Cleo": 1, "Dora": 0}
    assert ledger.settlements[1].kind == "durchmarsch"
    assert ledger.state.scores == {"Anna": 1, "Ben": 0, "Cleo": 2, "Dora": 1}
    assert ledger.state.leaders == ("Ben",)  # fewest points lead


@pytest.mark.parametrize("players", [FOUR, FOUR[:3]])
def test_D3_the_dealers_right_leads_in_letzter(players):
    ledger = play("letzter", [], players=players, first_dealer="Anna")
    assert ledger.state.leader == players[-1]
    after = play("letzter", [{"tricks": [players[0]] * 7 + [players[1]]}], players=players)
    assert after.state.dealer == "Ben" and after.state.leader == "Anna"


def test_D4_rounds_end_the_session_and_without_them_it_is_open_ended():
    hand = {"tricks": ENDS("Ben")}
    assert play("letzter", [hand] * 4, rounds=1).state.finished
    assert not play("letzter", [hand] * 3, rounds=1).state.finished
    assert not play("letzter", [hand] * 40).state.finished
    three = {"tricks": ["Anna"] * 7 + ["Ben"]}
    assert play("letzter", [three] * 3, players=FOUR[:3], rounds=1).state.finished
    assert not play("letzter", [three] * 2, players=FOUR[:3], rounds=1).state.finished


# ---- Kratzen ------------------------------------------------------------------------------

def kratzen_state(pot, dealer="Anna", players=FOUR, **options):
    config = make_config("kratzen", list(players), dealer, options)
    ruleset = get_ruleset("kratzen")
    start = ruleset.initial_state(config)
    return config, ruleset, dataclasses.replace(start, pot=Decimal(pot))


def test_seed_settlement_example_P12():
    # P = 12; dealer took 1, the others 2, 1 and 0: payouts 3, 6, 3, 0; the dealer pays 24 and
    # the player with no trick 12; the next pot is 36, and 37 with the next dealer's chip.
    config, ruleset, state = kratzen_state(11)
    s = ruleset.settle(config, state, HandRecord(
        indicator=("KC",), entered=("Ben", "Cleo", "Dora"),
        tricks=("Anna", "Ben", "Ben", "Cleo")))
    assert s.stake == 12 and s.kind == "normal"
    payouts = {t.target: 0 for t in s.transfers}
    for t in s.transfers:
        if t.source is POT:
            payouts[t.target] += t.amount
    assert [payouts.get(p, 0) for p in FOUR] == [3, 6, 3, 0]
    penalties = {t.source: t.amount for t in s.transfers if t.reason.startswith("penalty")}
    assert penalties == {"Anna": 24, "Dora": 12}
    assert s.pot_after == 36
    after = ruleset.advance(config, state, s)
    nxt = ruleset.settle(config, after, HandRecord(indicator=("9H",),
                                                    entered=("Cleo", "Dora", "Anna"),
                                                    tricks=("Ben", "Ben", "Cleo", "Dora")))
    assert nxt.stake == 37


def test_payouts_sum_to_P_and_a_quarter_is_kept_exactly():
    config, ruleset, state = kratzen_state(16)
    s = ruleset.settle(config, state, HandRecord(indicator=("9C",), entered=("Ben", "Cleo", "Dora"),
                                                 tricks=("Dora", "Cleo", "Ben", "Dora")))
    payouts = [t.amount for t in s.transfers if t.source is POT]
    assert payouts == [F(17, 4)] * 4 and sum(payouts) == s.stake == 17
    assert "P = 17" in " ".join(s.explanation) and "4¼" in " ".join(s.explanation)


def test_D5_after_the_weli_the_second_card_is_the_indicator_for_the_seven_rule():
    config, ruleset, state = kratzen_state(10)
    s = ruleset.settle(config, state, HandRecord(indicator=("W", "7H"),
                                                 tricks=("Anna", "Ben", "Cleo", "Dora")))
    assert s.kind == "forced-muss" and s.trump == "H"
    # A 7 as the first card with the Weli after it is impossible: the Weli must come first.
    with pytest.raises(RecordError):
        ruleset.settle(config, state, HandRecord(indicator=("7H", "W"), tricks=("Anna",) * 4))


def test_D6_forced_muss_on_an_empty_pot_keeps_the_muss_stakes_and_adds_nothing():
    config, ruleset, state = kratzen_state(0)
    s = ruleset.settle(config, state, HandRecord(indicator=("7C",),
                                                 tricks=("Anna", "Ben", "Cleo", "Dora")))
    assert s.kind == "forced-muss"
    assert s.stake == 5  # dealer 2 + three times 1, nothing more
    assert s.deltas == {"Anna": -2, "Ben": -1, "Cleo": -1, "Dora": -1} and s.pot_after == 5


def test_D7_the_dealer_needs_two_tricks_in_the_muss_of_an_empty_pot():
    config, ruleset, state = kratzen_state(0)
    s = ruleset.settle(config, state, HandRecord(indicator=("KC",),
                                                 tricks=("Anna", "Ben", "Cleo", "Dora")))
    assert s.kind == "muss"
    assert s.deltas["Anna"] == -2 - 10  # stake 2, then 2P with P = 5
    assert not any(t.source is POT for t in s.transfers)  # no trick pays in a Muss


def test_D8_the_dealer_pays_2P_in_a_forced_muss_too():
    config, ruleset, state = kratzen_state(20)
    s = ruleset.settle(config, state, HandRecord(indicator=("7D",),
                                                 tricks=("Ben", "Ben", "Cleo", "Dora")))
    assert s.stake == 21
    assert s.deltas["Anna"] == -1 - 42
    assert s.pot_after == 21 + 42


def test_D9_rotations_set_how_many_times_every_player_deals():
    hand = {"indicator": "7C", "tricks": ["Anna", "Ben", "Cleo", "Dora"]}
    assert play("kratzen", [hand] * 4).state.finished
    assert not play("kratzen", [hand] * 4, rotations=2).state.finished
    assert play("kratzen", [hand] * 8, rotations=2).state.finished


def test_walkover_gives_the_dealer_the_whole_pot():
    config, ruleset, state = kratzen_state(9, dealer="Cleo")
    s = ruleset.settle(config, state, HandRecord(indicator=("AH",), entered=(), tricks=()))
    assert s.kind == "walkover" and s.stake == 10
    assert s.deltas == {"Anna": 0, "Ben": 0, "Cleo": 9, "Dora": 0} and s.pot_after == 0


def test_a_weli_indicator_makes_the_second_card_trump():
    config, ruleset, state = kratzen_state(4)
    s = ruleset.settle(config, state, HandRecord(indicator=("Weli", "QS"), entered=("Ben",),
                                                 tricks=("Anna", "Anna", "Ben", "Ben")))
    assert s.trump == "S" and s.kind == "normal"


def test_the_next_hand_after_an_emptied_pot_is_a_muss():
    ledger = play("kratzen", [
        {"indicator": "KC", "tricks": ["Anna", "Anna", "Cleo", "Dora"]},  # P 5, Ben pays P: 10
        # Ben deals: P = 11, Anna drops, every playing hand makes its tricks: the pot is empty.
        {"indicator": "AH", "entered": ["Cleo", "Dora"], "tricks": ["Ben", "Ben", "Cleo", "Dora"]},
        {"indicator": "8S", "tricks": ["Cleo", "Cleo", "Dora", "Anna"]},
    ])
    assert ledger.settlements[1].pot_after == 0
    assert ledger.settlements[2].kind == "muss" and ledger.settlements[2].stake == 5


# ---- settings -----------------------------------------------------------------------------

@pytest.mark.parametrize("game, players", [
    ("letzter-stich", ["A", "B"]), ("letzter-stich", ["A", "B", "C", "D", "E"]),
    ("letzter", ["A", "B"]), ("kratzen", ["A", "B"]),
    ("kratzen", ["A", "B", "C", "D", "E", "F", "G"]),
])
def test_player_counts_outside_the_game_are_refused(game, players):
    with pytest.raises(ConfigError) as error:
        make_config(game, players, players[0])
    assert error.value.field == "players"


def test_six_players_can_play_kratzen():
    config = make_config("kratzen", list("ABCDEF"), "F")
    assert settle_hands(config, []).state.dealer == "F"


def test_names_are_trimmed_and_matched_ignoring_case():
    config = make_config("letzter", ["  Anna ", "Ben", "Cleo"], "anna")
    assert config.players == ("Anna", "Ben", "Cleo") and config.first_dealer == "Anna"
    ledger = settle_hands(config, [HandRecord(tricks=("ben",) * 7 + ("CLEO",))])
    assert ledger.settlements[0].record.tricks[-1] == "Cleo"
