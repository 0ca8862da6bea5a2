"""A key is named one way in each language (issue 26): German help and lines said "Strg+z" in
the key bar and F1 but "ctrl+u Schlussabrechnung", "ctrl+up / ctrl+down", "Escape" in the
table's own lines and dialogs. The names are keynames.py's (msgctxt "key": German Strg, Esc,
Rücktaste, ↑; Portuguese and Spanish Ctrl, Esc, Retrocesso/Retroceso), in every message; and
the key bar's words start with a capital letter (Portuguese "paleta", Spanish "menú")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import scorekeeper
from scorekeeper.i18n import speaking
from scorekeeper.rules import make_config
from scorekeeper.tui.keybar import KeyBar
from scorekeeper.tui.keynames import key_name
from scorekeeper.tui.screens.dialog_help import HelpScreen

from .tui_helpers import fixed_store, make_app, screen_rows

LOCALE = Path(scorekeeper.__file__).parent / "locale"
TRANSLATED = ("de", "pt", "es")


def messages(language: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) of every message of ``language`` but the keys' own names."""
    with (LOCALE / language / "LC_MESSAGES" / "scorekeeper.po").open("rb") as po:
        catalog = read_po(po)
    found = []
    for message in catalog:
        if not message.id or message.context == "key":
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        found += [(ids[0], s) for s in strings if s]
    return found


def names(language: str) -> dict[str, str]:
    with speaking(language):
        return {key: key_name(key) for key in ("ctrl", "escape", "backspace", "up", "down")}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_names_ctrl_as_the_key_bar_does(language):
    """German writes Strg+ everywhere (never ctrl+ beside it), Portuguese and Spanish Ctrl+."""
    ctrl = names(language)["ctrl"]
    mixed = [(msgid, said) for msgid, said in messages(language)
             for word in re.findall(r"(?i)\b(ctrl|strg)\+", said) if word != ctrl]
    assert not mixed, mixed


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_names_escape_backspace_and_the_arrows_as_the_help_does(language):
    said_as = names(language)
    english = {"escape": "Escape", "backspace": "Backspace", "up": "up", "down": "down"}
    wrong = []
    for msgid, said in messages(language):
        for key, word in english.items():
            if said_as[key] == word.capitalize():
                continue  # the language says it as English does
            pattern = rf"\+{word}\b" if key in ("up", "down") else rf"\b{word}\b"
            if re.search(pattern, said):
                wrong.append((key, msgid, said))
    assert not wrong, wrong


def test_no_german_message_says_ctrl_or_escape():
    """The cases of the trial: the table's closed-session line and the seating hint."""
    german = dict(messages("de"))
    assert german["The session is over: no more hands can be entered. ctrl+u settle up, "
                  "ctrl+l ledger, ctrl+t standings, ctrl+x export, Escape home."] == (
        "Die Partie ist aus: es können keine Spiele mehr eingegeben werden. Strg+u "
        "Schlussabrechnung, Strg+l Kassenbuch, Strg+t Stand, Strg+x Export, Esc Start.")
    assert "Strg+↑ / Strg+↓" in german["Seating, clockwise (ctrl+up / ctrl+down move the "
                                       "highlighted player, ctrl+r removes):"]


async def help_rows(tmp_path, language: str) -> str:
    store = fixed_store(tmp_path)
    session = store.create(make_config("letzter-stich", ["Anna", "Ben", "Cleo", "Dora"], "Anna"))
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(110, 90)) as pilot:  # tall: the whole help at once
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        return "\n".join(screen_rows(app.export_screenshot()))


@pytest.mark.parametrize("language, palette, quit_key", [
    ("de", "Strg+p", "Strg+q"), ("pt", "Ctrl+p", "Ctrl+q"), ("es", "Ctrl+p", "Ctrl+q"),
    ("en", "ctrl+p", "ctrl+q")])
async def test_f1_names_the_keys_that_work_everywhere_as_the_others(tmp_path, language, palette,
                                                                    quit_key):
    """The help's "Everywhere" said ctrl+p and ctrl+q in every language, under Strg+z…"""
    shown = await help_rows(tmp_path, language)
    assert re.search(rf"^\W*{re.escape(palette)} ", shown, re.M), shown
    assert re.search(rf"^\W*{re.escape(quit_key)} ", shown, re.M), shown
    if language != "en":
        assert "ctrl+" not in shown, shown


async def test_the_german_help_closes_with_esc_as_its_keys_say(tmp_path):
    shown = await help_rows(tmp_path, "de")
    assert "Esc / F1: schließen" in shown and "Escape" not in shown, shown


@pytest.mark.parametrize("language", TRANSLATED)
async def test_every_word_of_the_key_bar_starts_with_a_capital_letter(tmp_path, language):
    """Portuguese "^p paleta" and Spanish "^p menú" beside "Voltar", "Ajuda", "Volver"."""
    store = fixed_store(tmp_path)
    session = store.create(make_config("letzter-stich", ["Anna", "Ben", "Cleo", "Dora"], "Anna"))
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(200, 30)) as pilot:  # wide: every key of the bar
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        line = str(bar.render())
        words = [line[start:end].strip().partition(" ")[2] for start, end, _key in bar.spans]
        assert words and all(word[:1].isupper() for word in words), line
