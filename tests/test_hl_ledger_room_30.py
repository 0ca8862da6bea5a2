"""Issue 26 (trial 30, de 130x40 07, en 130x40 02, pt 53): the ledger at 130x40 gives the
dealer's 24-character name its whole line on every row, and the reason what is left (folded
between its words, never cut), every column in view and none of the room left idle.

Before, the dealer's name folded onto two lines on every row ("Eleonore" over
"Weißenbach-Lutz") while the reason was given the room first, and two columns were kept for a
vertical scroll bar that a short evening never draws. (Where the names, the dealer's whole
and the reason's longest word do not fit together, as in German and Spanish with Letzter
Stich's "(pay-what-exists)", the dealer's name folds between its words as before.)"""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual.widgets import DataTable

from scorekeeper.cells import cell_width
from scorekeeper.i18n import _, speaking
from scorekeeper.rules import HandRecord, make_config

from .test_table3_80x24 import (
    BARTHOLOMAEUS,
    CONFIG,
    ELEONORE,
    FRIEDERIKE,
    HAND_3,
    HAND_4,
    HANDS,
    MAXIMILIAN,
    NAMES,
)
from .tui_helpers import fixed_store, make_app, screen_rows, settled

SCROLL_BAR = str.maketrans("", "", "▁▂▃▄▅▆▇█▉▊▋▌▍▎▏")
# Letzter Stich, four 24-character names, Eleonore deals first (the dealer moves left).
E, B, M, F = FOUR = ("Eleonore Weißenbach-Luca", "Bartholomäus Schönberg-A",
                     "Maximilian Grünewald-Ost", "Friederike Adelsberger-K")
# Hand 1: Maximilian wins the last trick, pays 1 into the pot (the pot 1); hand 2: Friederike
# takes all 8 tricks, a sweep: 2 due, the pot holds 1 and pays it (the pot 0); hands 3 and 4:
# Bartholomäus, then Maximilian win the last trick (the pot 1, then 2).
LETZTER_STICH = [HandRecord(tricks=(E,) * 7 + (M,)), HandRecord(tricks=(F,) * 8),
                 HandRecord(tricks=(E,) * 7 + (B,)), HandRecord(tricks=(E,) * 7 + (M,))]


def kratzen(home) -> tuple[str, tuple[str, ...], dict[str, str]]:
    """Six long names, hands 1 to 4 of test_table3_80x24 (hand 4 a forced Muss), a count off."""
    store = fixed_store(home)
    session = store.create(CONFIG, [*HANDS, HAND_3, HAND_4]).id
    store.count(session, {MAXIMILIAN: Decimal(1)})
    return session, NAMES, {"1": ELEONORE, "2": BARTHOLOMAEUS, "3": FRIEDERIKE, "4": MAXIMILIAN}


def letzter_stich(home) -> tuple[str, tuple[str, ...], dict[str, str]]:
    config = make_config("letzter-stich", list(FOUR), E)
    session = fixed_store(home).create(config, LETZTER_STICH).id
    return session, FOUR, {"1": E, "2": B, "3": M, "4": F}


@pytest.mark.parametrize(("evening", "language"), [(kratzen, "de"), (kratzen, "es"),
                                                   (letzter_stich, "en"),
                                                   (letzter_stich, "pt")])
async def test_the_ledger_at_130x40_gives_the_dealers_name_a_line_and_the_reason_the_rest(
        tmp_path, evening, language):
    session, names, dealers = evening(tmp_path)
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=(130, 40)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        table = app.screen.query_one("#transfers", DataTable)
        columns = list(table.columns.values())
        used = sum(column.get_render_width(table) for column in columns)
        room = table.scrollable_content_region.width
        reason = columns[4].width
        reasons = [str(table.get_row_at(i)[4]) for i in range(table.row_count)]
        widest = max(cell_width(text) for text in reasons)
        # every column in view; the room not in use only where the reason is whole already
        assert used == room or (used < room and reason >= widest), (used, room)
        # the reason folds between its words, never cut
        assert reason >= max(cell_width(word) for text in reasons for word in text.split())
        rows = [row.translate(SCROLL_BAR) for row in screen_rows(app.export_screenshot())]
        with speaking(language):
            pot = _("pot")
        payers = {pot, *(name.split()[0] for name in names)}
        firsts = [row for row in rows if row.split()[:1] in [[n] for n in dealers]
                  and row.split()[1] in payers]
        assert len(firsts) >= min(8, table.row_count), "\n".join(rows)
        for row in firsts:  # the dealer's name whole on the row's first line, after the payee
            dealer = dealers[row.split()[0]]
            assert dealer in row, "\n".join(rows)
            assert any(name in row[:row.rindex(dealer)] for name in (*names, pot)), row


async def test_the_room_left_goes_where_it_saves_lines_the_reason_before_a_forced_muss(
        tmp_path):
    """In Portuguese the kind of hand 4 ("Muss forçado", 12 columns) took the columns left
    before the reason: "entrada do" over "Muss" on every stake row of the evening, to keep
    one hand's kind on one line. Folded between its words, the kind leaves the reason 19:
    each Muss stake's row one line, the dealer's name whole beside it."""
    session, _names, _dealers = kratzen(tmp_path)
    app = make_app(tmp_path, session, language="pt")
    async with app.run_test(size=(130, 40)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        rows = screen_rows(app.export_screenshot())
        stakes = [row for row in rows if row.split()[:1] == ["1"] and "entrada do" in row]
        assert len(stakes) == 6, "\n".join(rows)  # hand 1: each of the six pays the Muss stake
        for row in stakes:
            assert "entrada do Muss" in row and row.count(ELEONORE) == 1 + (
                row.split()[1] == ELEONORE.split()[0]), "\n".join(rows)
