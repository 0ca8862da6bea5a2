"""Derived data is never trusted (issue 24): the listing's ``index.json`` is a cache tied to
the file each entry came from, and money from a settle-up is shown only while it is the
latest word on the hands. Anna, Ben, Cleo and Dora play the worked Kratzen session of
docs/rules.md: Anna -45, Ben +14¼ (the winner), Cleo -27¾, Dora +6½; at 0.10 EUR a chip Anna
pays 4.50 EUR."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest

from scorekeeper.script import replay_file
from scorekeeper.store import Store

from .conftest import EXAMPLES


def saved(home: Path) -> str:
    """The worked Kratzen session, stored in ``home``."""
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    return Store(home).create(ledger.config, [s.record for s in ledger.settlements]).id


@pytest.fixture
def two_evenings(run, tmp_path):
    """Two worked Kratzen evenings, each settled up at 0.10 EUR a chip."""
    sessions = [saved(tmp_path / "home"), saved(tmp_path / "home")]
    for s in sessions:
        assert run("settle", s, "--value", "0.10", "--currency", "EUR").code == 0
    return sessions


def index_of(tmp_path: Path) -> dict:
    return json.loads((tmp_path / "home" / "index.json").read_text("utf-8"))


def forge(tmp_path: Path, session: str) -> None:
    """Edit the index by hand: in ``session``'s entry Anna has +1000 chips, 100 EUR, the win
    and the lead (the entry's tie to its file, whatever it is, left as it was)."""
    index = index_of(tmp_path)
    entry = index["files"][f"{session}.json"]
    for seat in entry["figures"]["players"]:
        seat["won"] = seat["name"] == "Anna"
    entry["figures"]["players"][0]["net"] = "1000"
    entry["figures"]["money"]["players"]["Anna"] = "100"
    entry["summary"]["scores"]["Anna"] = "1000"
    entry["summary"]["leaders"] = ["Anna"]
    (tmp_path / "home" / "index.json").write_text(json.dumps(index), "utf-8")


# ---- the index is a cache ----------------------------------------------------------------------

def test_an_index_edited_by_hand_is_not_believed(run, tmp_path, two_evenings):
    """Every figure of season, player and sessions comes from the files: Anna lost 45 chips
    (4.50 EUR) each evening and led neither."""
    assert run("season", "--json").code == 0  # the index now holds both evenings' figures
    forge(tmp_path, two_evenings[0])
    season = json.loads(run("season", "--json").out)
    anna = next(p for p in season["tables"][0]["players"] if p["name"] == "Anna")
    assert (anna["net"], anna["wins"], anna["money"]) == ("-90", 0, {"EUR": "-9"})
    player = json.loads(run("player", "Anna", "--json").out)
    assert (player["wins"], player["money"]) == (0, {"EUR": "-9"})
    assert [s["net"] for s in player["sessions"]] == ["-45", "-45"]
    listed = {s["id"]: s for s in json.loads(run("sessions", "--json").out)}
    assert listed[two_evenings[0]]["leaders"] == ["Ben"]
    assert listed[two_evenings[0]]["scores"]["Anna"] == "-45"
    assert "leading: Anna" not in run("sessions").out and "winners: Anna" not in run(
        "sessions").out


def test_an_edited_entry_is_dropped_and_worked_out_again(run, tmp_path, two_evenings):
    """The index is written again from the file: the forged figures do not stay in it."""
    assert run("season").code == 0
    forge(tmp_path, two_evenings[0])
    assert run("season").code == 0
    entry = index_of(tmp_path)["files"][f"{two_evenings[0]}.json"]
    assert entry["summary"]["scores"]["Anna"] == "-45"
    assert entry["figures"]["players"][0]["net"] == "-45"


def test_the_listing_from_the_store_is_the_files(tmp_path):
    """Store.list_sessions (the home screen's list and the season screen read it) after the
    index was edited by hand."""
    session = saved(tmp_path / "home")
    store = Store(tmp_path / "home")
    store.list_sessions(figures=True)  # the index now holds its line and figures
    index = index_of(tmp_path)
    entry = index["files"][f"{session}.json"]
    entry["summary"]["leaders"] = ["Anna"]
    entry["figures"]["players"][0]["won"] = True
    (tmp_path / "home" / "index.json").write_text(json.dumps(index), "utf-8")
    (line,) = store.list_sessions(figures=True)
    assert line.summary is not None and line.summary.leaders == ("Ben",)
    assert line.figures is not None and not line.figures["players"][0]["won"]


def test_a_file_changed_in_place_with_its_time_kept_is_read_again(run, tmp_path, two_evenings):
    """The newest event's hash changed in place, the file's size and time put back as they
    were: the index's entry no longer matches the file's head, so the file is read (and found
    damaged) instead of being served from the index."""
    assert run("season").code == 0
    path = tmp_path / "home" / "sessions" / f"{two_evenings[0]}.json"
    before = os.stat(path)
    raw = path.read_bytes()
    head = json.loads(raw)["events"]
    last = head[max(head, key=int)]["hash"]
    changed = last[:-1] + ("0" if last[-1] != "0" else "1")
    with open(path, "r+b") as f:  # in place: the same inode
        f.write(raw.replace(last.encode(), changed.encode()))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(path).st_size == before.st_size
    document = json.loads(run("season", "--json").out)
    assert document["tables"][0]["evenings"] == 1
    assert [s["file"] for s in document["skipped"]] == [f"sessions/{two_evenings[0]}.json"]


# ---- money is current or says it is not --------------------------------------------------------

@pytest.fixture
def withdrawn(run, tmp_path):
    """The worked evening settled up at 0.10 EUR a chip (Dora +6½ chips: 0.65 EUR), seen by a
    season (the index holds its figures), then its hand 4 withdrawn: Dora's -1 of the forced
    Muss is gone, she has +7½ chips, and the settle-up no longer says where anyone stands."""
    session = saved(tmp_path / "home")
    assert run("settle", session, "--value", "0.10", "--currency", "EUR").code == 0
    dora = json.loads(run("player", "Dora", "--json").out)
    assert (dora["money"], dora["sessions"][0]["net"]) == ({"EUR": "0.65"}, "6.5")
    assert run("undo", session).code == 0
    return session


STALE = "hands have changed since the last settle-up: settle up again"


def test_the_season_leaves_stale_money_out_and_says_so(run, withdrawn):
    document = json.loads(run("season", "--json").out)
    (table,) = document["tables"]
    dora = next(p for p in table["players"] if p["name"] == "Dora")
    assert (dora["net"], dora["money"], dora["money_stale"]) == ("7.5", {}, 1)
    assert table["sessions"][0]["money_stale"] is True
    text = run("season").out
    assert "0.65" not in text and "EUR" not in text
    row = next(line for line in text.splitlines() if "Dora" in line)
    assert row.split()[-3:] == ["1", "evening", "stale"]
    assert f"money left out: session {withdrawn}: {STALE}" in text


def test_the_season_s_files_say_it_too(run, tmp_path, withdrawn):
    rows = list(csv.reader(io.StringIO(run("season", "--format", "csv").out)))
    assert rows[0][-1] == "money stale" and not any(h.startswith("money EUR") for h in rows[0])
    assert {r[2]: r[-1] for r in rows[1:]} == {"Anna": "1", "Ben": "1", "Cleo": "1",
                                                "Dora": "1"}
    md = run("season", "--format", "md").out
    assert "| 1 evening stale |" in md and f"money left out: session {withdrawn}" in md
    assert "0.65" not in md and "EUR" not in md
    page = run("season", "--format", "html").out
    assert "<td class=n>1 evening stale</td>" in page and "EUR" not in page
    assert f"<li>money left out: session {withdrawn}: {STALE}</li>" in page


def test_the_player_page_says_the_money_is_stale(run, withdrawn):
    dora = json.loads(run("player", "Dora", "--json").out)
    assert (dora["money"], dora["money_stale"]) == ({}, 1)
    assert dora["games"][0]["money"] == {} and dora["games"][0]["money_stale"] == 1
    (evening,) = dora["sessions"]
    assert (evening["net"], evening["money"], evening["currency"], evening["money_stale"]) == (
        "7.5", None, None, True)
    text = run("player", "Dora").out
    assert "0.65" not in text and "EUR" not in text
    assert f"+7½ ({STALE})" in text
    assert "money: 1 evening stale" in text
    assert json.loads(run("players", "--json").out)["players"][0]["money_stale"] == 1


def test_a_settle_up_made_again_is_current(run, withdrawn):
    """Settled again at 0.10 EUR after the withdrawal: Dora's +7½ chips are 0.75 EUR."""
    assert run("settle", withdrawn, "--value", "0.10", "--currency", "EUR").code == 0
    dora = json.loads(run("player", "Dora", "--json").out)
    assert (dora["money"], dora["money_stale"]) == ({"EUR": "0.75"}, 0)
    assert "money left out" not in run("season").out


def test_a_settle_up_without_a_value_does_not_make_old_money_current(run, withdrawn):
    """Settled again in chips only: the money of the first settle-up is still of the hands
    before the withdrawal."""
    assert run("settle", withdrawn).code == 0
    dora = json.loads(run("player", "Dora", "--json").out)
    assert (dora["money"], dora["money_stale"]) == ({}, 1)


def test_the_session_s_json_export_says_its_settle_up_is_stale(run, tmp_path):
    session = saved(tmp_path / "home")
    assert run("settle", session, "--value", "0.10", "--currency", "EUR").code == 0
    assert json.loads(run("export", session, "--format", "json").out)["settle_up_stale"] is False
    assert run("undo", session).code == 0
    document = json.loads(run("export", session, "--format", "json").out)
    assert document["settle_up"]["after_hand"] == 4 and document["settle_up_stale"] is True


def test_the_player_page_says_it_in_german(run, withdrawn):
    text = run("--lang", "de", "player", "Dora").out
    assert "(seit der letzten Schlussabrechnung haben sich Spiele geändert: noch einmal " \
           "abrechnen)" in text
    assert "0,65" not in text and "EUR" not in text


def test_the_season_says_it_in_german(run, withdrawn):
    text = run("--lang", "de", "season").out
    assert "1 Abend veraltet" in text
    assert f"Geld ausgelassen: Partie {withdrawn}: seit der letzten Schlussabrechnung" in text
    assert "0,65" not in text and "EUR" not in text


async def test_the_season_screen_says_the_money_is_stale(tmp_path):
    """The season screen (t on the home screen) after the withdrawal: no money beside Dora's
    +7½, the cell and the notes say why."""
    from decimal import Decimal

    from textual.widgets import DataTable, Static

    from scorekeeper.tui.screens.season import SeasonScreen

    from .tui_helpers import fixed_store, make_app

    ledger = replay_file(EXAMPLES / "kratzen.toml")
    store = fixed_store(tmp_path)
    session = store.create(ledger.config, [s.record for s in ledger.settlements]).id
    store.settle_up(session, Decimal("0.10"), "EUR")
    store.list_sessions(figures=True)  # the index holds the money of the settle-up
    store.undo(session)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SeasonScreen)
        table = screen.query_one("#season-table", DataTable)
        rows = {str(table.get_row_at(i)[1]): [str(c) for c in table.get_row_at(i)]
                for i in range(table.row_count)}
        assert rows["Dora"][5:] == ["+7½", "+7½", "1 evening stale"]
        notes = str(screen.query_one("#season-notes", Static).render())
        assert f"money left out: session {session}: {STALE}" in notes


