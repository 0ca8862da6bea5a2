"""The season's chart at 80x24 (issue 26): with six 24-character names, two evenings and money
in two currencies, the table took the rows and the chart kept three value rows ("≈0",
"≈-1000", "≈-2000") next to its whole legend, five of six players in the row of 0. The
screen scrolls, so the chart now keeps the rows of a plot that tells the players apart as
well as 16 rows do, with its legend under it: every player in a row of their own, each in
the row whose range, half a step either side, holds their score. At 130x40 the chart is as
before."""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual.containers import VerticalScroll

from scorekeeper.amounts import parse_amount
from scorekeeper.chart import (
    MARKERS,
    NEAR,
    chart_height,
    chart_rows,
    line_chart,
    rows_to_tell_apart,
    scale,
)
from scorekeeper.rules import make_config
from scorekeeper.tui.screens.season import SeasonScreen

from .test_hchart_80x24 import HANDS, LONG, E
from .tui_helpers import SCROLL_BAR, fixed_store, make_app, open_screen, settled, shown_rows

# The running totals over the two evenings (each the evening of test_hchart_80x24, standings
# 186¾, 82¾, 17¾, -232, -433½, -803¾): before, after the first, after the second.
TOTALS = {name: [Decimal(0), Decimal(first), 2 * Decimal(first)] for name, first in zip(
    LONG, ["186.75", "82.75", "17.75", "-232", "-433.5", "-803.75"], strict=True)}

# At most 16 rows from 373½ down to -1607½: steps of 100 need 400 … -1600, 21 rows; steps
# of 200 need 11: 400 [300, 500) holds 373½; 200 [100, 300) 165½ and 186¾; 0 holds 0, 35½,
# 82¾ and 17¾; -200 holds -232; -400 holds -464 and -433½; -600 none; -800 holds -867 and
# -803¾; -1000, -1200 and -1400 none; -1600 [-1700, -1500) holds -1607½.
LABELS = ["≈400", "≈200", "≈0", "≈-200", "≈-400", "-600", "≈-800", "-1000", "-1200", "-1400",
          "≈-1600"]
LAST_ROWS = [0, 1, 2, 4, 6, 10]  # ● ■ ▲ ◆ ▼ ★: the row where each line ends


def two_evenings(home) -> None:
    """The evening twice, each settled up at 0.10 a chip (in EUR, then in GBP): the money
    column, a currency to a line, makes each player's row of the table two lines high."""
    store = fixed_store(home)
    for currency in ("EUR", "GBP"):
        session = store.create(make_config("kratzen", LONG, E), HANDS).id
        store.settle_up(session, Decimal("0.1"), currency)


def plot_rows(rows: list[str]) -> list[str]:
    return [row for row in rows if "┤" in row[:8]]


def label(row: str) -> str:
    return row.split("┤")[0].strip()


def end_row(rows: list[str], symbol: str) -> int:
    """The row where the line of ``symbol`` ends (its rightmost symbol)."""
    return max(range(len(rows)), key=lambda row: rows[row].rfind(symbol))


# ---- the height kept for the chart ------------------------------------------------------------

@pytest.mark.parametrize("width", [40, 78, 128])
@pytest.mark.parametrize("plot", [3, 8, 16, 30])
def test_the_height_kept_is_the_one_the_chart_then_fills(width, plot):
    """``chart_rows`` in ``chart_height`` rows draws the plot its axis makes of at most
    ``plot`` rows, then the hands' axis and the whole legend: no row left blank, none cut."""
    height = chart_height(TOTALS, width, plot, "evening")
    rows = ["".join(cell.char for cell in row)
            for row in chart_rows(TOTALS, width, height, "evening")]
    assert len(rows) == height, rows
    values = [v for vs in TOTALS.values() for v in vs]
    assert len(plot_rows(rows)) == scale(min(values), max(values), max(3, plot)).rows, rows
    assert rows[-1].strip(), rows  # the legend's last row, not a blank one
    assert LONG[-1].split()[-1] in "".join(rows[-2:]), rows


