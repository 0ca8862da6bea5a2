"""The guide at 80x24 with six 24-character names keeps every step of the hand still to play
in sight (issue 26, trial 27 old item 7): before any key and once the turned card is typed,
with the last hand's line on two rows and a pot of four digits; and after the Weli is
turned, the steps done by then (dealing the first 2 cards, turning the card) fold away, so
the step played now (turning the next card) and every later one up to who leads are in
sight, with no scroll bar (before, they stayed and the guide was cut: "… spielt zum" and a
scroll bar).

The evening of tests/test_table_notices.py: after 2 hands Cleopatra deals into a pot of
258, after 3 Dorothea into 1554; the last hand's line takes two rows by seat number."""

from __future__ import annotations

import pytest

from scorekeeper.guidewords import step_prompt
from scorekeeper.i18n import speaking
from scorekeeper.rules import RULESETS
from scorekeeper.tui.screens.table import TableScreen

from .test_table_notices import evening
from .tui_helpers import on_screen, settled, shown_rows, table_at_80x24, words

LANGUAGES = ["en", "de", "pt", "es"]


def steps_after_the_weli(screen: TableScreen) -> tuple[list[str], list[str]]:
    """The guide's steps still to play once the Weli is turned (turning the next card on),
    and the two done (dealing 2 cards, turning the first)."""
    ruleset = RULESETS["kratzen"]
    steps = list(ruleset.guide_steps(screen.session.config, screen.state))
    return steps[2:], steps[:2]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("hands", [2, 3])
async def test_after_the_weli_the_steps_done_fold_and_the_rest_is_in_sight(
        tmp_path, language, hands):
    async with table_at_80x24(tmp_path, evening(tmp_path, hands), language) as (app, pilot, screen):
        await pilot.press("w")
        await settled(pilot)
        assert screen.entry.draft.step.kind == "turn" and screen.entry.draft.turned
        with speaking(language):
            to_play, done = steps_after_the_weli(screen)
            asked = step_prompt(screen.entry.draft)
        shown = on_screen(app)
        assert words(asked) in shown
        for step in to_play:
            assert words(step) in shown, step
        for step in done:
            assert words(step) not in shown, step
        assert not any(row.rstrip().endswith(("▇", "▅", "▄", "▂", "▆", "█"))
                       for row in shown_rows(app))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_with_a_two_row_last_hand_every_step_is_in_sight_before_and_after_the_card(
        tmp_path, language):
    async with table_at_80x24(tmp_path, evening(tmp_path, 3), language) as (app, pilot, screen):
        ruleset = RULESETS["kratzen"]
        config, state = screen.session.config, screen.state
        with speaking(language):
            steps = [*ruleset.before_deal(config, state), *ruleset.guide_steps(config, state)]
        shown = on_screen(app)
        for step in steps:
            assert words(step) in shown, step
        hearts = next(k for k, s in screen.entry.suit_keys().items() if s.name == "HEARTS")
        await pilot.press("a", hearts)
        await settled(pilot)
        shown = on_screen(app)
        for step in steps[-4:]:  # the 2 more cards, taking the turned card, asking, the lead
            assert words(step) in shown, step
