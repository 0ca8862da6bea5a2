"""The season at 80x24 with six 24-character names, two evenings and money (issue 26, trial 30:
captures de-80x24/88 and 105): the names folded onto three lines ("Wolkenstein-" / "H",
"Adelsberger-" / "K") while the figures had room to give. Now every name is whole on at most
two lines, broken between its words ("Konstantin" / "Wolkenstein-H"), every figure whole on
screen, nothing past the right edge; the one currency of the money goes into its label
("Geld" over "(EUR)") to make that room. At 130x40 every name is on one line."""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual.widgets import DataTable

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.season import SeasonScreen, two_line_width

from .test_hchart_80x24 import HANDS, LONG
from .tui_helpers import SCROLL_BAR, fixed_store, make_app, open_screen, settled, shown_rows

# The trial's players (24 characters each), seated as LONG is in the hands of test_hchart_80x24.
TRIAL = ["Eleonore Weißenbach-Lutz", "Bartholomäus Grünwald-Ek", "Maximilian Grünewald-Ost",
         "Annemarie Löwenthal-Berg", "Konstantin Wolkenstein-H", "Friederike Adelsberger-K"]
SEAT = dict(zip(LONG, TRIAL, strict=True))


def renamed(hand: HandRecord) -> HandRecord:
    return hand.model_copy(update={
        "tricks": tuple(SEAT[p] for p in hand.tricks),
        "entered": None if hand.entered is None else tuple(SEAT[p] for p in hand.entered)})


def two_evenings(home, currencies: tuple[str, ...] = ("EUR", "EUR")) -> None:
    """The evening of test_hchart_80x24 twice (standings 186¾ … -803¾ each time), each settled
    up at 100 a chip: money to -160750,00 a player, the figures as wide as the trial's big
    evenings made them (-43863¼, ~-21931,62, -134,73 EUR)."""
    store = fixed_store(home)
    for currency in currencies:
        session = store.create(make_config("kratzen", TRIAL, TRIAL[0]),
                               [renamed(hand) for hand in HANDS]).id
        store.settle_up(session, Decimal("100"), currency)


def test_the_fewest_columns_for_two_lines():
    assert two_line_width("Konstantin Wolkenstein-H") == 13  # Konstantin / Wolkenstein-H
    assert two_line_width("Eleonore Weißenbach-Lutz") == 15  # Eleonore / Weißenbach-Lutz
    assert two_line_width("Anna") == 4
    assert two_line_width("Jean-Luc Picard") == 8  # Jean-Luc / Picard


async def season_at(tmp_path, language: str, size: tuple[int, int],
                    currencies: tuple[str, ...] = ("EUR", "EUR")):
    """The season's table at ``size`` in ``language``: its cells, its labels, whether it
    fits the screen's width, and the rows of the screen (scroll bar left out)."""
    two_evenings(tmp_path, currencies)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(pilot, "t", SeasonScreen)
        await settled(pilot)
        table = screen.query_one("#season-table", DataTable)
        cells = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        labels = [str(column.label) for column in table.columns.values()]
        fits = table.virtual_size.width <= table.scrollable_content_region.width
        return cells, labels, fits, [row.translate(SCROLL_BAR) for row in shown_rows(app)]


@pytest.mark.parametrize("language", ["de", "pt", "es", "en"])
async def test_every_name_whole_on_two_lines_at_most_and_every_figure_whole(tmp_path,
                                                                            language):
    cells, labels, fits, shown = await season_at(tmp_path, language, (80, 24))
    assert fits, labels  # nothing past the right edge: no column to scroll to
    screen = "\n".join(shown)
    for row in cells:
        lines = row[1].split("\n")
        assert len(lines) <= 2, (lines, screen)
        name = " ".join(lines)
        assert name in TRIAL, lines
        if len(lines) == 2:  # broken between the words: the first word over the rest
            assert lines == name.split(" ", 1), lines
        for line in lines:
            assert any(line in on_screen for on_screen in shown), (line, screen)
        for cell in row[2:]:  # every figure whole, on the row of screen with its name
            for figure in cell.split("\n"):
                assert any(lines[0] in on_screen and figure in on_screen
                           for on_screen in shown), (figure, screen)
    money = [row[-1] for row in cells]
    assert "160750" in "".join(money), money  # Friederike: -803¾ × 100 × 2


async def test_the_german_trial_names_fold_as_the_table_reads_them(tmp_path):
    cells, labels, _fits, shown = await season_at(tmp_path, "de", (80, 24))
    names = {row[1].split("\n")[0]: row[1].split("\n") for row in cells}
    assert names["Konstantin"] == ["Konstantin", "Wolkenstein-H"], cells
    assert names["Friederike"] == ["Friederike", "Adelsberger-K"], cells
    assert names["Eleonore"] == ["Eleonore", "Weißenbach-Lutz"], cells
    assert labels[-1] == "Geld\n(EUR)", labels  # the currency once, in the label
    assert all("EUR" not in row[-1] for row in cells), cells
    assert any("-160750,00" in row for row in shown), "\n".join(shown)


async def test_two_currencies_keep_theirs_on_every_figure(tmp_path):
    """Money in two currencies cannot go into one label: each figure keeps its currency, and
    the names still fold to at most two lines."""
    cells, labels, fits, _shown = await season_at(tmp_path, "de", (80, 24), ("EUR", "GBP"))
    assert fits, labels
    assert labels[-1] == "Geld", labels
    assert all("EUR" in row[-1] and "GBP" in row[-1] for row in cells), cells
    assert all(len(row[1].split("\n")) <= 2 for row in cells), cells


@pytest.mark.parametrize("language", ["de", "en"])
async def test_at_130x40_every_name_on_one_line_and_the_currency_on_every_figure(tmp_path,
                                                                                language):
    cells, labels, fits, _shown = await season_at(tmp_path, language, (130, 40))
    assert fits, labels
    assert sorted(row[1] for row in cells) == sorted(TRIAL)
    assert all(row[-1].endswith(" EUR") for row in cells), cells
