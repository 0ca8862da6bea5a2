"""The dialogs and the settle-up at 80x24 with six 24-character names (issue 26), in English,
German and Portuguese: the key bar says the keys the dialog's words say, with the same words
(after the chip count the bar said "Yes / No" under a notice that only closes; the amend
preview said "Enter: amend" over "Save"; the settle-up's bar left ctrl+y out); the preview
shows every player's figure and the pot without scrolling; the settle-up shows who pays whom
and every figure, names whole, and says the terms it filled in and the files it wrote whole,
on the screen (not in a notice cut to one line that stayed on into the next screen)."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store.outputs import shared_file_name
from scorekeeper.tui.keybar import KeyBar

from .tui_helpers import fixed_store, hand_keys, make_app, open_screen, shown_rows

LONG = ["Eleonore Weißenbach-Lutz", "Bartholomäus Grünwald-Ek", "Friederike Schönberg-Alt",
        "Maximilian Oberhuber-Kal", "Konstantin Überreiter-Da", "Annemarie Zöllner-Brandt"]
E, B, F, M, K, A = LONG
# Kratzen, Eleonore deals: the first hand is a Muss (the pot is empty). Worked by hand
# (docs/rules.md): P = 1 + 6 = 7; Eleonore (dealer) pays 2, everyone else 1; she needed 2
# tricks and took none: 2P = 14; Konstantin and Annemarie needed 1 and took none: P = 7 each;
# Bartholomäus took 2, Friederike and Maximilian 1 each: nothing. The pot: 7 + 14 + 7 + 7 = 35.
MUSS = HandRecord(indicator=("KC",), tricks=(B, B, F, M))
MUSS_FIGURES = [(E, "-16"), (B, "-1"), (F, "-1"), (M, "-1"), (K, "-8"), (A, "-8")]
LANGUAGES = ["en", "de", "pt"]
YES = {"en": "y", "de": "j", "pt": "s"}


NEW_WORDS = ["Record", "Share", "Enter: next field    ctrl+s: check the count    Escape: back"]


def catalog_has_the_new_words(language: str) -> None:
    """The words this change added are translated (the catalogs are merged apart: until then
    the German and Portuguese key bars would compare English with their own words)."""
    from scorekeeper.i18n import _, speaking

    with speaking(language):
        if language != "en" and any(_(words) == words for words in NEW_WORDS):
            pytest.skip("the catalogs do not have this change's words yet")


def evening(home, hands=(MUSS,)):
    return fixed_store(home).create(make_config("kratzen", LONG, E), list(hands))


def key_spellings(key: str) -> set[str]:
    """The ways a dialog's words may name ``key`` (Textual's name): as Textual names it, as
    the help names it in the language in use."""
    names = {key.lower()}
    try:
        from scorekeeper.tui.keynames import key_name
    except ImportError:  # (the help names keys in English)
        pass
    else:
        names.add(key_name(key).lower())
    return names


def said_keys(words: str) -> list[tuple[str, str]]:
    """A dialog's line of keys ("Enter / y: yes    Escape / n: no") as (keys, what they do),
    lower case."""
    out = []
    for part in re.split(r"\s{3,}", words.strip()):
        keys, colon, does = part.partition(": ")
        if colon:
            out.append((keys.lower(), does.lower()))
    return out


def names_key(keys: str, key: str) -> bool:
    return any(re.search(rf"(^|[\s/]){re.escape(name)}($|[\s/])", keys)
               for name in key_spellings(key))


def check_keys_agree(app) -> list[tuple[str, str]]:
    """Every key the screen's own bindings put in the key bar is shown there, and the dialog's
    line of keys names it with the bar's words; returns the bar's (key, words) compared."""
    screen = app.screen
    line = next(iter(screen.query(".dialog-keys").results(Static)))
    said = said_keys(str(line.render()))
    bar = screen.query_one(KeyBar)
    shown = str(bar.render())
    entries, _palette = bar.keys()
    own = [(key, display, does) for key, display, does in entries
           if screen.active_bindings[key].node is not app]
    assert own, shown
    for key, display, does in own:
        assert f" {display} {does} " in shown, (key, shown)  # in the bar, whole
        match = [d for keys, d in said if names_key(keys, key)]
        assert match, (key, said)  # the dialog names the key...
        words = does.lower().split()
        assert any(all(re.search(rf"(^|\s){re.escape(w)}", d) for w in words) for d in match), (
            key, does, said)  # ... with the bar's words (or longer forms: Export, exportieren)
    return [(key, does) for key, _display, does in own]


async def open_dialog(pilot, which: str, language: str) -> None:
    """Open dialog ``which`` on the table screen of ``evening`` (a hand played)."""
    press, pause = pilot.press, pilot.pause
    if which.startswith("count"):
        await press("ctrl+k")
        await pause()
        if which != "count":
            await press("1", *["enter"] * 7)  # Eleonore counted 1, the ledger says -16
            await pause()
        if which == "count notice":
            await press(YES[language])
            await pause()
            await pause()
    elif which == "preview":
        session = pilot.app.screen.session
        keys = hand_keys(session.config, B, HandRecord(indicator=("9C",), entered=(F, M),
                                                       tricks=(F, F, M, B)), False, language)
        await press(*keys, "enter")
        await pause()
    elif which.startswith("amend"):
        await press("ctrl+e")
        await pause()
        if which == "amend preview":
            await press("enter")  # hand 1, the last
            await pause()
            await press(*["backspace"] * 4, "2", "2", "3", "4", "enter")
            await pause()
    elif which == "help":
        await press("f1")
        await pause()
    elif which == "export":
        await press("ctrl+x")
        await pause()
    await pause()


DIALOGS = {"count": "CountDialog", "count question": "ConfirmDialog",
           "count notice": "ConfirmDialog", "preview": "PreviewDialog",
           "amend": "PickHandDialog", "amend preview": "PreviewDialog", "help": "HelpScreen",
           "export": "ExportDialog"}


@pytest.mark.parametrize("which", list(DIALOGS))
@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_key_bar_says_the_keys_the_dialog_says(tmp_path, language, which):
    catalog_has_the_new_words(language)
    session = evening(tmp_path)
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_dialog(pilot, which, language)
        assert type(app.screen).__name__ == DIALOGS[which]
        compared = check_keys_agree(app)
        if which == "count notice":  # it only closes: no Yes, no No
            assert [key for key, _does in compared] == ["enter"]
            await pilot.press("y")  # a letter answers no question here
            await pilot.pause()
            assert type(app.screen).__name__ == "ConfirmDialog"
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_settle_ups_key_bar_has_every_key_its_words_say(tmp_path, language):
    catalog_has_the_new_words(language)
    session = evening(tmp_path)
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+u")
        await pilot.pause()
        compared = check_keys_agree(app)
        assert {key for key, _does in compared} == {"escape", "ctrl+s", "ctrl+y"}


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_preview_of_a_muss_shows_every_figure_without_scrolling(tmp_path,
                                                                         language):
    """The Muss of six players explains itself in about 14 lines; the figures under them (six
    players and the pot) showed 3 of 7 rows before a scroll, with rows left empty under the
    dialog."""
    from scorekeeper.tui.screens.dialog_preview import PreviewDialog

    session = evening(tmp_path, ())
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*hand_keys(session.config, E, MUSS, True, language), "enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PreviewDialog)
        rows = shown_rows(app)
        shown = "\n".join(rows)
        for name, now in MUSS_FIGURES:
            assert any(name in row and row.rstrip(" █").endswith(f" {now}") for row in rows), (
                name, shown)
        assert any("0 -> 35" in row for row in rows), shown  # the pot
        keys = str(app.screen.query_one("#preview-keys", Static).render()).split("    ")[0]
        assert any(row.strip(" █").startswith(keys) for row in rows), shown  # and the keys


SETTLED = [HandRecord(indicator=("KC",), tricks=(B, B, F, M)),
           HandRecord(indicator=("9C",), entered=(F, M), tricks=(F, F, M, B)),
           HandRecord(indicator=("AH",), entered=(M, K, A, E), tricks=(M, K, A, E)),
           HandRecord(indicator=("10S",), entered=(A, B), tricks=(A, A, M, B)),
           HandRecord(indicator=("8D",), entered=(E,), tricks=(E, E, K, E))]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_settle_up_shows_who_pays_whom_and_every_figure_with_names_whole(
        tmp_path, language):
    """At 0.10 EUR a chip, the terms the last settle-up agreed (filled in): who pays whom
    first, then every player's and the pot's figures, each name whole, all in view at 80x24
    without scrolling; the terms filled in said whole under them."""
    from decimal import Decimal

    from scorekeeper.tui.screens.settle import SettleUpScreen

    store = fixed_store(tmp_path)
    session = evening(tmp_path, SETTLED)
    store.settle_up(session.id, Decimal("0.10"), "EUR")
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, "ctrl+u", SettleUpScreen)
        settled = screen.settled
        assert settled is not None and settled.currency == "EUR"
        rows = shown_rows(app)
        shown = "\n".join(rows)
        # every transfer, names whole (the header above them)
        assert len(settled.transfers) >= 4
        from scorekeeper.i18n import speaking
        from scorekeeper.settlewords import payment_line
        with speaking(language):
            for transfer in settled.transfers:
                assert payment_line(settled, transfer) in shown, shown
        # every row of the table, its name whole at the start of the row
        for name in LONG:
            assert any(row.startswith(name + " ") for row in rows), (name, shown)
        pot = {"en": "pot", "de": "Pott", "pt": "pote"}[language]
        assert any(row.startswith(pot + " ") for row in rows), shown
        # the terms filled in, said whole on the screen (in its one status line)
        [status] = screen.notices.words()
        assert status.endswith("."), status
        assert " ".join(status.split()) in " ".join(shown.split()), shown


async def test_the_settle_ups_words_leave_with_it_and_the_files_shared_are_named(tmp_path):
    """ctrl+y: the three files written are named on the screen, whole; Escape: nothing the
    settle-up said is left over the table."""
    from decimal import Decimal

    store = fixed_store(tmp_path)
    session = evening(tmp_path, SETTLED)
    store.settle_up(session.id, Decimal("0.10"), "EUR")
    app = make_app(tmp_path, session.id, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+u")
        await pilot.pause()
        await pilot.press("ctrl+y")
        await pilot.pause()
        await pilot.pause()
        shown = "\n".join(shown_rows(app))
        flat = " ".join(shown.split())
        for suffix in ("txt", "md", "html"):
            assert shared_file_name(session.id, store.open(session.id).created, suffix) in flat, \
                shown
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TableScreen"
        table = "\n".join(shown_rows(app))
        assert "night." not in table and "Schlussabrechnung" not in table, table
