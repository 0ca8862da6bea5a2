"""Trial 34: a count of half a chip was taken in Letzter Stich, a game of whole chips (no
table counts half a chip). The table's count dialog refuses it as ``count`` does, in its
message line, and records nothing; Kratzen keeps quarters of a chip."""

from __future__ import annotations

from textual.widgets import Static

from scorekeeper.rules import make_config
from scorekeeper.tui.screens.dialog_count import CountDialog

from .tui_helpers import fixed_store, make_app

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]


async def test_half_a_chip_is_refused_in_letzter_stich(tmp_path):
    session = fixed_store(tmp_path).create(make_config("letzter-stich", PLAYERS, "Anna"), []).id
    app = make_app(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+k")
        await pilot.pause()
        await pilot.press("3", ".", "5", "enter", "enter", "enter", "enter", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CountDialog)  # not asked "Record this count?": refused
        message = str(dialog.query_one("#count-message", Static).render())
        assert message == ("Anna: 3½: Letzter Stich counts whole chips, never part of a chip"), \
            message
