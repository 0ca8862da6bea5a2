"""Invariants over random sessions of every game."""

from decimal import Decimal

from hypothesis import given, settings

from scorekeeper.ledger import settle_hands
from scorekeeper.rules import POT, get_ruleset

from .strategies import sessions


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_balances_plus_pot_never_change(session):
    config, records = session
    ledger = settle_hands(config, records)
    ruleset = get_ruleset(config.game)
    start = ruleset.initial_state(config)
    if config.game == "letzter":
        # Penalty points: every hand adds 1 point (last trick) or n-1 (Durchmarsch).
        for s in ledger.settlements:
            expected = len(config.players) - 1 if s.kind == "durchmarsch" else 1
            assert sum(s.deltas.values()) == expected
        return
    total = sum(start.scores.values()) + start.pot
    for s in ledger.settlements:
        assert sum(s.scores_after.values()) + s.pot_after == total
        assert s.pot_after >= 0
        assert all(isinstance(v, Decimal) for v in s.deltas.values())


@settings(max_examples=150, deadline=None)
@given(sessions(game="kratzen"))
def test_kratzen_payouts_sum_to_P(session):
    config, records = session
    for s in settle_hands(config, records).settlements:
        paid = sum(t.amount for t in s.transfers if t.source == POT)
        if s.kind in ("normal", "walkover"):
            assert paid == s.stake
        else:
            assert paid == 0 and s.pot_after >= s.stake
        # Every penalty is P or 2P of the same P.
        for t in s.transfers:
            if t.reason.startswith("penalty"):
                assert t.amount in (s.stake, 2 * s.stake)


@settings(max_examples=100, deadline=None)
@given(sessions())
def test_settling_twice_gives_the_same_result(session):
    config, records = session
    first = settle_hands(config, records)
    again = settle_hands(config, [s.record for s in first.settlements])
    assert first == again
    assert first == settle_hands(config, records)


@settings(max_examples=100, deadline=None)
@given(sessions())
def test_the_deal_passes_left_every_hand(session):
    config, records = session
    ledger = settle_hands(config, records)
    for i, s in enumerate(ledger.settlements):
        seat = (config.seat_of(config.first_dealer) + i) % len(config.players)
        assert s.dealer == config.players[seat]
