"""The table in its own words at 80x24 (and 130x40) with six 24-character names, what trial 30
found (issue 26): the heading names the game while a hand is typed card by card; the seat keys
stay on one row; a cancelled amendment does not say the last hand was "saved"; the first hand
of the next evening says where its pot came from.

The evening is tests/test_table3_80x24.py's (Kratzen, German pack, Eleonore deals first; its
figures worked by hand there): after hands 1 and 2 the pot is 29, Friederike deals hand 3.
"""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.i18n import _, pgettext, speaking
from scorekeeper.presentation import last_hand_line
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.handpanel import NO_BREAK, wrapped_whole

from .test_table3_80x24 import (
    BARTHOLOMAEUS,
    CONFIG,
    ELEONORE,
    FRIEDERIKE,
    HAND_3,
    HAND_4,
    HANDS,
    MAXIMILIAN,
    NAMES,
    the_lead,
)
from .tui_helpers import (
    LONG_NAMES,
    fixed_store,
    hand_keys,
    make_app,
    on_screen,
    settled,
    shown_rows,
    table_at_80x24,
    words,
)

LANGUAGES = ["de", "pt", "es", "en"]


# ---- 1. the heading keeps the game's name, card by card -----------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
async def test_card_by_card_the_heading_still_names_the_game(tmp_path, language):
    """Before hand 5 (a two-row last hand's line, a long guide), ctrl+o: where the guide has no
    row for "Card by card", the heading says it. Before, it dropped the game's name for it:
    "Partie b456ff75  Spiel 5 von 6, Karte für Karte  Prüfsumme …" (trial 30 de 25). Now the
    hands planned give way ("Spiel 5, Karte für Karte"); the session and the digest stay
    whole."""
    sid = fixed_store(tmp_path).create(CONFIG, [*HANDS, HAND_3, HAND_4]).id
    async with table_at_80x24(tmp_path, sid, language) as (app, pilot, screen):
        await pilot.press("ctrl+o")
        await settled(pilot)
        assert screen.entry.by_cards
        top = shown_rows(app)[0]
        with speaking(language):
            session = pgettext("heading", "session {id}").format(id=sid)
            by_cards = _("card by card")
            line = _("Card by card (ctrl+o: winners only)")
        assert top.split()[0] == "Kratzen", top
        assert session in top and screen.session.digest in top, top
        # card by card is said, by the heading or by the line over the guide
        assert by_cards in top or words(line) in on_screen(app), top


async def test_the_heading_says_the_hands_planned_where_it_has_the_room(tmp_path):
    sid = fixed_store(tmp_path).create(CONFIG, [*HANDS, HAND_3, HAND_4]).id
    async with table_at_80x24(tmp_path, sid, "de") as (app, _pilot, screen):
        assert not screen.entry.by_cards
        assert shown_rows(app)[0].split()[:5] == ["Kratzen", "Partie", sid, "Spiel", "5"]
        assert "Spiel 5 von 12" in shown_rows(app)[0]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_an_evening_that_went_on_names_its_game_at_80x24(tmp_path, language):
    """Letzter Stich (a long title), four long names, one hand played, then the next evening:
    the first evening's heading ("… GOES ON IN SESSION 00000002 …") dropped the game's name in
    every language. Now a column a gap, then the session's id without its word, make room."""
    store = fixed_store(tmp_path)
    config = make_config("letzter-stich", list(LONG_NAMES[:4]), LONG_NAMES[0])
    first = store.create(config, [HandRecord(tricks=LONG_NAMES[:2] * 4)]).id
    second = store.next_evening(first).session.id
    async with table_at_80x24(tmp_path, first, language) as (app, _pilot, screen):
        top = shown_rows(app)[0]
        assert top.split()[:2] == ["Letzter", "Stich"], top
        assert first in top and second in top and screen.session.digest in top, top


# ---- 2. the seat keys on one row ----------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_seat_keys_stay_together_on_one_row(tmp_path, language):
    """Hand 1 (a Muss, K♣ turned): who took trick 1? Before, in German the question broke
    between "Sitz tippen: 1" and "2 3 4 5 6" (trial 30 de 09, 22)."""
    sid = fixed_store(tmp_path).create(CONFIG, []).id
    async with table_at_80x24(tmp_path, sid, language) as (app, pilot, screen):
        await pilot.press(*hand_keys(CONFIG, ELEONORE, HANDS[0], True, language)[:2])
        await settled(pilot)
        assert screen.entry.draft.step.kind == "winner"
        rows = shown_rows(app)
        assert any("1 2 3 4 5 6" in row for row in rows), "\n".join(rows)


def test_a_line_breaks_at_spaces_but_never_at_a_no_break_space():
    from rich.console import Console

    line = "Wer hat Stich 1 gemacht?  Sitz tippen: " + NO_BREAK.join("123456") + "   Strg+o"
    rows = [row.plain.rstrip() for row in wrapped_whole(line, 44, Console(width=80))]
    assert rows == ["Wer hat Stich 1 gemacht?  Sitz tippen:",
                    NO_BREAK.join("123456") + "   Strg+o"]
    assert [row.plain.rstrip() for row in wrapped_whole("a b c", 3, Console(width=80))] == [
        "a b", "c"]


# ---- 3. a cancelled amendment does not say "saved" -----------------------------------------

@pytest.mark.parametrize(("language", "size"), [("de", (130, 40)), ("en", (80, 24)),
                                                ("pt", (130, 40))])
