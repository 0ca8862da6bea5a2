"""The season at 80x24 after an evening's hands changed since its settle-up (trial 32, pt new
defect 3, captures t32b/112-117): the money cell's "1 noite desatualizada" made the table
wider than the screen ("dinheiro" cut to "d", the names on three lines, the money past the
edge), and the ← → the screen offered for it did nothing until Tab. Now the stale words fold
onto two lines and the whole table fits the 80 columns; where a table is wider than the
screen, ← and → scroll it at once."""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual.widgets import DataTable

from scorekeeper.rules import make_config
from scorekeeper.tui.charts import WideHint
from scorekeeper.tui.screens.season import SeasonScreen, stale_folded

from .test_hs_season_names_two_lines import HANDS, TRIAL, renamed
from .tui_helpers import SCROLL_BAR, fixed_store, make_app, open_screen, settled, shown_rows


def stale_season(home) -> None:
    """Two evenings of the six trial names, each settled up at 100 a chip in EUR; the first
    evening's last hand then withdrawn: its money is stale (left out, "1 evening stale")."""
    store = fixed_store(home)
    for n in range(2):
        session = store.create(make_config("kratzen", TRIAL, TRIAL[0]),
                               [renamed(hand) for hand in HANDS]).id
        store.settle_up(session, Decimal("100"), "EUR")
        if n == 0:
            store.list_sessions(figures=True)  # the index holds the settle-up's money
            store.undo(session)


def test_the_stale_words_fold_between_words_on_their_own_line():
    assert stale_folded("18675,00 EUR\n1 noite desatualizada") == \
        "18675,00 EUR\n1 noite\ndesatualizada"
    assert stale_folded("1 Abend veraltet") == "1 Abend\nveraltet"


async def season_shown(app, pilot):
    """The season's screen opened at the table's size: the screen, its table, the screen's
    rows (scroll bar left out) and the table's labels."""
    screen = await open_screen(pilot, "t", SeasonScreen)
    await settled(pilot)
    table = screen.query_one("#season-table", DataTable)
    shown = [row.translate(SCROLL_BAR) for row in shown_rows(app)]
    return screen, table, shown, [str(column.label) for column in table.columns.values()]


@pytest.mark.parametrize("language", ["pt", "de", "es", "en"])
async def test_a_stale_money_column_keeps_the_table_inside_80_columns(tmp_path, language):
    stale_season(tmp_path)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table, shown, labels = await season_shown(app, pilot)
        text = "\n".join(shown)
        assert table.virtual_size.width <= table.scrollable_content_region.width, text
        assert not screen.query_one(WideHint).display, text
        for label in labels:  # every label whole on screen ("dinheiro", not "d")
            for line in label.split("\n"):
                assert any(line in row for row in shown), (line, text)
        cells = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        for row in cells:
            name = row[1].split("\n")
            assert len(name) <= 2, (name, text)  # "Eleonore / Weißenbach- / Lutz" before
            for line in name + row[-1].split("\n"):  # the stale words whole, too
                assert any(line in on_screen for on_screen in shown), (line, text)
        assert all(len(row[-1].split("\n")) >= 2 for row in cells), cells  # stale, each


async def test_the_arrows_scroll_a_wide_table_at_once(tmp_path):
    """At 60 columns the table is wider than the screen and the line under it says ← →:
    → scrolls it without Tab first (the screen's scrolling has the focus), ← back."""
    stale_season(tmp_path)
    app = make_app(tmp_path, language="pt")
    async with app.run_test(size=(60, 24)) as pilot:
        screen = await open_screen(pilot, "t", SeasonScreen)
        await settled(pilot)
        table = screen.query_one("#season-table", DataTable)
        assert screen.query_one(WideHint).display
        assert not table.has_focus and table.scroll_x == 0
        await pilot.press("right", "right", "right")
        await settled(pilot)
        assert table.scroll_x > 0
        await pilot.press("left", "left", "left")
        await settled(pilot)
        assert table.scroll_x == 0


def test_a_name_breaks_between_words_where_that_takes_no_more_lines():
    from scorekeeper.tui.screens.season import name_lines

    assert name_lines("Eleonore Weißenbach-Lutz", 20) == ["Eleonore", "Weißenbach-Lutz"]
    assert name_lines("Anna Maria-Luisa Berg", 11) == ["Anna Maria-", "Luisa Berg"]
    assert name_lines("Eleonore Weißenbach-Lutz", 12) == ["Eleonore", "Weißenbach-", "Lutz"]


async def test_german_names_on_two_lines_with_figures_one_column_too_wide(tmp_path):
    """Trial 32, de, capture t32a/107: money so large that two columns between columns left
    the names one column short of two lines ("Eleonore" / "Weißenbach-" / "Lutz"). The
    table takes one column between columns then, each label of two words on two lines."""
    store = fixed_store(tmp_path)
    for _n in range(2):  # 10,000,000 a chip: "3735000000,00" (the trial's figures as wide)
        session = store.create(make_config("kratzen", TRIAL, TRIAL[0]),
                               [renamed(hand) for hand in HANDS]).id
        store.settle_up(session, Decimal("10000000"), "EUR")
    app = make_app(tmp_path, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table, shown, labels = await season_shown(app, pilot)
        text = "\n".join(shown)
        assert table.virtual_size.width <= table.scrollable_content_region.width, text
        assert not any(" " in line.strip() for label in labels
                       for line in label.split("\n")), labels  # "pro" over "Abend"
        for i in range(table.row_count):
            row = [str(cell) for cell in table.get_row_at(i)]
            name = [line.strip() for line in row[1].split("\n")]
            assert name == " ".join(name).split(" ", 1) and name[0] in text, (name, text)
            assert " ".join(name) in TRIAL
            assert any(name[0] in line and row[-1].strip() in line for line in shown), text
        assert any("Eleonore" in line and "3735000000,00" in line for line in shown), text
