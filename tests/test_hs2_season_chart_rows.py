"""Issue 26, trial 31 (report-de.md new 5; t31a/100, 101): the season's chart at 80x24 kept 4
value rows for two Kratzen evenings of large figures, and drew Eleonore (+36590¼) and
Annemarie (-81424¾) in the same "≈0" row. The rows kept were the fewest that use as many
rows, hand by hand, as 16 rows do; but the steps are not multiples of one another: steps of
200000 (4 rows) use as many rows as steps of 50000 (the finest that fits 16) and still put
two players 118015 apart in one. The rows kept now tell apart every two players the plot of
16 rows tells apart."""

from __future__ import annotations

from decimal import Decimal

from scorekeeper.chart import MARKERS, line_chart, rows_to_tell_apart

# The season of trial 31's tester (t31a-home): running totals before, after the first and
# after the second evening (read from it with ``read_season``).
TRIAL31 = {name: [Decimal(0), Decimal(first), Decimal(second)] for name, first, second in (
    ("Maximilian Grünewald-Ost", "-2480.5", "324357"),
    ("Eleonore Weißenbach-Lutz", "-1871", "36590.25"),
    ("Konstantin Wolkenstein-H", "1002", "-76034.25"),
    ("Friederike Adelsberger-K", "-2383.5", "-79470.5"),
    ("Annemarie Löwenthal-Berg", "-4549.5", "-81424.75"),
    ("Bartholomäus Schönberg-A", "-2539.5", "-124368.75"))}


def end_rows(rows: int) -> list[int]:
    """The plot row where each line ends (its rightmost symbol), in a plot of ``rows``."""
    drawn = ["".join(cell.char for cell in row)
             for row in line_chart(TRIAL31, 78, rows + 2, "evening").rows[:-2]]
    return [max(range(len(drawn)), key=lambda r: drawn[r].rfind(symbol)) for symbol in MARKERS]


def test_the_rows_kept_tell_eleonore_and_annemarie_apart():
    """16 rows: steps of 50000 (25000 would take 19 rows), 9 rows from 300000 to -100000;
    after the second evening Maximilian in 300000, Eleonore in 50000 [25000, 75000), the
    other four in -100000 [-125000, -75000). Steps of 100000 (5 rows, 300000 .. -100000)
    put them so too: Eleonore in 0 [-50000, 50000), the four in -100000 [-150000, -50000).
    Steps of 200000 (4 rows) put Eleonore with the four in 0 but Bartholomäus in -200000;
    steps of 250000 (3 rows) put all but Maximilian in 0. After the first evening every
    score is within 5000 of 0: one row in each. So 5 rows (4 before)."""
    rows = rows_to_tell_apart(TRIAL31, 16)
    assert rows == 5
    ends = end_rows(rows)
    eleonore, annemarie = ends[1], ends[4]
    assert eleonore != annemarie
    assert ends == [0, 3, 4, 4, 4, 4]  # 300000; 0; -100000 for the four
    # Every two lines that end apart in the 16-row plot end apart in the one kept.
    finest = end_rows(16)
    for a in range(6):
        for b in range(a + 1, 6):
            if finest[a] != finest[b]:
                assert ends[a] != ends[b], (a, b, ends, finest)
