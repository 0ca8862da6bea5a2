"""Issue 26, trial 30 (the pt tester's defects 4 and 5, and trial 29's item 7):

1. The new-session screen gave a refused name back with the cursor before its first letter:
   Backspace did nothing and typing went in front ("XEleonore Weißenbach-Lucas"), so the next
   names ran together into one refused value. Now the cursor is after its last letter.
2. The home at 80x24 with a damaged file (whose line brings a name column) and an evening
   that went on in it ("goes on in ID (damaged)", folded onto two lines) was 1 to 6 columns
   wider than the screen: who leads, the last column, was cut at the edge ("Annemari /
   Löwentha / Berg") until → scrolled. Now the status folds onto a third line and the list
   fits (docs/reference.md: the leader is never cut).
3. F1 at the table named Backspace's one job in two wordings, the step's list "take back the
   last answer", the table's keys "take back the last key typed" (pt "desfazer a última
   resposta" / "desfazer a última tecla escrita"). (An expected failure while the catalogs
   word them apart: it runs for real once /work/notes/hC-catalog.py is merged.)"""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual.widgets import DataTable, Input, Static

from scorekeeper.cards import parse_cards
from scorekeeper.i18n import _, speaking
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store
from scorekeeper.tui.keynames import key_name

from .test_tui import focus, keys_at_once
from .test_went_on_damaged_next import damage
from .tui_helpers import fixed_store, make_app, screen_rows, words

# The tester's long names: 24 characters each (the most a name may have).
ELEONORE, MAXIMILIAN, ANNEMARIE, FRIEDRICH, KONSTANTIN, WILHELMINE = NAMES = (
    "Eleonore Weißenbach-Lutz", "Maximilian Oberhuber-Kai", "Annemarie Zöllner-Brandt",
    "Friedrich Alexander Baum", "Konstantin Wolkenstein-R", "Wilhelmine Grünberg-Hase")
TOO_LONG = "Eleonore Weißenbach-Lucas"  # 25 characters


# ---- 1. a refused name, given back to mend --------------------------------------------------

@pytest.mark.parametrize("language", ["en", "pt"])
async def test_a_refused_name_comes_back_with_the_cursor_after_it(tmp_path, language):
    """n, a 25-character name, Enter: refused, back in the field; Backspace takes its last
    letter, X goes at its end; Backspace again and Enter add the 24 characters left."""
    assert len(TOO_LONG) == 25
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await focus(pilot, "#player-name")
        await pilot.press(*TOO_LONG, "enter")
        await pilot.pause()
        screen = app.screen
        field = screen.query_one("#player-name", Input)
        said = str(screen.query_one("#error-players", Static).render())
        with speaking(language):
            assert said == _("'{name}' is longer than {limit} characters").format(
                name=TOO_LONG, limit=24)
        assert screen.players == [] and field.value == TOO_LONG
        assert field.cursor_position == len(TOO_LONG)
        await pilot.press("backspace", "X")
        await pilot.pause()
        assert field.value == "Eleonore Weißenbach-LucaX"  # not "XEleonore Weißenbach-Lucas"
        await pilot.press("backspace", "enter", *"Anna", "enter")  # 24 characters now
        await pilot.pause()
        assert screen.players == ["Eleonore Weißenbach-Luca", "Anna"] and field.value == ""


