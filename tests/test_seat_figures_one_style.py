"""The seats' scores at 80x24 in one style (issue 26, trial 27 new item 10): when any seat
cannot draw its score in large figures, every seat draws it plain that hand (before, some
seats had large figures and others a plain "-1326½ Saldo" beside them), and a plain score
never wraps its word onto a second row (before "-1326½" / "Saldo" took two rows): the word
is left out where it does not fit beside the figure.

Kratzen. Six short names, Anna deals first; hand 1 K♣ a Muss, Anna takes all four; hands 2
and 3 a 7♣ (forced Muss), Ben and then Cleo take all four. After 3 hands (Dora deals) the
scores are Anna -2 -43 -259 = -304, Ben -8 -1 -259 = -268 (he deals hand 2: only the
stake), Cleo -8 -43 -1 = -52, Dora, Eva and Finn -8 -43 -259 = -310 (P = 7, 43, 259: see
tests/test_table_notices.py): -52 fits large in a seat 11 columns wide, and -310 in the
last, wider seat; -304 does not. The six long names after 6 such hands
(tests/test_table_notices.py) have scores of six characters: none fits large, and
"-67177 Saldo" is wider than the seat."""

from __future__ import annotations

import pytest

from scorekeeper.amounts import format_amount
from scorekeeper.cards import parse_cards
from scorekeeper.i18n import speaking
from scorekeeper.rules import HandRecord, make_config

from .test_table_notices import evening
from .tui_helpers import LONG_NAMES, fixed_store, shown_rows, table_at_80x24

SHORT = ["Anna", "Ben", "Cleo", "Dora", "Eva", "Finn"]


def seat_cells(app, row: int) -> list[str]:
    """The text inside each seat's borders on screen row ``row``."""
    line = shown_rows(app)[row]
    return line.replace("┃", "│").split("│")[1::2]


@pytest.mark.parametrize("language", ["de", "en"])
async def test_every_seat_draws_its_score_in_the_same_style(tmp_path, language):
    records = [HandRecord(indicator=parse_cards("KC" if n == 0 else "7C"),
                          tricks=(SHORT[n],) * 4) for n in range(3)]
    session = fixed_store(tmp_path).create(make_config("kratzen", SHORT, "Anna"), records).id
    async with table_at_80x24(tmp_path, session, language) as (app, pilot, screen):
        scores = [format_amount(screen.state.scores[p]) for p in SHORT]
        assert scores == ["-304", "-268", "-52", "-310", "-310", "-310"]
        with speaking(language):
            word = screen.session.ruleset.score_words()
        figures = seat_cells(app, 3)
        assert len(figures) == 6
        for cell, score in zip(figures, scores, strict=True):  # all plain, on the one row
            fits = len(f"{score} {word}") <= len(cell)  # the word where it fits beside it
            assert cell.split() == ([score, word] if fits else [score]), figures
        assert not any(cell.strip() for cell in seat_cells(app, 4))  # nothing wrapped


async def test_a_plain_score_never_wraps_its_word_onto_a_second_row(tmp_path):
    async with table_at_80x24(tmp_path, evening(tmp_path, 6), "de") as (app, pilot, screen):
        scores = [format_amount(screen.state.scores[p]) for p in LONG_NAMES]
        figures, under = seat_cells(app, 3), seat_cells(app, 4)
        for cell, score in zip(figures, scores, strict=True):
            assert cell.split()[0] == score, figures
        assert not any(cell.strip() for cell in under), under  # no "Saldo" alone below
