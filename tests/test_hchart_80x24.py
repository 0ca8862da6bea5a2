"""An evening of six players with 24-character names at 80×24, in the table's own words: the
chart tells every line apart at every point and labels every row of its axis; columns of the
previews and of the shared text line up in every language; the ledger, the settle-up and the
season show everyone and every figure without scrolling sideways."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.amounts import parse_amount
from scorekeeper.chart import MARKERS, NEAR, chart_rows, legend_rows, line_chart
from scorekeeper.rules import HandRecord, make_config

from .tui_helpers import fixed_store, make_app, open_screen, shown_rows

LONG = ["Eleonore Weißenbach-Ost1", "Friedrich Hohenzollern-2", "Maximiliane Schwarzkopf3",
        "Bartholomäus Regenbogen4", "Konstantin Lichtenberg-5", "Wilhelmine Sonnenschein6"]
E, F, M, B, K, W = LONG
# Kratzen, Eleonore deals first: a Muss, then five normal hands (worked by the referee:
# the standings after hand 6 are 186¾, 82¾, 17¾, -232, -433½, -803¾).
HANDS = [HandRecord(indicator=("KC",), tricks=(F, F, M, B)),
         HandRecord(indicator=("9C",), entered=(M, B), tricks=(M, M, F, B)),
         HandRecord(indicator=("AH",), entered=(B, K, W, E), tricks=(B, K, W, E)),
         HandRecord(indicator=("10S",), entered=(K, E), tricks=(K, K, B, E)),
         HandRecord(indicator=("8D",), entered=(W,), tricks=(K, W, W, W)),
         HandRecord(indicator=("QH",), entered=(E, F, M), tricks=(E, F, M, W))]
# Each player's score before the first hand and after each (``export.pages.score_series``).
SERIES = {name: [Decimal(v) for v in values] for name, values in {
    E: ["0", "-16", "-16", "2.25", "39", "39", "186.75"],
    F: ["0", "-1", "-65", "-65", "-65", "-65", "82.75"],
    M: ["0", "-1", "17", "-130", "-130", "-130", "17.75"],
    B: ["0", "-1", "8", "26.25", "-232", "-232", "-232"],
    K: ["0", "-8", "-8", "10.25", "83.75", "-433.5", "-433.5"],
    W: ["0", "-8", "-8", "10.25", "10.25", "231.5", "-803.75"]}.items()}


def long_evening(home):
    return fixed_store(home).create(make_config("kratzen", LONG, E), HANDS)


def text(rows) -> list[str]:
    return ["".join(cell.char for cell in row) for row in rows]


# ---- the chart --------------------------------------------------------------------------------

@pytest.mark.parametrize("height", [8, 10, 14, 24])
@pytest.mark.parametrize("width", [40, 78])
def test_every_players_symbol_is_on_the_chart_and_every_shared_point_is_explained(width,
                                                                                   height):
    """Six players start at 0 and meet again: where they stand together their symbols stand
    side by side, or a letter does that the legend spells out; no point reads "several" (a
    "*" took ■ off the chart at 80×24: Friedrich always stood with someone)."""
    chart = line_chart(SERIES, width, height)
    plot = text(chart.rows[:-2])
    drawn = "".join(plot)
    for line, symbol in enumerate(MARKERS):
        own = [cell for row in chart.rows for cell in row if cell.char == symbol]
        assert own and all(cell.line == line for cell in own), (symbol, plot)
    assert "*" not in drawn
    letters = {point.letter: point.lines for point in chart.shared}
    for row in chart.rows[:-2]:
        for cell in row[7:]:
            if cell.char.isalpha():
                assert cell.char in letters, (cell.char, plot)
    key = "\n".join(text(legend_rows(chart, width)))
    for letter, lines in letters.items():
        assert f"{letter} = " + "".join(MARKERS[line] for line in lines) in key, key


@pytest.mark.parametrize("height", [5, 8, 12, 24])
def test_every_row_of_the_axis_says_its_score_top_to_bottom(height):
    """Every row of the plot has a label, and they go down from the top in even steps, the
    top row's range (half a step either side) holding 231½ and the bottom's -803¾: at 80×24
    the rows between 0 and -232 and between -433½ and -803¾ were bare."""
    rows = text(line_chart(SERIES, 78, height).rows[:-2])
    labels = [row.split("┤")[0].strip() if "┤" in row[:8] else "" for row in rows]
    assert all(labels), rows
    scores = [parse_amount(label.removeprefix(NEAR)) for label in labels]
    steps = {high - low for high, low in zip(scores, scores[1:], strict=False)}
    assert len(steps) == 1 and next(iter(steps)) > 0, labels
    half = next(iter(steps)) / 2
    assert scores[0] - half <= Decimal("231.5") < scores[0] + half, labels
    assert scores[-1] - half <= Decimal("-803.75") < scores[-1] + half, labels


def test_a_row_says_its_one_score_and_near_where_its_points_differ():
    """At most 9 rows from 231½ to -803¾: steps of 100 need 200 … -800, 11 rows; steps of
    200 need 6. Ben's -232 and Max's -130 are in the row of -200 ([-300, -100)), which says
    "≈-200", not a score of either; Eleonore's 39 and Konstantin's 83¾ are in the row of 0,
    "≈0"; nothing stands in [-700, -500), which says "-600"."""
    rows = text(line_chart(SERIES, 78, 11).rows[:-2])
    assert [row.split("┤")[0].strip() for row in rows] == [
        "≈200", "≈0", "≈-200", "≈-400", "-600", "≈-800"], rows


@pytest.mark.parametrize("width", [24, 40, 80])
def test_the_legend_gives_every_whole_name_with_its_symbol(width):
    """Whole names, each after its own symbol; a name longer than the row is folded onto the
    next row, never cut."""
    rows = text(chart_rows(SERIES, width, 30))
    assert all(len(row) <= width for row in rows)
    legend = rows[next(i for i, row in enumerate(rows) if row.startswith("──●──")):]
    joined = "".join(row[6:] if row.startswith("      ") else row for row in legend)
    for symbol, name, last in zip(MARKERS, LONG, ["186¾", "82¾", "17¾", "-232", "-433½",
                                                  "-803¾"], strict=True):
        assert f"──{symbol}── {name} {last}" in joined, legend


async def test_the_standings_at_80x24_show_every_symbol_every_label_and_every_name(tmp_path):
    session = long_evening(tmp_path)
    app = make_app(tmp_path, session.id, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        rows = shown_rows(app)
        shown = "\n".join(rows)
        plot = [row for row in rows if "┤" in row[:8] or row[6:8] == " │"]
        assert len(plot) >= 5 and all("┤" in row[:8] for row in plot), shown
        for symbol, name in zip(MARKERS, LONG, strict=True):
            assert f"──{symbol}── {name}" in shown
            assert any(symbol in row[8:] for row in plot), (symbol, shown)
        assert "*" not in "".join(plot)


# ---- columns of the previews and of the shared text -------------------------------------------

LANGUAGES = ["en", "de", "pt", "es"]
WIDE = ("Ana", "李雷", "[bold]Bernardo Fitzgerald", "😀 Li")


def cells_before(line: str, mark: str) -> int:
    from scorekeeper.cells import cell_width

    return cell_width(line[:line.index(mark)])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["letzter", "kratzen"])
def test_what_each_player_pays_lines_up_in_every_language(language, game):
    """The preview of a hand: in Portuguese "+1 ponto de penalização" is wider than the 16
    columns kept for it, and "agora" stood further right on that row than on the others."""
    from scorekeeper.cells import cell_width
    from scorekeeper.handwords import payment_lines
    from scorekeeper.i18n import speaking
    from scorekeeper.rules import get_ruleset

    ruleset = get_ruleset(game)
    deltas = dict(zip(WIDE, map(Decimal, ["1", "0", "-12", "2"]), strict=True))
    if game == "letzter":
        deltas = dict(zip(WIDE, map(Decimal, ["1", "0", "2", "0"]), strict=True))
    scores = dict(zip(WIDE, map(Decimal, ["3", "-120", "4.25", "17"]), strict=True))
    pot = (Decimal(3), Decimal(15)) if game == "kratzen" else (None, None)
    with speaking(language):
        lines = payment_lines(ruleset, WIDE, deltas, scores, *pot)
        now = _now_word()
    rows = lines[:len(WIDE)]
    assert len({cells_before(row, now) for row in rows}) == 1, rows
    assert len({cell_width(row) for row in rows}) == 1, rows  # the scores end together
    for name, row in zip(WIDE, rows, strict=True):
        assert row.startswith(name + " ")  # literally, markup and all


def _now_word() -> str:
    from scorekeeper.i18n import _

    return _("now {score}").split("{")[0].strip()


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_amendments_scores_before_and_after_line_up(language):
    from scorekeeper.cells import cell_width
    from scorekeeper.handwords import amendment_lines
    from scorekeeper.i18n import speaking

    before = dict(zip(WIDE, map(Decimal, ["1", "0", "-12", "2"]), strict=True))
    after = dict(zip(WIDE, map(Decimal, ["3", "-120", "4.25", "2"]), strict=True))
    changes = {p: after[p] - before[p] for p in WIDE}
    with speaking(language):
        lines = amendment_lines(WIDE, before, after, changes, Decimal(3), Decimal(160))
    assert len({cells_before(line, "->") for line in lines}) == 1, lines
    assert len({cell_width(line.split("  (")[0]) for line in lines}) == 1, lines
    assert [line.split(":")[0] for line in lines[:4]] == list(WIDE)


def test_the_shared_texts_standings_line_up():
    """The night shared as text: the scores one above the other (names typed as they are)."""
    from scorekeeper.cells import cell_width
    from scorekeeper.presentation import ranked_lines

    lines = ranked_lines([(1, "Ben", "14¼", "winner"), (2, "李雷", "6½", ""),
                          (3, "[bold]Dora", "-27¾", ""), (10, "😀 Li", "-45", "")])
    assert [line.split("  ")[0].strip() for line in lines] == [
        "1. Ben", "2. 李雷", "3. [bold]Dora", "10. 😀 Li"]
    ends = {cell_width(line.split("  (")[0]) for line in lines}
    assert len(ends) == 1, lines


# ---- the ledger ---------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(80, 24), (130, 40)])
@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_ledger_shows_who_pays_whom_the_amount_and_the_whole_reason(tmp_path, size,
                                                                               language):
    """At 80 columns the reason began past the edge (it scrolled sideways, "Muss-Einsa"):
    now the names and the reason fold onto more lines of a row, and the hand, both names,
    the amount and the reason are in view whole; at 130 every column, the dealer's too."""
    from rich.text import Text
    from textual.widgets import DataTable

    from scorekeeper.cells import cell_width
    from scorekeeper.tui.screens.ledger import LedgerScreen

    session = long_evening(tmp_path)
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=size) as pilot:
        await open_screen(pilot, "ctrl+l")
        assert isinstance(app.screen, LedgerScreen)
        table = app.screen.query_one("#transfers", DataTable)
        columns = list(table.columns.values())
        shown = sum(column.get_render_width(table) for column in columns[:5])
        assert shown <= table.scrollable_content_region.width, (shown, size)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        reasons = [row[4].plain for row in rows if isinstance(row[4], Text)]
        assert len(reasons) == table.row_count > 30
        reason = columns[4].content_width if columns[4].auto_width else columns[4].width
        names = columns[1].content_width if columns[1].auto_width else columns[1].width
        if size[0] >= 130:
            # every column in view, the dealer's too (trial 27: "Eleonor" at the edge); the
            # names fold between words, the reason gets what is left (up to its widest)
            every = sum(column.get_render_width(table) for column in columns)
            assert every <= table.scrollable_content_region.width, (every, size)
            assert names >= max(cell_width(word) for name in LONG for word in name.split())
            # the reason folds between its words, never cut (the dealer's name whole beside
            # it comes first at 130 since trial 30)
            assert reason >= max(cell_width(word) for text in reasons for word in text.split())
        else:
            # each reason folds onto the row's lines: as many as its words need, never cut
            for i, words in enumerate(reasons):
                lines = Text(words).wrap(app.console, reason)
                assert table.rows[table.coordinate_to_cell_key((i, 0)).row_key].height >= len(
                    lines), words


