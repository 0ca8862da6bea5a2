"""Trial 34 (pt): names in a sentence were joined by commas only, "Ana, Bruno recebem 1 ponto
de penalização cada um", "Ana Rita Vasconcelos Gil, Catarina Sofia Magalhães desistiram":
the last two are joined by "and" in the language in use."""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.i18n import speaking
from scorekeeper.ledger import settle_hands
from scorekeeper.rules import HandRecord, get_ruleset, make_config
from scorekeeper.rules.facts import names_and

FOUR = ["Anna", "Ben", "Cleo", "Dora"]


@pytest.mark.parametrize("language, said", [
    ("en", "Anna, Ben and Cleo"), ("de", "Anna, Ben und Cleo"),
    ("pt", "Anna, Ben e Cleo"), ("es", "Anna, Ben y Cleo")])
def test_three_names(language, said):
    with speaking(language):
        assert names_and(["Anna", "Ben", "Cleo"]) == said
        assert names_and(["Anna"]) == "Anna"


def explanation(game: str, players: list[str], records: list[HandRecord]) -> str:
    ruleset = get_ruleset(game)
    ledger = settle_hands(make_config(game, players, players[0]), records, ruleset)
    return " ".join(ruleset.explain(ledger.settlements[-1]))


def test_two_dropped_in_kratzen_in_portuguese():
    # hand 1 a Muss leaves the pot not empty (Anna, the dealer, takes no trick); in hand 2
    # (Ben deals) Cleo plays, Dora and Anna drop
    records = [HandRecord(indicator=parse_cards("KC"), tricks=("Ben", "Ben", "Cleo", "Dora")),
               HandRecord(indicator=parse_cards("9H"), entered=("Cleo",),
                          tricks=("Ben", "Ben", "Cleo", "Cleo"))]
    with speaking("pt"):
        said = explanation("kratzen", FOUR, records)
    assert "Dora e Anna desistiram" in said, said


def test_a_durchmarsch_in_letzter_in_portuguese():
    with speaking("pt"):
        said = explanation("letzter", ["Ana", "Bruno", "Carla"],
                           [HandRecord(tricks=("Carla",) * 8)])
    assert "Ana e Bruno recebem 1 ponto de penalização cada um" in said, said
