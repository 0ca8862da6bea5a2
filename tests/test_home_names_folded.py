"""Issue 26, the home list with six 24-character names: the players and who leads are never
cut. At 80x24 a tie of four leaders was "M…, A…, F…, K… (-1)" and a single leader
"Annemari… (13½)"; at 130x40 the tie was still "Maximi…, Annema…, Friedr…, Konsta… (-1)".
Now each leader is named whole, folded onto lines of the row between words where the column
is narrower than a name; the players are named whole where they fit the row (at 130), else
counted ("6 players": the panel under the list names them).

The evenings: Kratzen, Eleonore deals a Muss (K♣ turned) and Maximilian, Annemarie,
Friedrich and Konstantin take a trick each: those four pay 1 each, Eleonore 2 + 2P and
Wilhelmine 1 + P, so the four tie at -1 (as in tests/test_screens_80x24.py, where three
tie). The second evening adds hand 2 (A♥ turned; Annemarie, Konstantin and Eleonore play;
Annemarie takes tricks 1 and 4): Annemarie leads alone."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from scorekeeper.amounts import format_amount
from scorekeeper.cards import parse_cards
from scorekeeper.i18n import ngettext, speaking
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store

from .tui_helpers import fixed_store, make_app, screen_rows

ELEONORE, MAXIMILIAN, ANNEMARIE, FRIEDRICH, KONSTANTIN, WILHELMINE = NAMES = (
    "Eleonore Weißenbach-Lutz", "Maximilian Oberhuber-Kai", "Annemarie Zöllner-Brandt",
    "Friedrich Alexander Baum", "Konstantin Wolkenstein-R", "Wilhelmine Grünberg-Hase")
TIE = (MAXIMILIAN, ANNEMARIE, FRIEDRICH, KONSTANTIN)


def evenings(home) -> tuple[str, str]:
    """The tie of four after hand 1, and Annemarie alone after hand 2 (two sessions)."""
    config = make_config("kratzen", list(NAMES), ELEONORE)
    first = HandRecord(indicator=parse_cards("KC"), tricks=TIE)
    second = HandRecord(indicator=parse_cards("AH"), entered=(ANNEMARIE, KONSTANTIN, ELEONORE),
                        tricks=(ANNEMARIE, KONSTANTIN, ELEONORE, ANNEMARIE))
    store = fixed_store(home)
    tie = store.create(config, [first]).id
    alone = store.create(config, [first, second]).id
    return tie, alone


def cell_lines(app, session: str, column: str) -> list[str]:
    table = app.screen.query_one("#sessions", DataTable)
    row = table.get_row_index(f"{session}.json")
    at = [str(key.value) for key in table.columns].index(column)
    return [line.rstrip() for line in str(table.get_cell_at((row, at))).split("\n")]


def read(lines: list[str]) -> str:
    """A cell's lines read as one text: a line that ends in a hyphen goes on in the next."""
    text = ""
    for line in lines:
        text += line if not text or text.endswith("-") else " " + line
    return text


def test_the_evenings_are_as_the_docstring_says(tmp_path):
    tie, alone = evenings(tmp_path)
    state = Store(tmp_path).open(tie).state()
    assert state.leaders == TIE and {state.scores[n] for n in TIE} == {-1}
    state = Store(tmp_path).open(alone).state()
    assert state.leaders == (ANNEMARIE,)


