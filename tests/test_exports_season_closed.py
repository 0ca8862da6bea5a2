"""An evening that went on in the next session is closed (rules.md, D21), and its exports say
so: trial 28 found the md and html exports opening with "the evening goes on in session X" and
then saying "Hands played: 5; running". Its chips can still be counted ("Settle-ups, chip
counts, a name and the archive stay possible: they change nothing carried"): trial 28 found
`count` refused there (exit 2) and the table's ctrl+k doing nothing without a word.

The evenings are examples/kratzen.toml's first 3 hands (rules.md's worked session): Anna
-12, -16, -17 = -45, Ben -1 + 11 + 4¼ = 14¼, Cleo -1 + 4 - 30¾ = -27¾, Dora -1 + 8½ = 7½, the
pot 15, 16, then 51."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.store import Store
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog
from scorekeeper.tui.screens.dialog_count import CountDialog

from .test_closed_evenings import audits_clean, kratzen, table_keys, went_on
from .tui_helpers import fixed_store, make_app


def session_file(home: Path, session_id: str) -> Path:
    return home / "sessions" / f"{session_id}.json"


# ---- the exports' status word ------------------------------------------------------------------

@pytest.mark.parametrize("fmt, after", [("md", " Digest: "), ("html", " Pot: 51.</p>")])
def test_the_export_of_an_evening_that_went_on_says_it_is_closed_not_running(tmp_path, run,
                                                                              fmt, after):
    first, second = went_on(tmp_path / "home")
    result = run("export", first, "--format", fmt)
    assert result.code == 0
    assert "running" not in result.out
    assert (f"Hands played: 3; closed: the evening goes on in session {second}.{after}"
            in result.out)


def test_an_evening_that_did_not_go_on_is_still_running_in_its_exports(tmp_path, run):
    session = kratzen(fixed_store(tmp_path / "home")).id
    assert "Hands played: 3; running. Digest: " in run("export", session, "--format", "md").out
    assert "closed" not in run("export", session, "--format", "html").out


# ---- a chip count in an evening that went on ---------------------------------------------------

def test_the_command_line_counts_the_chips_of_an_evening_that_went_on(tmp_path, run):
    """The count is held against the ledger as the evening left it (Anna -45, pot 51) and
    written like any other: a new event on the chain, both evenings' audits still clean."""
    home = tmp_path / "home"
    first, second = went_on(home)
    before = Store(home).open(first).digest
    result = run("count", first, "Anna=-45", "pot=51")
    assert result.code == 0, result.err
    rows = Store(home).open(first).rows
    assert [r["type"] for r in rows][-2:] == ["continued", "count"]
    assert rows[-1]["counted"] == {"Anna": "-45", "pot": "51"} and rows[-1]["off"] == {}
    assert rows[-1]["after_hand"] == 3
    assert Store(home).open(first).digest != before  # the count moved the digest on
    audits_clean(home, first, second)
    # off by +6: recorded, exit 1 as anywhere (counted minus the ledger: 20¼ - 14¼)
    off = run("count", first, "Ben=20.25")
    assert off.code == 1 and "+6" in off.out
    assert Store(home).open(first).rows[-1]["type"] == "count"
    findings = Store(home).audit(first)[1]  # the difference only, as for any count: no link
    assert [f.kind for f in findings] == ["count"] and "off by +6" in findings[0].message


def test_a_count_in_an_evening_that_went_on_keeps_the_stale_state_check(tmp_path, run):
    """`--expect` with a digest the session moved on from: refused, nothing written."""
    home = tmp_path / "home"
    first, _second = went_on(home)
    old = Store(home).open(first).digest
    assert run("count", first, "Anna=-45", "--expect", old).code == 0
    path = session_file(home, first)
    before = path.read_bytes()
    stale = run("count", first, "Anna=-45", "--expect", old)
    assert stale.code == 2 and "the session changed meanwhile" in stale.err
    assert path.read_bytes() == before


async def test_the_table_counts_the_chips_of_an_evening_that_went_on(tmp_path):
    """ctrl+k opens the count there (the key bar offers it), and the count is recorded."""
    first, second = went_on(tmp_path)
    app = make_app(tmp_path, first)
    async with app.run_test(size=(100, 30)) as pilot:
        screen, shown = await table_keys(pilot, first)
        assert "Count" in shown and "Withdraw" not in shown
        await pilot.press("ctrl+k")
        await pilot.pause()
        assert isinstance(app.screen, CountDialog)
        await pilot.press("minus", "4", "5", "ctrl+s")  # Anna's -45: what the ledger says
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        assert "The count agrees with the ledger." in app.said
    rows = Store(tmp_path).open(first).rows
    assert rows[-1]["type"] == "count" and rows[-1]["counted"] == {"Anna": "-45"}
    audits_clean(tmp_path, first, second)
