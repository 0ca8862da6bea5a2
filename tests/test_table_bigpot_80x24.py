"""Issue 26 (a tester's German evening): at 80x24, six 24-character names, Kratzen, once the
pot has five digits the guide at the start of a hand was a row short: its last step ("…
spielt zum ersten Stich aus") below the edge of its box. Now it is whole, with five and six
digits, in German, Portuguese and English.

The evening (German pack, two rounds): in every hand the player after the dealer takes all
four tricks; worked by hand from docs/rules.md:
- hand 1 (Alexandra deals, pot 0: a Muss, everyone plays): P = 2 + 5 = 7; Alexandra (dealer,
  no trick) pays 2P = 14, the four others without a trick P = 7 each: pot 7 + 14 + 28 = 49;
- hand 2 (Bartholomew deals, pot 49, everyone plays): P = 50, Cleopatra takes 4 x 50/4 = the
  whole of it; Bartholomew pays 2P = 100, the other four 50 each: pot 0 + 100 + 200 = 300;
- each later hand the same way: the pot after it is 2P + 4P = 6P: hand 3 P = 301 -> 1806,
  hand 4 P = 1807 -> 10842, hand 5 P = 10843 -> 65058, hand 6 P = 65059 -> 390354.
So hand 5 starts with "Pott 10842, P = 10843" and hand 7 with "Pott 390354, P = 390355"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.amounts import format_amount
from scorekeeper.cards import parse_cards
from scorekeeper.i18n import speaking
from scorekeeper.presentation import last_hand_line
from scorekeeper.rules import HandRecord, make_config

from .tui_helpers import LONG_NAMES, fixed_store, on_screen, table_at_80x24, words

CONFIG = make_config("kratzen", list(LONG_NAMES), LONG_NAMES[0],
                     {"deck": "german", "rotations": 2})
LANGUAGES = ["de", "pt", "en"]


def hand(number: int) -> HandRecord:
    """Hand ``number``: K♣ turned; the player after the dealer takes every trick; in hand 1
    (a Muss) nobody is asked, later everyone plays."""
    dealer = (number - 1) % 6
    others = tuple(LONG_NAMES[(dealer + i) % 6] for i in range(1, 6))
    return HandRecord(indicator=parse_cards("KC"), tricks=(others[0],) * 4,
                      entered=None if number == 1 else others)


def evening(store, hands: int) -> str:
    return store.create(CONFIG, [hand(n) for n in range(1, hands + 1)]).id


def the_lead(screen, language: str) -> str:
    """The guide's last step before a hand: who leads to the first trick (whole)."""
    with speaking(language):
        steps = screen.session.ruleset.guide_steps(screen.session.config, screen.state)
        return words(list(steps)[-1])


async def guide_whole(app, screen, language: str, pot: int) -> None:
    shown = on_screen(app)
    assert screen.state.pot == Decimal(pot)  # (the evening as worked by hand)
    assert format_amount(Decimal(pot)) in shown and format_amount(Decimal(pot + 1)) in shown
    assert the_lead(screen, language) in shown, shown
    assert screen.query_one("#guide-box").max_scroll_y == 0  # nothing below its edge


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("hands, pot", [(4, 10842), (6, 390354)])
async def test_the_guide_is_whole_at_the_start_of_a_hand_with_a_five_or_six_digit_pot(
        tmp_path, language, hands, pot):
    """Before, in German the pot's line folded to two rows ("jeder Stich bringt P/4 (nicht im
    Muss)" on its own), the last hand's line took two even by seat, and the guide's last two
    rows were below its edge. Now the pot's line keeps to one row where the guide needs it
    (the rules' reminder of P/4 gives way; the pot and P stay), and every seat's change of the
    last hand is still on screen."""
    async with table_at_80x24(tmp_path, evening(fixed_store(tmp_path), hands),
                              language) as (
            app, _pilot, screen):
        await guide_whole(app, screen, language, pot)
        last = screen.session.hand(hands)
        with speaking(language):
            forms = [words(last_hand_line(last, CONFIG.players, short=short, kind=kind))
                     for short, kind in ((False, True), (True, True), (True, False))]
            forms.append(words(last_hand_line(last, CONFIG.players, short=True, kind=False,
                                              terse=True)))
        assert any(form in on_screen(app) for form in forms)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_guide_is_whole_on_the_next_evening_with_the_pot_it_carried(tmp_path,
                                                                              language):
    """The next evening of the one above after three hands (Alexandra deals first again)
    opens with its pot, 1806 (P = 1807), and no last hand. Before, in German the guide's
    last row was cut: drawn beside a scroll bar it had needed a moment before, it kept the
    bar and took a row more."""
    store = fixed_store(tmp_path)
    first = evening(store, 3)
    second = store.next_evening(first, dealer=LONG_NAMES[0]).session.id
    async with table_at_80x24(tmp_path, second, language) as (app, _pilot, screen):
        await guide_whole(app, screen, language, 1806)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("hands, pot", [(4, 54215), (5, 325295)])
