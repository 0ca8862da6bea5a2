"""Issue 13 item 10 (and issue 14 item 9): the table app never blocks on the disk. Every store
call runs in a worker (reading a session to open it, following the file, the amend preview,
the listing, exports and audits, every write); a question about the session as it was shown
closes itself when another terminal changes the session; a file damaged while open is said and
the hand being typed is kept."""

from __future__ import annotations

import time

import pytest

from scorekeeper.store import Store
from scorekeeper.tui.app import ScorekeeperApp
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog
from scorekeeper.tui.screens.dialog_count import CountDialog
from scorekeeper.tui.screens.dialog_preview import PickHandDialog, PreviewDialog
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.table import TableScreen

from .test_stale import (
    closed_typed_hand,
    hand,
    kinds,
    last_line,
    notices,
    open_table,
    session_with,
    table_beside,
)
from .tui_helpers import amend_hand, fixed_store, shown_rows

SLOW = 3.0  # seconds a slowed store call takes (a blocked loop takes all of it; a live one answers
#             in a small part of it, even on a loaded machine)


class SlowStore(Store):
    """A store whose reads take a while (a slow disk, a long session)."""

    slow = False

    def open(self, ref):
        if self.slow:
            time.sleep(SLOW)
        return super().open(ref)

    def list_sessions(self):
        if self.slow:
            time.sleep(SLOW)
        return super().list_sessions()


def threaded_app(tmp_path, session=None) -> tuple[ScorekeeperApp, SlowStore]:
    """The app as the program runs it: store calls in worker threads."""
    store = SlowStore(tmp_path, now=lambda: "2026-11-28T20:00:00.000000Z")
    app = ScorekeeperApp(store, session, watch_interval=None, steady_cursor=True)
    assert app.disk_in_thread
    said: list[str] = []
    show = app.notify
    app.notify = lambda message, *a, **k: (said.append(str(message)), show(message, *a, **k))[1]
    app.said = said  # type: ignore[attr-defined]
    return app, store


async def answers_at_once(pilot, key: str) -> float:
    """How long the app takes to take a key (it cannot while its event loop is blocked)."""
    start = time.perf_counter()
    await pilot.press(key)
    return time.perf_counter() - start


async def test_opening_a_session_reads_it_beside_a_live_app(tmp_path):
    sid = session_with(fixed_store(tmp_path), "Cleo")
    app, store = threaded_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        store.slow = True
        app.open_session(sid)
        took = await answers_at_once(pilot, "down")  # the home list still answers
        assert took < SLOW / 2, took
        assert isinstance(app.screen, HomeScreen) and app.opening
        app.open_session(sid)  # a second Enter meanwhile opens nothing more
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and not app.opening
        assert len(app.screen_stack) == 2


async def test_following_the_file_reads_it_beside_a_live_table(tmp_path):
    other = fixed_store(tmp_path)
    sid = session_with(other, "Cleo")
    app, store = threaded_app(tmp_path, sid)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        other.record(sid, hand("Dora"))  # another terminal
        store.slow = True
        start = time.perf_counter()
        screen.check_for_changes()
        await pilot.press("f1")  # help opens while the file is read
        took = time.perf_counter() - start
        assert took < SLOW / 2, took
        assert screen.session.hands_played == 1  # not read yet
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.hands_played == 2 and not screen.writing
        assert "changed from another terminal" in last_line(screen)  # (not over the guide)


async def test_the_amend_preview_reads_the_file_beside_a_live_table(tmp_path):
    other = fixed_store(tmp_path)
    sid = session_with(other, "Cleo")
    app, store = threaded_app(tmp_path, sid)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        await amend_hand(pilot, 1)
        await pilot.press("backspace", "1")  # hand 1's last trick was Anna's
        store.slow = True
        await pilot.press("enter")
        assert screen.writing  # the preview is being worked out from the file
        took = await answers_at_once(pilot, "f1")
        assert took < SLOW / 2, took
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PreviewDialog)


async def test_the_home_list_is_read_beside_a_live_app(tmp_path):
    session_with(fixed_store(tmp_path), "Cleo")
    app, store = threaded_app(tmp_path)
    store.slow = True
    start = time.perf_counter()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")  # help opens while the files are read
        took = time.perf_counter() - start
        assert took < SLOW / 2, took
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.screen.entries) == 1


