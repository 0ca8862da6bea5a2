"""The standings chart of a game of whole chips (issue 26, trial 30 report-pten 7, en-130x40/03):
English Letzter Stich at 130x40 drew rows of 2¾, 2½ and 2¼ between 3 and 2 (a score nobody
can hold), and its bottom axis had no word where the Portuguese one said "mão". Now a row
stands for a whole score where every score is whole, the axis's word has its room under the
scores' labels in every language, and Kratzen's quarters keep their rows."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.chart import chart_rows, grain, line_chart
from scorekeeper.i18n import _, speaking
from scorekeeper.script import replay_file
from scorekeeper.tui.charts import ScoreChart
from scorekeeper.tui.screens.ledger import StandingsScreen

from .conftest import EXAMPLES
from .tui_helpers import fixed_store, make_app, settled

D = Decimal
# The worked Letzter Stich match (examples/letzter-stich.toml, 2 chips each): the trial's
# English evening, chip for chip.
MATCH = {"Anna": [D(2), D(2), D(2), D(2), D(2)], "Ben": [D(2), D(2), D(2), D(1), D(1)],
         "Cleo": [D(2), D(1), D(1), D(1), D(0)], "Dora": [D(2), D(2), D(3), D(3), D(3)]}


def text(rows) -> list[str]:
    return ["".join(cell.char for cell in row) for row in rows]


def labels(rows: list[str]) -> list[str]:
    return [row.split("┤")[0].strip() for row in rows if "┤" in row]


def test_the_grain_of_the_scores():
    assert grain([D(0), D(3), D(-12)]) == 1
    assert grain([D(0), D("1.5"), D(-12)]) == D("0.5")
    assert grain([D(0), D("1.5"), D("-0.75")]) == D("0.25")


@pytest.mark.parametrize("height", [8, 14, 20, 30])
def test_whole_chips_have_rows_of_whole_scores_only(height):
    """0 to 3 in up to 28 rows: a row a chip (3, 2, 1, 0), not 13 rows of quarters."""
    rows = text(line_chart(MATCH, 128, height).rows)
    shown = labels(rows)
    assert all("¼" not in label and "½" not in label and "¾" not in label
               for label in shown), rows
    if height >= 6:
        assert shown == ["3", "2", "1", "0"], rows


def test_kratzen_keeps_its_quarters():
    """Kratzen's P/4 makes quarters: from 1¼ down to -½ in 10 rows, a row a quarter, as
    before (each point in the row of its own score)."""
    series = {"Anna": [D(0), D("1.25"), D("0.75")], "Ben": [D(0), D("-0.5"), D("-0.25")],
              "Cleo": [D(0), D("-0.75"), D("-0.5")]}
    shown = labels(text(line_chart(series, 60, 12).rows))
    assert shown == ["1¼", "1", "¾", "½", "¼", "0", "-¼", "-½", "-¾"]


def test_halves_have_no_quarter_rows():
    series = {"Anna": [D(0), D("1.5")], "Ben": [D(0), D("-1")]}
    # (before: 11 rows of quarters, 1¼ and ¾ … rows no score can be in)
    assert labels(text(line_chart(series, 60, 14).rows)) == ["1½", "1", "½", "0", "-½", "-1"]


def test_a_game_of_whole_chips_said_has_no_half_rows_either():
    """0 to 15 in at most 7 rows: steps of 2½ fit (15, 12½ … 0; Ben's 4 in the row of 5,
    [3¾, 6¼)); told that the game's scores are whole (``unit``), the axis takes steps of 5
    (15, 10, 5, 0: steps of 2 need 16 … 0, 9 rows)."""
    series = {"Anna": [D(0), D(15)], "Ben": [D(0), D(4)]}
    assert labels(text(line_chart(series, 60, 9).rows)) == [
        "15", "12½", "10", "7½", "≈5", "2½", "0"]
    assert labels(text(line_chart(series, 60, 9, unit=D(1)).rows)) == ["15", "10", "≈5", "0"]
    assert labels(text(chart_rows(series, 60, 11, unit=D(1)))) == ["15", "10", "≈5", "0"]


@pytest.mark.parametrize("language", ["en", "de", "pt", "es"])
def test_the_bottom_axis_says_what_it_counts_in_every_language(language):
    """Beside labels a character wide ("3"), English "hand" and German "Spiel" were left out
    where "mão" fitted: the word now has its room, before the 0."""
    with speaking(language):
        word = _("hand")
        rows = text(chart_rows(MATCH, 128, 20))
    bottom = next(row for row in rows if row.rstrip().endswith("4"))
    assert bottom.split()[:2] == [word, "0"], rows


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_the_standings_chart_at_130x40(tmp_path, language):
    """The trial's screen: Letzter Stich's standings (ctrl+t) at 130x40."""
    ledger = replay_file(EXAMPLES / "letzter-stich.toml")
    session = fixed_store(tmp_path).create(ledger.config, [s.record for s in ledger.settlements])
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(130, 40)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+t")
        await settled(pilot)
        assert isinstance(app.screen, StandingsScreen)
        drawn = app.screen.query_one(ScoreChart).render().plain.split("\n")
        with speaking(language):
            word = _("hand")
    assert labels(drawn) == ["3", "2", "1", "0"], drawn
    assert any(row.split()[:2] == [word, "0"] for row in drawn), drawn
