"""The table at 80x24 with trial 28's six 24-character names, German pack (issue 26, trial 28:
de 1/pt 2, de 2/pt 10, de 3, pt 11, pt 12).

Kratzen, Eleonore deals first. Worked by hand from docs/rules.md:
- hand 1 (Eleonore deals, pot 0: a Muss; K♣ turned): P = 2 + 5 = 7; Eleonore needs 2 and makes
  2 (tricks 1 and 2): 0; Bartholomäus and Friederike need 1 and make 1: 0 less their stake,
  -1 each; Maximilian, Konstantin and Annemarie make none: -1 and pay P = 7 into the next pot,
  -8 each; Eleonore -2 (her stake). The pot: 7 + 3 x 7 = 28.
- hand 2 (Bartholomäus deals, pot 28; A♥ turned; Friederike, Maximilian and Konstantin play,
  Annemarie and Eleonore drop): P = 28 + 1 = 29, P/4 = 7¼; Bartholomäus takes tricks 1 and 3
  (+14½), Friederike 2 (+7¼), Konstantin 4 (+7¼); Maximilian none: pays P = 29 into the next
  pot; the dealer has paid his stake of 1: +13½. Annemarie and Eleonore dropped: ±0 each.
  The pot: 29 - 4 x 7¼ + 29 = 29.
"""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.i18n import _, speaking
from scorekeeper.presentation import last_hand_line
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.dialog_preview import PreviewDialog

from .tui_helpers import fixed_store, hand_keys, on_screen, settled, table_at_80x24, words

NAMES = ("Eleonore Weißenbach-Lutz", "Bartholomäus Grünwald-Ek", "Friederike Schönberg-Alt",
         "Maximilian Oberhuber-Kal", "Konstantin Überreiter-Da", "Annemarie Zöllner-Brandt")
ELEONORE, BARTHOLOMAEUS, FRIEDERIKE, MAXIMILIAN, KONSTANTIN, ANNEMARIE = NAMES
CONFIG = make_config("kratzen", list(NAMES), ELEONORE, {"deck": "german", "rotations": 2})
HANDS = [HandRecord(indicator=parse_cards("KC"),
                    tricks=(ELEONORE, ELEONORE, BARTHOLOMAEUS, FRIEDERIKE)),
         HandRecord(indicator=parse_cards("AH"), entered=(FRIEDERIKE, MAXIMILIAN, KONSTANTIN),
                    tricks=(BARTHOLOMAEUS, FRIEDERIKE, BARTHOLOMAEUS, KONSTANTIN))]
# Hand 3 (Friederike deals, pot 29, 9♦ turned; Maximilian and Konstantin play).
HAND_3 = HandRecord(indicator=parse_cards("9D"), entered=(MAXIMILIAN, KONSTANTIN),
                    tricks=(FRIEDERIKE, MAXIMILIAN, FRIEDERIKE, KONSTANTIN))
# Hand 4 (Maximilian deals, pot 0 after hand 3; 7♠ turned: a forced Muss, everyone plays).
HAND_4 = HandRecord(indicator=parse_cards("7S"), tricks=(MAXIMILIAN,) * 4)
LANGUAGES = ["de", "pt"]


def evening(tmp_path, hands: int) -> str:
    return fixed_store(tmp_path).create(CONFIG, HANDS[:hands]).id


def the_lead(screen, language: str) -> str:
    """The guide's last step before a hand: who leads to the first trick (whole)."""
    ruleset, state = screen.session.ruleset, screen.state
    with speaking(language):
        return words(list(ruleset.guide_steps(CONFIG, state))[-1])


# ---- the last hand's line: every player ---------------------------------------------------

