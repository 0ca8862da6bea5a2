"""An evening that went on in the next (D21) is listed as gone on, whatever becomes of the
next evening's file (issue 26, a tester's finding): with that file damaged (its header's
rotations changed by hand, or made garbage) the earlier evening was listed as running
("em curso") by `sessions` and on the home screen, and the home offered `c next evening`
for it again. Its own history holds its ``continued`` event, sealed in its file's listing
line (store/sessionline.py ``went_on``): the listing says it from there, names the next
session, and says that its file is damaged.

The evenings are examples/kratzen.toml's first 3 hands and the next evening that carried
their pot of 51 (tests/test_closed_evenings.py ``went_on``): ids 00000001 and 00000002."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable

from scorekeeper.store import Store
from scorekeeper.store.trailer import sealed_entry

from .test_closed_evenings import went_on
from .tui_helpers import make_app, on_screen, words


def damage(path: Path, how: str) -> None:
    """The next evening's file damaged by hand: its header's rotations changed, or garbage."""
    if how == "garbage":
        path.write_text("{ not a session", encoding="utf-8")
        return
    raw = path.read_text(encoding="utf-8")
    assert raw.count('"rotations":1') >= 1
    path.write_text(raw.replace('"rotations":1', '"rotations":2', 1), encoding="utf-8")


def went_on_then_damaged(home: Path, how: str) -> tuple[str, str]:
    first, second = went_on(home)
    Store(home).list_sessions()  # the listing's index written while both files were whole
    damage(home / "sessions" / f"{second}.json", how)
    return first, second


HOW = ["rotations", "garbage"]


# ---- the command line ---------------------------------------------------------------------------

@pytest.mark.parametrize("how", HOW)
def test_sessions_lists_the_earlier_evening_as_gone_on_to_a_damaged_file(tmp_path, run, how):
    first, second = went_on_then_damaged(tmp_path / "home", how)
    result = run("sessions")
    assert result.code == 0, result.err
    [line] = [row for row in result.out.splitlines() if row.startswith(first)]
    assert " running " not in line and " continued " in line, line
    assert line.endswith(f"[goes on in {second}, whose file is damaged]"), line
    assert f"{second}.json  DAMAGED: " in result.out


@pytest.mark.parametrize("how", HOW)
def test_sessions_json_says_where_it_went_on_and_that_that_file_is_damaged(tmp_path, run, how):
    first, second = went_on_then_damaged(tmp_path / "home", how)
    for _time in range(2):  # worked out from the files, then from the listing's index
        result = run("sessions", "--json")
        assert result.code == 0, result.err
        listed = {row["file"]: row for row in json.loads(result.out)}
        assert listed[f"{first}.json"]["continued_by"] == second
        assert listed[f"{first}.json"]["continued_by_damaged"] is True
        assert set(listed[f"{second}.json"]) == {"file", "damaged"}


def test_an_evening_gone_on_to_a_whole_file_is_not_said_damaged(tmp_path, run):
    first, second = went_on(tmp_path / "home")
    listed = {row["id"]: row for row in json.loads(run("sessions", "--json").out)}
    assert listed[first]["continued_by"] == second
    assert listed[first]["continued_by_damaged"] is False
    assert listed[second]["continued_by"] is None
    assert listed[second]["continued_by_damaged"] is False
    [line] = [row for row in run("sessions").out.splitlines() if row.startswith(first)]
    assert line.endswith(f"[goes on in {second}]"), line


# ---- where the listing finds it: the earlier evening's own sealed line ---------------------------

def test_the_went_on_mark_is_sealed_in_the_earlier_file(tmp_path):
    home = tmp_path / "home"
    first, second = went_on(home)
    sealed = sealed_entry((home / "sessions" / f"{first}.json").read_bytes())
    assert sealed is not None and sealed["went_on"] == second
    assert sealed_entry((home / "sessions" / f"{second}.json").read_bytes())["went_on"] is None


def test_a_went_on_mark_edited_in_the_index_is_not_believed(tmp_path):
    """The index is derived data: an entry whose mark was taken away by hand no longer
    matches its seal and is worked out from the file again."""
    home = tmp_path / "home"
    first, second = went_on_then_damaged(home, "garbage")
    Store(home).list_sessions()
    index = json.loads((home / "index.json").read_text(encoding="utf-8"))
    entry = index["files"][f"{first}.json"]
    assert entry["went_on"] == second
    entry["went_on"] = None
    (home / "index.json").write_text(json.dumps(index), encoding="utf-8")
    [line] = [x for x in Store(home).list_sessions() if x.summary is not None]
    assert line.summary.continued_by == second and line.next_damaged


def test_a_went_on_mark_edited_in_the_sealed_line_is_not_believed(tmp_path):
    """The mark taken out of the earlier file's sealed line by hand: the seal no longer holds,
    so the file is read and checked whole (its history still says it went on)."""
    home = tmp_path / "home"
    first, second = went_on_then_damaged(home, "rotations")
    path = home / "sessions" / f"{first}.json"
    raw = path.read_bytes()
    mark = f'"went_on":"{second}"'.encode()
    assert raw.count(mark) == 1
    path.write_bytes(raw.replace(mark, b'"went_on":null      '))
    (home / "index.json").unlink()
    [line] = [x for x in Store(home).list_sessions() if x.summary is not None]
    assert line.summary.continued_by == second and line.next_damaged


# ---- the home screen -----------------------------------------------------------------------------

@pytest.mark.parametrize("how", HOW)
async def test_the_home_lists_it_gone_on_and_offers_no_next_evening(tmp_path, how):
    first, second = went_on_then_damaged(tmp_path, how)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        rows = [[str(cell).rstrip() for cell in table.get_row_at(i)]
                for i in range(table.row_count)]
        headings = [str(column.label).strip() for column in table.columns.values()]
        at = [row[0] for row in rows].index(first)
        assert words(rows[at][headings.index("status")]) == f"goes on in {second} (damaged)", rows
        table.move_cursor(row=at)
        await pilot.pause()
        hint = str(app.screen.query_one("#home-hint").render())
        assert "next evening" not in hint and "same players again" in hint, hint
        await pilot.press("c")
        await pilot.pause()
        said = (f"Session {first} already went on in {second}, whose file is damaged: "
                f"'scorekeeper audit {second}' says more.")
        assert said in on_screen(app)
        assert len(Store(tmp_path).list_sessions()) == 2  # no third evening started


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_damaged_line_says_its_file_and_damaged_once(tmp_path, run, language):
    """Trial 32 (t32b cli-pt-dmg-sessions): "5dae7cef.json  DANIFICADO: sessions/5dae7cef.json:
    danificado: JSON inválido …": the file and the word twice."""
    _first, second = went_on_then_damaged(tmp_path / "home", "garbage")
    result = run("--lang", language, "sessions")
    [line] = [row for row in result.out.splitlines() if row.startswith(f"{second}.json")]
    assert line.count(f"{second}.json") == 1, line
    assert line.casefold().count("damaged" if language == "en" else "danificado") == 1, line
