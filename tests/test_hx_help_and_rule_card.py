"""Trial 32: the help (F1) and the rule card (ctrl+r) at 80x24, read as text.

- F1 parted a key from its word at a line break ("a Daus, k König, o" / "Ober, u Unter").
- The Kratzen card named the French pack's suit ("nunca cuenta como un diamante corriente")
  on a German-pack evening.
- The card said balances and pot always add up to 0; in an evening that continues a session
  they add up to the pot carried from the last evening (rules D21: 3290 + 28 = 3318 in the
  trial)."""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.rulecards import rule_card
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.dialog_help import HelpScreen, RulesScreen

from .tui_helpers import LONG_NAMES, SCROLL_BAR, fixed_store, make_app, settled, shown_rows, words

LANGUAGES = ["en", "de", "pt", "es"]

# The Weli's sentence in each language, for each pack (and for no session: both named).
NEVER_ORDINARY = {
    ("en", "german"): "It never counts as an ordinary card of bells.",
    ("en", "french"): "It never counts as an ordinary ♦.",
    ("de", "german"): "Er zählt nie als gewöhnliche Schellen.",
    ("de", "french"): "Er zählt nie als gewöhnliches Karo.",
    ("pt", "german"): "Nunca conta como uma carta comum de sinos.",
    ("pt", "french"): "Nunca conta como um ouro comum.",
    ("es", "german"): "Nunca cuenta como una carta corriente de cascabeles.",
    ("es", "french"): "Nunca cuenta como un diamante corriente.",
}
# The other pack's word for that suit, which must not be on the card.
OTHER_PACKS_SUIT = {
    ("en", "german"): "♦.", ("en", "french"): "bells",
    ("de", "german"): "Karo", ("de", "french"): "gewöhnliche Schellen",
    ("pt", "german"): "ouro", ("pt", "french"): "sinos.",
    ("es", "german"): "diamante", ("es", "french"): "corriente de cascabeles",
}
# How the card says what balances and pot add up to (D21).
ADD_UP = {
    "en": "0 in a first evening, the pot carried from the last evening in an evening that "
          "continues a session",
    "de": "0 am ersten Abend; setzt der Abend eine Partie fort, den Pott, der vom letzten "
          "Abend geblieben ist",
    "pt": "0 na primeira noite, o pote que ficou da noite anterior numa noite que continua "
          "uma sessão",
    "es": "0 en la primera noche, el bote que quedó de la noche anterior en una noche que "
          "continúa una partida",
}
ALWAYS_ZERO = {"en": "always add up to 0.", "de": "zusammen immer 0.",
               "pt": "somam sempre 0.", "es": "suman siempre 0."}


def evening(home, deck: str | None = None) -> str:
    """Six long names, one hand recorded (K♣ turned, a Muss), in ``deck``'s pack."""
    config = make_config("kratzen", list(LONG_NAMES), LONG_NAMES[0],
                         None if deck is None else {"deck": deck})
    record = HandRecord(indicator=parse_cards("KC"), tricks=LONG_NAMES[:4])
    return fixed_store(home).create(config, [record]).id


def dialog_rows(app) -> list[str]:
    """The help's rows as text, without its frame and its scroll bar."""
    return [row.strip("█").translate(SCROLL_BAR).strip() for row in shown_rows(app)
            if row.startswith("█")]