def test_the_last_hand_line_shows_every_player_with_plus_minus_0_where_nothing_changed(
        tmp_path):
    """Before, the two who dropped in hand 2 were left out ("1 -109, 2 -109, 3 +53½, 5 +27¼,
    6 +27¼" in the trial: seat 4, who passed, missing)."""
    hand = fixed_store(tmp_path).open(evening(tmp_path, 2)).hand(2)
    with speaking("en"):
        assert last_hand_line(hand) == (
            f"Last hand (2, {BARTHOLOMAEUS} dealt, normal): {ELEONORE} ±0, {BARTHOLOMAEUS} "
            f"+13½, {FRIEDERIKE} +7¼, {MAXIMILIAN} -29, {KONSTANTIN} +7¼, {ANNEMARIE} ±0")
        assert last_hand_line(hand, NAMES) == (
            f"Last hand (2, {BARTHOLOMAEUS} dealt, normal), by seat: 1 ±0, 2 +13½, 3 +7¼, "
            "4 -29, 5 +7¼, 6 ±0")
        assert last_hand_line(hand, NAMES, saved=True, short=True) == (
            "Hand 2 saved (normal), by seat: 1 ±0, 2 +13½, 3 +7¼, 4 -29, 5 +7¼, 6 ±0")


# ---- the hand saved: said by the last hand's line, the guide whole ----------------------------

@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_hand_saved_leaves_the_guide_whole_and_says_so_in_the_last_hand_line(
        tmp_path, language):
    """Before, "Spiel 3 gespeichert." took the guide's last rows for ~6 s: who is asked and
    who leads to the first trick were below its edge (trial 28 de 46, pt 20). Now the last
    hand's line says the hand was saved, and every step of the next hand is in sight."""
    async with table_at_80x24(tmp_path, evening(tmp_path, 2), language) as (app, pilot, screen):
        await pilot.press(*hand_keys(CONFIG, FRIEDERIKE, HAND_3, False, language), "enter")
        await settled(pilot)
        assert isinstance(app.screen, PreviewDialog)
        await pilot.press("enter")
        for _n in range(6):
            await pilot.pause(0.05)
        assert app.screen is screen and screen.state.hands_played == 3
        assert screen.notices.words() == []  # nothing over the guide
        shown = on_screen(app)
        hand = screen.session.hand(3)
        with speaking(language):
            forms = [words(last_hand_line(hand, saved=True)),
                     words(last_hand_line(hand, NAMES, saved=True)),
                     words(last_hand_line(hand, NAMES, saved=True, short=True))]
        assert words(str(screen.query_one("#last").render())) in forms
        assert any(form in shown for form in forms)
        assert the_lead(screen, language) in shown  # the guide's last step
        assert screen.query_one("#guide-box").max_scroll_y == 0  # nothing below its edge


@pytest.mark.parametrize("language", ["de"])  # (in Portuguese the guide is a row shorter)
async def test_before_the_first_key_every_step_is_in_sight_after_four_hands(tmp_path, language):
    """Before hand 5 (Konstantin deals, a normal hand, five asked), the last hand's line by
    seat took two rows and the guide's last step ("… spielt zum ersten Stich aus") was cut
    with no notice at all (as in trial 28 de 107). Now that line takes one row (by seat,
    without who dealt) where the guide needs the other, and the guide is whole."""
    store = fixed_store(tmp_path)
    sid = store.create(CONFIG, [*HANDS, HAND_3, HAND_4]).id
    async with table_at_80x24(tmp_path, sid, language) as (app, pilot, screen):
        shown = on_screen(app)
        assert the_lead(screen, language) in shown
        box = screen.query_one("#guide-box")
        assert box.max_scroll_y == 0  # nothing of the guide below its edge
        hand = screen.session.hand(4)
        with speaking(language):
            short = words(last_hand_line(hand, NAMES, short=True))
            whole = words(last_hand_line(hand, NAMES))
        # one row where the guide needs the other, else both (the German guide is a row
        # shorter since "ein Muss": trial 34); every player's change either way
        assert short in shown or whole in shown, shown


# ---- card by card: the turned card stays in sight ----------------------------------------------

