"""The dialogs at 130x40 and 80x24 (issue 26, trial 30 de-130x40/05, 12-15): six 24-character
names in German. At 130 columns the hand's preview, the amend's preview and the chip count use
the room (they stayed 80 columns wide in the middle of the screen); at 80x24 they are 80 wide
as before. A key named in the table's running text is never split from its word ("Strg+u" at
the end of one row, "Schlussabrechnung" at the start of the next). The dialogs live in modules
of one job each, and the table imports each only when a key opens it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from scorekeeper.i18n import _, speaking
from scorekeeper.script import replay_file

from .conftest import EXAMPLES
from .test_dialog_keys_80x24 import evening, open_dialog
from .tui_helpers import fixed_store, make_app, settled, shown_rows

# ---- 1. the dialogs use the room at 130x40, and stay 80 wide at 80x24 ----------------------

DIALOGS = ["preview", "amend preview", "count", "count question", "help"]


def top_edge(rows: list[str]) -> int:
    """How wide the dialog is on screen: its top edge (a thick border: ▀ across), in columns,
    corners included."""
    edges = [edge for row in rows for edge in re.findall("█▀{20,}█", row)]
    assert len(edges) == 1, "\n".join(rows)
    return len(edges[0])


@pytest.mark.parametrize("which", DIALOGS)
async def test_at_130x40_a_dialog_uses_four_fifths_of_the_width(tmp_path, which):
    """Before, each was 80 columns wide at 130 (a box in the middle, the amend's changes and
    the preview's explanation folded at 76 columns)."""
    app = make_app(tmp_path, evening(tmp_path).id, language="de")
    async with app.run_test(size=(130, 40)) as pilot:
        await settled(pilot)
        await open_dialog(pilot, which, "de")
        await settled(pilot)
        assert top_edge(shown_rows(app)) == 104  # 4/5 of 130


@pytest.mark.parametrize("which", DIALOGS)
async def test_at_80x24_a_dialog_is_80_wide_as_before(tmp_path, which):
    app = make_app(tmp_path, evening(tmp_path).id, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await open_dialog(pilot, which, "de")
        await settled(pilot)
        assert top_edge(shown_rows(app)) == 80


# ---- 2. a key and its word on one row -------------------------------------------------------

CLOSED = [("The session is over: no more hands can be entered. ctrl+u settle up, ctrl+l "
           "ledger, ctrl+t standings, ctrl+x export, Escape home."),
          ("The evening goes on in session {id} (the next evening): no more hands are entered "
           "here. ctrl+u settle up, ctrl+l ledger, ctrl+t standings, ctrl+x export, Escape "
           "home.")]
KEYS = ["ctrl+u", "ctrl+l", "ctrl+t", "ctrl+x", "escape"]


def key_names(language: str) -> list[str]:
    from scorekeeper.tui.keynames import key_name

    with speaking(language):
        return [key_name(key) for key in KEYS]


@pytest.mark.parametrize("language", ["de", "pt", "es", "en"])
@pytest.mark.parametrize("words", CLOSED)
def test_no_row_of_the_closed_tables_line_ends_with_a_key_at_any_width(language, words):
    """The line the table shows when no more hands are entered, folded as the table's panel
    folds it at every width from 40 to 130 columns: no row ends with a key's name (its word
    is on the next row). Before: 'Strg+u' / 'Schlussabrechnung' at 130 (trial 30), the
    Spanish 'Ctrl+u' / 'liquidación' at 99-111, and many more."""
    from rich.console import Console

    from scorekeeper.tui.handpanel import wrapped_whole
    from scorekeeper.tui.keybar import keys_kept

    console = Console(width=200)
    names = key_names(language)
    with speaking(language):
        line = keys_kept(_(words).format(id="3429cd4e"))
    for width in range(40, 131):
        rows = [row.plain.rstrip() for row in wrapped_whole(line, width, console)]
        assert " ".join(rows).split() == line.replace("\u00a0", " ").split()  # nothing lost
        assert all(len(row) <= width for row in rows), (width, rows)
        ends = [row for row in rows[:-1] if row.split()[-1].rstrip(":") in names]
        assert not ends, (width, rows)


def closed_evening(home, goes_on: bool) -> str:
    ledger = replay_file(EXAMPLES / "kratzen.toml")  # over after its 4 hands
    store = fixed_store(home)
    first = store.create(ledger.config, [s.record for s in ledger.settlements]).id
    if goes_on:
        store.next_evening(first)
    return first


@pytest.mark.parametrize("size", [(130, 40), (80, 24)])
@pytest.mark.parametrize("goes_on", [True, False])
@pytest.mark.parametrize("language", ["de", "es"])
async def test_on_the_screen_the_closed_tables_keys_keep_their_words(tmp_path, language,
                                                                     goes_on, size):
    """At the table, read from the screen: the German evening that goes on in the next split
    'Strg+u' from 'Schlussabrechnung' at 130x40 (trial 30 de-130x40/12)."""
    names = key_names(language)
    app = make_app(tmp_path, closed_evening(tmp_path, goes_on), language=language)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        rows = [row.rstrip() for row in shown_rows(app)[:-1]]  # (not the key bar)
        assert all(any(name in row for row in rows) for name in names), "\n".join(rows)
        ends = [row for row in rows if row.split() and row.split()[-1] in names]
        assert not ends, "\n".join(rows)


# ---- 3. a module a job, each imported when its key is pressed -------------------------------

PROBE = """
import asyncio, sys
from scorekeeper.tui.app import ScorekeeperApp
from scorekeeper.store import Store

async def main():
    app = ScorekeeperApp(Store(sys.argv[1]), sys.argv[2], watch_interval=None,
                         steady_cursor=True, disk_in_thread=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        print(" ".join(sorted(sys.modules)))
        await pilot.press("ctrl+k")
        for _ in range(3):
            await pilot.pause()
        print(type(app.screen).__name__, " ".join(sorted(sys.modules)))

asyncio.run(main())
"""


def test_the_table_imports_each_dialog_when_its_key_opens_it(tmp_path):
    """At the table's first frame no dialog module is imported; ctrl+k imports the chip
    count's (with the question it asks, and what the dialogs share), none of the others."""
    session = evening(tmp_path).id
    done = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path), session],
                          capture_output=True, text=True, check=True)
    first, after = done.stdout.splitlines()[-2:]
    prefix = "scorekeeper.tui.screens.dialog"
    assert not [m for m in first.split() if m.startswith(prefix)]
    screen, *modules = after.split()
    assert screen == "CountDialog"
    assert {m for m in modules if m.startswith(prefix)} == {
        f"{prefix}_count", f"{prefix}_confirm", f"{prefix}_base"}


def test_the_dialogs_are_modules_of_one_job_each():
    """dialogs.py (665 lines, eleven dialogs) is gone; each module is a small room."""
    from pathlib import Path

    import scorekeeper.tui.screens as screens

    folder = Path(screens.__file__).parent
    assert not (folder / "dialogs.py").exists()
    modules = sorted(folder.glob("dialog_*.py"))
    assert len(modules) >= 6
    for module in modules:
        assert len(module.read_text(encoding="utf-8").splitlines()) <= 200, module
