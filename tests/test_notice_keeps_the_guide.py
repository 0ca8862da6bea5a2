"""Trial 34 (de and pt, 80x24, six 24-character names): before a hand's first key, a key
refused ("Einen Rang tippen …", "Es gibt kein Spiel zum Zurücknehmen.") took a row of its
own over the key bar, and the guide's last step ("… spielt zum ersten Stich aus") went below
its box's edge. The lines under the seats give the notice its row (the last hand's line by
seat, on one row); the seats stay as they are; once the notice is gone, the line has its two
rows again."""

from __future__ import annotations

import pytest

from .test_table3_80x24 import CONFIG, HAND_3, HAND_4, HANDS, the_lead
from .tui_helpers import fixed_store, on_screen, settled, table_at_80x24


@pytest.mark.parametrize("key", ["x", "ctrl+z"])
async def test_a_refusal_before_the_first_key_leaves_the_guide_whole(tmp_path, key):
    sid = fixed_store(tmp_path).create(CONFIG, [*HANDS, HAND_3, HAND_4]).id
    async with table_at_80x24(tmp_path, sid, "de") as (app, pilot, screen):
        box = screen.query_one("#guide-box")
        last = screen.query_one("#last")
        assert box.max_scroll_y == 0 and last.size.height == 2  # whole, before
        seats = screen.has_class("seats-compact")
        await pilot.press(key)
        await settled(pilot)
        if key == "ctrl+z":  # a confirmation: withdraw hand 4? No: nothing said then
            await pilot.press("escape")
            await settled(pilot)
            screen.notify("Es gibt kein Spiel zum Zurücknehmen.", severity="error",
                          markup=False)
            await settled(pilot)
        assert screen.notices.words(), "no refusal said"
        assert the_lead(screen, "de") in on_screen(app)
        assert box.max_scroll_y == 0, "the guide's end below its box"
        assert last.size.height == 1  # the last hand's line gave its row
        assert screen.has_class("seats-compact") == seats  # the seats stayed
        screen.notices.clear()
        await settled(pilot)
        assert last.size.height == 2 and box.max_scroll_y == 0
