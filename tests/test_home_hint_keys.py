"""The line of keys under the home's list offers only what the line under the cursor can do,
with the keys named in the language in use (trial of issue 26: a damaged file's line offered
"enter öffnen", and Enter then said it cannot be opened; "del" and "enter" were English)."""

from __future__ import annotations

from scorekeeper.rules import make_config
from scorekeeper.store import Store

from .tui_helpers import make_app


def hint(app) -> str:
    return str(app.screen.query_one("#home-hint").render())


async def test_a_damaged_file_is_not_offered_to_open(tmp_path):
    (tmp_path / "sessions").mkdir()
    (tmp_path / "sessions" / "0badf11e.json").write_text("{ not json", encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said = hint(app)
        assert "open" not in said, said


async def test_the_keys_are_named_in_the_language(tmp_path):
    store = Store(tmp_path)
    session = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna"))
    store.archive(session.id)
    app = make_app(tmp_path, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")  # the archived shown: it can be deleted
        await pilot.pause()
        said = hint(app)
        assert "Entf " in said and "Enter " in said, said
        assert "del " not in said and "enter " not in said, said