@pytest.mark.parametrize("deck", ["german", "french"])
@pytest.mark.parametrize("language", LANGUAGES)
async def test_f1_at_80x24_never_parts_a_key_from_its_word(tmp_path, language, deck):
    """At the turned card, every rank and suit key stays on the row of the word it stands for:
    no row of the help ends with one of those keys, and none begins with a suit's sign."""
    app = make_app(tmp_path, evening(tmp_path, deck), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        _asked, step_keys = app.screen.step_help()
        keys = {key for row_keys, _does in step_keys[:2] for key in row_keys.split()}
        assert len(keys) >= 10, step_keys  # a k o u t 9 8 7 (or a k q j …), four suits (a, o…)
        await pilot.press("f1")
        await settled(pilot)
        assert isinstance(app.screen, HelpScreen)
        rows = dialog_rows(app)
        text = words(" ".join(rows))
        does = step_keys[0][1].split(": ")[-1].split(";")[0]  # "a Daus, k König, o Ober, …"
        assert words(does) in text, (does, rows)
        asked = rows[1:rows.index("")]  # the question's keys, down to the blank row after them
        parted = [row for row in asked if row.split()[-1].rstrip(",;") in keys
                  or row[0] in "♣♦♥♠"]
        assert not parted, rows


@pytest.mark.parametrize("deck", ["german", "french"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_weli_is_never_an_ordinary_card_of_the_suit_the_pack_names(language, deck):
    card = rule_card("kratzen", language, deck)
    weli = words(card.split("\n\n")[1]).rsplit("7. ", 1)[1]  # after "A, Weli, K, … 7."
    assert NEVER_ORDINARY[language, deck] == weli, weli
    assert OTHER_PACKS_SUIT[language, deck] not in weli, weli
    assert "[[" not in card and "either:" not in card


@pytest.mark.parametrize("language", LANGUAGES)
def test_with_no_session_the_card_names_the_suit_in_both_packs(language):
    """``scorekeeper rules kratzen`` knows no pack: its Weli sentence names both suits."""
    first = words(rule_card("kratzen", language).split("\n\n")[1])
    german, french = NEVER_ORDINARY[language, "german"], NEVER_ORDINARY[language, "french"]
    assert german not in first and french not in first, first
    both = {"en": ("♦", "bells"), "de": ("Schellen", "Karo"), "pt": ("sinos", "ouros"),
            "es": ("cascabeles", "diamantes")}[language]
    assert all(word in first for word in both), first


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_says_balances_and_pot_add_up_to_the_pot_the_evening_opened_with(language):
    card = words(rule_card("kratzen", language, "german"))
    assert ALWAYS_ZERO[language] not in card
    assert ADD_UP[language] in card, card


@pytest.mark.parametrize(("language", "deck", "says"), [
    ("es", "german", "Nunca cuenta como una carta corriente de cascabeles."),
    ("es", "french", "Nunca cuenta como un diamante corriente."),
    ("de", "german", "Er zählt nie als gewöhnliche Schellen."),
    ("de", "french", "Er zählt nie als gewöhnliches Karo.")])
async def test_ctrl_r_at_the_table_shows_the_card_of_the_evenings_pack(tmp_path, language,
                                                                       deck, says):
    app = make_app(tmp_path, evening(tmp_path, deck), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+r")
        await settled(pilot)
        assert isinstance(app.screen, RulesScreen)
        shown = words(" ".join(row.translate(SCROLL_BAR) for row in shown_rows(app)))
        assert says in shown, shown


def thumb_column(rows: list[str], column: int, first: int, last: int) -> list[str]:
    """The two cells of a scroll bar at ``column`` in rows ``first`` to ``last``."""
    return [row.ljust(80)[column:column + 2] for row in rows[first:last + 1]]


def one_whole_thumb(cells: list[str]) -> bool:
    """The scroll bar shows one thumb: its cells drawn whole, one run from top to bottom."""
    drawn = [n for n, cell in enumerate(cells) if cell.strip()]
    return (len(drawn) >= 2 and drawn == list(range(drawn[0], drawn[-1] + 1))
            and all(cells[n] == "██" for n in drawn))


@pytest.mark.parametrize("scrolled", [0, 3])
@pytest.mark.parametrize(("key", "area"), [("f1", "#help-body"), ("ctrl+r", "#rules")])
async def test_f1_and_the_rule_card_at_80x24_show_one_thumb(tmp_path, key, area, scrolled):
    """Trial 32: a thumb ending in an eighth-cell glyph at each end and only coloured between
    read as two thumbs ("▄▄" … "▅▅") in the F1 and rule card overlays. Each has one scrolling
    area, and its bar shows one thumb, drawn whole."""
    app = make_app(tmp_path, evening(tmp_path), language="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press(key)
        await settled(pilot)
        for _n in range(scrolled):
            await pilot.press("down")
        await settled(pilot)
        scrolling = [w for w in app.screen.walk_children() if w.show_vertical_scrollbar]
        assert [f"#{w.id}" for w in scrolling] == [area]
        region = scrolling[0].region
        cells = thumb_column(shown_rows(app), region.right - 2, region.y, region.bottom - 1)
        assert one_whole_thumb(cells), cells


@pytest.mark.parametrize(("language", "says"), [
    ("en", "When the match goes on into another evening, everyone keeps their chips and the "
           "pot stays; after a match that is over only the pot carries over"),
    ("de", "Geht die Partie am nächsten Abend weiter, behält jeder seine Chips und der Pott "
           "bleibt; nach einer beendeten Partie bleibt nur der Pott"),
    ("pt", "Se a partida continua noutra noite, cada um mantém as suas fichas e o pote fica; "
           "depois de uma partida terminada só fica o pote"),
    ("es", "Si la partida sigue en otra noche, cada uno conserva sus fichas y el bote queda; "
           "tras una partida terminada solo queda el bote")])
def test_the_letzter_stich_card_says_what_a_continued_match_keeps(language, says):
    """D21: a match not over goes on with everyone's chips and the pot; after one that is
    over only the pot carries (the card said only "the pot starts empty")."""
    assert says in words(rule_card("letzter-stich", language))
