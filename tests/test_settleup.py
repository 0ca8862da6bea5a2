"""Settling up: exact properties over random sessions of every game (transfers add up to zero,
each party's transfers come to its result or its money, at most one transfer fewer than the
parties, the cents rule as docs/rules.md states it), checked against the games' rules worked
out here independently (Fractions, pair by pair), not against the module's own figures."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import ScorekeeperError
from scorekeeper.ledger import settle_hands
from scorekeeper.rules import POT, get_ruleset, make_config
from scorekeeper.settleup import (
    fewest_transfers,
    largest_first,
    read_currency,
    read_value,
    round_to_cents,
    settle_up,
)

from .strategies import sessions

VALUES = ["0.10", "0.05", "0.25", "1", "0.01", "0.001", "0.125", "0.0125", "0.333", "2.5",
          "0.07", "10"]


def expected_results(config, state):
    """Each player's result and the pot's share, from docs/rules.md's settle-up section,
    worked out here without the module: Kratzen the balance and the pot; Letzter Stich the
    chips now minus the starting chips and the pot; Letzter pair by pair."""
    players = config.players
    if config.game == "letzter":
        result = {p: Fraction(0) for p in players}
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                difference = Fraction(state.scores[a]) - Fraction(state.scores[b])
                result[a] -= difference  # more points pays the difference to fewer
                result[b] += difference
        return result, None
    start = Fraction(config.options.starting_chips) if config.game == "letzter-stich" else 0
    return ({p: Fraction(state.scores[p]) - start for p in players}, Fraction(state.pot))


def net_of_transfers(transfers):
    """What each end receives (+) or pays (−) over all transfers."""
    net = {}
    for t in transfers:
        net[t.source] = net.get(t.source, 0) - Fraction(t.amount)
        net[t.target] = net.get(t.target, 0) + Fraction(t.amount)
    return net


def set_partitions(items):
    """Every way of splitting ``items`` into groups (lists of lists)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1:]]


def fewest_possible(amounts):
    """The fewest payments that settle ``amounts`` (none 0, adding up to 0), by trying every
    split into groups: payments between parties join them into groups that each add up to 0,
    and a group of k parties needs k − 1 payments at least (each payment joins two), so the
    fewest is the parties less the most groups adding up to 0 that they split into."""
    if not amounts:
        return 0
    most = max(len(p) for p in set_partitions(list(amounts)) if all(sum(g) == 0 for g in p))
    return len(amounts) - most


def cents_rule(exact_amounts):
    """docs/rules.md's cents rule, in Fractions: round every amount down to the cent, then
    the missing cents one each to the largest remainders, equal remainders in order."""
    cents = [a * 100 for a in exact_amounts]
    floors = [math.floor(c) for c in cents]
    missing = -sum(floors)
    order = sorted(range(len(cents)), key=lambda i: (-(cents[i] - floors[i]), i))
    up = set(order[:missing])
    return [Fraction(f + (i in up), 100) for i, f in enumerate(floors)]


def check(settled, config, state, value):
    results, pot = expected_results(config, state)
    parties = list(config.players) + ([POT] if pot is not None else [])
    expected = dict(results) | ({POT: pot} if pot is not None else {})
    assert [s.party for s in settled.shares] == parties
    for share in settled.shares:
        assert isinstance(share.result, Decimal)
        assert Fraction(share.result) == expected[share.party]
    assert sum(expected.values()) == 0

    if value is None:
        owed = {s.party: Fraction(s.result) for s in settled.shares}
        assert all(s.money is None and s.exact is None for s in settled.shares)
    else:
        exact_money = [expected[p] * Fraction(value) for p in parties]
        rounded = cents_rule(exact_money)
        for share, worth, paid in zip(settled.shares, exact_money, rounded, strict=True):
            assert Fraction(share.exact) == worth
            assert Fraction(share.money) == paid
            assert (share.money * 100) == (share.money * 100).to_integral_value()
            assert abs(Fraction(share.money) - worth) < Fraction(1, 100)
            if worth * 100 == math.floor(worth * 100):
                assert Fraction(share.money) == worth  # whole cents are never moved
        assert sum(rounded) == 0
        owed = dict(zip(parties, rounded, strict=True))

    net = net_of_transfers(settled.transfers)
    assert sum(net.values(), Fraction(0)) == 0
    for party in parties:
        assert net.get(party, 0) == owed[party]
    assert set(net) <= set(parties)
    for t in settled.transfers:
        assert t.amount > 0 and t.source != t.target
        assert owed[t.source] < 0 < owed[t.target]  # nobody both pays and receives
    with_amount = [owed[p] for p in parties if owed[p] != 0]
    assert len(settled.transfers) == fewest_possible(with_amount)
    if pot is None or owed.get(POT, 0) == 0:
        assert len(settled.transfers) <= len(config.players) - 1


