"""Trial 35's wording, section B: who plays in show's history with its verb agreeing with how
many (B2; the names joined as a sentence, B3, came before); an amended Muss that became a
normal hand says so, where its record reads as it did (B1); an empty pot gets no sentence
about the worth of its 0 chips (B4); ``3,5`` in English says to type 3.5 (B6)."""

from __future__ import annotations

import gettext
import json
from dataclasses import replace
from decimal import Decimal

import pytest

from scorekeeper import i18n
from scorekeeper.amounts import parse_typed_amount
from scorekeeper.cards import Card
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import speaking
from scorekeeper.rules import HandRecord, get_ruleset, make_config
from scorekeeper.showtext import record_words


class Plurals(gettext.NullTranslations):
    """A catalog that shows which form ``ngettext`` chose (and says every other message as
    it is): the structure, whatever the words of a language."""

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return ("ONE " if n == 1 else "MANY ") + msgid1


@pytest.fixture
def plurals(monkeypatch):
    monkeypatch.setitem(i18n._catalogs, "de", Plurals())


@pytest.mark.parametrize("entered, said", [
    (("Ben",), "ONE playing Ben"),
    (("Ben", "Cleo", "Dora"), "MANY playing Ben, Cleo and Dora"),
])
def test_who_plays_takes_the_singular_for_one_name(plurals, entered, said):
    """B2: "es spielen Maximiliane", "juegan Maximiliane": the verb is chosen by ngettext
    with the number of names (de "es spielt Ben", es "juega Ben" once the catalogs say so)."""
    record = HandRecord(indicator=(Card.parse("KC"),), entered=entered,
                        tricks=("Ben", "Ben", "Ben", "Ben"))
    with speaking("de"):
        told = record_words(record, get_ruleset("kratzen"))
    assert said in told.split("; ")


def new_session(run) -> str:
    made = run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo,Dora", "--dealer",
               "Anna", "--json")
    return json.loads(made.out)["id"]


def test_an_amended_muss_that_became_a_normal_hand_says_so(run):
    """B1: hand 2 a walkover, so hand 3 a Muss (the pot empty); hand 2 amended so that Cleo
    played, hand 3 with it (everyone played): hand 3 is a normal hand. Its record is the same,
    and the history read "now …; was …" twice the same; the kinds now tell them apart."""
    session_id = new_session(run)
    assert run("record", session_id, "--indicator", "KC", "--tricks",
               "Ben,Ben,Cleo,Cleo").code == 0
    assert run("record", session_id, "--indicator", "9H", "--entered", "").code == 0
    assert run("record", session_id, "--indicator", "8S", "--entered", "Dora,Anna,Ben",
               "--tricks", "Cleo,Dora,Anna,Ben").code == 0  # the pot empty: a Muss
    both = run("amend", session_id, "2", "--entered", "Cleo", "--tricks", "Ben,Ben,Ben,Ben",
               "--then", "3", "--entered", "Dora,Anna,Ben")
    assert both.code == 0, both.err
    shown = run("show", session_id).out
    history = shown[shown.index("history (kept in the file):"):]
    line = next(x for x in history.splitlines() if x.strip().startswith("hand 3 amended"))
    same = "turned 8♠; playing Dora, Anna and Ben; tricks Cleo, Dora, Anna, Ben"
    assert f"now normal: {same}; was Muss: {same}" in line, line
    # hand 2's own record changed: its words say so, no kind added
    line2 = next(x for x in history.splitlines() if x.strip().startswith("hand 2 amended"))
    assert "now turned 9♥; playing Cleo;" in line2 and "was turned 9♥; everyone else" in line2


def test_an_amendment_that_keeps_the_kind_adds_no_kind(run):
    session_id = new_session(run)
    assert run("record", session_id, "--indicator", "KC", "--tricks",
               "Ben,Ben,Cleo,Cleo").code == 0
    assert run("amend", session_id, "1", "--note", "recounted").code == 0
    history = run("show", session_id).out.split("history (kept in the file):")[1]
    assert "now turned K♣; playing Ben, Cleo and Dora; tricks Ben, Ben, Cleo, Cleo; was " \
           "turned K♣; playing" in history
    assert "Muss:" not in history


def test_an_empty_pot_gets_no_sentence_about_its_worth():
    """B4: "the worth of its 0 chips is paid into it, kept for the next evening"."""
    kratzen = get_ruleset("kratzen")
    config = make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna")
    start = kratzen.initial_state(config)
    scores = {"Anna": Decimal(3), "Ben": Decimal(-1), "Cleo": Decimal(-2)}
    empty = replace(start, scores=scores, pot=Decimal(0), hands_played=3)
    words = kratzen.results(config, empty).words
    assert "0 chips" not in words and "paid into it" not in words
    assert words == "each balance as it stands; the pot is empty"
    held = replace(empty, scores={**scores, "Anna": Decimal(-1)}, pot=Decimal(4))
    assert "the worth of its 4 chips is paid into it" in kratzen.results(config, held).words


@pytest.mark.parametrize("typed, said", [
    ("3,5", "'3,5' is not an amount: type 3.5 with a decimal point"),
    ("-2,25", "'-2,25' is not an amount: type -2.25 with a decimal point"),
    ("1,000", "'1,000' is not an amount: type 1.000 with a decimal point, or 1000 for a "
              "whole number"),
])
def test_a_decimal_comma_in_english_says_how_to_type_it(typed, said):
    """B6: "Anna: '3,5' is not an amount", with no hint, in English."""
    with pytest.raises(ScorekeeperError) as refused:
        parse_typed_amount(typed, ".")
    assert str(refused.value) == said
    with pytest.raises(ScorekeeperError) as plain:
        parse_typed_amount("3;5", ".")
    assert str(plain.value) == "'3;5' is not an amount"
    assert parse_typed_amount(typed, ",") == Decimal(typed.replace(",", "."))


def test_the_count_command_says_the_hint_in_one_line(run):
    session_id = new_session(run)
    result = run("count", session_id, "Anna=3,5")
    assert result.code == 2
    assert result.err.strip().splitlines() == [
        "error: count: Anna: '3,5' is not an amount: type 3.5 with a decimal point"]
