"""Nothing cut, covered or said twice at 80x24, and the room used at 130x40 (issue 26, a
tester's German evening with trial 28's six 24-character names: test_table3_80x24's evening,
whose hands are worked by hand there). Read from the screen as text."""

from __future__ import annotations

import pytest

from scorekeeper.tui.keybar import KeyBar

from .test_table3_80x24 import CARDS, ELEONORE, evening
from .tui_helpers import make_app, screen_rows, settled

# ---- the key bar says the palette's key as it says every other -------------------------------


@pytest.mark.parametrize("language, word", [("en", "Palette"), ("de", "Palette")])
async def test_the_key_bar_names_the_palette_with_a_capital_as_every_other_key(tmp_path,
                                                                              language, word):
    """Before, the English bar ended "f1 Help  ^p palette": Textual's own word, in lower case
    beside "Help", "Back"…"""
    app = make_app(tmp_path, evening(tmp_path, 1), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        bar = screen_rows(app.export_screenshot())[-1].rstrip()
        assert bar.endswith(f"^p {word}"), bar
        assert "palette" not in bar, bar
        # Every word the bar shows starts with a capital.
        shown = [bar[start:end].split(maxsplit=1)[1].strip()
                 for start, end, _key in app.screen.query_one(KeyBar).spans]
        assert shown and all(description[0].isupper() for description in shown), shown


# ---- the chip count's question: one border ------------------------------------------------------

def bottom_edges(rows: list[str]) -> int:
    """How many rows of the screen are a dialog's bottom edge (a thick border: ▄ across)."""
    return sum(1 for row in rows if row.count("▄") >= 70)


async def test_the_chip_counts_question_shows_one_bottom_edge_and_no_brings_the_count_back(
        tmp_path):
    """Before, the question (Enter on the last field: who is off, record it?) stood over the
    count's box, one row taller: its bottom edge showed under the question's, two at the
    foot."""
    from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog
    from scorekeeper.tui.screens.dialog_count import CountDialog

    app = make_app(tmp_path, evening(tmp_path, 2), language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+k")
        await settled(pilot)
        for amount in range(1, 8):  # six players and the pot, every one off
            await pilot.press(str(amount), "enter")
        await settled(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        rows = screen_rows(app.export_screenshot())
        assert bottom_edges(rows) == 1, "\n".join(rows)
        assert "Pott: gezählt 7, Kassenbuch 29" in "\n".join(rows)
        await pilot.press("n")  # not recorded: the count again, as typed, to put it right
        await settled(pilot)
        assert isinstance(app.screen, CountDialog)
        rows = screen_rows(app.export_screenshot())
        assert bottom_edges(rows) == 1 and "Kassensturz" in "\n".join(rows), "\n".join(rows)


# ---- the ledger at 130x40: the names whole ---------------------------------------------------

async def test_the_ledger_at_130x40_names_payer_and_payee_whole_every_column_in_view(tmp_path):
    """Before, at 130 columns the payer's and the payee's names were folded onto two lines
    ("Eleonore" over "Weißenbach-Lutz") while the reason had columns it did not need; every
    column stays in view (trial 27: the dealer was cut at the edge). Hand 1 (worked in
    test_table3_80x24): each of the six pays her or his Muss stake into the pot, Eleonore 2 as
    the dealer; hand 2: the pot pays Bartholomäus 7¼ for trick 1."""
    app = make_app(tmp_path, evening(tmp_path, 2), language="de")
    async with app.run_test(size=(130, 40)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        rows = screen_rows(app.export_screenshot())
        shown = "\n".join(rows)
        # (the reason folds between its words beside the dealer's name whole: "Muss-Einsatz"
        # over "(Geber)" since trial 30, tests/test_hl_ledger_room_30.py)
        assert any(row.split()[:5] == ["1", "Eleonore", "Weißenbach-Lutz", "Pott", "2"]
                   and "Muss-Einsatz" in row for row in rows), shown
        assert any(row.split()[:6] == ["2", "Pott", "Bartholomäus", "Grünwald-Ek", "7¼",
                                       "Stich"] for row in rows), shown
        header = next(row for row in rows if "Betrag" in row)
        assert header.split()[-2:] == ["Geber", "Art"], header  # every column in view
        assert "Weitere Spalten" not in shown, shown


async def test_the_ledger_at_80x24_keeps_who_pays_whom_and_the_amount_in_view(tmp_path):
    """At 80 columns the names fold (as before) and the amount is in view unscrolled."""
    app = make_app(tmp_path, evening(tmp_path, 2), language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        rows = screen_rows(app.export_screenshot())
        assert any(row.split()[:4] == ["1", "Eleonore", "Pott", "2"] for row in rows), rows
        assert any("Betrag" in row and "Grund" in row for row in rows), rows


# ---- the settle-up's money table at 80x24: the names whole ---------------------------------------

async def test_the_settle_ups_money_table_folds_names_it_would_cut_at_80x24(tmp_path):
    """Before, at 0,0125 EUR a chip the figures left the names 23 columns: the table said
    "Eleonore Weißenbach-Lu…" while who pays whom, above it, named her whole. Now a name
    that does not fit folds between its words under its row's figures, and the status line
    and the keys stay."""
    from textual.widgets import Static

    from .test_table3_80x24 import CONFIG, HAND_3, HAND_4, HANDS, NAMES
    from .tui_helpers import fixed_store

    sid = fixed_store(tmp_path).create(CONFIG, [*HANDS, HAND_3, HAND_4]).id
    app = make_app(tmp_path, sid, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+u")
        await settled(pilot)
        await pilot.press("0", "comma", "0", "1", "2", "5", "enter", "e", "u", "r")
        await settled(pilot)
        table = str(app.screen.query_one("#settle-lines", Static).content).splitlines()
        rule = table.index(next(line for line in table if line.startswith("---")))
        assert "genau" in table[rule - 1] and "Cent-Regel" in table[rule - 1], table
        assert "…" not in "\n".join(table), table
        for name in NAMES:
            first, rest = name.split(" ", 1)
            at = next(i for i, line in enumerate(table)
                      if i > rule and line.split(" ", 1)[0] == first)
            assert table[at + 1] == f"  {rest}", table  # the rest of the name under it
        rows = screen_rows(app.export_screenshot())
        assert rows[3].startswith("  Maximilian Oberhuber-Kal zahlt"), rows  # who pays whom
        # Eleonore's balance after hand 4 (a forced Muss, Maximilian takes every trick: she
        # pays 1 + P = 1 + 7), -2 after hand 1 (test_table3_80x24) and nothing in 2 and 3.
        assert any(row.split()[:2] == ["Eleonore", "-10"] for row in rows), rows
        assert rows[-2].startswith("Strg+s: festhalten"), rows
        assert "Zurück" in rows[-1] and "Festhalten" in rows[-1], rows


# ---- a hand cleared by another terminal: each thing said once ------------------------------------

@pytest.mark.parametrize("language, once", [
    ("en", ["not saved", "terminal", "enter it again"]),
    ("de", ["nicht gespeichert", "terminal", "noch einmal eingeben"])])
@pytest.mark.parametrize("preview", [False, True])
async def test_a_hand_cleared_by_another_terminal_is_said_once(tmp_path, language, once, preview):
    """Terminal 2 records a hand while terminal 1 has one half typed (or typed whole, its
    settlement asked): before, the dialog said "not saved" in its title, "was cleared: please
    enter it again" under it and "(enter it again)" over the hand, and "another terminal"
    twice where the question was closed unanswered."""
    from scorekeeper.cards import parse_cards
    from scorekeeper.rules import HandRecord
    from scorekeeper.tui.screens.dialog_confirm import TypedHandDialog

    from .test_table3_80x24 import ANNEMARIE, KONSTANTIN
    from .tui_helpers import fixed_store

    sid = evening(tmp_path, 0)
    app = make_app(tmp_path, sid, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = app.screen
        await pilot.press("ctrl+o")  # card by card: the hand typed is long
        keys = [*CARDS, "u", "l", "t", "l", "9", "l", "enter"] if preview else CARDS[:8]
        await pilot.press("k", "e", *keys)
        await settled(pilot)
        fixed_store(tmp_path).record(sid, HandRecord(  # terminal 2
            indicator=parse_cards("9H"), tricks=(ELEONORE, ELEONORE, ANNEMARIE, KONSTANTIN)))
        screen.check_for_changes()  # what the table's watch does every second
        await settled(pilot)
        assert isinstance(app.screen, TypedHandDialog), app.screen
        said = " ".join(screen_rows(app.export_screenshot())[1:-1]).casefold()
        said = " ".join(said.replace("█", " ").split())
        for words in once:
            assert said.count(words.casefold()) == 1, (words, said)


@pytest.mark.parametrize("keys", [("k", "a"), ("k",)])
async def test_a_hand_cleared_by_the_last_hand_of_the_evening_is_not_asked_again(tmp_path,
                                                                                  keys):
    """Trial 32 (t32a/36): terminal 2 recorded the last hand of the evening while terminal 1
    had it half typed; terminal 1's dialog said "enter it again" where no hand can be entered
    any more. It says the session is over now, and shows what was typed, not entered (a
    hand begun with a rank alone: said in a notice)."""
    from scorekeeper.cards import parse_cards
    from scorekeeper.rules import HandRecord, make_config
    from scorekeeper.tui.screens.dialog_confirm import TypedHandDialog

    from .tui_helpers import fixed_store

    config = make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna", {"rotations": 1})
    hands = [HandRecord(indicator=parse_cards("KC"), tricks=("Anna", "Anna", "Ben", "Cleo")),
             HandRecord(indicator=parse_cards("AH"), entered=("Cleo", "Anna"),
                        tricks=("Ben", "Cleo", "Anna", "Ben"))]
    sid = fixed_store(tmp_path).create(config, hands).id
    app = make_app(tmp_path, sid, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = app.screen
        await pilot.press(*keys)  # hand 3 begun: K♣ (acorns, the German pack) turned
        await settled(pilot)
        fixed_store(tmp_path).record(sid, HandRecord(  # terminal 2: the evening's last hand
            indicator=parse_cards("9H"), entered=("Anna", "Ben"),
            tricks=("Cleo", "Cleo", "Anna", "Ben")))
        screen.check_for_changes()
        await settled(pilot)
        assert screen.state.finished
        said = " ".join(" ".join(screen_rows(app.export_screenshot())).replace("█", " ").split())
        assert isinstance(app.screen, TypedHandDialog) == (len(keys) == 2), app.screen
        assert "it is over now: no more hands can be entered" in said, said
        assert "What you had typed (not entered):" in said or len(keys) == 1
        assert "enter it again" not in said
