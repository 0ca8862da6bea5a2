"""The pot and the penalty are accounts, never names (issue 13).

A player may be called ``pot``, ``Pot``, ``penalty`` or ``PENALTY`` and settles exactly like
anyone else: the stakes they pay go into the pot, the pot is the pot. In JSON (and in every
text export) a plain ``"pot"`` or ``"penalty"`` is the account of a game that has it; a player
whose name is exactly that word is written ``"player:pot"`` (see docs/contract.md). ``count``
counts a seated player by name and the pot with ``--pot``.

The figures are worked out by hand from docs/rules.md:

Kratzen, seats pot Ben Cleo Dora, Ben deals, the pot is empty: a Muss. Ben pays 2, Cleo,
Dora and pot 1 each: P = 5. Indicator K♣ (not a 7). Tricks Ben Ben Cleo Dora: in a Muss no
trick pays; Ben (dealer) needed 2 and took 2, Cleo and Dora needed 1 and took 1, the player
pot needed 1 and took 0: pays P = 5 into the pot. Pot after: 5 + 5 = 10. Changes: pot −1 −5
= −6, Ben −2, Cleo −1, Dora −1 (balances −10, pot 10: they add up to 0).
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import play
from .test_export import BEAN_CHECK

OLD = Path(__file__).parent / "fixtures" / "written-before-accounts"

KRATZEN_TRANSFERS = [
    {"from": "Ben", "to": "pot", "amount": "2", "reason": "muss stake (dealer)"},
    {"from": "Cleo", "to": "pot", "amount": "1", "reason": "muss stake"},
    {"from": "Dora", "to": "pot", "amount": "1", "reason": "muss stake"},
    {"from": "player:pot", "to": "pot", "amount": "1", "reason": "muss stake"},
    {"from": "player:pot", "to": "pot", "amount": "5",
     "reason": "penalty: player needed 1, took 0 (P)"},
]
KRATZEN_DELTAS = {"pot": "-6", "Ben": "-2", "Cleo": "-1", "Dora": "-1"}


def new_session(run, game: str, players: str, dealer: str) -> str:
    made = run("new", "--game", game, "--players", players, "--dealer", dealer, "--json")
    assert made.code == 0, made.err
    return json.loads(made.out)["id"]


def kratzen_with_pot(run, players: str = "pot,Ben,Cleo,Dora",
                     dealer: str = "Ben") -> tuple[str, dict]:
    session = new_session(run, "kratzen", players, dealer)
    recorded = run("record", session, "--indicator", "KC", "--tricks",
                   f"{dealer},{dealer},Cleo,Dora", "--json")
    assert recorded.code == 0, recorded.err
    return session, json.loads(recorded.out)


def session_file(tmp_path: Path, session: str) -> Path:
    return tmp_path / "home" / "sessions" / f"{session}.json"


# ---- settling ------------------------------------------------------------------------------------

def test_kratzen_player_called_pot_pays_the_muss_stakes_into_the_pot():
    ledger = play("kratzen", [{"indicator": "KC", "tricks": ["Ben", "Ben", "Cleo", "Dora"]}],
                  players=["pot", "Ben", "Cleo", "Dora"], first_dealer="Ben")
    hand = ledger.settlements[0]
    assert (hand.kind, hand.pot_before, hand.stake, hand.pot_after) == ("muss", 0, 5, 10)
    assert ledger.state.scores == {"pot": -6, "Ben": -2, "Cleo": -1, "Dora": -1}
    assert ledger.state.pot == 10


def test_kratzen_player_called_pot_is_paid_for_tricks_from_the_pot():
    # Hand 2 (Cleo deals, pot 10): Cleo's stake makes P = 11 and 11/4 a trick; all play;
    # pot takes 2 tricks (5½), Cleo 2 (5½); Cleo's dealer's 2 tricks are enough, Dora and Ben
    # took none: each pays P = 11. Pot after: 11 - 11 + 22 = 22.
    ledger = play("kratzen", [{"indicator": "KC", "tricks": ["Ben", "Ben", "Cleo", "Dora"]},
                              {"indicator": "9H", "entered": ["Dora", "pot", "Ben"],
                               "tricks": ["pot", "Cleo", "pot", "Cleo"]}],
                  players=["pot", "Ben", "Cleo", "Dora"], first_dealer="Ben")
    assert ledger.state.pot == 22
    assert ledger.state.scores == {"pot": -6 + 5.5, "Ben": -2 - 11, "Cleo": -1 - 1 + 5.5,
                                   "Dora": -1 - 11}


def test_letzter_player_called_penalty_gets_their_own_points():
    last_trick = {"tricks": ["Anna", "Cleo", "Dora", "Anna", "Cleo", "Dora", "Cleo", "Anna"]}
    ledger = play("letzter", [last_trick], players=["Anna", "penalty", "Cleo", "Dora"])
    assert ledger.state.scores == {"Anna": 1, "penalty": 0, "Cleo": 0, "Dora": 0}
    sweep = {"tricks": ["Anna"] * 8}
    ledger = play("letzter", [sweep], players=["Anna", "penalty", "Cleo", "Dora"])
    assert ledger.state.scores == {"Anna": 0, "penalty": 1, "Cleo": 1, "Dora": 1}
    won = {"tricks": ["Anna"] * 7 + ["penalty"]}
    ledger = play("letzter", [won], players=["Anna", "penalty", "Cleo", "Dora"])
    assert ledger.state.scores == {"Anna": 0, "penalty": 1, "Cleo": 0, "Dora": 0}


def test_letzter_stich_player_called_pot_pays_for_the_last_trick():
    ledger = play("letzter-stich", [{"tricks": ["Anna"] * 7 + ["pot"]}],
                  players=["Anna", "pot", "Cleo"])
    assert ledger.state.scores == {"Anna": 5, "pot": 4, "Cleo": 5}
    assert ledger.state.pot == 1


# ---- the command line: record, show, audit, export, count ----------------------------------------

def test_record_and_show_a_player_called_pot(run):
    session, recorded = kratzen_with_pot(run)
    hand = recorded["hand"]
    assert (hand["pot_before"], hand["stake"], hand["pot_after"]) == ("0", "5", "10")
    assert hand["deltas"] == KRATZEN_DELTAS
    assert hand["transfers"] == KRATZEN_TRANSFERS
    shown = json.loads(run("show", session, "--json").out)
    assert shown["pot"] == "10"
    assert shown["players"][0] == {"name": "pot", "score": "-6"}
    assert shown["hands"][0]["transfers"] == KRATZEN_TRANSFERS
    text = run("show", session)
    assert text.code == 0
    assert "\npot: 10\n" in text.out


def test_record_says_the_pot_apart_from_a_player_called_pot(run):
    session = new_session(run, "kratzen", "pot,Ben,Cleo,Dora", "Ben")
    said = run("record", session, "--indicator", "KC", "--tricks", "Ben,Ben,Cleo,Dora").out
    assert "  pot      pays 6  now -6\n" in said
    assert "  the pot  0 -> 10\n" in said


def test_audit_of_a_player_called_pot_is_clean_and_tampering_is_found(run, tmp_path):
    session, _ = kratzen_with_pot(run)
    audited = run("audit", session)
    assert audited.code == 0, audited.out + audited.err
    assert "audit clean" in audited.out
    path = session_file(tmp_path, session)
    document = json.loads(path.read_text("utf-8"))
    # What the code before issue 13 stored: the player's stakes paid to themself.
    for t in document["hands"]["1"]["transfers"]:
        if t["from"] == "player:pot":
            t["from"] = "pot"
    path.write_text(json.dumps(document), "utf-8")
    audited = json.loads(run("audit", session, "--json").out)
    assert not audited["ok"]
    # The transfer differs from the one settled again, and the figures are not those the
    # hand's event sealed.
    assert {f["kind"] for f in audited["findings"]} == {"transfers", "figures"}


@pytest.mark.parametrize("fmt", ["csv", "json", "md", "html", "beancount"])
def test_every_export_keeps_a_player_called_pot_apart_from_the_pot(run, tmp_path, fmt):
    session, _ = kratzen_with_pot(run)
    assert run("count", session, "pot=-6", "--pot", "10").code == 0
    target = tmp_path / f"out.{fmt}"
    exported = run("export", session, "--format", fmt, "-o", str(target))
    assert exported.code == 0, exported.err
    text = target.read_text("utf-8")
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert [(r[4], r[5], r[6]) for r in rows[1:6]] == [
            (t["from"], t["to"], t["amount"]) for t in KRATZEN_TRANSFERS]
        assert [(r[4], r[6]) for r in rows[6:]] == [("player:pot", "-6"), ("pot", "10")]
    elif fmt == "json":
        document = json.loads(text)
        assert document["pot"] == "10"
        assert document["hands"][0]["transfers"] == KRATZEN_TRANSFERS
        count = document["events"][-1]
        assert count["counted"] == {"player:pot": "-6", "pot": "10"} and count["off"] == {}
    elif fmt == "md":
        assert "Pot: 10." in text
        # for people: the player by the name, the pot in words ("the pot": a player is called
        # pot), as the ledger screen says them
        assert "after hand 1: pot -6, the pot 10 (agrees)" in text
    elif fmt == "html":
        assert "<td>pot</td><td>the pot</td><td class=n>5</td>" in text
        assert "after hand 1: pot -6, the pot 10 (agrees)" in text
    else:
        assert BEAN_CHECK, "bean-check (from the beancount package) is needed for this test"
        checked = subprocess.run([BEAN_CHECK, str(target)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert "balance Assets:Players:Seat1-pot  -6 CHIP" in text
        assert "balance Assets:Pot  10 CHIP" in text
        assert 'note Assets:Players:Seat1-pot "chip count after hand 1: -6 held, agrees"' in text
        assert 'note Assets:Pot "chip count after hand 1: 10 held, agrees"' in text


def test_count_counts_the_pot_and_a_player_called_pot_both(run):
    session, _ = kratzen_with_pot(run)
    both = run("count", session, "pot=-6", "--pot", "10", "--json")
    assert both.code == 0, both.err
    assert json.loads(both.out) == {"session": session, "after_hand": 1,
                                    "counted": {"player:pot": "-6", "pot": "10"}, "off": {},
                                    "agrees": True}
    player = run("count", session, "POT=-5", "--json")  # a seated name, matched ignoring case
    assert player.code == 1
    assert json.loads(player.out)["off"] == {"player:pot": "1"}
    pot = run("count", session, "--pot", "9")
    assert pot.code == 1
    assert "  the pot: counted 9, ledger 10  off by -1" in pot.out
    text = run("count", session, "pot=-6", "--pot", "10")
    assert "  pot: counted -6, ledger -6  ok" in text.out  # the player called pot
    assert "  the pot: counted 10, ledger 10  ok" in text.out
    assert run("audit", session).code == 1  # the two counts that were off stay findings


def test_count_without_a_player_called_pot_still_counts_the_pot_as_pot(run):
    session = new_session(run, "kratzen", "Anna,Ben,Cleo,Dora", "Anna")
    run("record", session, "--indicator", "KC", "--tricks", "Ben,Ben,Cleo,Dora")
    counted = run("count", session, "Pot=15", "--json")
    assert counted.code == 0, counted.err
    assert json.loads(counted.out)["counted"] == {"pot": "15"}
    assert run("count", session, "--pot", "15", "Anna=-12").code == 0
    twice = run("count", session, "pot=15", "--pot", "15")
    assert twice.code == 2 and "the pot is counted twice" in twice.err


def test_a_player_called_Pot_is_a_player_in_count_and_json(run):
    session, recorded = kratzen_with_pot(run, "Pot,Ben,Cleo,Dora")
    transfers = recorded["hand"]["transfers"]
    assert [t["from"] for t in transfers] == ["Ben", "Cleo", "Dora", "Pot", "Pot"]
    assert recorded["hand"]["pot_after"] == "10"
    counted = run("count", session, "pot=-6", "--pot", "10", "--json")
    assert counted.code == 0, counted.out + counted.err
    assert json.loads(counted.out)["counted"] == {"Pot": "-6", "pot": "10"}
    assert run("audit", session).code == 0


def test_players_called_pot_and_player_colon_pot_are_told_apart(run):
    session, recorded = kratzen_with_pot(run, "pot,player:pot,Cleo,Dora", "player:pot")
    transfers = recorded["hand"]["transfers"]
    assert [t["from"] for t in transfers[:4]] == ["player:player:pot", "Cleo", "Dora",
                                                   "player:pot"]
    assert recorded["hand"]["deltas"] == {"pot": "-6", "player:pot": "-2", "Cleo": "-1",
                                          "Dora": "-1"}
    counted = run("count", session, "pot=-6", "player:pot=-2", "--pot", "10", "--json")
    assert json.loads(counted.out)["counted"] == {"player:pot": "-6",
                                                  "player:player:pot": "-2", "pot": "10"}
    assert run("audit", session).code == 0
    assert run("export", session, "--format", "csv").code == 0


def test_letzter_player_called_penalty_on_the_command_line(run):
    session = new_session(run, "letzter", "Anna,penalty,Cleo,Dora", "Anna")
    recorded = run("record", session, "--tricks", "Anna,Cleo,Dora,Anna,Cleo,Dora,Cleo,penalty",
                   "--json")
    assert recorded.code == 0, recorded.err
    hand = json.loads(recorded.out)["hand"]
    assert hand["transfers"] == [{"from": "penalty", "to": "player:penalty", "amount": "1",
                                  "reason": "won the last trick"}]
    assert hand["deltas"] == {"Anna": "0", "penalty": "1", "Cleo": "0", "Dora": "0"}
    assert run("audit", session).code == 0
    counted = run("count", session, "penalty=1", "--json")
    assert counted.code == 0, counted.err
    assert json.loads(counted.out)["counted"] == {"player:penalty": "1"}
    for fmt in ("csv", "json", "md", "html", "beancount"):
        assert run("export", session, "--format", fmt).code == 0
    beancount = run("export", session, "--format", "beancount").out
    assert "balance Assets:Players:Seat2-penalty  1 POINT" in beancount


def test_a_player_called_PENALTY_settles_like_anyone(run):
    session = new_session(run, "letzter", "Anna,PENALTY,Cleo", "Anna")
    recorded = run("record", session, "--tricks", "Anna,Cleo,Anna,Anna,Cleo,Anna,Cleo,PENALTY",
                   "--json")
    hand = json.loads(recorded.out)["hand"]
    assert hand["transfers"][0]["to"] == "PENALTY"
    assert hand["deltas"] == {"Anna": "0", "PENALTY": "1", "Cleo": "0"}
    assert run("audit", session).code == 0


def test_letzter_player_called_pot_can_be_counted(run):
    session = new_session(run, "letzter", "pot,Ben,Cleo", "Ben")
    run("record", session, "--tricks", "Ben,Cleo,pot,Ben,Cleo,pot,Ben,pot")
    counted = run("count", session, "pot=1", "--json")
    assert counted.code == 0, counted.err
    # letzter has no pot: "pot" in its JSON can only be the player.
    assert json.loads(counted.out)["counted"] == {"pot": "1"}
    assert run("count", session, "--pot", "0").code == 2


# ---- files written before -----------------------------------------------------------------------

# Written by the code before issue 13 (commit 192bc83) with the command line:
#   e50e7704 kratzen pot,Ben,Cleo,Dora (Ben deals), the hand above, then `count pot=0`:
#            settled wrongly (the player pot +4, the pot 0).
#   abc8c4da letzter Anna,penalty,Cleo,Dora, Anna won the last trick: settled wrongly
#            (penalty -1, Anna +1; the transfer itself, penalty to Anna, was right).
#   b8669fcd letzter-stich Anna,pot,Cleo, pot won the last trick: settled wrongly (pot paid
#            its own chip to itself).
#   d9444db5 letzter pot,Ben,Cleo; ea01a589 kratzen penalty,Ben,Cleo,Dora; 2329bc36 kratzen
#            Pot,Ben,Cleo,Dora with `count Pot=10` (the pot): settled right.
WRONG = {"e50e7704": {"transfers", "figures", "count"}, "abc8c4da": {"figures"},
         "b8669fcd": {"transfers", "figures"}}
RIGHT = ["d9444db5", "ea01a589", "2329bc36"]


@pytest.fixture
def old_home(tmp_path):
    shutil.copytree(OLD / "sessions", tmp_path / "home" / "sessions")
    return tmp_path / "home"


@pytest.mark.parametrize("session", sorted(WRONG))
def test_an_old_file_that_settled_a_player_as_an_account_now_audits_with_findings(
        run, old_home, session):
    audited = run("audit", session, "--json")
    assert audited.code == 1, audited.out + audited.err
    findings = json.loads(audited.out)["findings"]
    assert {f["kind"] for f in findings} == WRONG[session]
    assert all(f["hand"] == 1 for f in findings)
    assert run("show", session, "--json").code == 0


@pytest.mark.parametrize("session", RIGHT)
def test_an_old_file_with_an_account_word_that_settled_right_still_audits_clean(
        run, old_home, session):
    audited = run("audit", session)
    assert audited.code == 0, audited.out + audited.err
    assert "audit clean" in audited.out
