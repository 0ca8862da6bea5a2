"""The figures readable across the table: large figures with quarter glyphs in the seats (3 to
6 players) and on the scoreboard, the read-only scoreboard (the table's ctrl+g, and the app
`scorekeeper serve` runs for each browser), and the standings' line chart.

The expected amounts are worked out by hand from docs/rules.md (Kratzen, step 6):

- four players: the worked session of docs/rules.md (Anna -45, Ben +14¼, Cleo -27¾,
  Dora +6½, pot 52);
- six players, "[red]x" dealing first: hand 1, K♣ on an empty pot, a Muss: P = 2 + 5 × 1 = 7;
  tricks Ben, Cleo, Dora, Emil; the dealer took none of the 2 she needed and pays 2P = 14,
  Fritzi none of his 1 and pays P = 7: "[red]x" -16, Fritzi -8, everyone else -1, pot 28.
  Hand 2, Ben deals (pays 1: P = 29) with A♥ turned, only Cleo plays; tricks Ben, Ben, Cleo,
  Ben, each paying P/4 = 7¼: Ben +20¾ (now 19¾), Cleo +7¼ (now 6¼), pot 0.
"""

from __future__ import annotations

from functools import partial

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal

from scorekeeper.chart import line_chart
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.script import replay_file
from scorekeeper.tui.bigfigures import BigFigure, big_rows
from scorekeeper.tui.charts import ScoreChart
from scorekeeper.tui.screens.ledger import StandingsScreen
from scorekeeper.tui.screens.scoreboard import PlayerCard, ScoreboardApp, ScoreboardScreen
from scorekeeper.tui.screens.table import TableScreen
from scorekeeper.tui.widgets import SeatPanel

from .conftest import EXAMPLES
from .tui_helpers import fixed_store, make_app

BEN = "Bartholomew Fitzgerald-X"  # 24 characters, the longest name allowed
SIX = ["[red]x", BEN, "Cleo", "Dora", "Emil", "Fritzi"]
SIX_HANDS = [HandRecord(indicator=("KC",), tricks=(BEN, "Cleo", "Dora", "Emil")),
             HandRecord(indicator=("AH",), entered=("Cleo",), tricks=(BEN, BEN, "Cleo", BEN))]
SIX_AFTER_TWO = {"[red]x": "-16", BEN: "19¾", "Cleo": "6¼", "Dora": "-1", "Emil": "-1",
                 "Fritzi": "-8"}


def six_players(home):
    return fixed_store(home).create(make_config("kratzen", SIX, SIX[0]), SIX_HANDS)


def worked_session(home):
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    return fixed_store(home).create(ledger.config, [s.record for s in ledger.settlements])


def three_players(home):
    return fixed_store(home).create(make_config("letzter-stich", ["Anna", "Ben", "Cleo"], "Anna"))


# ---- the large figures ------------------------------------------------------------------------

def test_quarters_are_stacked_fractions_beside_large_digits():
    assert big_rows("19¾") == ("╱┃ ┏━┓ 3",
                               " ┃ ┗━┫ ━",
                               "╺┻╸╺━┛ 4")
    assert big_rows("-176¼") == ("   ╱┃ ╺━┓┏━╸ 1",
                                 "╺━╸ ┃   ┃┣━┓ ━",
                                 "   ╺┻╸  ╹┗━┛ 4")
    assert big_rows("½") == (" 1", " ━", " 2")


def test_what_has_no_large_glyph_is_not_drawn_large():
    assert big_rows("14.25") is None  # the app writes 14¼; a decimal point is never drawn
    assert big_rows("") is None


class OneFigure(App[None]):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def compose(self) -> ComposeResult:
        with Horizontal():
            figure = BigFigure("-176¼", "balance")
            figure.styles.width = self.width
            yield figure


@pytest.mark.parametrize("width, large", [(14, True), (13, False), (6, False)])
async def test_a_figure_too_wide_for_its_place_is_written_whole(width, large):
    app = OneFigure(width)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        figure = app.query_one(BigFigure)
        assert figure.is_large is large
        shown = figure.render().plain  # type: ignore[union-attr]
        if large:
            assert shown == "\n".join(big_rows("-176¼") or ())
        else:  # ordinary text, the whole value: wrapped if it must be, never cut
            assert shown == "-176¼ balance"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("make, expected", [
    (three_players, {"Anna": "5", "Ben": "5", "Cleo": "5"}),
    (worked_session, {"Anna": "-45", "Ben": "14¼", "Cleo": "-27¾", "Dora": "6½"}),
    (six_players, SIX_AFTER_TWO),
])
async def test_every_seat_shows_its_figure_large_with_quarter_glyphs(tmp_path, size, make,
                                                                      expected):
    session = make(tmp_path)
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        shown = {}
        for panel in app.screen.query(SeatPanel):
            assert panel.figure_rows() == 3, (panel.player, panel.content_size)
            shown[panel.player] = panel.figure
            rows = panel.render().plain.split("\n")
            assert tuple(rows[1:4]) == big_rows(expected[panel.player]), (panel.player, rows)
        assert shown == expected


# ---- the scoreboard -----------------------------------------------------------------------------

