"""Trial 34 (de, 80x24, six 24-character names): amending a hand, before its first key, the
amendment's words on top of the whole guide pushed its last step ("… spielt zum ersten Stich
aus") below the box: nothing under the seats gives a row while amending (the last hand's line
is hidden). The guide leaves out "Spiel 3: … gibt." then (the heading says which hand is
amended, the seat who deals)."""

from __future__ import annotations

from .test_table3_80x24 import CONFIG, HAND_3, HAND_4, HANDS, the_lead
from .tui_helpers import amend_hand, fixed_store, on_screen, settled, table_at_80x24


async def test_amending_a_hand_keeps_the_guide_whole(tmp_path):
    sid = fixed_store(tmp_path).create(CONFIG, [*HANDS, HAND_3, HAND_4]).id
    async with table_at_80x24(tmp_path, sid, "de") as (app, pilot, screen):
        await amend_hand(pilot, 4)
        await settled(pilot)
        assert screen.amending == 4
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace")
        await pilot.press(*["backspace"] * 12)  # back to before its first key
        await settled(pilot)
        assert not screen.entry.started
        shown = on_screen(app)
        assert "wird korrigiert" in shown  # how to go on and cancel
        lead = the_lead(screen, "de")
        assert lead in shown, shown
        assert screen.query_one("#guide-box").max_scroll_y == 0
