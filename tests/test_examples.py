"""Each example's final standings, worked out by hand from RULES.md (see the comments)."""

import json
from fractions import Fraction as F

import pytest

from scorekeeper.script import replay_file

from .conftest import EXAMPLES


def test_letzter_stich_worked_match():
    # RULES.md §1: Final: Anna 2, Ben 1, Cleo 0, Dora 3; pot 2 stays; Dora wins.
    ledger = replay_file(EXAMPLES / "letzter-stich.toml")
    assert ledger.state.scores == {"Anna": F(2), "Ben": F(1), "Cleo": F(0), "Dora": F(3)}
    assert ledger.state.pot == 2
    assert ledger.state.finished and ledger.state.leaders == ("Dora",)
    assert [s.kind for s in ledger.settlements] == ["last-trick", "sweep", "last-trick",
                                                    "last-trick"]
    sweep = ledger.settlements[1]
    # 2 due, the pot held 1: Dora receives 1 and the pot is empty.
    assert (sweep.pot_before, sweep.pot_after) == (1, 0)
    assert sweep.deltas["Dora"] == 1
    assert sweep.transfers[0].due == 2 and sweep.transfers[0].amount == 1


def test_letzter_two_rounds_with_a_durchmarsch():
    # Last-trick winners: Ben, Cleo, (Dora's Durchmarsch: +1 Anna Ben Cleo), Anna, Dora, Ben,
    # Cleo, Anna  ->  Anna 3, Ben 3, Cleo 3, Dora 1; eight hands = 2 rounds x 4 players.
    ledger = replay_file(EXAMPLES / "letzter.toml")
    assert ledger.state.scores == {"Anna": F(3), "Ben": F(3), "Cleo": F(3), "Dora": F(1)}
    assert ledger.state.pot is None
    assert ledger.state.finished and ledger.state.leaders == ("Dora",)
    assert ledger.settlements[2].kind == "durchmarsch"
    assert ledger.state.hands_played == 8


def test_kratzen_worked_session_to_the_quarter_chip():
    # RULES.md §3: Anna −45, Ben +14¼, Cleo −27¾, Dora +6½; pot 52; Ben wins.
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    assert ledger.state.scores == {"Anna": F(-45), "Ben": F(57, 4), "Cleo": F(-111, 4),
                                   "Dora": F(13, 2)}
    assert ledger.state.pot == 52
    assert ledger.state.leaders == ("Ben",) and ledger.state.finished
    table = [(s.kind, s.pot_before, s.stake, s.pot_after) for s in ledger.settlements]
    assert table == [("muss", 0, 5, 15), ("normal", 15, 16, 16), ("normal", 16, 17, 51),
                     ("forced-muss", 51, 52, 52)]
    assert ledger.settlements[0].deltas == {"Anna": -12, "Ben": -1, "Cleo": -1, "Dora": -1}
    assert ledger.settlements[1].deltas == {"Anna": -16, "Ben": 11, "Cleo": 4, "Dora": 0}
    assert ledger.settlements[2].deltas == {"Anna": -17, "Ben": F(17, 4), "Cleo": F(-123, 4),
                                            "Dora": F(17, 2)}
    assert ledger.settlements[3].deltas == {"Anna": 0, "Ben": 0, "Cleo": 0, "Dora": -1}


def test_kratzen_five_players_two_rotations():
    # Worked by hand, hand by hand (P, pot after):
    #  1 Anna muss P6 ->18; 2 Ben W/10S P19 ->0; 3 Cleo muss P6 ->24; 4 Dora 7C forced P25 ->50;
    #  5 Emil walkover P51 ->0; 6 Anna muss P6 ->18; 7 Ben P19 ->57; 8 Cleo W/7D forced P58 ->116;
    #  9 Dora P117 (29¼ a trick) ->0; 10 Emil muss P6 ->18.
    ledger = replay_file(EXAMPLES / "kratzen-five.toml")
    assert ledger.state.scores == {"Anna": F(-25), "Ben": F(-277, 4), "Cleo": F(-139, 4),
                                   "Dora": F(157, 4), "Emil": F(287, 4)}
    assert ledger.state.pot == 18
    assert [s.kind for s in ledger.settlements] == [
        "muss", "normal", "muss", "forced-muss", "walkover", "muss", "normal", "forced-muss",
        "normal", "muss"]
    assert [s.stake for s in ledger.settlements] == [6, 19, 6, 25, 51, 6, 19, 58, 117, 6]
    assert [s.pot_after for s in ledger.settlements] == [18, 0, 24, 50, 0, 18, 57, 116, 0, 18]
    assert ledger.state.finished and ledger.state.leaders == ("Emil",)


@pytest.mark.parametrize("name", ["letzter-stich", "letzter", "kratzen", "kratzen-five"])
def test_replay_json_is_the_standings_document(run, name):
    result = run("replay", str(EXAMPLES / f"{name}.toml"), "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert set(document) == {"game", "players", "pot", "hands_played", "finished", "leaders",
                             "hands"}
    for hand in document["hands"]:
        assert {"number", "dealer", "kind", "pot_before", "stake", "pot_after", "deltas",
                "transfers"} <= set(hand)
        for value in hand["deltas"].values():
            assert isinstance(value, str)
            F(value)


def test_replay_json_of_the_worked_kratzen_session(run):
    document = json.loads(run("replay", str(EXAMPLES / "kratzen.toml"), "--json").out)
    assert document["players"] == [{"name": "Anna", "score": "-45"},
                                   {"name": "Ben", "score": "14.25"},
                                   {"name": "Cleo", "score": "-27.75"},
                                   {"name": "Dora", "score": "6.5"}]
    assert document["pot"] == "52" and document["leaders"] == ["Ben"]
    assert document["finished"] is True and document["hands_played"] == 4
    first = document["hands"][0]
    assert first["stake"] == "5" and first["pot_after"] == "15"
    assert first["deltas"] == {"Anna": "-12", "Ben": "-1", "Cleo": "-1", "Dora": "-1"}
    assert first["transfers"][0] == {"from": "Anna", "to": "pot", "amount": "2",
                                     "reason": "muss stake (dealer)"}
    third = document["hands"][2]
    assert third["deltas"] == {"Anna": "-17", "Ben": "4.25", "Cleo": "-30.75", "Dora": "8.5"}


def test_replay_text_shows_standings_and_every_hand(run):
    result = run("replay", str(EXAMPLES / "kratzen.toml"))
    assert result.code == 0
    assert "14¼" in result.out and "-27¾" in result.out
    assert "winner: Ben" in result.out
    seats = ("1 ", "2 ", "3 ", "4 ")
    assert len([line for line in result.out.splitlines()
                if line.lstrip().startswith(seats)]) == 4
