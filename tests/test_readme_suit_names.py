"""The README's list of the table's suit letters names each suit as the screen does in that
language and pack (trial 31: it said Portuguese "corações" for the French pack's hearts, which
the table calls "copas")."""

import re
from pathlib import Path

import pytest

from scorekeeper.cards import SUIT_KEYS, Suit
from scorekeeper.i18n import speaking

README = Path(__file__).parent.parent / "README.md"
ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def said(keys: str) -> list[str]:
    """The suit names the README gives in parentheses after the letters ``keys``: "(German
    Kreuz, Karo, Herz, Pik)" gives the four names (a leading language word left out)."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    found = re.search(re.escape(f"`{keys}` (") + r"([^)]*)\)", text)
    assert found, keys
    names = [n.strip() for n in found.group(1).split(",")]
    if len(names) == 4 and " " in names[0]:
        names[0] = names[0].split(" ", 1)[1]
    return names


@pytest.mark.parametrize(("language", "deck"), [k for k in SUIT_KEYS if k[0] != "en"])
def test_the_readme_names_each_suit_as_the_table_does(language, deck):
    keys = " ".join(next(k for k, s in SUIT_KEYS[language, deck].items() if s == suit)
                    for suit in ORDER)
    with speaking(language):
        shown = [suit.name_in(deck) for suit in ORDER]
    assert [n.casefold() for n in said(keys)] == [n.casefold() for n in shown]