@pytest.mark.parametrize("language", ["en", "de"])
async def test_at_80x24_the_list_names_every_leader_of_a_tie_whole(tmp_path, language):
    """Each of the four, first and last name, in the row's leading cell and on the screen;
    nothing cut; the players counted in the language in use."""
    tie, alone = evenings(tmp_path)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        leading = cell_lines(app, tie, "leading")
        assert read(leading).replace(",", "") == " ".join(TIE) + " (-1)", leading
        if language == "en":  # 24 columns (the players counted give them the room): a leader
            # to a line, each without the comma that would not fit, the score under them
            assert leading == [*TIE, "(-1)"]
        else:  # 23 (the German headings are wider): each folded between its words
            assert leading == ["Maximilian", "Oberhuber-Kai,", "Annemarie", "Zöllner-Brandt,",
                               "Friedrich Alexander", "Baum,", "Konstantin",
                               "Wolkenstein-R (-1)"]
        with speaking(language):
            count = ngettext("{count} player", "{count} players", 6).format(count=6)
        assert cell_lines(app, tie, "players") == [count]
        # on the screen, with the cursor on that evening: every leader's first and last name
        table = app.screen.query_one("#sessions", DataTable)
        table.move_cursor(row=table.get_row_index(f"{tie}.json"))
        await pilot.pause()
        shown = " ".join(screen_rows(app.export_screenshot()))
        for name in TIE:
            first, *_middle, last = name.split()
            assert first in shown and last in shown, (name, shown)
        # the leader alone: whole, the score kept whole beside or under her name
        score = format_amount(Store(tmp_path).open(alone).state().scores[ANNEMARIE])
        assert read(cell_lines(app, alone, "leading")) == f"{ANNEMARIE} ({score})"


@pytest.mark.parametrize("language", ["en", "de"])
async def test_at_130x40_the_tie_and_the_players_are_whole(tmp_path, language):
    """Each leader whole on a line of his own (the score after the last); the players whole
    (before: "Maximi…, Annema…, Friedr…, Konsta… (-1)" and the players cut)."""
    tie, alone = evenings(tmp_path)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        assert cell_lines(app, tie, "leading") == [f"{MAXIMILIAN},", f"{ANNEMARIE},",
                                                   f"{FRIEDRICH},", f"{KONSTANTIN} (-1)"]
        assert cell_lines(app, alone, "leading") == [f"{ANNEMARIE} (13½)"]
        for session in (tie, alone):  # two names to a line
            players = cell_lines(app, session, "players")
            assert read(players) == ", ".join(NAMES) and len(players) == 3, players


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (130, 40), (200, 50)])
async def test_no_name_is_cut_in_the_list(tmp_path, size):
    evenings(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        keys = [str(key.value) for key in table.columns]
        for row in range(table.row_count):
            for column in ("players", "leading"):
                cell = str(table.get_cell_at((row, keys.index(column))))
                assert "…" not in cell, (size, cell)
        assert table.virtual_size.width <= size[0] - 2  # nothing past the edge either


def test_names_fold_between_words_and_the_score_stays_whole():
    from scorekeeper.tui.homelist import fold_names

    # a name wider than the column: between its words or after a hyphen, never inside one;
    # the score "(-1)" whole under it (it was broken after its minus: "(-", "1)")
    assert fold_names([KONSTANTIN], 16, " (-1)") == ["Konstantin", "Wolkenstein-R", "(-1)"]
    assert fold_names([MAXIMILIAN, ANNEMARIE], 23) == [
        "Maximilian", "Oberhuber-Kai,", "Annemarie", "Zöllner-Brandt"]  # between words first
    assert fold_names([ELEONORE], 12) == ["Eleonore", "Weißenbach-", "Lutz"]  # else hyphens
    assert fold_names([ANNEMARIE, FRIEDRICH], 16) == ["Annemarie", "Zöllner-Brandt,",
                                                       "Friedrich", "Alexander Baum"]
    # a name that fits a line but for its comma stands alone (no "R," on a line under it)
    assert fold_names([KONSTANTIN, MAXIMILIAN], 24) == [KONSTANTIN, MAXIMILIAN]
    # short names packed, as many to a line as fit
    assert fold_names(["Anna", "Ben", "Cleo", "Dora"], 10) == ["Anna, Ben,", "Cleo, Dora"]
    assert fold_names(["Ben", "Cleo"], 16, " (-1)") == ["Ben, Cleo (-1)"]