def card_texts(screen: ScoreboardScreen) -> list[tuple[str, str, str]]:
    """Each card, in the order shown: (name as rendered, the figure, the marks)."""
    out = []
    for card in screen.query(PlayerCard):
        name = str(card.query_one(".card-name").render())
        marks = str(card.query_one(".card-marks").render())
        out.append((name, card.query_one(BigFigure).figure, marks))
    return out


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_ctrl_g_opens_the_scoreboard_and_escape_goes_back(tmp_path, size):
    session = six_players(tmp_path)
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, ScoreboardScreen)
        # The standings, best first (Dora before Emil: equal, in seating order).
        assert card_texts(board) == [
            (BEN, "19¾", "seat 2 LEADING"), ("Cleo", "6¼", "seat 3 DEALS"),
            ("Dora", "-1", "seat 4"), ("Emil", "-1", "seat 5"), ("Fritzi", "-8", "seat 6"),
            ("[red]x", "-16", "seat 1")]
        for card in board.query(PlayerCard):
            figure = card.query_one(BigFigure)
            assert figure.is_large, card.player
        assert board.query_one("#board-pot-figure", BigFigure).figure == "0"
        assert str(board.query_one("#board-last").render()) == (
            f"Last hand (2, {BEN} dealt, normal): [red]x ±0, {BEN} +20¾, Cleo +7¼, Dora ±0, "
            "Emil ±0, Fritzi ±0")  # every player, ±0 where nothing changed (issue 26)
        assert str(board.query_one("#board-next").render()) == "Hand 3: Cleo deals."
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_scoreboard_app_cannot_record(tmp_path):
    session = six_players(tmp_path)
    store = fixed_store(tmp_path)
    before = session.path.read_bytes()
    app = ScoreboardApp(partial(store.open, session.id), watch_interval=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, ScoreboardScreen)
        # Every key that records, withdraws, amends or counts at the table, and then some.
        await pilot.press("k", "c", "p", "d", "2", "2", "3", "2", "enter", "enter", "ctrl+z",
                          "y", "enter", "ctrl+e", "1", "enter", "ctrl+k", "1", "enter",
                          "ctrl+s", "ctrl+l", "ctrl+t", "ctrl+x", "ctrl+p", "escape",
                          "backspace", "f1")
        await pilot.pause()
        assert app.screen is board and app.is_running
        # Its keys quit, close, scroll and move the focus; none of them touches a session.
        actions = {active.binding.action.split(".")[-1]
                   for active in board.active_bindings.values()}
        harmless = {"quit", "help_quit", "close", "focus_next", "focus_previous", "copy_text",
                    "toggle_qr"}  # shows the address as a QR code, or hides it
        assert {a for a in actions if not a.startswith(("scroll_", "page_"))} <= harmless
        assert not board.check_action("close", ())  # nothing under it to go back to
    assert session.path.read_bytes() == before
    assert not hasattr(app, "store")


async def test_the_scoreboard_follows_hands_recorded_elsewhere(tmp_path):
    session = six_players(tmp_path)
    store = fixed_store(tmp_path)
    app = ScoreboardApp(partial(store.open, session.id), watch_interval=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, ScoreboardScreen)
        # Hand 3 from another terminal: Cleo deals a Muss on the empty pot, P = 2 + 5 = 7;
        # Cleo takes her 2 tricks, Dora and Emil one each; "[red]x", Ben and Fritzi pay P.
        store.record(session.id, HandRecord(indicator=("KC",),
                                            tricks=("Cleo", "Cleo", "Dora", "Emil")))
        for _ in range(40):
            await pilot.pause(0.05)
            if board.query_one("#board-pot-figure", BigFigure).figure != "0":
                break
        assert board.query_one("#board-pot-figure", BigFigure).figure == "28"
        assert card_texts(board)[0] == (BEN, "11¾", "seat 2 LEADING")
        assert str(board.query_one("#board-next").render()) == "Hand 4: Dora deals."
        # The file damaged meanwhile: said on the board, the last standings kept.
        session.path.write_text("{", encoding="utf-8")
        for _ in range(40):
            await pilot.pause(0.05)
            if board.problem:
                break
        assert "cannot be read now" in str(board.query_one("#board-problem").render())
        assert card_texts(board)[0] == (BEN, "11¾", "seat 2 LEADING")


# ---- the line chart -----------------------------------------------------------------------------

def chart_text(chart) -> list[str]:
    return ["".join(cell.char for cell in row) for row in chart.rows]


def test_the_chart_draws_one_line_per_player_joined_where_they_meet():
    from decimal import Decimal

    # Anna and Ben start at 0; after hand 1 Anna has 1 and Ben -1.
    chart = line_chart({"Anna": [Decimal(0), Decimal(1)], "Ben": [Decimal(0), Decimal(-1)]},
                       width=12, height=5)
    assert chart_text(chart) == [  # the axis's word, "hand", under the scores' labels
        "  1 ┤   ╭──●",
        "  0 ┤●■─┤   ",
        " -1 ┤   ╰──■",
        "    └┬─────┬",
        "hand 0     1",
    ]
    # Anna's line and point are hers, Ben's his; at the shared start their symbols stand
    # side by side, each in its own line's colour.
    top, middle, bottom = chart.rows[:3]
    assert {cell.line for cell in top[8:]} == {0}
    assert {cell.line for cell in bottom[8:]} == {1}
    assert [(cell.char, cell.line) for cell in middle[5:7]] == [("●", 0), ("■", 1)]
    assert [(e.marker, e.player, e.last) for e in chart.legend] == [("●", "Anna", "1"),
                                                                    ("■", "Ben", "-1")]


async def test_the_standings_chart_has_a_legend_naming_every_line(tmp_path):
    session = six_players(tmp_path)
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        drawn = app.screen.query_one(ScoreChart).render().plain
        legend = drawn.split("\n")[-4:]
        for marker, name in zip("●■▲◆▼★", SIX, strict=True):
            entry = f"──{marker}── {name} {SIX_AFTER_TWO[name]}"
            assert any(entry in line for line in legend), (entry, legend)
        assert "┤" in drawn and "hand" in drawn
