"""One measure of width: the tables the command line prints are measured as the table app draws
them (Rich's ``cell_len``), emoji sequences included, and a name cut to a width is cut where
Rich would fold it."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from scorekeeper.cells import cell_width, cut_to_width
from scorekeeper.ledger import settle_hands
from scorekeeper.presentation import render_text
from scorekeeper.rules import HandRecord, make_config

FAMILY = "👨\u200d👩\u200d👧"  # three emoji joined by zero-width joiners: one picture
HEART = "\u2764\ufe0f"  # a narrow heart made an emoji picture by variation selector 16
NAMES = [FAMILY, HEART, "👍🏽", "🇦🇹", "🃏Joker", "李小龍", "Zoe\u0301", "Anna", "Ω" * 3,
         "Cle\u0301o" + HEART, "ﾃｽﾄ", ""]


@pytest.mark.parametrize("text", NAMES)
def test_the_width_of_a_text_is_richs(text):
    assert cell_width(text) == cell_len(text)


def test_emoji_sequences_take_two_columns_as_the_terminal_draws_them():
    # The terminal (and Textual) draws the family and the red heart as one picture each, two
    # columns wide: counted character by character they were 6 and 1.
    assert cell_width(FAMILY) == 2
    assert cell_width(HEART) == 2
    assert cell_width(f"{FAMILY} {HEART}") == 5


@pytest.mark.parametrize("text", NAMES)
@pytest.mark.parametrize("width", range(1, 9))
def test_a_cut_fits_and_never_splits_a_picture(text, width):
    cut = cut_to_width(text, width)
    assert cell_len(cut) <= width
    if cell_len(text) <= width:
        assert cut == text
    else:
        kept = cut.removesuffix("…")
        assert cut.endswith("…") and text.startswith(kept)
        # Cut between two graphemes: never after a joiner, before a variation selector or
        # before a combining accent, never half of an emoji sequence.
        rest = text[len(kept):]
        assert not kept.endswith("\u200d")
        assert not rest.startswith(("\u200d", "\ufe0f", "\u0301", "\U0001f3fd"))


def test_a_family_is_never_cut_apart():
    assert cut_to_width(FAMILY + "abc", 4) == FAMILY + "a…"
    assert cut_to_width(FAMILY + "abc", 3) == FAMILY + "…"
    assert cut_to_width(FAMILY + "abc", 2) == "…"


def test_a_table_with_emoji_names_lines_up_as_the_table_app_draws_it():
    """Letzter Stich of Anna, a red heart and a joker: the standings' lines are as wide as Rich
    measures each other, so the chips' column lines up on the screen (the heart counted as one
    column put it one column off)."""
    players = ["Anna", HEART, "🃏Joker", "Ben"]
    config = make_config("letzter-stich", players, "Anna")
    ledger = settle_hands(config, [HandRecord(tricks=(HEART,) * 7 + ("🃏Joker",))])
    lines = render_text(ledger).splitlines()
    table = [line for line in lines if line.endswith(("5", "4")) and not line.startswith("hands")]
    assert len(table) == 4, lines
    assert len({cell_len(line) for line in table}) == 1, table
