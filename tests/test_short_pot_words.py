"""A sweep paid from a pot that held less than 2 (Letzter Stich, D2): the ledger's reason in
de/pt/es says in the language that the pot paid what it held, not the convention's English
name "(pay-what-exists)" (issue 26: no English word on the ledger)."""

import pytest

from scorekeeper.i18n import speaking
from scorekeeper.rules import get_ruleset

STORED = "sweep: all 8 tricks; 2 due, the pot held 1½ (pay-what-exists)"


@pytest.mark.parametrize(("language", "says"), [
    ("de", "im Pott lag 1½: gezahlt wird, was da ist"),
    ("pt", "o pote tinha 1½: paga-se o que houver"),
    ("es", "el bote tenía 1½: se paga lo que hay"),
])
def test_the_short_pot_is_said_in_the_language(language, says):
    with speaking(language):
        words = get_ruleset("letzter-stich").reason_words(STORED)
    assert says in words
    assert "pay" not in words and "exists" not in words


def test_english_keeps_the_conventions_name():
    with speaking("en"):
        assert get_ruleset("letzter-stich").reason_words(STORED) == STORED
