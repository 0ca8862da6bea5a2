"""Issue 26: a notice on the screens other than the table (the home, the ledger, the
standings, the season, the settle-up, a new session) is said whole in a status line over the
key bar, as at the table (widgets.NoticeLine), and covers nothing: before, it was a toast
drawn over the list, and, when no toast was showing, a row short (a one-row notice was not
drawn at all, a two-row one cut to its first row). A dialog (a modal screen, no line of its
own) still shows a toast, drawn whole.

The evening: Kratzen, six 24-character names, Alexandra deals, one hand (K♣ turned, a Muss,
tricks to Alexandra, Bartholomew, Cleopatra and Dorothea)."""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog
from scorekeeper.tui.screens.dialog_export import ExportDialog
from scorekeeper.tui.screens.ledger import LedgerScreen, StandingsScreen
from scorekeeper.tui.screens.new_session import NewSessionScreen
from scorekeeper.tui.screens.season import SeasonScreen

from .tui_helpers import LONG_NAMES, SCROLL_BAR, fixed_store, make_app, settled, shown_rows, words

ALEXANDRA = LONG_NAMES[0]
DELETE = "Only an archived session can be deleted: archive it first (h)."
# Two rows at 80 columns: the words of a long notice, each one of them on screen.
LONG = ("The session file was written by another terminal meanwhile; what is shown is read "
        "again from it, and nothing typed here is lost.")


def evening(tmp_path) -> str:
    config = make_config("kratzen", list(LONG_NAMES), ALEXANDRA)
    record = HandRecord(indicator=parse_cards("KC"), tricks=LONG_NAMES[:4])
    return fixed_store(tmp_path).create(config, [record]).id


def bare(rows: list[str]) -> list[str]:
    """The rows without a scroll bar's thumb (a list that gives up rows may get one)."""
    return [row.translate(SCROLL_BAR).rstrip() for row in rows]


def said_whole(rows: list[str], notice: str) -> bool:
    """Every character of ``notice`` on screen, in order (a path longer than a row is folded
    inside a word: the spaces are left out of the comparison)."""
    return "".join(notice.split()) in "".join(" ".join(rows).replace("▌", "").split())


async def test_a_notice_on_the_home_screen_is_whole_over_the_key_bar(tmp_path):
    """Delete on a session that is not archived: the warning whole, in the rows over the key
    bar; the session's line, the title and the key bar are all still there (before: not
    drawn at all, a toast a row short)."""
    session = evening(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        before = shown_rows(app)
        await pilot.press("delete")
        await settled(pilot)
        after = shown_rows(app)
        assert app.said[-1] == DELETE
        assert said_whole(after, DELETE), after
        assert after[-1] == before[-1]  # the key bar, as it was
        line = next(row for row in before if row.lstrip().startswith(session))
        assert line in after  # the session's line is not covered
        assert after[0] == before[0]
        notice_row = next(n for n, row in enumerate(after) if "Only an archived" in row)
        assert notice_row == len(after) - 2  # right over the key bar


async def open_screen(app, pilot, screen) -> None:
    app.push_screen(screen)
    await settled(pilot)


@pytest.mark.parametrize("which", ["ledger", "standings", "season", "new"])
@pytest.mark.parametrize("notice", [DELETE, LONG])
async def test_a_notice_on_a_list_screen_is_whole_and_covers_nothing(tmp_path, which, notice):
    """A notice of one row and one of two on the ledger, the standings, the season and a new
    session's screen: every word on screen, in rows of its own over the key bar, and every
    row the screen showed before it over those rows is still there, as it was."""
    session = evening(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        opened = app.store.open(session)
        screen = {"ledger": lambda: LedgerScreen(opened),
                  "standings": lambda: StandingsScreen(opened),
                  "season": SeasonScreen, "new": NewSessionScreen}[which]()
        await open_screen(app, pilot, screen)
        before = shown_rows(app)
        app.notify(notice, markup=False)
        await settled(pilot)
        after = shown_rows(app)
        assert said_whole(after, notice), after
        assert after[-1] == before[-1]  # the key bar, as it was
        taken = 1 if notice == DELETE else 2
        notice_rows = after[-1 - taken:-1]
        assert words(" ".join(notice_rows).replace("▌", "")) == words(notice), after
        # Nothing covered: the rows over the notice are the screen's own (its list gave up
        # the rows at its bottom).
        top = len(after) - 1 - taken - 2
        # (A chart is drawn again to the height it has left: its rows are the screen's.)
        top = min([top, *(n for n, row in enumerate(before) if "┤" in row)])
        assert top > 3 and bare(after[:top]) == bare(before[:top]), (before, after)


async def test_a_notice_over_a_dialog_is_a_toast_drawn_whole(tmp_path):
    """On a dialog (a modal screen: no line of its own) the notice is a toast, drawn whole:
    its one row, and both rows of a long one (before: the first toast was a row short)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        await open_screen(app, pilot, ConfirmDialog("A question", ["Yes or no?"]))
        app.notify(DELETE, markup=False)
        await settled(pilot)
        assert said_whole(shown_rows(app), DELETE), shown_rows(app)
        app.clear_notifications()
        await settled(pilot)
        app.notify(LONG, markup=False)
        await settled(pilot)
        assert said_whole(shown_rows(app), LONG), shown_rows(app)


async def test_the_export_s_notice_is_said_in_the_home_s_line_once_the_dialog_closes(tmp_path):
    """x on the home, ctrl+s in the export dialog: the dialog closes and the home says where
    the file went in its notice line, whole (before: a toast said on the dialog, which
    outlived it, over the home)."""
    session = evening(tmp_path)
    # (Made first: the dialog's own file, in an exports folder not made yet, is refused as a
    # file "in the home folder", store/outputs.py; another matter.)
    (tmp_path / "exports").mkdir()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        await pilot.press("x")
        await settled(pilot)
        assert isinstance(app.screen, ExportDialog), shown_rows(app)
        await pilot.press("ctrl+s")
        await settled(pilot)
        target = tmp_path / "exports" / f"{session}.html"
        said = f"Exported html to {target}"
        assert app.said and app.said[-1] == said, app.said
        assert target.exists()
        assert app.screen.notices.words() == [said]
        assert said_whole(shown_rows(app), said)
        assert not app.screen.query("Toast")


@pytest.mark.parametrize("notice", [DELETE, LONG])
async def test_a_notice_on_the_settle_up_is_whole_over_its_key_bar(tmp_path, notice):
    """ctrl+u at the table opens the settle-up: a notice there is said whole in the rows
    over the key bar, and who pays whom (the top of the screen) is still there."""
    session = evening(tmp_path)
    app = make_app(tmp_path, session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+u")
        await settled(pilot)
        before = shown_rows(app)
        app.notify(notice, markup=False)
        await settled(pilot)
        after = shown_rows(app)
        assert said_whole(after, notice), after
        assert after[-1] == before[-1]
        taken = 1 if notice == DELETE else 2
        assert said_whole(after[-1 - taken:-1], notice), after
        assert bare(after[:4]) == bare(before[:4]), (before, after)
        assert app.screen.notices.words() == [notice]
