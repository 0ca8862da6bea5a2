"""A fourth game is one module and one registration: a small game defined here, registered,
then driven through every door: new, rules, deal, replay, record, show, an export, the
new-session screen and the table screen's entry. Nothing outside this file names it."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

import pytest
from pydantic import Field

from scorekeeper import cli
from scorekeeper.rules import POT, RULESETS, DealPlan, GameOptions, Ruleset, register
from scorekeeper.rules.config import SessionConfig
from scorekeeper.rules.record import HandRecord
from scorekeeper.rules.results import Settlement, TableState, transfer


class LastChipOptions(GameOptions):
    chips: int = Field(3, ge=1, le=100, strict=True)


class LastChip(Ruleset):
    """Two tricks a hand; whoever wins the last one pays a chip into the pot."""

    game = "last-chip"
    version = "last-chip/1"
    title = "Last Chip"
    min_players = 3
    max_players = 4
    options_model = LastChipOptions
    score_name = "chips"
    hand_kinds = ("last-trick",)
    tricks_per_hand = 2
    rule_card = "# Last Chip\n\nWhoever wins the last trick pays a chip into the pot.\n"

    def starting_score(self, config: SessionConfig) -> Decimal:
        return Decimal(config.options.chips)

    def starting_pot(self, config: SessionConfig) -> Decimal:
        return Decimal(0)

    def first_leader(self, config: SessionConfig, dealer: str) -> str:
        return config.left_of(dealer)

    def is_finished(self, config, hands_played, scores) -> bool:
        return any(s <= 0 for s in scores.values())

    def _settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        winners, findings, clean = self._everyone_plays(config, state, record, 2)
        pays = transfer(winners[-1], POT, Decimal(1), "won the last trick")
        return self._finish(config=config, state=state, kind="last-trick", record=clean,
                            transfers=[pays], stake=None, findings=findings)

    def explain(self, s: Settlement) -> tuple[str, ...]:
        return (f"{s.record.tricks[-1]} won the last trick: pays 1 chip into the pot.",)

    def deal_plan(self, players: tuple[str, ...], dealer: str) -> DealPlan:
        return DealPlan(game=self.game, players=len(players),
                        steps=(f"{dealer} deals 8 cards to each player",),
                        card_count=f"{len(players)} hands of 8")


@pytest.fixture
def last_chip():
    ruleset = register(LastChip())
    yield ruleset
    del RULESETS[ruleset.game]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        cli.main(list(argv))
    out, err = capsys.readouterr()
    return done.value.code, out, err


SCRIPT = """game = "last-chip"
players = ["Anna", "Ben", "Cleo"]
first_dealer = "Anna"
[options]
chips = 3
[[hands]]
tricks = ["Ben", "Cleo"]
[[hands]]
tricks = ["Anna", "Anna"]
"""


def test_replay_settles_a_game_registered_from_outside(last_chip, tmp_path, capsys):
    script = tmp_path / "night.toml"
    script.write_text(SCRIPT)
    code, out, err = run(capsys, "replay", str(script), "--json")
    assert code == 0, err
    document = json.loads(out)
    # Hand 1: Cleo wins the last trick, pays 1: Cleo 2, pot 1. Hand 2: Anna, pot 2.
    assert document["game"] == "last-chip"
    assert document["players"] == [{"name": "Anna", "score": "2"}, {"name": "Ben", "score": "3"},
                                   {"name": "Cleo", "score": "2"}]
    assert document["pot"] == "2"
    assert document["leaders"] == ["Ben"]


def test_record_show_and_export_a_registered_game(last_chip, tmp_path, capsys):
    from scorekeeper.rules import make_config
    from scorekeeper.store import Store

    home = tmp_path / "home"
    session = Store(home).create(make_config("last-chip", ["Anna", "Ben", "Cleo"], "Anna"))
    code, out, err = run(capsys, "--home", str(home), "record", session.id, "--tricks",
                         "Ben,Cleo")
    assert code == 0, err
    assert "Cleo won the last trick: pays 1 chip into the pot." in out
    assert "next: hand 2, Ben deals, Cleo leads" in out
    code, out, err = run(capsys, "--home", str(home), "show", session.id)
    assert code == 0, err
    assert "Last Chip: Anna, Ben, Cleo" in out and "pot: 1" in out
    code, out, err = run(capsys, "--home", str(home), "export", session.id, "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["hand"], r["dealer"], r["from"], r["to"], r["amount"], r["pot_after"])
            for r in rows] == [("1", "Anna", "Cleo", "pot", "1", "1")]
    code, out, err = run(capsys, "--home", str(home), "audit", session.id)
    assert code == 0, out + err


async def test_the_table_screen_enters_a_registered_game(last_chip, tmp_path):
    from scorekeeper.rules import make_config
    from scorekeeper.store import Store
    from scorekeeper.tui.app import ScorekeeperApp

    home = tmp_path / "home"
    store = Store(home)
    session = store.create(make_config("last-chip", ["Anna", "Ben", "Cleo"], "Anna"))
    app = ScorekeeperApp(store, session.id, watch_interval=None)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the session is read in a worker
        await pilot.pause()
        for key in ("2", "3", "enter", "enter"):
            await pilot.press(key)
            await pilot.pause()
        await app.workers.wait_for_complete()  # the save runs in a worker, as in the program
    hand = store.open(session.id).ledger().settlements[0]
    assert hand.record.tricks == ("Ben", "Cleo")
    assert hand.scores_after == {"Anna": 3, "Ben": 3, "Cleo": 2} and hand.pot_after == 1


def test_a_hand_kind_must_be_one_the_game_declares():
    from scorekeeper.rules import make_config

    class Drawn(LastChip):
        game = "drawn"
        version = "drawn/1"

        def _settle(self, config, state, record):
            winners, findings, clean = self._everyone_plays(config, state, record, 2)
            return self._finish(config=config, state=state, kind="draw", record=clean,
                                transfers=[], stake=None, findings=findings)

    ruleset = register(Drawn())
    try:
        config = make_config("drawn", ["Anna", "Ben", "Cleo"], "Anna")
        with pytest.raises(ValueError, match="'draw' is not a kind of drawn hand"):
            ruleset.settle(config, ruleset.initial_state(config),
                           HandRecord(tricks=("Ben", "Cleo")))
    finally:
        del RULESETS["drawn"]


# -- every door: the command line's new, rules and deal, the new-session screen -------------------

def test_new_starts_a_registered_game(last_chip, tmp_path, capsys):
    from scorekeeper.store import Store

    home = tmp_path / "home"
    code, out, err = run(capsys, "--home", str(home), "new", "--game", "last-chip",
                         "--players", "Anna,Ben,Cleo", "--dealer", "Anna", "--json")
    assert code == 0, err
    made = json.loads(out)
    assert made["game"] == "last-chip"
    [listing] = Store(home).list_sessions()
    assert listing.summary is not None and listing.summary.game == "last-chip"


def test_rules_and_deal_name_a_registered_game(last_chip, capsys):
    for command in ("rules", "deal"):
        code, out, err = run(capsys, command, "--help")
        assert code == 0, err
        assert "last-chip" in " ".join(out.split()), f"{command} --help does not list it"
    code, out, err = run(capsys, "rules", "last-chip")
    assert code == 0, err
    assert out == LastChip.rule_card
    code, out, err = run(capsys, "deal", "last-chip", "--names", "Anna,Ben,Cleo")
    assert code == 0, err
    assert out.splitlines() == ["1. Anna deals 8 cards to each player", "cards: 3 hands of 8"]


async def test_the_new_session_screen_offers_a_registered_game(last_chip, tmp_path):
    from textual.widgets import Select

    from scorekeeper.tui.screens.table import TableScreen

    from .tui_helpers import make_app

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        game = app.screen.query_one("#game", Select)
        game.focus()
        await pilot.pause()
        # The list opens on the game offered first (Kratzen); the game registered last is the
        # last one in it.
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert game.value == "last-chip"
        app.screen.query_one("#player-name").focus()
        for name in ("Anna", "Ben", "Cleo"):
            await pilot.press(*name, "enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), "the session did not start"
    [listing] = app.store.list_sessions()
    assert listing.summary is not None and listing.summary.game == "last-chip"
    assert listing.summary.scores == {"Anna": 3, "Ben": 3, "Cleo": 3}