def test_sixteen_rows_tell_the_two_evenings_apart_by_hand():
    rows = ["".join(cell.char for cell in row)
            for row in line_chart(TOTALS, 78, 16 + 2, "evening").rows[:-2]]
    assert [label(row) for row in rows] == LABELS, rows
    assert [end_row(rows, symbol) for symbol in MARKERS] == LAST_ROWS, rows


def test_the_rows_kept_are_the_fewest_that_tell_the_players_apart():
    """The two evenings: steps of 200 (up to 11..16 rows) put the points after the first in 5
    rows (82¾ and 17¾ in the row of 0) and after the second in 6: 12 with the start. Steps of
    250 (8 rows) put 373½ and 165½ both in the row of 250 [125, 375): 11. So 11 rows.
    One hand (0, then -1, -8, -16): steps of 2 (9 rows, at most 16) put -1, -8 and -16 in
    rows of their own; so do steps of 10 in 3 rows (0, -10, -20): 3 rows, as little room as
    the screen then needs (it did not scroll, and does not now)."""
    assert rows_to_tell_apart(TOTALS, 16) == 11
    one_hand = {name: [Decimal(0), Decimal(last)] for name, last in
                zip(LONG, ["-1", "-1", "-1", "-8", "-8", "-16"], strict=True)}
    assert rows_to_tell_apart(one_hand, 16) == 3
    assert rows_to_tell_apart({"Ana": [Decimal(0), Decimal(0)]}, 16) == 3
    assert rows_to_tell_apart({}, 16) == 3


# ---- on screen ----------------------------------------------------------------------------------

async def test_the_season_at_80x24_tells_every_player_apart_on_its_chart(tmp_path):
    two_evenings(tmp_path)
    app = make_app(tmp_path, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, "t", SeasonScreen)
        await settled(pilot)
        assert "↑ ↓" in str(screen.query_one("#season-title").render())  # it scrolls
        await pilot.press("end")
        await settled(pilot)
        shown = [row.translate(SCROLL_BAR).rstrip() for row in shown_rows(app)]
        screen_text = "\n".join(shown)
        plot = plot_rows(shown)
        # scrolled to the end, the whole plot is in view, every row labelled, with the whole
        # legend under it (the 3 value rows before: "≈0", "≈-1000", "≈-2000")
        assert [label(row) for row in plot] == LABELS, screen_text
        ends = [end_row(plot, symbol) for symbol in MARKERS]
        assert ends == LAST_ROWS, screen_text  # six rows for six players
        for symbol, name, score in zip(MARKERS, LONG, ["373½", "165½", "35½", "-464", "-867",
                                                       "-1607½"], strict=True):
            assert f"──{symbol}── {name} {score}" in screen_text, screen_text
        # each in the row whose range (half a step, 100, either side) holds its score
        for row, score in zip(ends, ["373.5", "165.5", "35.5", "-464", "-867", "-1607.5"],
                              strict=True):
            middle = parse_amount(label(plot[row]).removeprefix(NEAR))
            assert middle - 100 <= Decimal(score) < middle + 100, (row, score, screen_text)


async def test_the_season_at_130x40_keeps_its_chart(tmp_path):
    """The same season at 130x40: the chart takes the rows left under the table (as it did)
    and nothing scrolls: the same 11 rows, the legend in two rows under them."""
    two_evenings(tmp_path)
    app = make_app(tmp_path, language="de")
    async with app.run_test(size=(130, 40)) as pilot:
        screen = await open_screen(pilot, "t", SeasonScreen)
        await settled(pilot)
        assert screen.query_one("#season", VerticalScroll).max_scroll_y == 0
        shown = shown_rows(app)
        plot = plot_rows(shown)
        assert [label(row) for row in plot] == LABELS, "\n".join(shown)
        assert [end_row(plot, symbol) for symbol in MARKERS] == LAST_ROWS