# Hand 1 of the evening: Eleonore deals into an empty pot (a Muss: nobody is asked), K♣
# turned; the cards of tricks 1 to 3 and the first three of trick 4, a key each (the German
# pack in German: e = Eichel ♣, s = Schellen ♦, h = Herz ♥, l = Laub ♠).
CARDS = list("ahkhuhoh7h8h" "aeoeuete9e8e" "asksosusts9s" "alklol")


async def test_card_by_card_the_turned_card_stays_in_sight_at_trick_4(tmp_path):
    """Before, at trick 4 the line of the turned card and trump went behind the "⋮" (trial 28
    pt 31, 32): it decides every trick."""
    async with table_at_80x24(tmp_path, evening(tmp_path, 0), "de") as (app, pilot, screen):
        await pilot.press("ctrl+o")
        await pilot.press("k", "e", *CARDS)  # a Muss (the pot is empty): nobody is asked
        await settled(pilot)
        draft = screen.entry.draft
        assert draft.step.kind == "card" and draft.step.trick == 4
        with speaking("de"):
            turned = words(screen.session.ruleset.turn_words(CONFIG, screen.state,
                                                            draft.turned))
        shown = on_screen(app)
        assert turned in shown and "⋮" in shown
        assert "Trumpf ♣" in turned


# ---- a hand cleared by another terminal's change: shown whole, until Escape --------------------

async def test_a_hand_cleared_by_another_terminal_is_shown_whole_until_escape(tmp_path):
    """Before, the notice that listed the hand typed was cut after trick 3 at 80x24 and went
    after 15 s (trial 28 de 82-84): the cards were lost unread. Now a dialog shows every line
    of it (it scrolls), stays, and an Enter meant for the preview does not close it."""
    from scorekeeper.tui.screens.dialog_confirm import TypedHandDialog

    sid = evening(tmp_path, 0)
    async with table_at_80x24(tmp_path, sid, "de") as (app, pilot, screen):
        await pilot.press("ctrl+o")
        await pilot.press("k", "e", *CARDS, "u", "l", "t", "l", "9", "l", "enter")
        await settled(pilot)
        assert isinstance(app.screen, PreviewDialog)
        typed = screen.typed_lines()
        assert len(typed) == 5  # the turned card and four tricks
        fixed_store(tmp_path).record(sid, HandRecord(
            indicator=parse_cards("9H"), tricks=(ELEONORE, ELEONORE, ANNEMARIE, KONSTANTIN)))
        screen.check_for_changes()  # what the table's watch does every second
        await settled(pilot)
        dialog = app.screen
        assert isinstance(dialog, TypedHandDialog)
        for line in typed:
            assert line in dialog.detail  # every trick, whole
        await pilot.press("enter")  # meant for the preview: it does not close what was typed
        await pilot.pause(0.5)
        assert app.screen is dialog
        await pilot.press("escape")
        await settled(pilot)
        assert app.screen is screen and screen.session.hands_played == 1


# ---- a warning about a key goes with the next key ----------------------------------------------

async def test_a_warning_about_a_key_goes_with_the_next_key_and_under_a_dialog(tmp_path):
    """Before, "4 é Maximilian …, que desistiu" stayed up after keys that were right, and
    under the settlement dialog (trial 28 pt 18, 19)."""
    async with table_at_80x24(tmp_path, evening(tmp_path, 2), "pt") as (app, pilot, screen):
        keys = hand_keys(CONFIG, FRIEDERIKE, HAND_3, False, "pt")
        await pilot.press(*keys[:7])  # the turned card and the five decisions
        await pilot.press("1")  # Eleonore dropped: refused, with a warning
        await settled(pilot)
        assert len(screen.notices.words()) == 1
        await pilot.press(keys[7])
        await settled(pilot)
        assert screen.notices.words() == []
        await pilot.press("1")  # refused again
        await settled(pilot)
        assert len(screen.notices.words()) == 1
        await pilot.press(*keys[8:], "enter")
        await settled(pilot)
        assert isinstance(app.screen, PreviewDialog)
        assert screen.notices.words() == []


# ---- card by card chosen before the first key: the guide stays whole ---------------------------

