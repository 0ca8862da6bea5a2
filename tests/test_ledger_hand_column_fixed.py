"""Trial 34 (pt, 80x24, six 24-character names): scrolled sideways (→), the ledger's rows lost
their hand column, "anda / alves" under the payee with nothing saying which hand a row was
of. The hand's number stays in view as the columns scroll."""

from __future__ import annotations

from textual.widgets import DataTable

from .test_hl_ledger_room_30 import kratzen
from .tui_helpers import make_app, open_screen, screen_rows


async def test_the_hand_column_stays_as_the_ledger_scrolls_sideways(tmp_path):
    session, _names, _seats = kratzen(tmp_path)
    app = make_app(tmp_path, session, language="pt")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, "ctrl+l")
        table = app.screen.query_one("#transfers", DataTable)
        table.focus()
        await pilot.press(*["right"] * 40)
        await pilot.pause()
        assert table.scroll_x > 0, "nothing to scroll: the test needs a wider ledger"
        rows = screen_rows(app.export_screenshot())
        heading = next(row for row in rows if "valor" in row or "motivo" in row)
        assert heading.split()[0] == "mão", heading
        first = rows.index(heading) + 1
        assert rows[first].split()[0] == "1", rows[first:first + 3]
