"""The home list at 80x24 (trial 32, captures t32b/128, t32b/77, t32a/125-126):

1. the players and who leads ran together: "Ana, Bruno, Bruno, Carla (-1)" read as a fourth
   player. Now a rule, a column of its own, stands between the players and who leads.
2. a damaged file's line brought a name column that held "DAMAGED" cut ("BES…", "DAN…") and
   its problem cut in the players' column ("sessions/5…"), squeezing every other line's
   players onto four lines. Now the line says "DAMAGED" whole in its status column and
   nothing more; the problem is said whole under the list when the cursor is on it."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from scorekeeper.cards import parse_cards
from scorekeeper.i18n import _, speaking
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store

from .test_hc_refused_name_home_fit_backspace import went_on_to_a_damaged_file
from .tui_helpers import SCROLL_BAR, fixed_store, make_app, on_screen, settled, shown_rows, words

FOUR = ["Ana", "Bruno", "Carla", "Dora"]


def four_tied(home) -> str:
    """A Kratzen evening of four, one hand: Bruno, Carla and Dora lead tied at -1 each."""
    config = make_config("kratzen", FOUR, "Ana")
    record = HandRecord(indicator=parse_cards("KC"), tricks=("Bruno", "Carla", "Dora", "Dora"))
    session = fixed_store(home).create(config, [record]).id
    summary = next(line.summary for line in Store(home).list_sessions()
                   if line.summary is not None and line.summary.id == session)
    assert summary.leaders == ("Bruno", "Carla", "Dora"), summary.leaders
    return session


@pytest.mark.parametrize("language", ["pt", "de", "en"])
async def test_a_rule_stands_between_the_players_and_who_leads(tmp_path, language):
    four_tied(tmp_path)
    went_on_to_a_damaged_file(tmp_path)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        table = app.screen.query_one("#sessions", DataTable)
        shown = [row.translate(SCROLL_BAR) for row in shown_rows(app)]
        text = "\n".join(shown)
        with speaking(language):
            heading = next(row for row in shown if _("players") in row and _("leading") in row)
            assert heading.count("│") == 1, heading  # players │ leading
            assert words(heading.split("│")[1]) == _("leading"), heading
        for i in range(table.row_count):
            cells = dict(zip([str(key.value) for key in table.columns],
                             [str(cell) for cell in table.get_row_at(i)], strict=True))
            leading = [line.strip() for line in cells["leading"].split("\n") if line.strip()]
            players = [line.strip() for line in cells["players"].split("\n") if line.strip()]
            top = next(n for n, row in enumerate(shown) if row.startswith(" " + cells["id"]))
            for n, line in enumerate(leading):  # each leader's line alone right of the rule
                row = shown[top + n]
                assert row.count("│") == 1 and words(row.split("│")[1]) == line, (row, text)
                if n < len(players):  # and the players' line left of it
                    assert words(row.split("│")[0]).endswith(players[n]), (row, text)




@pytest.mark.parametrize("language", ["pt", "de", "en", "es"])
async def test_a_damaged_line_cuts_nothing_and_squeezes_nothing(tmp_path, language):
    four_tied(tmp_path)
    evening, damaged = went_on_to_a_damaged_file(tmp_path)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        table = app.screen.query_one("#sessions", DataTable)
        keys = [str(key.value) for key in table.columns]
        assert "name" not in keys, keys  # no session is named: no name column
        rows = {row[0]: dict(zip(keys, row, strict=True))
                for row in ([str(cell) for cell in table.get_row_at(i)]
                            for i in range(table.row_count))}
        shown = [row.translate(SCROLL_BAR) for row in shown_rows(app)]
        listed = "\n".join(shown[:table.size.height + 1])
        assert "…" not in listed, listed
        with speaking(language):
            status = _("DAMAGED")
        assert words(rows[damaged]["status"]) == status, rows[damaged]
        assert any(row.startswith(f" {damaged}") and status in row for row in shown), listed
        four = next(row for row in rows.values() if "Ana" in row["players"])
        assert len(four["players"].split("\n")) <= 2, four  # four lines before
        # the cursor on the damaged line: its problem whole under the list
        table.move_cursor(row=table.get_row_index(f"{damaged}.json"))
        await settled(pilot)
        line = next(x for x in Store(tmp_path).list_sessions() if x.summary is None)
        assert line.problem and words(line.problem) in on_screen(app), on_screen(app)
