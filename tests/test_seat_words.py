"""Seats named by number read as the language says them (issue 26): Portuguese "ao assento 2",
"do assento 2", Spanish "al asiento 2", "del asiento 2"; names are left as they are; the Spanish
deal pushes the cards with seed 001's verb, "empuja"."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import speaking, with_seat_articles


@pytest.mark.parametrize("language, text, said", [
    ("pt", "assento 1 passa 3 cartas a assento 2", "o assento 1 passa 3 cartas ao assento 2"),
    ("pt", "no sentido horário a partir de assento 2", "no sentido horário a partir do assento 2"),
    ("pt", "perguntar a assento 2, assento 3, assento 4, à vez (assento 1 tem de jogar)",
     "perguntar ao assento 2, ao assento 3, ao assento 4, à vez (o assento 1 tem de jogar)"),
    ("es", "asiento 1 empuja 3 cartas a asiento 2", "el asiento 1 empuja 3 cartas al asiento 2"),
    ("es", "desde asiento 2", "desde el asiento 2"),
    ("es", "preguntar a asiento 2, asiento 3 (asiento 1 debe jugar)",
     "preguntar al asiento 2, al asiento 3 (el asiento 1 debe jugar)"),
    ("pt", "perguntar a Bruno, Carla", "perguntar a Bruno, Carla"),
    ("en", "seat 1 passes 3 cards to seat 2", "seat 1 passes 3 cards to seat 2"),
])
def test_a_seat_takes_the_article_the_language_gives_it(language, text, said):
    with speaking(language):
        assert with_seat_articles(text) == said


def test_the_deal_in_portuguese_and_spanish_reads_as_people_say_it(run):
    pt = run("--lang", "pt", "deal", "letzter", "--players", "4")
    assert pt.code == 0, pt.err
    assert "3. o assento 1 passa 3 cartas viradas para baixo ao assento 2 (primeira mão)" in pt.out
    assert " a assento " not in pt.out and " de assento " not in pt.out
    es = run("--lang", "es", "deal", "letzter", "--players", "4")
    assert "3. el asiento 1 empuja 3 cartas boca abajo al asiento 2 (mano)" in es.out
    assert " a asiento " not in es.out and " pasa " not in es.out
