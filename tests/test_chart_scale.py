"""The chart's axis (trial 27, new defect 2): the rows stand for evenly spaced scores, each
row's label says the score the row stands for, with ``≈`` where a point drawn in it stands at
another score, and a point is drawn in the row whose range holds it (half a step either side;
halfway between two rows, the upper one). Values worked by hand."""

from __future__ import annotations

from decimal import Decimal

from scorekeeper.chart import MARKERS, line_chart


def plot(series: dict[str, list[Decimal]], width: int, height: int) -> list[str]:
    rows = ["".join(cell.char for cell in row) for row in line_chart(series, width, height).rows]
    return rows[:-2]  # the hands' axis not counted


def labels(rows: list[str]) -> list[str]:
    return [row.split("┤")[0].strip() for row in rows]


def last_row(rows: list[str], symbol: str) -> int:
    """The row where the line of ``symbol`` ends (its last hand: the rightmost symbol)."""
    return max(range(len(rows)), key=lambda row: rows[row].rfind(symbol))


# The trial's evening at 80x24 after hand 6 (the chart's 11 rows: at most 9 for the plot):
# 617¼, 287¾, 16½, -285¾, -486¼, -1326½. Steps of 200 need 600 … -1400, 11 rows; steps of
# 250 need 500 … -1250, 8 rows: 500 [375, 625) holds 617¼; 250 holds 287¾; 0 holds 0 and
# 16½; -250 holds -285¾; -500 holds -486¼; -750 and -1000 hold none; -1250 holds -1326½.
TRIAL = {name: [Decimal(0), Decimal(last)] for name, last in
         zip("ABCDEF", ["287.75", "16.5", "-285.75", "-1326.5", "-486.25", "617.25"],
             strict=True)}


def test_the_trials_rows_are_evenly_spaced_and_say_where_their_points_differ():
    rows = plot(TRIAL, 78, 11)
    assert labels(rows) == ["≈500", "≈250", "≈0", "≈-250", "≈-500", "-750", "-1000",
                            "≈-1250"], rows


def test_each_point_is_drawn_in_the_row_whose_range_holds_it():
    rows = plot(TRIAL, 78, 11)
    #                 ●A 287¾  ■B 16½  ▲C -285¾  ◆D -1326½  ▼E -486¼  ★F 617¼
    assert [last_row(rows, symbol) for symbol in MARKERS] == [1, 2, 3, 7, 4, 0], rows
    assert "-149" not in "".join(labels(rows))


def test_a_row_of_exact_points_says_its_score_without_near_and_halfway_goes_up():
    """0, 10, 20 and 0, -10, 5 in at most 5 rows: steps of 5 need 20 … -10, 7 rows; steps
    of 10 need 4: 20, 10, 0, -10. Ben's 5 is halfway between 10 and 0: drawn at 10, which
    then says ≈10; the others are exact."""
    series = {"Anna": [Decimal(0), Decimal(10), Decimal(20)],
              "Ben": [Decimal(0), Decimal(-10), Decimal(5)]}
    rows = plot(series, 40, 7)
    assert labels(rows) == ["20", "≈10", "0", "-10"], rows
    assert last_row(rows, MARKERS[0]) == 0 and last_row(rows, MARKERS[1]) == 1, rows


def test_the_130x40_evening_counts_in_even_steps():
    """The next evening at 130x40 (26 rows for the plot): 588, 294½ twice, -1178 three
    times. Steps of 50 need 600 … -1200, 37 rows; of 100, 19: 600, 500, … -1200; 588 in
    600, 294½ in 300, -1178 in -1200, each with ≈; 0 where all start, exact."""
    series = {name: [Decimal(0), Decimal(last)] for name, last in
              zip("ABCDEF", ["588", "294.5", "294.5", "-1178", "-1178", "-1178"], strict=True)}
    rows = plot(series, 120, 28)
    expected = [str(v) for v in range(600, -1300, -100)]
    expected = ["≈" + v if v in ("600", "300", "-1200") else v for v in expected]
    assert labels(rows) == expected, rows
