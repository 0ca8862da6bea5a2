"""Trial 35 (A1): amending hand 2 made hand 3 no longer fit, and both were amended together;
Escape there dropped both at once, with everything typed for both, unasked ("Korrektur
abgebrochen."), where Escape mid-hand asks first. Now Escape asks first whenever cancelling
would drop something typed (two hands amended together, or a key typed into the amendment):
only Enter cancels; Escape or n goes on amending the hand as typed. An amendment with nothing
typed (Backspace drops nothing: the hand stays as recorded) is cancelled at once, as leaving the
table with no hand typed is."""


from scorekeeper.tui.screens.dialog_confirm import EnterToConfirmDialog

from .test_tui_amend import (
    amend_hand_2_so_cleo_plays,
    amendment_gone,
    text_of,
    three_hands,
    walkover_then_muss,
)
from .tui_helpers import amend_hand, fixed_store, make_app, on_screen


async def test_escape_asks_before_dropping_two_hands_amended_together(tmp_path):
    session_id = walkover_then_muss(tmp_path)
    before = fixed_store(tmp_path).open(session_id).path.read_bytes()
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        table = app.screen
        await amend_hand_2_so_cleo_plays(pilot)
        await pilot.press("y")  # amend hand 3 too
        await pilot.pause()
        assert table.amending == 3 and [n for n, _c in table.amend_with] == [2]
        # The guide says so, all the while (it said "Escape cancels both").
        assert "Escape asks before cancelling both." in on_screen(app)
        await pilot.press("escape")  # before any key for hand 3: hand 2's typing is at stake
        await pilot.pause()
        question = app.screen
        assert isinstance(question, EnterToConfirmDialog)
        words = " ".join(text_of(question).split())
        assert "Cancel the amendment (hands 2 and 3)? What was typed is not saved." in words
        assert "No: back to hand 3 as you typed it." in words
        await pilot.press("escape")  # no: amending goes on
        await pilot.pause()
        assert app.screen is table and table.amending == 3
        await pilot.press("p", "p", "p")  # everyone plays: the tricks come back
        await pilot.pause()
        winners = table.entry.draft.winners
        assert table.entry.complete and winners == ("Cleo", "Dora", "Anna", "Ben")
        for no in ("escape", "n", "y"):  # (no letter says yes: only Enter)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, EnterToConfirmDialog)
            await pilot.press(no)
            await pilot.pause()
            if no == "y":  # (the dialog ignores it, still asking)
                assert isinstance(app.screen, EnterToConfirmDialog)
                await pilot.press("n")
                await pilot.pause()
            assert app.screen is table and table.amending == 3, no
            assert [n for n, _c in table.amend_with] == [2]
            assert table.entry.draft.winners == winners  # nothing typed was lost
        await pilot.press("escape", "enter")  # yes: both dropped
        await pilot.pause()
        assert amendment_gone(app, table)
        assert "Amending cancelled." in " ".join(str(table.query_one("#last").render()).split())
    assert fixed_store(tmp_path).open(session_id).path.read_bytes() == before


async def escape_cancels_at_once(pilot, table) -> None:
    """Escape with nothing typed in the amendment: no question, the table as it is."""
    await pilot.press("escape")
    await pilot.pause()
    assert amendment_gone(pilot.app, table)


async def test_escape_asks_once_a_key_is_typed_into_an_amendment(tmp_path):
    session_id = three_hands(tmp_path)
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        # Nothing typed yet (Backspace only takes back what stays recorded): cancelled at once.
        await amend_hand(pilot, 1)
        await pilot.press("backspace")
        await pilot.pause()
        await escape_cancels_at_once(pilot, table)
        # A key typed: Escape asks, and No keeps it.
        await amend_hand(pilot, 1)
        await pilot.press("backspace", "4")  # hand 1's last trick: Dora's, not Cleo's
        await pilot.pause()
        assert table.entry.draft.winners[-1] == "Dora"
        await pilot.press("f1")  # the help says Escape asks first
        await pilot.pause()
        assert "cancel the amendment (it asks first when something was typed)" in on_screen(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        await pilot.press("escape")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, EnterToConfirmDialog)
        assert "Cancel the amendment (hand 1)? What was typed is not saved." in " ".join(
            text_of(question).split())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and table.amending == 1
        assert table.entry.draft.winners[-1] == "Dora"
        # Taken back again: nothing typed is at stake, Escape cancels at once.
        await pilot.press("backspace")
        await pilot.pause()
        await escape_cancels_at_once(pilot, table)
        # A key typed again, and Enter at the question: cancelled.
        await amend_hand(pilot, 1)
        await pilot.press("backspace", "4", "escape", "enter")
        await pilot.pause()
        assert app.screen is table and table.amending is None
        assert not table.entry.started  # a fresh entry for hand 4
    assert fixed_store(tmp_path).open(session_id).hands_played == 3