def test_the_file_s_rows_and_its_events_say_the_same_of_the_money(tmp_path):
    """The listing reads whether money is current from the file's rows (no event is made a
    model), the exports from the events: the two agree at every step. Settled at 0.10 EUR:
    current; hand 4 withdrawn: stale; settled in chips only: still stale; at a value again:
    current."""
    from decimal import Decimal

    from scorekeeper.settleup import money_current
    from scorekeeper.store.sessionline import money_current as rows_current

    session = saved(tmp_path / "home")
    store = Store(tmp_path / "home")
    said = []
    for step in (lambda: store.settle_up(session, Decimal("0.10"), "EUR"),
                 lambda: store.undo(session), lambda: store.settle_up(session),
                 lambda: store.settle_up(session, Decimal("0.10"), "EUR")):
        step()
        opened = store.open(session)
        said.append((money_current(opened.events), rows_current(opened.rows)))
    assert said == [(True, True), (False, False), (False, False), (True, True)]


async def test_the_home_screen_lists_the_files_not_an_edited_index(tmp_path):
    """The home screen's list after the index was edited by hand (Anna leading): Ben leads."""
    from textual.widgets import DataTable

    from .tui_helpers import fixed_store, make_app

    ledger = replay_file(EXAMPLES / "kratzen.toml")
    store = fixed_store(tmp_path)
    session = store.create(ledger.config, [s.record for s in ledger.settlements]).id
    store.list_sessions()
    index = json.loads((tmp_path / "index.json").read_text("utf-8"))
    index["files"][f"{session}.json"]["summary"]["leaders"] = ["Anna"]
    (tmp_path / "index.json").write_text(json.dumps(index), "utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        row = " ".join(str(c) for c in table.get_row_at(0))
        assert row.endswith("Anna, Ben, Cleo, Dora │ Ben (14¼)"), row  # (the rule between)