async def test_a_name_typed_after_a_refused_one_is_kept(tmp_path):
    """A refused name, Enter and the next name typed quickly (before the refusal is said): the
    field keeps the keys typed after Enter (they were overwritten by the refused name, the
    cursor left in the middle of it); the refusal names the refused name."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await focus(pilot, "#player-name")
        await keys_at_once(pilot, [*TOO_LONG, "enter", *"Ann"])
        screen = app.screen
        field = screen.query_one("#player-name", Input)
        assert field.value == "Ann" and field.cursor_position == 3
        said = str(screen.query_one("#error-players", Static).render())
        assert said == f"'{TOO_LONG}' is longer than 24 characters"
        await pilot.press("a", "enter")
        await pilot.pause()
        assert screen.players == ["Anna"]


# ---- 2. the home at 80x24: a damaged next evening and the leader whole ------------------------

def went_on_to_a_damaged_file(home) -> tuple[str, str]:
    """An evening of the six (Annemarie leads alone, 13½, after 2 hands: as in
    tests/test_home_names_folded.py), gone on in the next evening, whose file is then damaged
    (its header's rotations changed by hand)."""
    config = make_config("kratzen", list(NAMES), ELEONORE)
    first = HandRecord(indicator=parse_cards("KC"),
                       tricks=(MAXIMILIAN, ANNEMARIE, FRIEDRICH, KONSTANTIN))
    second = HandRecord(indicator=parse_cards("AH"), entered=(ANNEMARIE, KONSTANTIN, ELEONORE),
                        tricks=(ANNEMARIE, KONSTANTIN, ELEONORE, ANNEMARIE))
    store = fixed_store(home)
    evening = store.create(config, [first, second])
    following = store.next_evening(evening.id, expect=evening.digest).session
    Store(home).list_sessions()  # the listing's index written while both files were whole
    damage(home / "sessions" / f"{following.id}.json", "rotations")
    return evening.id, following.id


def test_the_evening_is_as_the_docstring_says(tmp_path):
    evening, following = went_on_to_a_damaged_file(tmp_path)
    [line] = [x for x in Store(tmp_path).list_sessions() if x.summary is not None]
    assert line.summary.id == evening and line.summary.continued_by == following
    assert line.next_damaged and line.summary.leaders == (ANNEMARIE,)
    assert line.summary.scores[ANNEMARIE] == Decimal("13.5")


@pytest.mark.parametrize("language", ["en", "pt", "de", "es"])
async def test_at_80x24_the_list_fits_and_the_leader_is_whole(tmp_path, language):
    evening, following = went_on_to_a_damaged_file(tmp_path)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        keys = [str(key.value) for key in table.columns]
        assert "name" not in keys  # a damaged file's line brings none now (trial 32)
        # nothing past the screen's right edge: nothing to scroll sideways to
        assert table.max_scroll_x == 0, (table.virtual_size, table.size)
        row = table.get_row_index(f"{evening}.json")
        leading = [line.rstrip() for line in
                   str(table.get_cell_at((row, keys.index("leading")))).split("\n")]
        assert "…" not in "".join(leading)
        text = ""
        for line in leading:  # a line that ends in a hyphen goes on in the next
            text += line if not text or text.endswith("-") else " " + line
        assert text == f"{ANNEMARIE} (13½)", leading
        status = str(table.get_cell_at((row, keys.index("status"))))
        with speaking(language):
            assert words(status) == _("goes on in {id} (damaged)").format(id=following)
        # and on the screen: each of the leader's lines whole, with what is right of it
        shown = screen_rows(app.export_screenshot())
        for line in leading:
            assert any(line in row for row in shown), (line, shown)


# ---- 3. F1: Backspace's words, one wording in both lists -------------------------------------

@pytest.mark.parametrize("language", ["en", "de", "pt", "es"])
async def test_f1_says_backspace_in_one_wording(tmp_path, language):
    session = fixed_store(tmp_path).create(
        make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna")).id
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=(130, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        with speaking(language):
            key, name = key_name("backspace"), _("Take back")
        # each row of the dialog's lists that names the key: the words right of it, up to
        # the dialog's edge ("█ Retrocesso  Desfazer: desfazer a última tecla escrita  █")
        said = [words(row.split(f" {key}  ", 1)[1].split("█", 1)[0])
                for row in screen_rows(app.export_screenshot()) if f" {key}  " in row]
        assert len(said) == 2, said  # the step's keys, then the table's
        step, table = said
        assert table == f"{name}: {step}", said