@settings(max_examples=300, deadline=None)
@given(sessions(), st.one_of(st.none(), st.sampled_from(VALUES)))
def test_every_settle_up_adds_up_and_follows_the_rules(session, value):
    config, records = session
    state = settle_hands(config, records).state
    ruleset = get_ruleset(config.game)
    worth = None if value is None else Decimal(value)
    settled = settle_up(ruleset, config, state, worth, None if value is None else "EUR")
    check(settled, config, state, worth)


@pytest.mark.parametrize("game", ["kratzen", "letzter-stich", "letzter"])
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_each_game_settles_up_exactly(game, data):
    config, records = data.draw(sessions(game=game))
    state = settle_hands(config, records).state
    value = data.draw(st.sampled_from(VALUES))
    settled = settle_up(get_ruleset(game), config, state, Decimal(value), "CHF")
    check(settled, config, state, Decimal(value))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-10**6, 10**6), min_size=1, max_size=7),
       st.sampled_from([1, 3, 7, 8, 40, 1000]))
def test_the_cents_rule_on_any_amounts_that_add_up_to_zero(numerators, denominator):
    amounts = [Fraction(n, denominator) for n in numerators]
    amounts.append(-sum(amounts))
    exact = [Decimal(a.numerator) / Decimal(a.denominator) for a in amounts
             if (Decimal(a.numerator) / Decimal(a.denominator)) == a]
    if len(exact) != len(amounts):
        return  # a third is not a decimal amount: settle-ups only have decimal ones
    rounded = round_to_cents(exact)
    assert [Fraction(r) for r in rounded] == cents_rule(amounts)
    assert sum(rounded) == 0


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-500, 500), min_size=0, max_size=8))
def test_transfers_settle_any_amounts_in_as_few_payments_as_there_can_be(numbers):
    amounts = [Decimal(n) / 4 for n in numbers]
    amounts.append(-sum(amounts, Decimal(0)))
    parties = [f"p{i}" for i in range(len(amounts))]
    transfers = fewest_transfers(list(zip(parties, amounts, strict=True)))
    net = net_of_transfers(transfers)
    for party, amount in zip(parties, amounts, strict=True):
        assert net.get(party, 0) == amount
    assert len(transfers) == fewest_possible([Fraction(a) for a in amounts if a])
    assert len(transfers) <= max(sum(1 for a in amounts if a) - 1, 0)


def test_groups_that_add_up_to_nothing_settle_among_themselves():
    # The one who owes most paying the one owed most takes four payments here (Eve pays
    # Dora 6, Cleo pays Ben 5, Eve pays Anna 2, Cleo pays Anna 1); but Cleo and Dora settle
    # between them (−6 + 6), and Anna, Ben and Eve among them (3 + 5 − 8): three.
    amounts = [("Anna", Decimal(3)), ("Ben", Decimal(5)), ("Cleo", Decimal(-6)),
               ("Dora", Decimal(6)), ("Eve", Decimal(-8))]
    transfers = fewest_transfers(amounts)
    assert [(t.source, t.target, t.amount) for t in transfers] == [
        ("Eve", "Ben", 5), ("Eve", "Anna", 3), ("Cleo", "Dora", 6)]
    assert len(largest_first(amounts)) == 4  # the rule of settle-ups stored before


