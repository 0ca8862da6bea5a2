"""Trial 34 (de): Escape pressed by mistake while asking who plays opened "Leave the table?",
and the German j, meant for "geht mit", answered yes: the table was left and the hand typed
so far dropped. Leaving mid-hand takes Enter only; a letter says nothing there."""

from __future__ import annotations

import pytest

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog

from .tui_helpers import fixed_store, make_app

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]


@pytest.mark.parametrize("language, yes", [("de", "j"), ("en", "y"), ("pt", "s")])
async def test_a_letter_does_not_leave_the_table_mid_hand(tmp_path, language, yes):
    store = fixed_store(tmp_path)
    # hand 1 leaves the pot not empty: hand 2 asks each player whether they play
    session = store.create(make_config("kratzen", PLAYERS, "Anna"), [
        HandRecord(indicator=("KC",), tricks=("Ben", "Ben", "Cleo", "Anna"))]).id
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        suit = {"de": "h", "en": "h", "pt": "c"}[language]  # hearts
        await pilot.press("a", suit)
        await pilot.pause()
        assert table.entry.draft.step.kind == "decide"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press(yes)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog), "a letter left the table"
        await pilot.press("escape")  # No: back to the hand, as it was typed
        await pilot.pause()
        assert app.screen is table and table.entry.draft.step.kind == "decide"
        await pilot.press("escape", "enter")  # Enter says yes
        await pilot.pause()
        assert app.screen is not table and not isinstance(app.screen, ConfirmDialog)
