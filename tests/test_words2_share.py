"""The night's files to share are named without English (issue 26, trial 28 de item 4d): the
settle-up's ctrl+y wrote ``59e57973-night.txt/.md/.html`` whatever the language. They are named
by the session's id and the day it began (``59e57973-2026-12-03.md``), by this machine's clock,
so the name reads the same in every language (store.outputs.shared_file_name, write_shared).
The unit cases fail before (no such functions); the table's case fails until
tui/screens/settle.py's action_share writes through write_shared."""

from __future__ import annotations

import time

import pytest

from scorekeeper.store import Store
from scorekeeper.store.outputs import shared_file_name, write_shared

from .test_settleup_tui import open_settle_up, saved
from .tui_helpers import make_app


@pytest.fixture
def clock_zone(monkeypatch):
    """Set this process's time zone (a POSIX TZ string needs no zone data)."""
    def use(zone: str) -> None:
        monkeypatch.setenv("TZ", zone)
        time.tzset()
    yield use
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("zone, day", [("UTC0", "2026-12-03"), ("WET0", "2026-12-03"),
                                       ("NZDT-13", "2026-12-04"), ("HST10", "2026-12-03")])
def test_the_shared_files_are_named_by_the_session_and_its_local_day(clock_zone, zone, day):
    clock_zone(zone)  # 12:00 UTC is 01:00 the next day at UTC+13, 02:00 the same day at UTC-10
    assert shared_file_name("59e57973", "2026-12-03T12:00:08.071560Z", "md") == \
        f"59e57973-{day}.md"


def test_a_session_without_a_readable_start_is_named_by_its_id():
    assert shared_file_name("59e57973", "", "txt") == "59e57973.txt"
    assert shared_file_name("59e57973", "yesterday", "html") == "59e57973.html"


def test_the_shared_files_are_written_whole_to_the_exports_folder(tmp_path, clock_zone):
    clock_zone("UTC0")
    written = write_shared(tmp_path, "59e57973", "2026-12-03T07:26:08Z",
                           [("txt", "Anna +3\n"), ("md", "# Anna\n")])
    assert written == ["59e57973-2026-12-03.txt", "59e57973-2026-12-03.md"]
    assert (tmp_path / "exports" / written[0]).read_text("utf-8") == "Anna +3\n"
    assert not [p for p in (tmp_path / "exports").iterdir() if "night" in p.name]


async def test_the_table_shares_the_night_under_the_neutral_names(tmp_path):
    session = saved(tmp_path, "letzter-stich")
    created = Store(tmp_path).open(session).created
    app = make_app(tmp_path, session, language="de")
    async with app.run_test(size=(110, 40)) as pilot:
        await open_settle_up(pilot, "0,10", "EUR")
        await pilot.press("ctrl+y")
        await pilot.pause()
        await pilot.pause()
    names = sorted(p.name for p in (tmp_path / "exports").iterdir())
    assert names == sorted(shared_file_name(session, created, suffix)
                           for suffix in ("txt", "md", "html"))
    assert not [name for name in names if "night" in name]
