"""The home screen as a list of evenings, driven with Pilot: the next evening (the pot
carries), the same players again, a name, the archive, deleting into the trash, and columns
that fit the screen. Each step is checked against the store."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from scorekeeper.amounts import format_amount
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.script import replay_file
from scorekeeper.store import Store
from scorekeeper.tui.homelist import COLUMNS, fit_columns
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.table import TableScreen

from .conftest import EXAMPLES
from .tui_helpers import fixed_store, make_app

LONG = ["Anneliese-Marie Schulz", "Bartholomew Ng-Okafor", "Cleopatra Vandersloot",
        "Dorothea Fitzgerald-Ode"]


def kratzen_evening(home) -> str:
    """examples/kratzen.toml stored: pot 52 after 4 hands, Dora dealt last."""
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    return fixed_store(home).create(ledger.config, [s.record for s in ledger.settlements]).id


def rows(app) -> list[list[str]]:
    """The list's lines, each in the order of ``HomeScreen``'s columns (a column left out, as
    the name when no session has one, is empty)."""
    table = app.screen.query_one("#sessions", DataTable)
    keys = [str(key.value) for key in table.columns]
    return [[" ".join(str(table.get_cell_at((i, keys.index(c)))).split()) if c in keys else ""
             for c in COLUMNS] for i in range(table.row_count)]


def hint(app) -> str:
    return str(app.screen.query_one("#home-hint", Static).render())


async def test_next_evening_starts_a_session_with_the_pot_and_opens_it(tmp_path):
    first = kratzen_evening(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        assert "c next evening (the pot carries)" in hint(app)
        await pilot.press("c")
        await pilot.pause()
        question = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert f"Next evening after session {first}?" in question
        assert "Anna deals first" in question
        assert f"The pot opens with the 52 that session {first} left after its 4 hands" in question
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        session = app.screen.session
        assert session.opening().previous_id == first
        assert (app.screen.state.pot, app.screen.state.dealer) == (52, "Anna")
        assert f"the next evening after {first}" in app.said[-1]
    assert Store(tmp_path).open(session.id).state().pot == 52


async def test_escape_starts_nothing(tmp_path):
    kratzen_evening(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        for key in ("c", "p"):
            await pilot.press(key)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
    assert len(Store(tmp_path).list_sessions()) == 1


async def test_same_players_again_starts_afresh_with_the_next_dealer(tmp_path):
    first = kratzen_evening(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        question = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert f"The same players again as session {first}?" in question
        assert "nothing carries over" in question
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        state = app.screen.state
        assert (state.pot, state.dealer, state.hands_played) == (0, "Anna", 0)
        assert app.screen.session.opening() is None
        assert app.screen.session.config.players == ("Anna", "Ben", "Cleo", "Dora")


async def test_a_name_typed_on_the_home_screen_is_kept_and_listed(tmp_path):
    first = kratzen_evening(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r", *"Friday at Anna's", "enter")
        await pilot.pause()
        assert rows(app)[0][1] == "Friday at Anna's"
        assert Store(tmp_path).open(first).name == "Friday at Anna's"
        await pilot.press("r", *"x" * 3, "escape")  # Escape: the name stays as it was
        await pilot.pause()
        assert Store(tmp_path).open(first).name == "Friday at Anna's"
        await pilot.press("r", "ctrl+u", "enter")  # emptied: no name
        await pilot.pause()
        assert rows(app)[0][1] == "" and Store(tmp_path).open(first).name is None


async def test_archive_hides_a_session_s_shows_it_and_h_takes_it_back(tmp_path):
    first = kratzen_evening(tmp_path)
    other = fixed_store(tmp_path).create(make_config("letzter", ["Ann", "Bo", "Cy"], "Ann")).id
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        assert [r[0] for r in rows(app)] == [first, other]  # same start: listed by file
        await pilot.press("h")  # the first line: archived, and gone from the list
        await pilot.pause()
        assert [r[0] for r in rows(app)] == [other]
        assert Store(tmp_path).open(first).archived
        assert "s show 1 archived" in hint(app)
        await pilot.press("s")
        await pilot.pause()
        assert [(r[0], r[5]) for r in rows(app)] == [(first, "archived"), (other, "running")]
        assert "h archive" in hint(app)  # the cursor stays on the session it was on
        await pilot.press("up")
        assert "h unarchive" in hint(app) and "Del delete" in hint(app)
        await pilot.press("h")
        await pilot.pause()
        assert not Store(tmp_path).open(first).archived
        assert "Session 00000001 taken out of the archive." in app.said


async def test_only_an_archived_session_is_deleted_after_two_questions(tmp_path):
    first = kratzen_evening(tmp_path)
    path = tmp_path / "sessions" / f"{first}.json"
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and path.exists()
        assert "Only an archived session can be deleted" in app.said[-1]
        await pilot.press("h", "s")
        await pilot.pause()
        content = path.read_bytes()  # archived
        await pilot.press("delete", "enter", "enter")  # Enter twice: the second says no
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and path.exists()
        await pilot.press("delete", "escape")  # no at the first question
        await pilot.pause()
        assert path.exists()
        await pilot.press("delete", "y", "y")
        await pilot.pause()
        assert not path.exists()
        moved = tmp_path / "trash" / f"{first}.json"
        assert moved.read_bytes() == content
        assert (f"Session {first} moved to {moved}. To get it back, move that file into "
                f"{tmp_path / 'sessions'}.") in app.said
        assert rows(app) == []


async def test_a_change_made_from_another_terminal_meanwhile_is_refused(tmp_path):
    """The list shows each session as it was read; a key acts on that state: when another
    terminal wrote to the session since, nothing is written and the list is read again."""
    first = kratzen_evening(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        for before, after in (([], ["h"]), (["r", "x"], ["enter"]), (["c"], ["enter"]),
                              (["p"], ["enter"])):
            app.screen.refresh_sessions()
            await pilot.press(*before)  # the question is asked against the list as read
            await pilot.pause()
            Store(tmp_path).count(first, {"Anna": -45})  # another terminal, meanwhile
            digest = Store(tmp_path).open(first).digest
            await pilot.press(*after)
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen), after
            assert "The session changed meanwhile" in app.said[-1], after
            assert Store(tmp_path).open(first).digest == digest
    assert len(Store(tmp_path).list_sessions()) == 1


# ---- columns that fit ---------------------------------------------------------------------------

def test_the_columns_fit_the_screen_the_time_of_day_goes_first_then_name_and_players():
    natural = {"id": 8, "name": 16, "game": 7, "started": 16, "hands": 5, "status": 8,
               "players": 21, "leading": 9}  # one named Kratzen evening of four
    assert fit_columns(120, natural) == natural  # 90 + 8 gaps + 3 fit in 120
    at_100 = fit_columns(100, natural)  # 101 do not: the start keeps its date only
    assert at_100 == natural | {"started": 10}
    # At 80: 80 - 3 - 8 = 69 for 84: the players give way to 16, then the name gives the rest
    # (16 -> 6): the players keep their room (issue 26: they had 4 columns).
    assert fit_columns(80, natural) == natural | {"started": 10, "name": 6, "players": 16}
    long = natural | {"name": 40, "players": 95, "leading": 26}
    for width in (80, 100, 120, 160):
        fitted = fit_columns(width, long)
        assert sum(fitted.values()) + len(fitted) + 3 <= width
        assert all(fitted[c] == long[c] for c in ("id", "game", "hands", "status"))
        if width > 80:  # what leads stays whole while the others can give
            assert fitted["leading"] == 26 and fitted["players"] >= 16
    # At 80: 69 - 38 = 31: the name gives way to 4, then the players to the narrowest that
    # still says them (their count, "6 players": 9), what leads keeps the rest (its names
    # fold onto lines of their row, never cut; homelist.balanced may share it again).
    assert fit_columns(80, long, players_least=9) == long | {"started": 10, "name": 4,
                                                             "players": 9, "leading": 18}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_what_leads_and_the_players_stay_whole_while_the_name_is_cut(tmp_path, size):
    """Who leads is never cut (at 80 it folds between words, onto a second line of its
    row); the players are named whole, or counted where their names would take too many
    lines (the panel under the list names them); the session's name is cut."""
    store = fixed_store(tmp_path)
    session = store.create(make_config("kratzen", LONG, LONG[0]))
    store.record(session.id, HandRecord(indicator=("KC",), tricks=(LONG[1],) * 3 + (LONG[2],)))
    store.record(session.id, HandRecord(indicator=("9H",), entered=(LONG[2], LONG[3], LONG[0]),
                                        tricks=(LONG[1],) * 4))
    store.name(session.id, "Friday at Anna's, the long evening by the lake")
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        [row] = rows(app)
        leads = store.open(session.id).state()
        assert leads.leaders == (LONG[1],)  # Bartholomew took every trick of hand 2
        leading = f"{LONG[1]} ({format_amount(leads.scores[LONG[1]])})"
        # whole: on one line at 120, at 80 "Bartholomew" over "Ng-Okafor (19)" (read here
        # as one line)
        assert row[7] == leading
        assert row[6] == (", ".join(LONG) if size[0] >= 120 else "4 players"), row
        assert row[1].endswith("…")
        table = app.screen.query_one("#sessions", DataTable)
        assert table.virtual_size.width <= size[0] - 2  # nothing runs off the screen