async def test_a_cancelled_amendment_says_what_holds_not_that_a_hand_was_saved(
        tmp_path, language, size):
    """Hand 2 saved at this table, then ctrl+e on it and Escape: before, at 130x40 the line
    said "Korrektur abgebrochen. Spiel 2 gespeichert (…)", as if hand 2 had just been saved
    (trial 30 de-130x40 16; at 80x24 it said "Letztes Spiel (2, …)" there). Now it says the
    last hand as it stands, and so once the word on the cancel has gone."""
    sid = fixed_store(tmp_path).create(CONFIG, HANDS[:1]).id
    app = make_app(tmp_path, sid, language=language)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settled(pilot)
        screen = app.screen
        await pilot.press(*hand_keys(CONFIG, BARTHOLOMAEUS, HANDS[1], False, language),
                          "enter")
        await settled(pilot)
        assert type(app.screen).__name__ == "PreviewDialog"  # (the settlement shown)
        await pilot.press("enter")
        await settled(pilot)
        assert app.screen is screen and screen.state.hands_played == 2
        hand = screen.session.hand(2)
        with speaking(language):
            saved = [words(last_hand_line(hand, seats, saved=True, short=short))
                     for seats in (None, NAMES) for short in (False, True)]
            cancelled = words(_("Amending cancelled."))
            last = [words(last_hand_line(hand, seats, short=short))
                    for seats in (None, NAMES) for short in (False, True)]
        assert any(form in on_screen(app) for form in saved)  # (said so, just saved)
        for key in ("ctrl+e", "2", "enter"):
            await pilot.press(key)
            await settled(pilot)
        assert screen.amending == 2
        await pilot.press("escape")
        await settled(pilot)
        assert screen.amending is None
        line = words(str(screen.query_one("#last").render()))
        assert line in [f"{cancelled} {form}" for form in last], line
        assert not any(form in on_screen(app) for form in saved)
        screen.said_last = None  # (the word on the cancel gone, as after its 10 seconds)
        screen.show()
        await settled(pilot)
        assert words(str(screen.query_one("#last").render())) in last


# ---- 4. the next evening's first hand: whence its pot -------------------------------------

# Hand 1 of the next evening (Friederike deals, pot 29): A♥ turned, Maximilian plays.
NEXT_1 = HandRecord(indicator=parse_cards("AH"), entered=(MAXIMILIAN,),
                    tricks=(FRIEDERIKE, MAXIMILIAN, FRIEDERIKE, FRIEDERIKE))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_next_evenings_first_hand_says_its_pot_came_from_the_last_evening(
        tmp_path, language):
    """Before, "Pott 29" only (trial 30 de 81: "Pott 4392"), while the question before it had
    said where it came from. Now the pot's line says it until the first hand is recorded, the
    guide whole at 80x24."""
    store = fixed_store(tmp_path)
    first = store.create(CONFIG, HANDS).id
    second = store.next_evening(first).session.id
    async with table_at_80x24(tmp_path, second, language) as (app, pilot, screen):
        with speaking(language):
            carried = words(_("Pot") + " 29 " + _("(from the last evening)"))
            reminder = words(screen.session.ruleset.pot_words(CONFIG, screen.state) or "")
        assert screen.state.pot == 29 and not screen.state.hands_played
        shown = on_screen(app)
        assert carried in shown
        assert reminder.split("   ")[0] in shown  # P = 30 (what the pot's line is for)
        assert the_lead(screen, language) in shown  # the guide whole
        assert screen.query_one("#guide-box").max_scroll_y == 0
        await pilot.press(*hand_keys(CONFIG, FRIEDERIKE, NEXT_1, False, language), "enter")
        await settled(pilot)
        assert type(app.screen).__name__ == "PreviewDialog"  # (the settlement shown)
        await pilot.press("enter")
        await settled(pilot)
        assert screen.state.hands_played == 1
        with speaking(language):
            assert words(_("(from the last evening)")) not in on_screen(app)


async def test_an_evening_begun_afresh_says_nothing_of_a_last_evening(tmp_path):
    store = fixed_store(tmp_path)
    sid = store.create(CONFIG, HANDS).id
    async with table_at_80x24(tmp_path, sid, "en") as (app, _pilot, screen):
        assert screen.state.pot == 29
        assert "from the last evening" not in on_screen(app)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_letzter_stich_match_that_goes_on_says_the_chips_came_too(tmp_path, language):
    """Trial 31: a Letzter Stich match carried into the next evening said nothing of the
    chips it carried (Anna 2, Ben 2, Cleo 1, Dora 3 after two hands of
    examples/letzter-stich.toml, tests/test_next_evening.py): the pot's line says both came
    from the last evening until the first hand is recorded."""
    from scorekeeper.script import replay_file

    from .conftest import EXAMPLES

    store = fixed_store(tmp_path)
    replayed = replay_file(EXAMPLES / "letzter-stich.toml")
    first = store.create(replayed.config, [s.record for s in replayed.settlements][:2]).id
    second = store.next_evening(first).session.id
    async with table_at_80x24(tmp_path, second, language) as (app, _pilot, screen):
        assert screen.state.scores == {"Anna": 2, "Ben": 2, "Cleo": 1, "Dora": 3}
        with speaking(language):
            carried = words(_("(pot and {score} from the last evening)").format(
                score=screen.session.ruleset.score_words()))
        assert carried in on_screen(app)