# ---- a question about the session as it was shown closes itself when it changes ---------------

async def ask(pilot, screen, what: str):
    if what == "save":
        await pilot.press(*"2222222", "4", "enter")
    elif what == "withdraw":
        await pilot.press("ctrl+z")
    elif what == "count":
        await pilot.press("ctrl+k")
    elif what == "amend which":
        await pilot.press("ctrl+e")
    elif what == "amend":
        await amend_hand(pilot, 1)
        await pilot.press("backspace", "1", "enter")
    await pilot.pause()


DIALOG = {"save": PreviewDialog, "withdraw": ConfirmDialog, "count": CountDialog,
          "amend which": PickHandDialog, "amend": PreviewDialog}


@pytest.mark.parametrize("what", sorted(DIALOG))
async def test_a_question_closes_itself_when_another_terminal_changes_the_session(tmp_path,
                                                                                   what):
    async with table_beside(tmp_path, "Cleo") as (other, sid, app, pilot, screen):
        await ask(pilot, screen, what)
        assert isinstance(app.screen, DIALOG[what])
        other.record(sid, hand("Anna"))  # another terminal records hand 2 meanwhile
        screen.check_for_changes()  # what the table's watch does every second
        await pilot.pause()
        closed = "Closed unanswered: another terminal changed the session"
        if what in ("save", "amend"):  # a hand was typed: said with it, until Escape
            await pilot.press("enter")  # the Enter meant for the question does not close it
            await pilot.pause()
            assert closed in await closed_typed_hand(pilot, app)
        else:
            assert closed in notices(app)
        assert app.screen is screen, app.screen
        assert screen.session.hands_played == 2 and screen.amending is None
        await pilot.press("enter")  # the Enter meant for the question does nothing now
        await pilot.pause()
    assert kinds(other, sid) == ["created", "hand", "hand"]


async def test_a_question_stays_while_the_session_is_unchanged(tmp_path):
    async with table_beside(tmp_path, "Cleo") as (_other, sid, app, pilot, screen):
        await ask(pilot, screen, "save")
        screen.check_for_changes()
        await pilot.pause()
        assert isinstance(app.screen, PreviewDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert last_line(screen).startswith("Hand 2 saved (")


async def test_a_file_damaged_while_open_is_said_and_the_hand_being_typed_is_kept(tmp_path):
    async with table_beside(tmp_path, "Cleo") as (other, sid, app, pilot, screen):
        await pilot.press(*"222")
        path = other.open(sid).path
        path.write_bytes(path.read_bytes().replace(b'"Cleo"', b'"Clea"', 1))
        screen.check_for_changes()
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert "damaged" in notices(app)
        assert screen.entry.keys == ["2", "2", "2"]  # nothing typed is lost
        said = len(app.said)
        screen.check_for_changes()  # said once, not every second
        assert len(app.said) == said


async def test_the_key_bar_shows_the_tables_keys_again_once_the_file_is_read(tmp_path):
    """A question closed because another terminal changed the session: the table reads the
    file again (in a worker), and its key bar, which leaves out the keys that wait for the disk
    while it is busy, shows them again once it is done (it kept "^l Ledger ^t Standings ..."
    without Settle, Back, Undo until something else redrew it)."""
    other = fixed_store(tmp_path)
    sid = session_with(other, "Cleo")
    app, store = threaded_app(tmp_path, sid)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        await ask(pilot, screen, "save")
        assert isinstance(app.screen, PreviewDialog)
        other.record(sid, hand("Anna"))  # another terminal records hand 2 meanwhile
        store.slow = True  # the file takes a while to read again
        screen.check_for_changes()
        await pilot.pause()
        assert screen.writing and "Settle" not in shown_rows(app)[-1]
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        await closed_typed_hand(pilot, app)  # the hand that was typed, shown until Escape
        assert app.screen is screen and screen.session.hands_played == 2
        bar = shown_rows(app)[-1]  # the key bar as on screen
        for words in ("Settle", "Take back", "Withdraw", "Amend"):
            assert words in bar, bar
