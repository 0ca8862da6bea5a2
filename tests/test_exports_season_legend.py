"""The season at 80x24 with six players (trial 28, pten 1): the chart's legend showed the
first two of six names and the screen could not scroll (Down, End, Tab, PageDown changed
nothing), so four of the six symbols named nobody. Now the screen scrolls, the chart keeps the
room its whole legend needs, and every line's name can be brought into view with the keys.
And (pten 9) the English chart's bottom axis had no "evening" under the scores' labels, where
the Portuguese said "noite": the word has its room in every language."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.chart import chart_rows
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.season import SeasonScreen

from .tui_helpers import fixed_store, make_app, open_screen, shown_rows

TRIAL = ["Eleonore Weißenbach-Lutz", "Bartholomäus Grünwald-Ek", "Friederike Schönberg-Alt",
         "Maximilian Oberhuber-Kal", "Konstantin Überreiter-Da", "Annemarie Zöllner-Brandt"]
SYMBOLS = ("●", "■", "▲", "◆", "▼", "★")  # chart.MARKERS, one per line in seating order


def two_evenings(home) -> None:
    """Two Kratzen evenings of the six, a hand each (Bartholomäus takes every trick), settled
    up in money (the season's money column: the names fold to two rows, as in the trial)."""
    store = fixed_store(home)
    for currency in ("EUR", "GBP"):
        session = store.create(make_config("kratzen", TRIAL, TRIAL[0]),
                               [HandRecord(indicator=("KC",), tricks=(TRIAL[1],) * 4)]).id
        store.settle_up(session, Decimal("10"), currency)


def legend_seen(rows: list[str]) -> dict[str, str]:
    """Each symbol the legend shows on screen (``──●── Name…``) and the row's text after it."""
    seen = {}
    for row in rows:
        for symbol in SYMBOLS:
            lead = f"──{symbol}── "
            if lead in row:
                seen[symbol] = row.split(lead, 1)[1]
    return seen


@pytest.mark.parametrize("language", ["pt", "en"])
async def test_every_line_of_the_season_chart_is_named_at_80x24(tmp_path, language):
    two_evenings(tmp_path)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, "t", SeasonScreen)
        await pilot.pause()
        if language == "en":  # the title names the keys while the screen scrolls
            assert shown_rows(app)[0].rstrip().endswith("↑ ↓: scroll"), shown_rows(app)[0]
        seen = legend_seen(shown_rows(app))
        for _press in range(12):  # the keys a reader tries: each brings more into view
            await pilot.press("pagedown")
            await pilot.pause()
            seen |= legend_seen(shown_rows(app))
        assert sorted(seen) == sorted(SYMBOLS), seen
        # each symbol names one player, every player once (a name longer than its row folds:
        # it starts there)
        assert sorted(text.split(" ")[0] for text in seen.values()) == sorted(
            name.split(" ")[0] for name in TRIAL), seen
        await pilot.press("home")
        await pilot.pause()
        assert any("Kratzen" in row for row in shown_rows(app)[:2])  # back at the top


@pytest.mark.parametrize("word", ["evening", "noite", "Abend", "noche"])
def test_the_season_chart_says_what_its_bottom_axis_counts(word):
    """The scores' labels here are 2 or 3 columns wide (``50``, ``-50``), narrower than the
    word: it was left out when wider than the labels (English "evening"), and is said now."""
    series = {"Anna": [0, 50, -50], "Ben": [0, -50, 50]}
    rows = chart_rows({k: [Decimal(v) for v in vs] for k, vs in series.items()}, 60, 12, word)
    text = ["".join(cell.char for cell in row) for row in rows]
    axis = next(i for i, row in enumerate(text) if "└" in row)
    assert word in text[axis + 1], text
    numbers = text[axis + 1]
    ticks = [i for i, char in enumerate(text[axis]) if char == "┬"]
    assert [numbers[i] for i in ticks] == ["0", "1", "2"], text  # each number under its tick