async def test_the_audit_on_the_home_screen_says_the_link_was_checked(tmp_path):
    first = kratzen_evening(tmp_path)
    second = Store(tmp_path).next_evening(first).session.id
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        at = [r[0] for r in rows(app)].index(second)
        await pilot.press(*["down"] * at, "a")
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "Audit clean" in shown
        assert f"the link to session {first} (digest " in shown and ") checked: it left" in shown
        assert f"{first}.json" not in shown  # no file's path at the table (trial 32)


async def test_the_evening_continued_takes_no_more_hands_and_says_where_it_goes_on(tmp_path):
    """examples/kratzen.toml's first 3 hands, continued: opened again, the first evening says
    where it goes on and a key types nothing; its standings stay on screen."""
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    store = fixed_store(tmp_path)
    first = store.create(ledger.config, [s.record for s in ledger.settlements][:3]).id
    second = store.next_evening(first).session.id
    app = make_app(tmp_path, first)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.session.id == first
        said = screen.entry_text()
        assert f"The evening goes on in session {second} (the next evening)" in said
        assert f"GOES ON IN SESSION {second}" in str(screen.query_one("#table-top",
                                                                      Static).render())
        await pilot.press("k")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.entry.keys == [] and isinstance(app.screen, TableScreen)
        assert f"The evening goes on in session {second}" in app.said[-1]
        await pilot.press("9", "h", "a")  # said once, not a notice stacked on each key
        assert sum(f"The evening goes on in session {second}" in s for s in app.said) == 1
    assert Store(tmp_path).open(first).hands_played == 3


