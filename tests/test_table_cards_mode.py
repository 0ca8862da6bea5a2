"""Card by card (ctrl+o) at the table (issue 26, trial 27 new item 5 and old item 20): a hand
typed card by card leaves the next hand to be typed by trick winners, as usual (the hand
saved is said by the last hand's line; the winner question names ctrl+o); the way in (ctrl+o)
is on the "who won trick N" question at 80x24 in every language (the German key bar has no
room for it); a card's key typed at that question says how to type cards, and a seat's number
typed as a card's rank says why it is no rank and how to type winners.

Hand 2 of the six long names' evening (tests/test_table_notices.py): Bartholomew deals into a
pot of 42, A♥ turned; everyone else drops: a walkover, no trick typed (so the hand is saved
with card by card chosen and no card typed)."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from scorekeeper.i18n import play_key_names, speaking
from scorekeeper.presentation import last_hand_line
from scorekeeper.tui import keynames
from scorekeeper.tui.screens.table import TableScreen

from .test_table_notices import evening
from .tui_helpers import on_screen, settled, table_at_80x24, words

LANGUAGES = ["en", "de", "pt", "es"]


def hearts(screen: TableScreen) -> str:
    return next(k for k, s in screen.entry.suit_keys().items() if s.name == "HEARTS")


def ctrl_o(language: str) -> str:
    """How ``language`` names the key ctrl+o."""
    with speaking(language):
        return keynames.key_name("ctrl+o")


@asynccontextmanager
async def at_the_winner_question(tmp_path, language: str):
    """Hand 2 at 80x24 in ``language``, A♥ turned, the five others play: the question is who
    won trick 1. ``(app, pilot, screen)``."""
    async with table_at_80x24(tmp_path, evening(tmp_path, 1), language) as (app, pilot, screen):
        await pilot.press("a", hearts(screen))
        with speaking(language):
            play, _drop = play_key_names()
        await pilot.press(*[play] * 5)
        await settled(pilot)
        assert screen.entry.draft.step.kind == "winner"
        yield app, pilot, screen


async def test_after_a_hand_chosen_card_by_card_the_next_is_typed_by_winners(tmp_path):
    """Before, the next hand opened card by card without a word (the trial's winners 5 1 2 6
    gave "10?" and "2 ist hier keine Farbe")."""
    async with table_at_80x24(tmp_path, evening(tmp_path, 1), "de") as (app, pilot, screen):
        await pilot.press("ctrl+o")
        await settled(pilot)
        assert screen.entry.by_cards
        await pilot.press("a", hearts(screen))
        with speaking("de"):
            _play, drop = play_key_names()
        await pilot.press(*[drop] * 5, "enter")  # a walkover: the preview
        await settled(pilot)
        await pilot.press("enter")  # saved
        for _n in range(10):
            await pilot.pause(0.05)
        assert screen.state.hands_played == 2
        assert not screen.entry.by_cards
        # Said by the last hand's line, not by a notice over the guide (issue 26, trial 28:
        # the notice took the guide's last rows); the question of the first trick names
        # ctrl+o (test_the_winner_question_names_ctrl_o_at_80x24).
        hand = screen.session.hand(2)
        players = screen.session.config.players
        with speaking("de"):
            forms = [last_hand_line(hand, saved=True),
                     last_hand_line(hand, players, saved=True),
                     last_hand_line(hand, players, saved=True, short=True)]
        # (as shown: wrapped by the table, a seat's number and change kept together)
        shown = words(str(screen.query_one("#last").render()).replace("\xa0", " "))
        assert shown in [words(form) for form in forms]
        assert words(str(screen.query_one("#last").render())) in on_screen(app)
        assert not screen.notices.words(), screen.notices.words()


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_winner_question_names_ctrl_o_at_80x24(tmp_path, language):
    async with at_the_winner_question(tmp_path, language) as (app, pilot, screen):
        assert ctrl_o(language) in on_screen(app)
        await pilot.press("ctrl+o")
        await settled(pilot)
        assert screen.entry.by_cards  # the key named does what it says


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_rank_at_the_winner_question_says_how_to_type_cards(tmp_path, language):
    async with at_the_winner_question(tmp_path, language) as (app, pilot, screen):
        app.said.clear()
        await pilot.press("k")  # a king
        await settled(pilot)
        assert app.said and app.said[-1].startswith("k ") and ctrl_o(language) in app.said[-1]
        assert words(app.said[-1]) in on_screen(app)
        assert screen.entry.draft.winners == ()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", ["5", "6"])
async def test_a_seat_number_in_card_mode_says_it_is_no_rank(tmp_path, language, key):
    async with at_the_winner_question(tmp_path, language) as (app, pilot, screen):
        await pilot.press("ctrl+o")
        await settled(pilot)
        app.said.clear()
        await pilot.press(key)
        await settled(pilot)
        said = app.said[-1] if app.said else ""
        assert said.startswith(f"{key} ") and ctrl_o(language) in said, said
        assert "a k " in said  # the ranks there are
        assert screen.entry.pending is None and screen.entry.draft.cards == ()