def test_of_equally_many_groups_the_first_party_settles_with_the_fewest_and_earliest():
    # Anna (−1) could settle with Ben (+1) or with Cleo (+1): Ben sits first. Both splits
    # give two groups; Dora (−1) then settles with Cleo.
    transfers = fewest_transfers([("Anna", Decimal(-1)), ("Ben", Decimal(1)),
                                  ("Cleo", Decimal(1)), ("Dora", Decimal(-1))])
    assert [(t.source, t.target) for t in transfers] == [("Anna", "Ben"), ("Dora", "Cleo")]
    # Anna (−2) could settle with Ben (+2) alone or with Cleo and Dora (+1, +1): the smaller
    # group goes first, leaving Eve (−2) with Cleo and Dora; either way three payments.
    transfers = fewest_transfers([("Anna", Decimal(-2)), ("Ben", Decimal(2)),
                                  ("Cleo", Decimal(1)), ("Dora", Decimal(1)),
                                  ("Eve", Decimal(-2))])
    assert [(t.source, t.target) for t in transfers] == [
        ("Anna", "Ben"), ("Eve", "Cleo"), ("Eve", "Dora")]


def test_with_a_pot_every_player_may_have_to_pay():
    # Where the pot holds money it is a party: when every player has lost (each paid more
    # into the pot than was taken out), each must pay, so "players - 1" payments cannot be
    # enough; the bound is one fewer than the parties with an amount (docs/rules.md, D18).
    config = make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna")
    ruleset = get_ruleset("kratzen")
    state = ruleset.state_at(config, 0, {"Anna": Decimal(-2), "Ben": Decimal(-1),
                                         "Cleo": Decimal(-3)}, Decimal(6))
    settled = settle_up(ruleset, config, state, Decimal("0.10"), "EUR")
    assert [(t.source, t.target, t.amount) for t in settled.transfers] == [
        ("Cleo", POT, Decimal("0.30")), ("Anna", POT, Decimal("0.20")),
        ("Ben", POT, Decimal("0.10"))]


def test_ties_go_in_seating_order_and_the_pot_last():
    # Equal debts and credits: the first in order pays (or is paid) first.
    transfers = fewest_transfers([("Anna", Decimal(-1)), ("Ben", Decimal(-1)),
                                  ("Cleo", Decimal(1)), (POT, Decimal(1))])
    assert [(t.source, t.target) for t in transfers] == [("Anna", "Cleo"), ("Ben", POT)]
    # Half a cent each way: the cent goes to the first in seating order.
    assert round_to_cents([Decimal("0.005"), Decimal("-0.005")]) == (Decimal("0.01"),
                                                                      Decimal("-0.01"))
    assert round_to_cents([Decimal("-0.005"), Decimal("0.005")]) == (Decimal("0"),
                                                                      Decimal("0"))


def test_a_session_without_hands_settles_to_nothing():
    config = make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna")
    ruleset = get_ruleset("kratzen")
    settled = settle_up(ruleset, config, ruleset.initial_state(config), Decimal("0.1"), "EUR")
    assert settled.transfers == ()
    assert all(s.money == 0 for s in settled.shares)


@pytest.mark.parametrize("text, value", [("0.10", Decimal("0.10")), (" 2 ", Decimal(2)),
                                         ("1/4", Decimal("0.25")), ("¼", Decimal("0.25"))])
def test_a_value_is_an_exact_amount_more_than_nothing(text, value):
    assert read_value(text) == value


@pytest.mark.parametrize("text", ["abc", "-0.10", "0", "0.00", "1/3", "nan", "inf", "",
                                  "1e-99", "0,10"])
def test_a_value_that_is_not_one_is_refused(text):
    with pytest.raises(ScorekeeperError):
        read_value(text)


@pytest.mark.parametrize("text, code", [("EUR", "EUR"), ("chf", "CHF"), (" usd ", "USD")])
def test_a_currency_is_three_letters(text, code):
    assert read_currency(text) == code


@pytest.mark.parametrize("text", ["EURO", "€", "E1R", "", "EU", "ÄUR", "€€€", "E R"])
def test_a_currency_that_is_not_three_letters_is_refused(text):
    with pytest.raises(ScorekeeperError):
        read_currency(text)
