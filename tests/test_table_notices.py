"""The table at 80x24 with six 24-character names (issue 26, trial items 2, 3, 4, 5, 17): the
pot's line whole with a pot of four digits, the amendment saying how to cancel it all the
while (and the key bar saying esc), notices whole in a status line of their own that covers
nothing, and a guide that no longer says who leads once the tricks are typed.

Kratzen, six long names, Alexandra deals first. Hand 1: K♣ turned, a Muss (the pot is empty),
Alexandra takes all four tricks. Hands 2 and 3: a 7♣ turned, a forced Muss (everyone plays),
the dealer takes all four. Worked by hand from docs/rules.md: hand 1, P = 2 + 5 = 7, the
dealer needed 2 and made 4, the five others needed 1 and made 0: each pays P = 7 into the
next pot, and no trick pays in a Muss: pot 7 + 35 = 42. Hand 2 (Bartholomew deals, a forced
Muss: only the dealer's 1): P = 43, five misses of 43: pot 6 x 43 = 258. Hand 3 (Cleopatra):
P = 259, pot 1554 (four digits, as the trial's 1995). Hand 4 (Dorothea): P = 1555, pot 9330."""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.i18n import _, speaking
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.table import TableScreen

from .tui_helpers import (
    LONG_NAMES,
    fixed_store,
    make_app,
    on_screen,
    settled,
    shown_rows,
    table_at_80x24,
    words,
)

ALEXANDRA, BARTHOLOMEW, CLEOPATRA, DOROTHEA, EVANGELINE, FRIEDRICH = LONG_NAMES


def evening(tmp_path, hands: int) -> str:
    """The evening of the module's docstring after ``hands`` hands."""
    records = [HandRecord(indicator=parse_cards("KC" if n == 0 else "7C"),
                          tricks=(LONG_NAMES[n],) * 4) for n in range(hands)]
    config = make_config("kratzen", list(LONG_NAMES), ALEXANDRA)
    return fixed_store(tmp_path).create(config, records).id


@pytest.mark.parametrize(("language", "hands", "pot"),
                         [("de", 3, "1554"), ("pt", 3, "1554"), ("en", 3, "1554"),
                          ("de", 4, "9330")])
async def test_the_pot_line_is_whole_with_a_pot_of_four_digits(tmp_path, language, hands, pot):
    """Before, the German line ran past the edge: "Pott 1995   nach den Einsätzen P = 1996
    jeder Stich bringt P/4 (nicht im" ("Muss)" cut). Now it is whole, on one row where its
    parts fit two columns apart, else folded between them."""
    async with table_at_80x24(tmp_path, evening(tmp_path, hands), language) as (app, pilot, screen):
        with speaking(language):
            said = screen.session.ruleset.pot_words(screen.session.config, screen.state)
        assert said is not None and str(int(pot) + 1) in said
        shown = on_screen(app)
        assert pot in shown
        for part in said.split("   "):
            assert words(part) in shown, part
        # Nothing of the line past the screen's edge: every row ends inside it.
        assert all(len(row) <= 80 for row in shown_rows(app))


@pytest.mark.parametrize("language", ["en", "de", "pt"])
async def test_amending_says_how_to_cancel_all_the_while_and_the_key_bar_says_esc(
        tmp_path, language):
    """Before, how to cancel was said only in a notice cut after its first row ("… Backspace
    takes"), gone after 5 s, and the key bar offered ^z and ^e but no esc. Now the guide says
    the whole of it while the hand is amended, and the key bar shows esc first after
    Backspace; Escape then cancels, and the bar has no cancel any more."""
    app = make_app(tmp_path, evening(tmp_path, 2), language=language)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+e")
        await settled(pilot)
        await pilot.press("2", "enter")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.amending == 2
        with speaking(language):
            told = _("Amending hand {number}, as it was recorded: Backspace takes back what "
                     "was wrong, then type it as it really was. Escape cancels.").format(number=2)
            cancel = screen.active_bindings["escape"].binding.description
            home = _("Home")
        assert words(told) in on_screen(app)
        assert "Escape" in told or "Esc" in told
        bar = shown_rows(app)[-1]
        assert cancel != home and f"esc {cancel}" in bar, bar
        assert bar.index("esc") < bar.index("^") if "^" in bar else True  # right after ⌫
        await pilot.press("backspace")  # a key typed: still said
        await settled(pilot)
        assert words(told) in on_screen(app)
        await pilot.press("escape")
        await settled(pilot)
        assert screen.amending is None and cancel not in shown_rows(app)[-1]