async def test_the_home_screen_lists_an_evening_that_went_on_as_continued(tmp_path):
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    store = fixed_store(tmp_path)
    first = store.create(ledger.config, [s.record for s in ledger.settlements][:3]).id
    second = store.next_evening(first).session.id
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        status = {row[0]: row[5] for row in rows(app)}  # (it said "continued": where?)
        assert status == {first: f"goes on in {second}", second: "running"}


async def test_a_hand_being_typed_when_another_terminal_starts_the_next_evening(tmp_path):
    """The table is open on the first evening, a hand half typed, when another terminal
    starts the next evening from it: the table follows, says the hand was not saved and where
    to enter it, and takes no more keys."""
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    other = fixed_store(tmp_path)  # the other terminal
    first = other.create(ledger.config, [s.record for s in ledger.settlements][:3]).id
    app = make_app(tmp_path, first)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        await pilot.press("k", "h")
        assert screen.typing()
        second = other.next_evening(first).session.id
        screen.check_for_changes()
        await app.workers.wait_for_complete()
        await pilot.pause()
        dialog = app.screen  # the hand as typed, shown whole until Escape
        said = " ".join(map(str, dialog.detail))
        assert f"the evening goes on in session {second} now. " in said, said
        assert "What you had typed (enter it there):" in said, said
        assert dialog.question == "The hand you were typing was not saved"
        await pilot.press("escape")
        await pilot.pause()
        assert f"The evening goes on in session {second}" in screen.entry_text()
        await pilot.press("9")
        assert screen.entry.keys == []


async def test_the_next_evening_of_a_game_without_a_pot_promises_no_pot(tmp_path):
    """Letzter keeps no pot: its line's keys offer the next evening without saying that a pot
    carries (the question that follows says that only the players and the deal carry)."""
    fixed_store(tmp_path).create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "c next evening" in hint(app)
        assert "pot" not in hint(app)