# ---- the season ---------------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_season_at_80x24_shows_everyone_whole_and_its_title_in_one_line(tmp_path,
                                                                                   language):
    """The title took two lines and the table scrolled sideways ("More columns to the
    right"): now every column is in view, each name whole, the title one line."""
    from textual.widgets import DataTable, Static

    from scorekeeper.tui.screens.season import SeasonScreen

    long_evening(tmp_path)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, "t")
        assert isinstance(app.screen, SeasonScreen)
        assert app.screen.query_one("#season-title", Static).size.height == 1
        table = app.screen.query_one("#season-table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert not app.screen.query_one("#season-wide").display
        rows = [" ".join(row.split()) for row in shown_rows(app)]
        shown = "\n".join(rows)
        for rank, (name, net) in enumerate(zip(LONG, ["+186¾", "+82¾", "+17¾", "-232",
                                                      "-433½", "-803¾"], strict=True), 1):
            assert any(row.startswith(f"{rank} {name} 1 6 ") and net in row
                       for row in rows), shown


# ---- the settle-up ------------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_settle_up_at_80x24_shows_everyone_and_no_line_of_it_wraps(tmp_path,
                                                                              language):
    """At a value of 0.10 EUR a chip: the title kept its digest whole ("Prüfsumme 03bc03ea"
    was cut), the keys took one line (not two), and the names in the money table had 12
    columns ("Eleonore Wei…"): now the labels of the figures take two lines and the names
    have the room (whole in pt and es; in de the cents rule is wide)."""
    from textual.widgets import Static

    from scorekeeper.tui.screens.settle import SettleUpScreen

    session = long_evening(tmp_path)
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+u")
        await pilot.pause()
        await pilot.press("0", "." if language == "en" else "comma", "1", "enter", "E", "U",
                          "R")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SettleUpScreen)
        rows = shown_rows(app)
        shown = "\n".join(rows)
        assert session.digest in rows[0], shown
        for selector in ("#settle-top", "#settle-keys"):
            static = app.screen.query_one(selector, Static)
            assert static.size.height == 1
            assert len(static.render().wrap(static.size.width)) == 1, selector
        for name in LONG:
            whole = language in ("pt", "es")
            assert any(row.startswith(name if whole else name[:20]) for row in rows), shown
        assert "EUR" in shown


async def test_the_seasons_title_fits_again_after_the_terminal_narrows(tmp_path):
    """Opened at 130 columns (the long title fits), then narrowed to 80: one line still."""
    from textual.widgets import Static

    long_evening(tmp_path)
    app = make_app(tmp_path, language="pt")
    async with app.run_test(size=(130, 40)) as pilot:
        await open_screen(pilot, "t")
        title = app.screen.query_one("#season-title", Static)
        assert title.size.height == 1 and "abaixo" in str(title.render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert title.size.height == 1, str(title.render())


def test_with_more_hands_than_columns_every_symbol_is_still_there():
    """200 hands in 30 columns, two players level all evening: the last hand keeps the room
    for its symbols side by side, so each player's own symbol is on the chart."""
    series = {name: [Decimal(0)] for name in LONG}
    for hand in range(200):
        for seat, name in enumerate(LONG[:5]):
            series[name].append(series[name][-1] + (hand * (seat + 3)) % 7 - 3)
    series[LONG[5]] = list(series[LONG[4]])
    rows = line_chart(series, 40, 12).rows
    for line, symbol in enumerate(MARKERS):
        assert any(cell.char == symbol and cell.line == line for row in rows for cell in row)
