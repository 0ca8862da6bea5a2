"""Spanish speaks to the table one way: as usted ("Escriba", "apúntelo"), never as vosotros
(trial 31 found "cambiadlo", "anotad la mano allí", "jugadla, o empezad", "estabais
escribiendo... escribidla"); each rule card names the new-session screen's word for its option
beside the command line's. (Enter's "Liquidar" stays: issue 26 asks for "liquidar" for every
settling, and F1 says "Liquidar la mano".)"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).parent.parent / "scorekeeper"
VOSOTROS = re.compile(r"\b\w+(?:áis|éis)\b|\b\w+(?:ad|ed|id)(?:l[oa]s?)\b"
                      r"|\b(?:anotad|empezad|continuad|escribid|jugad|cambiad|mirad|pulsad|"
                      r"elegid|volved|contad|poned|tomad|haced|decid|corregid|retirad|guardad|"
                      r"liquidad|dad|usad|abrid|cerrad)\b", re.IGNORECASE)


def test_no_spanish_message_speaks_as_vosotros():
    with (ROOT / "locale/es/LC_MESSAGES/scorekeeper.po").open("rb") as source:
        catalog = read_po(source, locale="es")
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if s and VOSOTROS.search(s)]
    assert found == []


def test_each_kratzen_card_names_the_screens_word_for_rotations():
    words = {"de": "Umläufe", "pt": "Voltas", "es": "Vueltas"}
    for language, word in words.items():
        card = (ROOT / f"rulecards/kratzen.{language}.md").read_text(encoding="utf-8")
        assert word in card and "`rotations`" in card, language
