"""``count`` takes the pot by the word the language in use calls it, as well as the
contract's ``pot`` (trial of issue 26: German ``Pott=16`` was refused as a player nobody has)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("language, word", [("de", "Pott"), ("pt", "pote"), ("es", "bote"),
                                            ("de", "pot")])
def test_count_takes_the_pot_by_the_language_s_word(run, tmp_path, language, word):
    """Every German output calls the pot "Pott": ``count … Pott=16`` counts the pot (the
    trial of issue 26 was refused: 'Pott' is not a player)."""
    from scorekeeper.rules import HandRecord, make_config
    from scorekeeper.store import Store

    store = Store(tmp_path / "home")
    session = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna"),
                           [HandRecord(indicator=("7D",), tricks=("Anna", "Ben", "Cleo",
                                                                   "Dora"))])
    pot = store.open(session.id).state().pot
    done = run("--lang", language, "count", session.id, "Anna=-1", "Ben=-1", "Cleo=-1",
               "Dora=-1", f"{word}={pot}")
    assert done.code in (0, 1), done.err
    assert Store(tmp_path / "home").open(session.id).rows[-1]["type"] == "count"


def test_a_count_before_any_hand_says_so(run, tmp_path):
    """No hand played: a count that does not agree says it is before the first hand, not
    'after hand 0' (trial 29)."""
    from scorekeeper.rules import make_config
    from scorekeeper.store import Store

    store = Store(tmp_path / "home")
    session = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna"))
    done = run("--lang", "pt", "count", session.id, "1=1")
    assert done.code == 1, done.err
    assert done.out.splitlines()[-1] == ("A contagem não bate certo com o registo antes da "
                                         "primeira mão")
