"""The referee's commands, and recording a hand card by card."""

import json

import pytest


def test_referee_trick_json_is_the_documented_shape(run):
    result = run("referee", "trick", "--game", "kratzen", "--trump", "C", "--cards", "KC,6D,8C",
                 "--hand", "AC,QC,7H", "--json")
    assert result.code == 0
    assert json.loads(result.out) == {
        "winner": "6D", "winner_position": 1, "legal": ["AC"],
        "reasons": ["must follow trump", "must beat the current winner: A♣ beats the Weli"]}


def test_referee_trick_in_words(run):
    result = run("referee", "trick", "--game", "letzter-stich", "--cards", "9S,KS,AH,QS")
    assert result.code == 0 and "winning so far: K♠ (card 2 of 4)" in result.out


@pytest.mark.parametrize("args, message", [
    (["--game", "kratzen", "--cards", "KC"], "kratzen needs the trump suit"),
    (["--game", "letzter", "--cards", "9S,ZZ"], "--cards: 'ZZ' is not a card"),
    (["--game", "letzter", "--cards", "9S,6D"], "--cards: Weli is not in the letzter pack"),
    (["--game", "kratzen", "--trump", "X", "--cards", "KC"], "--trump: 'X' is not a suit"),
    (["--game", "letzter", "--cards", "9S", "--hand", "9S,KS"], "--hand: 9♠ is both in the hand"),
])
def test_referee_errors_are_one_line(run, args, message):
    result = run("referee", "trick", *args)
    assert result.code == 2 and message in result.err and len(result.err.splitlines()) == 1


def test_rules_and_deal_commands(run):
    assert "Weli" in run("rules", "kratzen").out
    assert "Durchmarsch" in run("rules", "letzter").out
    dealt = run("deal", "kratzen", "--players", "4")
    assert dealt.code == 0 and "cards: 16 dealt + 1 turned + 16 undealt = 33" in dealt.out
    assert run("rules", "skat").code == 2


def test_record_with_cards_settles_like_the_winners(run):
    made = json.loads(run("new", "--game", "letzter-stich", "--players", "Anna,Ben,Cleo,Dora",
                          "--dealer", "Anna", "--json").out)
    cards = ("7C,8C,AC,9C; AD,7D,8D,9D; AH,7H,8H,9H; AS,7S,8S,9S; KC,10C,JC,QC; KD,10D,JD,QD;"
             " KH,10H,JH,QH; KS,10S,JS,QS")
    result = run("record", made["id"], "--cards", cards, "--json")
    assert result.code == 0, result.err
    hand = json.loads(result.out)["hand"]
    assert hand["kind"] == "sweep" and hand["deltas"]["Dora"] == "0"  # the pot was empty
    bad = run("record", made["id"], "--cards", "7C,8C,AC")
    assert bad.code == 2 and "cards: 8 tricks of cards are needed, 1 were given" in bad.err
    assert run("audit", made["id"]).code == 0
