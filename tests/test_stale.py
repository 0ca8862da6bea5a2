"""Issue 13: every change names the state it was made from. A write carries the digest it was
based on and is refused, with nothing written, when the session moved on meanwhile: in the
store (``expect=``), on the command line (``--expect DIGEST``) and at the table (the digest the
screen showed when the person decided)."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from scorekeeper.errors import StoreError
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog, TypedHandDialog
from scorekeeper.tui.screens.dialog_count import CountDialog
from scorekeeper.tui.screens.dialog_preview import PreviewDialog
from scorekeeper.tui.screens.table import TableScreen

from .tui_helpers import amend_hand, fixed_store, make_app

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]


def hand(last: str) -> HandRecord:
    """A Letzter Stich hand: Ben takes the first seven tricks, ``last`` the last one."""
    return HandRecord(tricks=("Ben",) * 7 + (last,))


def session_with(store: Store, *lasts: str) -> str:
    config = make_config("letzter-stich", PLAYERS, "Anna")
    return store.create(config, [hand(last) for last in lasts]).id


def kinds(store: Store, session_id: str) -> list[str]:
    return [e["type"] for e in store.open(session_id).rows]


def last_winners(store: Store, session_id: str) -> list[str]:
    session = store.open(session_id)
    return [session.hand(n).record.tricks[-1] for n in range(1, session.hands_played + 1)]


def notices(app) -> str:
    return "\n".join(app.said)


def last_line(screen) -> str:
    """The table's last hand's line as shown ("Hand 2 saved (…)" once this table saved it)."""
    return str(screen.query_one("#last").render())


async def closed_typed_hand(pilot, app) -> str:
    """The words of the dialog that shows the hand being typed as it was cleared (it stays
    until Escape), once Escape has closed it."""
    dialog = app.screen
    assert isinstance(dialog, TypedHandDialog), dialog
    said = " ".join(str(line) for line in dialog.detail)
    await pilot.press("escape")
    await pilot.pause()
    return said


# ---- the store --------------------------------------------------------------------------------

WRITES = {
    "record": lambda store, sid, expect: store.record(sid, hand("Anna"), expect=expect),
    "undo": lambda store, sid, expect: store.undo(sid, expect=expect),
    "amend": lambda store, sid, expect: store.amend(sid, 1, {"tricks": ("Ben",) * 8},
                                                    expect=expect),
    "count": lambda store, sid, expect: store.count(sid, {"Anna": 5}, expect=expect),
}


@pytest.mark.parametrize("write", sorted(WRITES))
def test_the_store_refuses_a_write_based_on_an_older_digest(tmp_path, write):
    store = fixed_store(tmp_path)
    sid = session_with(store, "Cleo")
    seen = store.open(sid).digest
    fixed_store(tmp_path).record(sid, hand("Dora"))  # another terminal, meanwhile
    now = store.open(sid)
    before = now.path.read_bytes()
    with pytest.raises(StoreError) as refused:
        WRITES[write](store, sid, seen)
    message = str(refused.value)
    assert "changed meanwhile" in message and "nothing was written" in message
    assert f"its digest is now {now.digest}, not {seen}" in message
    assert now.path.read_bytes() == before


@pytest.mark.parametrize("write", sorted(WRITES))
def test_the_store_writes_when_the_digest_is_the_sessions(tmp_path, write):
    store = fixed_store(tmp_path)
    sid = session_with(store, "Cleo")
    WRITES[write](store, sid, store.open(sid).digest)
    if write == "undo":
        store.record(sid, hand("Cleo"))
    whole = store.open(sid).rows[-1]["hash"]  # the whole hash, in any case, will do as well
    WRITES[write](store, sid, f" {whole.upper()} ")
    assert len(kinds(store, sid)) == 4 + (write == "undo")


def test_the_store_refuses_what_is_not_a_digest(tmp_path):
    store = fixed_store(tmp_path)
    sid = session_with(store, "Cleo")
    before = store.open(sid).path.read_bytes()
    for bad in ("", "xyz", "abc123", "0" * 13, "g" * 12):
        with pytest.raises(StoreError, match="not a digest"):
            store.undo(sid, expect=bad)
    assert store.open(sid).path.read_bytes() == before


def test_preview_amend_refuses_an_older_digest(tmp_path):
    store = fixed_store(tmp_path)
    sid = session_with(store, "Cleo")
    seen = store.open(sid).digest
    assert store.preview_amend(sid, 1, {"tricks": ("Ben",) * 8}, expect=seen).number == 1
    store.record(sid, hand("Dora"))
    with pytest.raises(StoreError, match="changed meanwhile"):
        store.preview_amend(sid, 1, {"tricks": ("Ben",) * 8}, expect=seen)


# ---- the command line -------------------------------------------------------------------------

TRICKS = "Ben,Ben,Ben,Ben,Ben,Ben,Ben,Anna"
COMMANDS = {
    "record": ["record", "{sid}", "--tricks", TRICKS],
    "undo": ["undo", "{sid}"],
    "amend": ["amend", "{sid}", "1", "--tricks", TRICKS],
    "count": ["count", "{sid}", "Anna=5"],
}


def command(name: str, sid: str, expect: str) -> list[str]:
    return [arg.format(sid=sid) for arg in COMMANDS[name]] + ["--expect", expect]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_expect_on_the_command_line_refuses_a_session_that_moved_on(run, tmp_path, name):
    store = Store(tmp_path / "home")
    sid = session_with(store, "Cleo")
    seen = store.open(sid).digest
    store.record(sid, hand("Dora"))  # a second write in between changes the digest
    now = store.open(sid)
    assert now.digest != seen
    before = now.path.read_bytes()
    result = run(*command(name, sid, seen))
    assert result.code == 2, result
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.err
    assert "changed meanwhile" in lines[0] and f"now {now.digest}, not {seen}" in lines[0]
    assert "Traceback" not in result.err and result.out == ""
    assert now.path.read_bytes() == before


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_expect_on_the_command_line_writes_when_unchanged(run, tmp_path, name):
    store = Store(tmp_path / "home")
    sid = session_with(store, "Cleo")
    result = run(*command(name, sid, store.open(sid).digest))
    assert result.code in (0, 1), result  # count: 1 when the count disagrees
    assert len(kinds(store, sid)) == 3


def test_expect_on_the_command_line_must_be_a_digest(run, tmp_path):
    store = Store(tmp_path / "home")
    sid = session_with(store, "Cleo")
    before = store.open(sid).path.read_bytes()
    result = run("undo", sid, "--expect", "latest")
    assert result.code == 2 and result.err.startswith("error: --expect: ")
    assert "is not a digest" in result.err
    assert len(result.err.splitlines()) == 1
    assert store.open(sid).path.read_bytes() == before


def test_record_ask_stores_the_hand_only_if_the_session_is_as_asked(run, tmp_path,
                                                                   monkeypatch):
    import scorekeeper.cli.hands

    store = Store(tmp_path / "home")
    sid = session_with(store, "Cleo")

    def ask_hand(opened):  # while the hand is asked, another terminal amends hand 1
        store.amend(sid, 1, {"tricks": ("Ben",) * 8})
        return hand("Anna")

    monkeypatch.setattr(scorekeeper.cli.hands, "ask_hand", ask_hand)
    result = run("record", sid, "--ask")
    assert result.code == 2 and "changed meanwhile" in result.err, result
    assert kinds(store, sid) == ["created", "hand", "amend"]


def test_json_of_record_names_the_digest_to_expect_next(run, tmp_path):
    import json

    store = Store(tmp_path / "home")
    sid = session_with(store, "Cleo")
    first = run("record", sid, "--tricks", TRICKS, "--json", "--expect", store.open(sid).digest)
    digest = json.loads(first.out)["digest"]
    assert run("undo", sid, "--expect", digest).code == 0
    assert kinds(store, sid) == ["created", "hand", "hand", "withdraw"]


# ---- the table: another terminal writes while a person decides -------------------------------

async def open_table(pilot) -> TableScreen:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()  # the program reads the session in a worker
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


@asynccontextmanager
async def table_beside(tmp_path, *lasts: str):
    """The table (at 100x30) of a session of ``lasts`` hands, beside the store of another
    terminal on the same home: ``(other, the session's id, app, pilot, the table)``."""
    other = fixed_store(tmp_path)  # the other terminal
    sid = session_with(other, *lasts)
    app = make_app(tmp_path, sid)
    async with app.run_test(size=(100, 30)) as pilot:
        yield other, sid, app, pilot, await open_table(pilot)


async def test_undo_withdraws_the_hand_it_asked_about_or_nothing(tmp_path):
    async with table_beside(tmp_path, "Cleo") as (other, sid, app, pilot, screen):
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question.startswith("Withdraw hand 1 ")
        other.record(sid, hand("Dora"))  # hand 2, recorded while the question is open
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert "nothing was written" in notices(app) and "withdrawn (kept" not in notices(app)
        assert screen.session.hands_played == 2  # the table shows the new state
        assert f"digest {other.open(sid).digest}" in str(screen.query_one("#table-top").render())
    assert kinds(other, sid) == ["created", "hand", "hand"]
    assert last_winners(other, sid) == ["Cleo", "Dora"]


async def test_undo_asked_again_withdraws_the_hand_it_names(tmp_path):
    async with table_beside(tmp_path, "Cleo") as (other, sid, app, pilot, screen):
        await pilot.press("ctrl+z")
        await pilot.pause()
        other.record(sid, hand("Dora"))
        await pilot.press("enter")  # refused: the table reloads
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.question.startswith("Withdraw hand 2 ")
        await pilot.press("enter")
        await pilot.pause()
        assert last_line(screen).startswith("Hand 2 withdrawn")  # (not over the guide)
        assert screen.session.hands_played == 1
    assert kinds(other, sid) == ["created", "hand", "hand", "withdraw"]
    assert other.open(sid).rows[-1]["number"] == 2


async def test_a_preview_is_saved_only_if_the_session_is_unchanged(tmp_path):
    async with table_beside(tmp_path, "Cleo") as (other, sid, app, pilot, screen):
        await pilot.press(*"2222222", "4", "enter")  # hand 2: Dora takes the last trick
        await pilot.pause()
        assert isinstance(app.screen, PreviewDialog)
        # Another terminal amends hand 1 (the number of hands stays the same): the figures
        # in the preview are no longer what saving would store.
        other.amend(sid, 1, {"tricks": ("Ben",) * 8})
        await pilot.press("enter")
        await pilot.pause()
        assert "nothing was written" in await closed_typed_hand(pilot, app)
        assert app.screen is screen  # the preview closed
        assert "Hand 2 saved" not in last_line(screen)
        assert screen.session.digest == other.open(sid).digest  # the table shows the new state
        assert screen.session.hands_played == 1 and screen.entry.keys == []
    assert kinds(other, sid) == ["created", "hand", "amend"]
    assert last_winners(other, sid) == ["Ben"]


@pytest.mark.parametrize("when", ["before the preview", "while the preview is open"])
async def test_an_amendment_is_saved_only_if_the_session_is_unchanged(tmp_path, when):
    async with table_beside(tmp_path, "Cleo", "Dora") as (other, sid, app, pilot, screen):
        await amend_hand(pilot, 1)
        assert screen.amending == 1
        await pilot.press("backspace", "1")  # hand 1's last trick was Anna's, not Cleo's
        if when == "before the preview":
            other.record(sid, hand("Anna"))
        await pilot.press("enter")
        await pilot.pause()
        if when == "while the preview is open":
            assert isinstance(app.screen, PreviewDialog)
            other.record(sid, hand("Anna"))
            await pilot.press("enter")
            await pilot.pause()
        assert "nothing was written" in await closed_typed_hand(pilot, app)
        assert app.screen is screen
        assert screen.amending is None
        assert "Hand 1 amended" not in notices(app)
        assert screen.session.hands_played == 3
    assert kinds(other, sid) == ["created", "hand", "hand", "hand"]
    assert last_winners(other, sid) == ["Cleo", "Dora", "Anna"]


async def test_a_count_is_recorded_only_if_the_session_is_unchanged(tmp_path):
    async with table_beside(tmp_path, "Cleo") as (other, sid, app, pilot, screen):
        await pilot.press("ctrl+k")
        await pilot.pause()
        assert isinstance(app.screen, CountDialog)
        # After hand 1 (Cleo paid 1 into the pot) Anna holds 5, and so she counts.
        await pilot.press("5", "enter", "enter", "enter", "enter")
        other.record(sid, hand("Anna"))  # Anna pays 1 at the other terminal
        await pilot.press("enter")  # the count typed after hand 1 would say she is off by 1
        await pilot.pause()
        await pilot.press("enter")  # yes, record it (the check was made after hand 1)
        await pilot.pause()
        assert app.screen is screen
        assert "nothing was written" in notices(app)
        assert screen.session.hands_played == 2
    assert kinds(other, sid) == ["created", "hand", "hand"]
    assert last_winners(other, sid) == ["Cleo", "Anna"]


async def test_two_tables_on_one_home_undo_at_one_after_a_hand_at_the_other(tmp_path):
    store = fixed_store(tmp_path)
    sid = session_with(store, "Cleo")
    here, there = make_app(tmp_path, sid), make_app(tmp_path, sid)
    async with here.run_test(size=(100, 30)) as pilot, there.run_test(size=(100, 30)) as other:
        screen = await open_table(pilot)
        await open_table(other)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert here.screen.question.startswith("Withdraw hand 1 ")
        await other.press(*"2222222", "4", "enter")  # hand 2, at the other table
        await other.pause()
        await other.press("enter")
        await other.pause()
        assert last_line(there.screen).startswith("Hand 2 saved (")
        await pilot.press("enter")
        await pilot.pause()
        assert "Hand 1 not withdrawn" in notices(here) and "withdrawn (kept" not in notices(here)
        assert screen.session.hands_played == 2
    assert kinds(store, sid) == ["created", "hand", "hand"]
    assert last_winners(store, sid) == ["Cleo", "Dora"]


async def test_a_save_after_the_file_was_moved_keeps_the_hand_and_says_why(tmp_path):
    async with table_beside(tmp_path, "Cleo") as (other, sid, app, pilot, screen):
        await pilot.press(*"2222222", "4", "enter")  # hand 2, previewed
        await pilot.pause()
        assert isinstance(app.screen, PreviewDialog)
        path = other.open(sid).path
        moved = path.rename(path.with_name("elsewhere.json.bak"))  # moved away meanwhile
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert "Not saved" in notices(app) and "Hand 2 saved" not in notices(app)
        assert screen.entry.complete  # the hand as typed is kept
        moved.rename(path)  # the file is back: the same Enter saves it now
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert last_line(screen).startswith("Hand 2 saved (")
    assert last_winners(other, sid) == ["Cleo", "Dora"]


async def test_a_write_waits_for_a_held_lock_beside_a_live_table(tmp_path):
    from scorekeeper.store.locking import FileLock
    from scorekeeper.tui.app import ScorekeeperApp

    other = fixed_store(tmp_path)
    sid = session_with(other, "Cleo")
    app = ScorekeeperApp(fixed_store(tmp_path), sid, watch_interval=None, steady_cursor=True)
    assert app.disk_in_thread  # as the program runs it
    said: list[str] = []
    show = app.notify
    app.notify = lambda message, *a, **k: (said.append(str(message)), show(message, *a, **k))[1]
    lock = FileLock(str(other.open(sid).path) + ".lock", 1)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        await pilot.press(*"2222222", "4", "enter")  # hand 2, previewed
        await pilot.pause()
        lock.acquire()  # another scorekeeper is writing the file
        try:
            await pilot.press("enter")  # save: the write waits for the lock
            await pilot.pause(1.0)
            assert any("Waiting for the session file" in m for m in said), said
            assert app.is_running and app.screen is screen and screen.writing
            await pilot.press("3")  # the table answers while the write waits
            await pilot.pause()
            assert any("Still writing the session file" in m for m in said)
        finally:
            lock.release()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert last_line(screen).startswith("Hand 2 saved (") and not screen.writing
    assert last_winners(other, sid) == ["Cleo", "Dora"]


async def test_the_table_started_at_and_left_for_home_follows_nothing_behind_it(tmp_path):
    """The app started at a table and left for the home screen keeps that first table in a
    screen stack of its own (``ScorekeeperApp.go_home``): another terminal's hand changes
    nothing there, while the table opened again from home shows it."""
    from scorekeeper.tui.screens.home import HomeScreen

    async with table_beside(tmp_path, "Cleo") as (other, sid, app, pilot, first):
        await pilot.press("escape")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [HomeScreen]
        other.record(sid, hand("Dora"))  # hand 2, from another terminal
        mtime = first.mtime
        first.check_for_changes()  # (its timer's call: the tests' apps have no timer)
        await pilot.pause()
        assert first.mtime == mtime and first.session.hands_played == 1
        assert "another terminal" not in notices(app)
        await pilot.press("enter")  # the session again, from the home screen
        await open_table(pilot)
        assert app.screen is not first and app.screen.session.hands_played == 2
