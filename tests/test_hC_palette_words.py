"""Issue 26, trial 31 (t31a/164-166): the command palette's notice that nothing matches what
was typed is said in the language in use, not Textual's English "No matches found" (hC)."""

from __future__ import annotations

import gettext
from functools import lru_cache

from textual.command import CommandList, CommandPalette

from scorekeeper import i18n
from scorekeeper.tui import widgets
from tests.tui_helpers import make_app


class Marked(gettext.NullTranslations):
    """A catalog that says every message between ‹ and ›: what went through it shows."""

    def gettext(self, message: str) -> str:
        return f"‹{message}›"


async def _notice(app, typed: str) -> list[str]:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*typed)
        await pilot.pause(1.0)  # Textual waits half a second before it says nothing matched
        await pilot.pause()
        listed = app.screen.query_one(CommandList)
        return [str(getattr(listed.get_option_at_index(i).prompt, "renderable",
                            listed.get_option_at_index(i).prompt))
                for i in range(listed.option_count)]


async def test_nothing_matches_is_said_through_the_catalog(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "catalog", lambda code: Marked())
    # The keys' words in German are kept once said (widgets.spoken_bindings): said through the
    # marked catalog here, into a cache of this test's own, never the one later tests read
    # (they found the home's keys "‹New session›").
    monkeypatch.setattr(widgets, "_said", lru_cache(maxsize=1024)(widgets._said.__wrapped__))
    app = make_app(tmp_path, language="de")
    shown = await _notice(app, "zzqxw")
    assert shown == ["‹No matches found›"], shown


async def test_nothing_matches_in_english_is_textuals_notice(tmp_path):
    shown = await _notice(make_app(tmp_path, language="en"), "zzqxw")
    assert shown == ["No matches found"], shown


async def test_a_match_is_listed_as_before(tmp_path):
    shown = await _notice(make_app(tmp_path, language="en"), "quit")
    assert shown and all("No matches found" not in s for s in shown)
