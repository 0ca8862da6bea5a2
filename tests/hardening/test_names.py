"""Names as people type them: accepted or refused as CONTRACT.md says, shown literally, and
text tables that stay aligned whatever the script."""

from __future__ import annotations

import pytest

from scorekeeper.cells import cell_width
from scorekeeper.errors import ConfigError
from scorekeeper.ledger import settle_hands
from scorekeeper.presentation import render_text
from scorekeeper.rules import HandRecord, make_config

ACCEPTED = ["[bold]x", "[/]", "[@click=app.quit]x[/]", "😀 Ana", "李雷", "عمر", "Zoe\u0301",
            "x" * 24, "  Padded  ", "Ünal"]
REFUSED = {"x" * 25: "longer than 24", "Ann\u200ba": "invisible", "Ann\u202ea": "invisible",
           "Ann\na": "control", "": "cannot be empty", "   ": "cannot be empty",
           "Bob\x00": "control"}


@pytest.mark.parametrize("name", ACCEPTED)
def test_names_that_are_accepted_come_back_literally(name):
    config = make_config("letzter", [name, "Ben", "Cleo"], name)
    assert config.players[0] == name.strip()
    typed = name.strip().upper() if name.isascii() else name
    assert config.resolve(typed, "tricks") == name.strip()


@pytest.mark.parametrize("name, message", sorted(REFUSED.items()))
def test_names_that_are_refused_say_why(name, message):
    with pytest.raises(ConfigError) as error:
        make_config("letzter", [name, "Ben", "Cleo"], "Ben")
    assert message in str(error.value)


@pytest.mark.parametrize("pair", [("Anna", "anna"), ("Anna", " Anna "), ("ÄNNE", "änne")])
def test_names_that_differ_only_by_case_or_spaces_are_the_same_name(pair):
    with pytest.raises(ConfigError) as error:
        make_config("letzter", [pair[0], pair[1], "Cleo"], "Cleo")
    assert "are the same name" in str(error.value)


def test_cell_width():
    assert cell_width("李雷") == 4 and cell_width("Zoe\u0301") == 3 and cell_width("😀") == 2
    assert cell_width("Anna") == 4


def test_text_tables_stay_aligned_with_wide_and_combining_names():
    names = ["李雷", "Zoe\u0301", "😀 Ana", "[bold]x"]
    config = make_config("letzter-stich", names, names[0])
    ledger = settle_hands(config, [HandRecord(tricks=(names[1],) * 7 + (names[2],))])
    lines = render_text(ledger).splitlines()
    table = [line for line in lines if line.endswith(("5", "4"))
             and not line.startswith("hands")]
    assert len(table) == 4
    assert len({cell_width(line) for line in table}) == 1          # the score column lines up
    assert all(cell_width(line) <= 80 for line in lines)
    assert "[bold]x" in render_text(ledger)
