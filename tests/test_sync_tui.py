"""The home screen's sync key: two laptops, a club repository, an evening changed on both;
synced and resolved from the home screen of one laptop (y, Enter, a digit, Enter)."""

from __future__ import annotations

from textual.widgets import DataTable, Input, Static

from scorekeeper.script import replay_file
from scorekeeper.store import Store
from scorekeeper.store.sync import sync
from scorekeeper.tui.screens.syncing import SyncDialog

from .conftest import EXAMPLES
from .tui_helpers import make_app

WORKED = replay_file(EXAMPLES / "kratzen.toml")
HANDS = [s.record for s in WORKED.settlements]


def said(app) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def test_an_evening_that_differs_is_synced_and_resolved_from_the_home_screen(tmp_path):
    anna, ben, stick = tmp_path / "anna", tmp_path / "ben", tmp_path / "stick.git"
    session = Store(anna).create(WORKED.config, HANDS[:2]).id
    sync(anna, str(stick), create=True)
    sync(ben, str(stick))
    Store(anna).record(session, HANDS[2])  # hand 3 at Anna's ...
    Store(ben).amend(session, 1, {"tricks": ("Anna", "Anna", "Cleo", "Dora")})  # ... Ben amends
    annas = Store(anna).open(session).digest
    sync(anna)
    app = make_app(ben)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, SyncDialog)
        assert app.screen.query_one("#sync-remote", Input).value == str(stick)  # remembered
        await pilot.press("enter")
        await pilot.pause()
        words = said(app)
        assert "Synced: 1 evening in, 1 out." in words, words  # both kept, both sent
        assert "1 evening differs on both laptops: keep which?" in words
        assert f"Session {session} (Anna, Ben, Cleo, Dora" in words
        assert "3 hands" in words and "2 hands" in words  # Anna's three, Ben's amended two
        key = next(str(n) for n, v in enumerate(app.screen.choices, 1) if v.digest == annas)
        await pilot.press(key)
        await pilot.pause()
        assert f"version {annas} kept" in said(app)
        assert Store(ben).open(session).digest == annas
        await pilot.press("enter")  # sync again: the choice goes to the club
        await pilot.pause()
        assert "Synced: 0 evenings in, 1 out." in said(app), said(app)
        await pilot.press("escape")
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        assert table.row_count == 1
        assert "differs" not in " ".join(str(c) for c in table.get_row_at(0))
    assert sync(anna).conflicts == []
    assert Store(anna).open(session).digest == annas


async def test_the_home_list_says_which_evening_differs(tmp_path):
    anna, ben, stick = tmp_path / "anna", tmp_path / "ben", tmp_path / "stick.git"
    session = Store(anna).create(WORKED.config, HANDS[:2]).id
    sync(anna, str(stick), create=True)
    sync(ben, str(stick))
    Store(anna).record(session, HANDS[2])
    Store(ben).amend(session, 1, {"tricks": ("Anna", "Anna", "Cleo", "Dora")})
    sync(anna)
    assert sync(ben).conflicts
    app = make_app(ben)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        assert "differs (y)" in " ".join(str(c) for c in table.get_row_at(0))
        assert "y differs on two laptops: keep which" in str(
            app.screen.query_one("#home-hint", Static).render())


async def test_the_table_open_on_an_evening_follows_it_after_a_sync(tmp_path):
    from scorekeeper.tui.screens.table import TableScreen

    anna, ben, stick = tmp_path / "anna", tmp_path / "ben", tmp_path / "stick.git"
    session = Store(anna).create(WORKED.config, HANDS[:2]).id
    sync(anna, str(stick), create=True)
    sync(ben, str(stick))
    app = make_app(ben, session)  # the evening open at the table on Ben's laptop
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.session.hands_played == 2
        Store(anna).record(session, HANDS[2])  # hand 3 at Anna's table
        sync(anna)
        sync(ben)  # in another terminal on Ben's laptop
        screen.check_for_changes()  # what the table's watch does every second
        await pilot.pause()
        assert screen.session.hands_played == 3
        # said in the last hand's line (not a notice over the guide)
        assert "changed from another terminal" in str(screen.query_one("#last").render())
