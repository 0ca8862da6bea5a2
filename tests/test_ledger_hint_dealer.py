"""The ledger's line about columns out of view, and its dealer column (trial 27, new defect
9): the line said "More columns to the right" when scrolled fully right; at 130x40 the dealer
column was cut ("Eleonor") with twenty rows empty below."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from scorekeeper.rules import HandRecord, make_config

from .test_hchart_80x24 import HANDS, LONG
from .tui_helpers import fixed_store, make_app, open_screen, shown_rows

FOUR = ["Anneliese-Marie Schulzen", "Bartholomew Ng-Okaforia", "Cleopatra Vanderslooten",
        "Dorothea Fitzgerald-Ode"]


def one_hand(tmp_path, players: list[str]) -> str:
    return fixed_store(tmp_path).create(make_config("kratzen", players, players[0]),
                                        [HandRecord(indicator=("KC",),
                                                    tricks=(players[1],) * 4)]).id


async def test_the_line_says_on_which_side_the_columns_out_of_view_are(tmp_path):
    app = make_app(tmp_path, one_hand(tmp_path, FOUR))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, "ctrl+l")
        hint = app.screen.query_one("#ledger-wide", Static)
        table = app.screen.query_one("#transfers", DataTable)
        assert hint.display and table.max_scroll_x > 2
        said = {}
        for where, x in (("start", 0), ("middle", table.max_scroll_x // 2),
                         ("end", table.max_scroll_x)):
            table.scroll_to(x=x, animate=False)
            await pilot.pause()
            await pilot.pause()
            said[where] = str(hint.render())
        assert "to the right" in said["start"] and "to the left" not in said["start"], said
        assert "to the left" in said["middle"] and "to the right" in said["middle"], said
        assert "to the left" in said["end"] and "to the right" not in said["end"], said
        assert "←" in said["end"] and "→" not in said["end"], said


@pytest.mark.parametrize("size", [(130, 40)])
async def test_the_dealer_column_has_its_room_at_130(tmp_path, size):
    """Six 24-character names and six hands at 130x40 (reasons up to "Strafe: Spieler
    brauchte 1, machte 0 (P)"): every column in view, the dealer's name whole on the screen
    (folded between words where it must, as the payer's and the payee's are)."""
    session = fixed_store(tmp_path).create(make_config("kratzen", LONG, LONG[0]), HANDS).id
    app = make_app(tmp_path, session, language="de")
    async with app.run_test(size=size) as pilot:
        await open_screen(pilot, "ctrl+l")
        table = app.screen.query_one("#transfers", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert not app.screen.query_one("#ledger-wide", Static).display
        rows = shown_rows(app)
        header = next(row for row in rows if "Geber" in row)
        dealer_at = header.index("Geber")
        kind_at = header.index("Art", dealer_at)
        below = [row[dealer_at:kind_at].strip() for row in rows[rows.index(header) + 1:]]
        # the dealer of hand 1 on its first row, whole or folded onto the next line
        assert " ".join(below[:2]).startswith(LONG[0]), (header, below)
