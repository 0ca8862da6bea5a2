"""Trial 32: the ledger's words and room (ctrl+l at the table).

- A chip count off said "Pott zählte 25", "bote contó 25" (as if the pot had counted): the audit
  says what was counted in the pot or in front of a player.
- The note on a continued evening's link named a file ("… mit sessions/65963a62.json
  geprüft"): the table's screens name the session only (``audit`` on the command line still
  says which file it checked).
- The filter field said what it filters in its placeholder only: "6" alone on its line once
  typed.
- The reason folded onto four lines ("Strafe: / Spieler / brauchte 1, / machte 0 (P)") while
  the kind kept 11 columns for "Zwangs-Muss" on every row; at 80x24 the rows of one hand
  (filtered) left the room of a scroll bar never drawn."""

from __future__ import annotations

from decimal import Decimal

from textual.widgets import DataTable

from scorekeeper.cards import parse_cards
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store

from .test_hl_ledger_room_30 import kratzen
from .tui_helpers import fixed_store, make_app, screen_rows, settled, words

SHORT = ("Anna", "Ben", "Cleo", "Dora")
A, B, C, D = SHORT
# Hand 1 (Anna deals, pot empty: a Muss, everyone plays): Dora takes no trick, a penalty.
# Hand 2 (Ben deals, A♥ turned): Cleo, Dora and Anna play; Dora and Anna take no trick.
SHORT_HANDS = [HandRecord(indicator=parse_cards("KC"), tricks=(A, A, B, C)),
               HandRecord(indicator=parse_cards("AH"), entered=(C, D, A), tricks=(B, B, C, C))]


def short_evening(home) -> str:
    """Four short names, two hands, a count of the pot 6 short of the ledger's 22."""
    store = fixed_store(home)
    session = store.create(make_config("kratzen", list(SHORT), A), SHORT_HANDS).id
    store.count(session, {"pot": Decimal(16)})
    return session


async def ledger_rows(home, session: str, size: tuple[int, int], language: str = "en",
                      typed: str = "") -> tuple[list[str], DataTable]:
    """The ledger's screen of ``session`` at ``size``, ``typed`` in its filter: its rows of
    text and its table."""
    app = make_app(home, session, language=language)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        if typed:
            await pilot.press("ctrl+f", *typed)
            await settled(pilot)
        return screen_rows(app.export_screenshot()), app.screen.query_one("#transfers",
                                                                          DataTable)


def test_a_count_off_says_what_was_counted_in_the_pot_and_in_front_of_a_player(tmp_path):
    store = fixed_store(tmp_path)
    session = store.create(make_config("kratzen", list(SHORT), A), SHORT_HANDS).id
    store.count(session, {"pot": Decimal(16), D: Decimal(0)})
    [finding] = Store(tmp_path).audit_report(session).findings
    # after hand 2 the ledger says: the pot 22 (hand 1: 5 in Muss stakes, -5 in tricks, +5
    # Dora's penalty: 10; hand 2: +1 stake, -11 in tricks, +2 x 11 in penalties), Dora -17
    # (hand 1: -1 Muss stake, -5 penalty; hand 2: -11 penalty)
    assert "counted in the pot: 16, the ledger says 22 (off by -6)" in finding.message
    assert "Dora's chips counted 0, the ledger says -17 (off by +17)" in finding.message
    assert "pot counted" not in finding.message and "Dora counted" not in finding.message


async def test_the_ledger_names_the_session_a_continued_evening_was_checked_with(tmp_path):
    store = fixed_store(tmp_path)
    first = store.create(make_config("kratzen", list(SHORT), A), SHORT_HANDS)
    second = store.next_evening(first.id).session
    rows, _table = await ledger_rows(tmp_path, second.id, (80, 24))
    shown = words(" ".join(rows))
    assert f"the link to session {first.id} (digest " in shown, shown
    assert "checked: it left what this session opened with" in shown, shown
    assert ".json" not in shown and "sessions/" not in shown, shown
    # the command line's audit still says which file it checked
    [note] = Store(tmp_path).audit_report(second.id).notes
    assert f"checked against sessions/{first.id}.json" in note.message


async def test_the_filter_keeps_saying_what_it_filters_once_something_is_typed(tmp_path):
    session = short_evening(tmp_path)
    rows, _table = await ledger_rows(tmp_path, session, (80, 24), language="de", typed="2")
    [line] = [row for row in rows if row.strip().endswith(" 2")][:1]
    assert line.strip() != "2" and line.split()[0] in ("Filter:", "filter:"), rows


async def test_at_80x24_a_hands_rows_give_the_reason_the_room_of_a_scroll_bar_not_drawn(
        tmp_path):
    """Hand 2 filtered (German): 8 rows, no scroll bar; its penalties' reason "Strafe: Spieler
    brauchte 1, machte 0 (P)" folds after "1," (before: 2 columns kept for the bar never
    drawn, "Strafe: Spieler brauchte" over "1, machte 0 (P)")."""
    session = short_evening(tmp_path)
    rows, table = await ledger_rows(tmp_path, session, (80, 24), language="de", typed="2")
    used = sum(column.get_render_width(table) for column in table.columns.values())
    assert used == 80 and not table.show_vertical_scrollbar, (used, rows)
    penalties = [row for row in rows if "Strafe:" in row]
    assert len(penalties) == 2 and all("Strafe: Spieler brauchte 1," in row
                                       for row in penalties), "\n".join(rows)


async def test_at_130x40_the_reason_takes_the_columns_the_kind_kept_whole(tmp_path):
    """Six 24-character names at 130x40 (German): "Zwangs-Muss" folds after its hyphen, and
    the penalty's reason takes its columns: "Strafe: Spieler" on one line (before: "Strafe:"
    over "Spieler", four lines on every penalty of the evening)."""
    session, _names, _dealers = kratzen(tmp_path)
    rows, table = await ledger_rows(tmp_path, session, (130, 40), language="de")
    penalties = [row for row in rows if "Strafe:" in row]
    assert penalties and all("Strafe: Spieler" in row for row in penalties), "\n".join(rows)
    widths = [column.width for column in table.columns.values()]
    assert widths[7] < len("Zwangs-Muss") and widths[4] > 12, widths
