"""The referee screen (ctrl+f) in the table's letters (issue 26): its heading said "e.g. KC 10D
8C" in every language, and it read only the contract's suit letters, while the table types a
card as a rank key and the language's suit key (German Kreuz r, Karo a; German pack in German
Eichel e, Schellen s; Portuguese paus p, corações c: cards.SUIT_KEYS). Now the heading shows
the cards as the table types them, the keys are named under it, and a card typed there means
what it means at the table (a Portuguese Kc is the king of hearts)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorekeeper.cards import Card, parse_cards
from scorekeeper.errors import CardError
from scorekeeper.i18n import speaking
from scorekeeper.rules import make_config
from scorekeeper.tui.screens.referee import read

from .tui_helpers import fixed_store, make_app


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


async def referee_screen(tmp_path, game: str, language: str, typed: str = "",
                         hand: str = "") -> dict[str, str]:
    """The referee screen's heading, its keys line and its verdict once ``typed`` (the trick)
    and ``hand`` (the next player's cards) are typed."""
    store = fixed_store(tmp_path)
    session = store.create(make_config(game, ["Anna", "Ben", "Cleo", "Dora"], "Anna"))
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        await pilot.press(*typed)
        if hand:
            app.screen.query_one("#referee-hand").focus()
            await pilot.press(*hand)
        await pilot.pause()
        statics = list(app.screen.query(Static))
        return {"heading": str(statics[0].render()),
                "keys": str(app.screen.query_one("#referee-keys", Static).render()),
                "verdict": str(app.screen.query_one("#referee-verdict", Static).render())}


@pytest.mark.parametrize("game, language, shown, keys", [
    ("letzter-stich", "de", "Kr 10a 8r", "r ♣ Kreuz  a ♦ Karo  h ♥ Herz  p ♠ Pik"),
    ("kratzen", "de", "Ke 10s 8e", "e ♣ Eichel  s ♦ Schellen  h ♥ Herz  l ♠ Laub"),
    ("letzter-stich", "pt", "Rp 10o 8p", "p ♣ paus  o ♦ ouros"),
    ("letzter-stich", "es", "Rt 10d 8t", "t ♣ tréboles  d ♦ diamantes"),
    ("letzter-stich", "en", "Kc 10d 8c", "c ♣ clubs  d ♦ diamonds  h ♥ hearts  s ♠ spades"),
])
async def test_the_heading_shows_cards_in_the_table_s_letters(tmp_path, game, language, shown,
                                                              keys):
    """K♣ 10♦ 8♣ as the table types them in each language and pack, the keys named below."""
    screen = await referee_screen(tmp_path, game, language)
    assert shown in screen["heading"], screen
    assert "KC" not in screen["heading"] and "10D" not in screen["heading"], screen
    assert keys in screen["keys"], screen


async def test_in_german_the_referee_reads_kreuz_and_dame_as_the_table_does(tmp_path):
    """Kreuz-König, then Kreuz-Dame (d Dame, r Kreuz): the king wins so far."""
    screen = await referee_screen(tmp_path, "letzter-stich", "de", "Kr Dr")
    assert "Sticht bisher: K♣ (Karte 1 von 2)" in screen["verdict"], screen


async def test_a_german_pack_s_schellen_is_s_in_german(tmp_path):
    """Kratzen in German: s is Schellen (♦), not the English spades; the Weli is W."""
    screen = await referee_screen(tmp_path, "kratzen", "de", "Ks W", hand="Ae 7h")
    assert "Weli" in screen["verdict"] and "A♣" in screen["verdict"], screen
    with speaking("de"):
        assert read("Ks W", "german") == cards("KD,W")
        assert read("Ae, Ul 10h", "german") == cards("AC,JS,10H")


@pytest.mark.parametrize("language, typed, meant", [
    ("pt", "Kc Rp Dc Ve", "KH,KC,QH,JS"),       # corações c, paus p; rei r, dama d, valete v
    ("es", "Kc Rt Dd Jp", "KH,KC,QD,JS"),       # corazones c, tréboles t; rey r, dama d
    ("de", "Kr Da Bh 10p", "KC,QD,JH,10S"),     # Kreuz r, Karo a; Dame d, Bube b
    ("en", "KC QD JH 10S", "KC,QD,JH,10S"),
])
def test_a_card_typed_means_what_it_means_at_the_table(language, typed, meant):
    with speaking(language):
        assert read(typed, "french") == cards(meant)


def test_a_contract_letter_the_language_does_not_take_is_read_as_the_contract_reads_it():
    """German has no suit key c or d: KC and 10D are still the king of clubs and the ten of
    diamonds; where the language takes the letter (Portuguese c) the language's suit wins."""
    with speaking("de"):
        assert read("KC 10D", "french") == cards("KC,10D")
    with speaking("pt"):
        assert read("KC", "french") == cards("KH")


def test_a_card_that_is_none_is_said_with_the_language_s_keys():
    with speaking("de"), pytest.raises(CardError) as refused:
        read("Kx", "french")
    said = str(refused.value)
    assert "'Kx'" in said and "r♣ a♦ h♥ p♠" in said and "a k d b t 9 8 7" in said, said


async def test_the_german_heading_is_german(tmp_path):
    screen = await referee_screen(tmp_path, "letzter-stich", "de")
    assert screen["heading"] == ("Schiedsrichter (Letzter Stich): jede Karte als Rang, dann "
                                 "Farbe, z. B. Kr 10a 8r"), screen
