"""Trial 35 (pt, es, 80x24, six 24-character names): the settle-up's last line was cut at the
bottom edge, and PageDown, End and Tab in the fields did not reach it (only Enter to the
settle-up shown, then ↑ ↓, which nothing said). PageUp and PageDown scroll it from the fields,
and the keys line says so while it scrolls."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from .test_amend_settle_80x24 import open_settle_up
from .test_dialog_keys_80x24 import SETTLED, evening
from .tui_helpers import make_app, settled


async def test_pagedown_scrolls_the_settle_up_from_its_fields(tmp_path):
    session = evening(tmp_path, SETTLED)
    app = make_app(tmp_path, session.id, language="es")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settle_up(pilot)
        await settled(pilot)
        body = screen.query_one("#settle-body", VerticalScroll)
        assert isinstance(screen.focused, Input)
        assert body.max_scroll_y > 0, "nothing to scroll: the test needs a longer settle-up"
        keys = str(screen.query_one("#settle-keys", Static).render())
        assert "RePág AvPág: desplazar" in keys, keys  # (es: the keys as Spanish keyboards say)
        await pilot.press("pagedown")
        await settled(pilot)
        assert body.scroll_y > 0 and isinstance(screen.focused, Input)
        await pilot.press("pagedown", "pagedown", "pagedown")
        await settled(pilot)
        assert body.scroll_y == body.max_scroll_y  # its end in reach
        await pilot.press("pageup", "pageup", "pageup", "pageup")
        await settled(pilot)
        assert body.scroll_y == 0
