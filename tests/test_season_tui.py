"""The season screen, driven with Pilot: opened from the home screen (``s``), a table per game
(``g`` shows the next), the running totals as a chart, names shown literally, the look-alike
names and the damaged files said, a session changed meanwhile read again (``r``)."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.script import replay_file
from scorekeeper.tui.charts import ScoreChart
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.season import SeasonScreen

from .conftest import EXAMPLES
from .tui_helpers import fixed_store, make_app


def saved(tmp_path, name: str) -> str:
    ledger = replay_file(EXAMPLES / f"{name}.toml")
    return fixed_store(tmp_path).create(ledger.config,
                                        [s.record for s in ledger.settlements]).id


def rows(screen) -> list[list[str]]:
    table = screen.query_one("#season-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def open_season(pilot) -> SeasonScreen:
    assert isinstance(pilot.app.screen, HomeScreen)
    await pilot.press("t")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SeasonScreen)
    return screen


async def test_the_season_from_the_home_screen(tmp_path):
    """Two worked Kratzen evenings (Ben +14¼, Dora +6½, Cleo -27¾, Anna -45 each) and the
    worked Letzter Stich match (results Dora +1, Anna 0, Ben -1, Cleo -2)."""
    for name in ("kratzen", "kratzen", "letzter-stich"):
        saved(tmp_path, name)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_season(pilot)
        assert "Letzter Stich, 1 evening, net in chips" in text(screen, "#season-title")
        assert [r[1] for r in rows(screen)] == ["Dora", "Anna", "Ben", "Cleo"]
        await pilot.press("g")
        await pilot.pause()
        assert "Kratzen, 2 evenings" in text(screen, "#season-title")
        assert rows(screen) == [  # (no settle-up had a value: no money column)
            ["1", "Ben", "2", "8", "2", "+28½", "+14¼"],
            ["2", "Dora", "2", "8", "0", "+13", "+6½"],
            ["3", "Cleo", "2", "8", "0", "-55½", "-27¾"],
            ["4", "Anna", "2", "8", "0", "-90", "-45"]]
        chart = screen.query_one("#season-chart", ScoreChart)
        assert [str(v) for v in chart.series["Cleo"]] == ["0", "-27.75", "-55.50"]
        await pilot.press("g")
        await pilot.pause()
        assert "Letzter Stich" in text(screen, "#season-title")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_names_are_literal_and_the_questions_are_said(tmp_path):
    store = fixed_store(tmp_path)
    for names in (["[red]x", "Anna", "Ben"], ["Änna", "Ben", "Cleo"]):
        config = make_config("kratzen", names, names[0])
        store.create(config, [HandRecord(indicator=("KC",), tricks=(names[1],) * 4)])
    damaged = store.resolve(saved(tmp_path, "letzter"))
    damaged.write_text(damaged.read_text("utf-8").replace('"Ben"', '"Bea"', 1), "utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_season(pilot)
        assert "[red]x" in [r[1] for r in rows(screen)]
        notes = text(screen, "#season-notes")
        assert "Anna / Änna" in notes
        assert f"left out: sessions/{damaged.name}: damaged" in notes


async def test_a_session_recorded_meanwhile_is_read_again(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_season(pilot)
        assert "no evening with a hand played yet" in text(screen, "#season-title")
        saved(tmp_path, "kratzen")  # another terminal
        await pilot.press("r")
        await pilot.pause()
        assert [r[1] for r in rows(screen)] == ["Ben", "Dora", "Cleo", "Anna"]


SIX_LONG = ["Anneliese-Marie Schulzen", "Bartholomew Ng-Okaforia", "Cleopatra Vanderslooten",
            "Dorothea Fitzgerald-Ode", "Eberhard von Hohenstein", "Friederike Wallenstein"]


async def test_a_season_table_wider_than_the_screen_says_so(tmp_path):
    """Six long names at 80x24 pushed the money past the screen's edge; now the labels take
    two lines and the names fold between words, so every column is in view and no line says
    that more are to the right; at 120 columns with short names there is none either."""
    from decimal import Decimal

    store = fixed_store(tmp_path / "long")
    session = store.create(make_config("kratzen", SIX_LONG, SIX_LONG[0]),
                           [HandRecord(indicator=("KC",), tricks=(SIX_LONG[0],) * 4)]).id
    store.settle_up(session, Decimal("0.05"), "EUR")  # the money column too
    short = fixed_store(tmp_path / "short")
    short.create(make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna"),
                 [HandRecord(indicator=("KC",), tricks=("Anna",) * 4)])
    for home, size, wide in ((tmp_path / "long", (80, 24), False),
                             (tmp_path / "short", (120, 40), False)):
        app = make_app(home)
        async with app.run_test(size=size) as pilot:
            screen = await open_season(pilot)
            await pilot.pause()
            await pilot.pause()
            hint = screen.query_one("#season-wide", Static)
            assert hint.display is wide
            assert "More columns to the right" in str(hint.render())
            table = screen.query_one("#season-table", DataTable)
            assert table.virtual_size.width <= table.scrollable_content_region.width
            names = " ".join(" ".join(str(table.get_row_at(i)[1]).replace("-\n", "-").split())
                             for i in range(table.row_count))
            assert all(name in names for name in SIX_LONG) or home.name == "short"