async def test_the_guide_is_whole_after_a_hand_of_five_digit_changes_is_saved(
        tmp_path, language, hands, pot):
    """Trial 30 (German): a hand saved at this table whose changes have five digits and
    quarters, the guide whole after it (a guard: the terse form below is the last resort).
    Worked by hand: hand 5, pot 10842, P = 10843; the two players after the dealer take two
    tricks each (P/4 = 2710¾ a trick); the other three who played pay P, the dealer without a
    trick 2P: the pot after is 5P = 54215. Hand 6 after the module's hand 5 (pot 65058):
    P = 65059, the pot after 5P = 325295."""
    from .tui_helpers import hand_keys, settled

    async with table_at_80x24(tmp_path, evening(fixed_store(tmp_path), hands),
                              language) as (app, pilot, screen):
        dealt = hand(hands + 1)  # two tricks each to the two players after the dealer
        first, second = dealt.entered[0], dealt.entered[1]
        record = dealt.model_copy(update={"tricks": (first, first, second, second)})
        await pilot.press(*hand_keys(CONFIG, screen.state.dealer, record, False, language),
                          "enter")
        await settled(pilot)
        if type(app.screen).__name__ != "TableScreen":  # the settlement asked: saved with Enter
            await pilot.press("enter")
            await settled(pilot)
        assert screen.session.hands_played == hands + 1
        await guide_whole(app, screen, language, pot)
        shown = on_screen(app)
        for seat, player in enumerate(CONFIG.players, start=1):
            change = screen.session.hand(hands + 1).deltas[player]
            assert f"{seat} {format_amount(change, signed=True)}" in shown, (seat, shown)


def test_the_last_hand_in_one_row_of_80_columns_in_german(tmp_path):
    """Trial 30 (German, 83): "Spiel 1 gespeichert, nach Sitz: 1 -8787, 2 +2196½, 3 +2196½,
    4 -4393, 5 -4393, 6 -4393" took two rows even in its shortest form, and the guide's last
    step fell below the edge. The tersest form, the hand's number and every seat's change, is
    one row: hand 6 of the module's evening (P = 65059: seat 1 takes the four tricks,
    4 x P/4 = +65059; the four others who played pay P = 65059 each; the dealer, seat 6, pays
    his chip and 2P: -130119)."""
    store = fixed_store(tmp_path)
    session = store.open(evening(store, 6))
    last = session.hand(6)
    with speaking("de"):
        terse = last_hand_line(last, CONFIG.players, short=True, kind=False, terse=True)
        shortest = last_hand_line(last, CONFIG.players, saved=True, short=True, kind=False)
    assert terse.startswith("Spiel 6: ") and len(terse) <= 78, terse
    assert len(shortest) > 78  # why the terse form is needed
    assert terse.endswith("1 +65059, 2 -65059, 3 -65059, 4 -65059, 5 -65059, 6 -130119")
