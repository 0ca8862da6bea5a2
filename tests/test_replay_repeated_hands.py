"""A hand written again is read once (issue 28: a long evening repeats the same few hands), and
is still settled by the rules at its own place; the figures are worked out by hand from
docs/rules.md (section 3, Kratzen)."""

from __future__ import annotations

import json

from scorekeeper.documents import record_to_json
from scorekeeper.ledger import HandRecorded, settle_hands
from scorekeeper.script import parse_script
from scorekeeper.store import Store

from .conftest import FOUR

KC_MUSS = {"indicator": "KC", "tricks": ["Ben", "Ben", "Cleo", "Dora"]}


def script(*hands: dict) -> dict:
    return {"game": "kratzen", "players": FOUR, "first_dealer": "Anna",
            "options": {"rotations": 2}, "hands": [dict(h) for h in hands]}


def test_a_hand_written_again_is_the_same_record():
    parsed = parse_script(script(KC_MUSS, {"indicator": "9H", "entered": []}, KC_MUSS), "s.json")
    assert parsed.hands[0] is parsed.hands[2]
    assert parsed.hands[0] is not parsed.hands[1]


def test_a_stored_record_read_again_is_the_same_record(tmp_path):
    """Hands 2 and 4 are walkovers (Ben's, then Dora's), kept alike in the file."""
    walkover = {"indicator": "9H", "entered": []}
    parsed = parse_script(script(KC_MUSS, walkover, KC_MUSS, walkover), "s.json")
    session = Store(tmp_path).create(parsed.config, list(parsed.hands))
    events = Store(tmp_path).open(session.id).events  # read back from the file
    hands = [e.record for e in events if isinstance(e, HandRecorded)]
    assert record_to_json(hands[1]) == record_to_json(hands[3]) == {
        "tricks": [], "indicator": ["9H"], "entered": []}
    assert hands[1] is hands[3]
    assert hands[0] is not hands[2]  # Anna's Muss and Cleo's: others play (entered)


def test_a_hand_written_again_is_settled_at_its_own_place(run, tmp_path):
    """Hand 1 is a Muss (the pot is empty): nobody is asked. The same hand written again as
    hand 2 meets a pot of 15, where each player plays or drops: it must say who plays."""
    path = tmp_path / "night.json"
    path.write_text(json.dumps(script(KC_MUSS, KC_MUSS)))
    result = run("replay", str(path), "--json")
    assert result.code == 2
    assert result.err.startswith(f"error: {path}: hand 2: entered: the pot is not empty")
    assert result.out == ""


def test_a_bad_hand_after_repeated_good_ones_is_named_by_its_number(run, tmp_path):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(script(KC_MUSS, {"indicator": "9H", "entered": []}, KC_MUSS,
                                      {"indicator": "ZZ", "entered": []})))
    result = run("replay", str(path), "--json")
    assert result.code == 2
    assert result.err.count("\n") == 1
    assert f"{path}: hand 4: indicator:" in result.err


def test_penalties_stakes_and_shares_worked_by_hand(run, tmp_path):
    """Anna, Ben, Cleo, Dora; Anna deals first.

    1. Pot 0: a Muss. Stakes Anna 2, the others 1: P = 5. Anna takes no trick of the 2 she
       needs: 2P = 10 into the pot. Pot 15. Anna -12, the others -1 each.
    2. Ben deals, pays 1: P = 16. A 7 turned: a forced Muss, everyone needs 1 trick. Anna
       takes none: P = 16. Pot 32.
    3. Cleo deals, pays 1: P = 33. Dora plays: each trick pays 33/4 = 8.25; Cleo takes 1
       (8.25) of the 2 she needs: 2P = 66; Dora takes 3 (24.75). Pot 32 + 1 - 33 + 66 = 66.
    4. Dora deals, pays 1: P = 67; everyone drops: a walkover, Dora takes the 67. Pot 0.

    Anna -12 - 16 = -28; Ben -1 - 1 = -2; Cleo -1 - 1 + 8.25 - 66 = -59.75;
    Dora -1 + 24.75 - 1 + 67 = 89.75; with the pot, 0: -28 - 2 - 59.75 + 89.75 + 0 = 0."""
    path = tmp_path / "night.json"
    path.write_text(json.dumps(script(
        {"indicator": "KC", "tricks": ["Ben", "Ben", "Cleo", "Dora"]},
        {"indicator": "7H", "tricks": ["Ben", "Cleo", "Cleo", "Dora"]},
        {"indicator": "AS", "entered": ["Dora"], "tricks": ["Cleo", "Dora", "Dora", "Dora"]},
        {"indicator": "9H", "entered": []})))
    result = run("replay", str(path), "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert [(p["name"], p["score"]) for p in document["players"]] == [
        ("Anna", "-28"), ("Ben", "-2"), ("Cleo", "-59.75"), ("Dora", "89.75")]
    assert document["pot"] == "0"
    hands = document["hands"]
    assert [(h["kind"], h["pot_before"], h["stake"], h["pot_after"]) for h in hands] == [
        ("muss", "0", "5", "15"), ("forced-muss", "15", "16", "32"),
        ("normal", "32", "33", "66"), ("walkover", "66", "67", "0")]
    assert [t for t in hands[0]["transfers"] if t["reason"].startswith("penalty")] == [
        {"from": "Anna", "to": "pot", "amount": "10",
         "reason": "penalty: dealer needed 2, took 0 (2P)"}]
    assert [t for t in hands[1]["transfers"] if t["reason"].startswith("penalty")] == [
        {"from": "Anna", "to": "pot", "amount": "16",
         "reason": "penalty: player needed 1, took 0 (P)"}]
    assert hands[2]["transfers"][1:] == [
        {"from": "pot", "to": "Cleo", "amount": "8.25", "reason": "trick 1"},
        {"from": "pot", "to": "Dora", "amount": "8.25", "reason": "trick 2"},
        {"from": "pot", "to": "Dora", "amount": "8.25", "reason": "trick 3"},
        {"from": "pot", "to": "Dora", "amount": "8.25", "reason": "trick 4"},
        {"from": "Cleo", "to": "pot", "amount": "66",
         "reason": "penalty: dealer needed 2, took 1 (2P)"}]
    assert hands[2]["deltas"] == {"Anna": "0", "Ben": "0", "Cleo": "-58.75", "Dora": "24.75"}
    assert hands[3]["deltas"] == {"Anna": "0", "Ben": "0", "Cleo": "0", "Dora": "66"}


def test_a_forced_muss_dealt_again_by_the_same_dealer_keeps_one_record():
    """A 7 turned: a forced Muss, everyone plays and takes the 1 trick each needs (no
    penalty). The record is kept with who played besides the dealer; Anna's hands 1 and 5
    are the same hand at the same seat: one kept record."""
    seven = {"indicator": "7D", "tricks": ["Anna", "Ben", "Cleo", "Dora"]}
    parsed = parse_script(script(*[seven] * 5), "s.json")
    ledger = settle_hands(parsed.config, parsed.hands)
    kept = [s.record for s in ledger.settlements]
    assert [r.entered for r in kept] == [("Ben", "Cleo", "Dora"), ("Cleo", "Dora", "Anna"),
                                         ("Dora", "Anna", "Ben"), ("Anna", "Ben", "Cleo"),
                                         ("Ben", "Cleo", "Dora")]
    assert [s.kind for s in ledger.settlements] == ["forced-muss"] * 5
    assert [s.pot_after for s in ledger.settlements] == [5, 6, 7, 8, 9]
    assert kept[0] is kept[4]
