"""Long sessions and money: thousands of hands still work, nothing quadratic bites, and the
chips always add up exactly."""

from __future__ import annotations

import json
import random
import time
from decimal import Decimal

import pytest

from scorekeeper.audit import audit_document
from scorekeeper.export import FORMATS
from scorekeeper.ledger import settle_next
from scorekeeper.rules import POT, HandRecord, get_ruleset, make_config
from scorekeeper.store import Store

from ..benchmarks.conftest import kratzen_session
from .test_hostile_scripts import run_cli

COUNTS = {"sessions": 0, "hands": 0}


def test_2000_hands_recorded_one_by_one_through_the_store(tmp_path):
    store = Store(tmp_path)
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    hand = HandRecord(tricks=("Anna",) * 7 + ("Ben",))
    first = last = 0.0
    for i in range(2000):
        start = time.perf_counter()
        store.record(session.id, hand)
        took = time.perf_counter() - start
        if i < 50:
            first += took
        if i >= 1950:
            last += took
    data = json.loads(session.path.read_text())
    assert len(data["hands"]) == 2000 and audit_document(data) == []
    # Not a budget (those are benchmarks): only that the cost of a hand does not explode.
    assert last < first * 40


def test_200_hands_through_the_command_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    code, out, _ = run_cli(capsys, "new", "--game", "letzter", "--players", "Anna,Ben,Cleo",
                           "--dealer", "Anna", "--json")
    session_id = json.loads(out)["id"]
    for i in range(200):
        last = ["Anna", "Ben", "Cleo"][i % 3]
        code, _, err = run_cli(capsys, "record", session_id, "--tricks",
                               ",".join(["Cleo"] * 7 + [last]))
        assert code == 0, err
    code, out, _ = run_cli(capsys, "show", session_id, "--json")
    # Anna and Ben each win 67 last tricks; Cleo's 66 hands are all eight tricks (a
    # Durchmarsch): 1 point to Anna and to Ben each time, none to Cleo.
    assert json.loads(out)["players"] == [{"name": "Anna", "score": "133"},
                                          {"name": "Ben", "score": "133"},
                                          {"name": "Cleo", "score": "0"}]
    assert run_cli(capsys, "audit", session_id)[0] == 0


def test_a_10000_hand_session_loads_audits_exports_and_takes_an_amendment(tmp_path):
    store = Store(tmp_path)
    config, records = kratzen_session(10000)
    session = store.create(config, records)
    opened = store.open(session.id)
    assert opened.hands_played == 10000
    assert store.audit(session.id)[1] == []
    source = opened.export_source()
    for fmt in ("csv", "json", "md", "html", "beancount"):
        assert len(FORMATS[fmt](source)) > 10000
    first = records[0]
    # Hand 1 is a Muss (empty pot): give the trick of the first winner to the dealer instead.
    changed = (config.first_dealer,) + first.tricks[1:]
    amended = store.amend(session.id, 1, {"tricks": changed})
    assert amended.after.settlements[0].record.tricks == changed
    assert store.audit(session.id)[1] == []


def random_record(rng, config, ruleset, state):
    players = config.players
    if config.game != "kratzen":
        if rng.random() < 0.1:
            return HandRecord(tricks=(rng.choice(players),) * 8)
        return HandRecord(tricks=tuple(rng.choice(players) for _ in range(8)))
    card = rng.choice(["KC", "9H", "AS", "QD", "JC", "10H", "8S", "7D", "7C", "W"])
    indicator = (card, rng.choice(["AH", "7S", "KD"])) if card == "W" else (card,)
    record = HandRecord(indicator=indicator)
    if ruleset.is_muss(state, record.indicator):
        return HandRecord(indicator=indicator, tricks=tuple(rng.choice(players) for _ in range(4)))
    others = config.clockwise_from(state.dealer)[1:]
    entered = tuple(p for p in others if rng.random() < 0.6)
    if not entered:
        return HandRecord(indicator=indicator, entered=(), tricks=())
    playing = (state.dealer,) + entered
    return HandRecord(indicator=indicator, entered=entered,
                      tricks=tuple(rng.choice(playing) for _ in range(4)))


@pytest.mark.parametrize("game", ["letzter-stich", "letzter", "kratzen"])
def test_money_over_10000_random_sessions(game):
    """Balances plus pot are conserved after every hand, every amount is an exact Decimal,
    and in Kratzen every normal hand pays out exactly P."""
    rng = random.Random(game)
    ruleset = get_ruleset(game)
    for _ in range(10000):
        count = rng.randint(ruleset.min_players, ruleset.max_players)
        players = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"][:count]
        options = {"starting_chips": rng.randint(1, 4)} if game == "letzter-stich" else {}
        config = make_config(game, players, rng.choice(players), options)
        state = ruleset.initial_state(config)
        total = sum(state.scores.values()) + (state.pot or 0)
        for _ in range(rng.randint(1, 8)):
            if state.finished:
                break
            settlement, state = settle_next(ruleset, config, state,
                                            random_record(rng, config, ruleset, state))
            COUNTS["hands"] += 1
            assert all(type(v) is Decimal for v in settlement.deltas.values())
            if game == "letzter":
                assert sum(settlement.deltas.values()) in (1, count - 1)
                continue
            assert sum(state.scores.values()) + state.pot == total
            if settlement.kind == "normal":
                paid = sum(t.amount for t in settlement.transfers if t.source is POT)
                assert paid == settlement.stake
        COUNTS["sessions"] += 1
    assert COUNTS["sessions"] >= 10000


def test_resettling_stored_sessions_reproduces_every_figure(tmp_path):
    rng = random.Random(7)
    store = Store(tmp_path)
    for _ in range(150):
        game = rng.choice(["letzter-stich", "letzter", "kratzen"])
        ruleset = get_ruleset(game)
        players = ["Anna", "Ben", "Cleo", "Dora"][: rng.randint(3, 4)]
        config = make_config(game, players, players[0])
        session = store.create(config)
        state = ruleset.initial_state(config)
        for _ in range(rng.randint(1, 10)):
            if state.finished:
                break
            state = store.record(session.id, random_record(rng, config, ruleset, state)).state
        if rng.random() < 0.3 and state.hands_played:
            store.undo(session.id)
        assert audit_document(json.loads(session.path.read_text())) == []