# Hands 5 and 6 after hand 4: Konstantin deals, 9♥ turned, Annemarie and Eleonore play
# (Konstantin, Annemarie, Eleonore, Konstantin take the tricks); Annemarie deals a Muss (the
# pot is empty), 9♥ turned. Hand 7: Eleonore deals into a pot of 28, five are asked.
HANDS_5_6 = [HandRecord(indicator=parse_cards("9H"), entered=(ANNEMARIE, ELEONORE),
                        tricks=(KONSTANTIN, ANNEMARIE, ELEONORE, KONSTANTIN)),
             HandRecord(indicator=parse_cards("9H"),
                        tricks=(ANNEMARIE, ELEONORE, ANNEMARIE, KONSTANTIN))]


async def test_card_by_card_chosen_before_the_first_key_leaves_the_guide_whole(tmp_path):
    """Before, the line "Karte für Karte (Strg+o: nur die Stichgewinner)" took the guide's
    last row (trial 28 de 84: "… spielt zum ersten Stich aus" below the edge). Where the
    guide has no row for it, the heading says "card by card" instead."""
    sid = fixed_store(tmp_path).create(CONFIG, [*HANDS, HAND_3, HAND_4, *HANDS_5_6]).id
    async with table_at_80x24(tmp_path, sid, "de") as (app, pilot, screen):
        assert screen.state.dealer == ELEONORE and screen.state.pot == 28
        await pilot.press("ctrl+o")
        await settled(pilot)
        assert screen.entry.by_cards
        shown = on_screen(app)
        assert the_lead(screen, "de") in shown
        assert screen.query_one("#guide-box").max_scroll_y == 0
        with speaking("de"):  # in the heading where the guide has no row for it
            assert (_("card by card") in str(screen.query_one("#table-top").render())
                    or _("Card by card (ctrl+o: winners only)") in shown), shown


# ---- a hand withdrawn: said by the last hand's line for a while -------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_hand_withdrawn_is_said_by_the_last_hand_line_and_the_guide_stays_whole(
        tmp_path, language):
    """Before, "Spiel 6 zurückgenommen (bleibt in der Geschichte)." was a notice that took the
    guide's last row for its seconds (trial 28 de 117). Now the last hand's line says it (with
    the hand before, where they fit together), and every step of the hand is in sight."""
    sid = fixed_store(tmp_path).create(CONFIG, [*HANDS, HAND_3, HAND_4, *HANDS_5_6]).id
    async with table_at_80x24(tmp_path, sid, language) as (app, pilot, screen):
        await pilot.press("ctrl+z")
        await settled(pilot)
        await pilot.press("enter")
        await settled(pilot)
        assert app.screen is screen and screen.state.hands_played == 5
        assert screen.notices.words() == []
        with speaking(language):
            said = _("Hand {number} withdrawn (kept in the history).").format(number=6)
        assert words(str(screen.query_one("#last").render())).startswith(words(said))
        shown = on_screen(app)
        assert words(said) in shown
        assert the_lead(screen, language) in shown
        assert screen.query_one("#guide-box").max_scroll_y == 0


async def test_a_hand_saved_by_another_terminal_is_said_by_the_last_hand_line(tmp_path):
    """Before, "Die Partie wurde in einem anderen Terminal geändert …" was a notice over the
    guide's last rows for 5 s at the start of the next hand. Now the last hand's line says it
    (with the hand the other terminal saved, where they fit together)."""
    sid = evening(tmp_path, 2)
    async with table_at_80x24(tmp_path, sid, "de") as (app, pilot, screen):
        fixed_store(tmp_path).record(sid, HAND_3)
        screen.check_for_changes()  # what the table's watch does every second
        await settled(pilot)
        assert screen.state.hands_played == 3 and screen.notices.words() == []
        with speaking("de"):
            said = _("The session was changed from another terminal; the table is up to date.")
        assert words(str(screen.query_one("#last").render())).startswith(words(said))
        assert the_lead(screen, "de") in on_screen(app)
        assert screen.query_one("#guide-box").max_scroll_y == 0