async def test_notices_are_whole_replace_each_other_and_cover_nothing(tmp_path):
    """Before, a notice was one row, cut ("The hand is not complete yet: Cleopatra…"),
    drawn over the guide, and keys typed wrong stacked their notices three deep. Now each is
    whole in a status line over the key bar: the rows above it (heading, seats, pot, last
    hand, the question) stay as they were; a key typed wrong again replaces its notice."""
    async with table_at_80x24(tmp_path, evening(tmp_path, 1), "de") as (app, pilot, screen):
        before = shown_rows(app)
        await pilot.press("enter")  # the hand is not complete: a long warning
        for _n in range(20):  # (a toast, before, was drawn some frames later)
            await pilot.pause(0.05)
        warning = app.said[-1]
        assert len(warning) > 80 and "noch nicht vollständig" in warning
        assert words(warning) in on_screen(app)  # whole, wrapped
        after = shown_rows(app)
        assert after[:8] == before[:8]  # the heading, the seats, the pot
        # the last hand's line gives the notice a row where the guide needs it (by seat, on
        # one row: every player's change still there; trial 34), the question as it was
        assert after[8].startswith(" Letztes Spiel 1 (Muss), nach Sitz: 1 -2, 2 -8, 3 -8"), after
        question = next(row for row in before[9:] if "aufgeschlagene Karte" in row)
        assert question in after
        await pilot.press("enter", "enter")
        await settled(pilot)
        assert on_screen(app).count("noch nicht vollständig") == 1  # replaced, not stacked
        # A notice that is not a warning stays beside a warning.
        screen.notify("Spiel 1 gespeichert.", markup=False)
        await pilot.press("enter")
        await settled(pilot)
        assert on_screen(app).count("noch nicht vollständig") == 1
        shown = shown_rows(app)
        assert " ▌ Spiel 1 gespeichert." in shown[-6:]  # over the key bar, each after its bar
        assert shown[-2].endswith("Weli")  # the warning's last row, over the key bar
        assert "Abrechnen" in shown_rows(app)[-1]  # the key bar itself


async def test_a_notice_said_at_the_table_goes_after_its_time(tmp_path):
    app = make_app(tmp_path, evening(tmp_path, 1), language="en")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        app.screen.notify("Hand 1 saved.", markup=False, timeout=1)
        await settled(pilot)
        assert "Hand 1 saved." in on_screen(app)
        await pilot.pause(1.5)
        await settled(pilot)
        assert "Hand 1 saved." not in on_screen(app)
        assert not any(w.display for w in app.screen.query("#notices"))


@pytest.mark.parametrize("language", ["en", "de", "pt"])
async def test_the_guide_says_no_lead_once_the_tricks_are_typed_or_nobody_plays(
        tmp_path, language):
    """Before, "Bartholomew … leads the first trick" stayed under the tricks typed, and in a
    walkover, where nobody plays. Hand 2 (pot 35, Bartholomew deals): A♥ turned; typed with
    everyone playing, then trick 1; then, from the start again, everyone dropping."""
    from scorekeeper.i18n import play_key_names

    async with table_at_80x24(tmp_path, evening(tmp_path, 1), language) as (app, pilot, screen):
        with speaking(language):
            play, drop = play_key_names()
            lead = words(screen.session.ruleset.guide_steps(screen.session.config,
                                                            screen.state)[-1])
        assert BARTHOLOMEW in lead
        await pilot.press("a")
        await settled(pilot)
        with speaking(language):  # (the suit's letter in the language, where it has its own)
            suits = getattr(screen.entry, "suit_keys", lambda: {"h": parse_cards("AH")[0].suit})
            hearts = [key for key, suit in suits().items() if suit.symbol == "♥"]
        await pilot.press(*hearts, *[play] * 5)
        await settled(pilot)
        assert screen.entry.draft.decisions and not screen.entry.draft.winners
        assert lead in on_screen(app)  # the lead is the step played now
        await pilot.press("3")  # trick 1 to Cleopatra
        await settled(pilot)
        assert screen.entry.draft.winners == (CLEOPATRA,)
        assert lead not in on_screen(app)
        await pilot.press(*["backspace"] * 6, *[drop] * 5)
        await settled(pilot)
        assert screen.entry.complete and not screen.entry.draft.plays_tricks()
        assert lead not in on_screen(app)
