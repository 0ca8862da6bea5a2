"""The season at 80x24 with six 24-character names and money in two currencies (trial 27,
new defect 4): names broken only between words or after a hyphen ("Weißenbach-L / utz"
before), and every money figure in view, a currency to a line ("28,92 EUR, -" before, the
GBP past the edge)."""

from __future__ import annotations

from decimal import Decimal

from textual.widgets import DataTable

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.season import SeasonScreen

from .tui_helpers import fixed_store, make_app, open_screen, shown_rows

TRIAL = ["Eleonore Weißenbach-Lutz", "Bartholomäus Grünwald-Ek", "Friederike Schönberg-Alt",
         "Maximilian Oberhuber-Kal", "Konstantin Überreiter-Da", "Annemarie Zöllner-Brandt"]


def test_a_name_folds_between_words_and_after_a_hyphen_only():
    from scorekeeper.cells import fold_name

    assert fold_name("Eleonore Weißenbach-Lutz", 12) == ["Eleonore", "Weißenbach-", "Lutz"]
    assert fold_name("Eleonore Weißenbach-Lutz", 15) == ["Eleonore", "Weißenbach-Lutz"]
    assert fold_name("Jean-Luc Picard", 5) == ["Jean-", "Luc", "Picard"]  # Picard whole
    assert fold_name("Ana", 1) == ["Ana"]


def joined(lines: list[str]) -> str:
    """The lines of a folded name put back: after a hyphen directly, else with a space."""
    name = lines[0]
    for line in lines[1:]:
        name += line if name.endswith("-") else " " + line
    return name


async def test_the_season_at_80x24_keeps_words_whole_and_every_money_figure_in_view(tmp_path):
    store = fixed_store(tmp_path)
    for currency in ("EUR", "GBP"):
        session = store.create(make_config("kratzen", TRIAL, TRIAL[0]),
                               [HandRecord(indicator=("KC",), tricks=(TRIAL[1],) * 4)]).id
        store.settle_up(session, Decimal("10"), currency)
    app = make_app(tmp_path, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, "t", SeasonScreen)
        shown = shown_rows(app)
        table = screen.query_one("#season-table", DataTable)
        names, money = [], []
        for i in range(table.row_count):
            row = [str(cell) for cell in table.get_row_at(i)]
            names.append(row[1].split("\n"))
            money += row[-1].split("\n")
        # a break inside a word would put a space into the name ("Weißenbach-L utz")
        assert sorted(joined(lines) for lines in names) == sorted(TRIAL), names
        assert sum("EUR" in figure for figure in money) == 6, money
        assert sum("GBP" in figure for figure in money) == 6, money
        screen_text = "\n".join(shown)
        for figure in money:  # each figure whole, inside the 80 columns
            assert any(figure in row for row in shown), (figure, screen_text)
        for lines in names:
            for line in lines:
                assert any(line in row for row in shown), (line, screen_text)
        for name in TRIAL:  # each word, and each part of one after a hyphen, whole on screen
            for piece in name.replace("-", "- ").split():
                assert any(piece in row for row in shown), (piece, screen_text)
