"""Issue 26, trial 30 (hW, words at the edges).

1. The new-session screen kept "'…' ist länger als 24 Zeichen" under the name field after the
   field was emptied (report-de.md, 05-cleared): a refusal goes as the field changes."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from scorekeeper.i18n import _, speaking

from .test_tui import focus
from .tui_helpers import make_app

TOO_LONG = "Eleonore Weißenbach-Lucas"  # 25 characters


def said(screen, widget_id: str) -> str:
    return str(screen.query_one(f"#{widget_id}", Static).render())


@pytest.mark.parametrize("language", ["de", "en"])
async def test_a_refused_name_unsaid_as_the_field_is_emptied(tmp_path, language):
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await focus(pilot, "#player-name")
        await pilot.press(*TOO_LONG, "enter")
        await pilot.pause()
        screen = app.screen
        with speaking(language):
            refusal = _("'{name}' is longer than {limit} characters").format(
                name=TOO_LONG, limit=24)
        assert said(screen, "error-players") == refusal  # said, and kept while unchanged
        await pilot.pause()
        assert said(screen, "error-players") == refusal
        field = screen.query_one("#player-name", Input)
        await pilot.press(*["backspace"] * len(field.value))
        await pilot.pause()
        assert field.value == ""
        assert said(screen, "error-players") == ""


async def test_a_refused_option_unsaid_as_it_is_mended(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await focus(pilot, "#player-name")
        for name in ("Anna", "Ben", "Cleo"):
            await pilot.press(*name, "enter")
        await focus(pilot, "#rotations")
        await pilot.press("backspace", "0", "ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert said(screen, "error-options-rotations") != ""
        await pilot.press("backspace")
        await pilot.pause()
        assert said(screen, "error-options-rotations") == ""
