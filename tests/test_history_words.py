"""A hand's record in the history (``show``) is told in the language in use, as the game tells
it, with each card as the pack shows it: no English field name ("indicator", "entered"), and
the Weli by its name, not "6D" (issue 26)."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card
from scorekeeper.i18n import speaking
from scorekeeper.rules import HandRecord, get_ruleset
from scorekeeper.showtext import record_words

RECORD = HandRecord(indicator=(Card.parse("6D"), Card.parse("QC")), entered=("Ben",),
                    tricks=("Anna", "Ben", "Anna", "Anna"))


@pytest.mark.parametrize("language, said", [
    ("en", "turned Weli, Q♣; playing Ben; tricks Anna, Ben, Anna, Anna"),
    ("de", "aufgeschlagen Weli, O♣; es spielt Ben; Stiche Anna, Ben, Anna, Anna"),
    ("pt", "virada Weli, Q♣; entra Ben; vazas Anna, Ben, Anna, Anna"),
    ("es", "muestra Weli, Q♣; juega Ben; bazas Anna, Ben, Anna, Anna"),
])
def test_a_record_is_told_in_the_language_and_the_pack(language, said):
    deck = "german" if language == "de" else "french"
    with speaking(language):
        assert record_words(RECORD, get_ruleset("kratzen"), deck) == said


WALKOVER = HandRecord(indicator=(Card.parse("KC"),), entered=(), tricks=())


@pytest.mark.parametrize("language, said", [
    ("en", "turned K♣; everyone else dropped; no tricks played"),
    ("de", "aufgeschlagen K♣; alle anderen haben gepasst; keine Stiche gespielt"),
    ("pt", "virada K♣; todos os outros desistiram; nenhuma vaza jogada"),
    ("es", "muestra K♣; todos los demás pasaron; ninguna baza jugada"),
])
def test_a_walkover_says_everyone_else_dropped_and_no_tricks(language, said):
    """Trial 33: a walkover read "playing none; tricks none" (es "juegan ninguno; bazas
    ninguno")."""
    with speaking(language):
        assert record_words(WALKOVER, get_ruleset("kratzen"), "french") == said


def test_show_tells_an_amendment_in_german(run):
    saved = run("replay", "examples/kratzen.toml", "--save")
    session = saved.out.split()[-1]
    assert run("amend", session, "1", "--note", "recounted").code == 0
    shown = run("--lang", "de", "show", session).out
    history = shown[shown.index("Geschichte"):]
    assert "aufgeschlagen K♣; es spielen Ben, Cleo und Dora; Stiche Ben, Ben, Cleo, Dora" in history
    for english in ("indicator", "entered", "tricks"):
        assert english not in history
