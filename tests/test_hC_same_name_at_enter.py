"""Issue 26, trial 31 (t31b/87-88): a name the table already has, in other case ("zé" beside
"Zé"), is refused as it is added, with the name given back to mend, as a look-alike and a
too-long name are, not only at ctrl+s (hC)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from tests.tui_helpers import make_app


async def _add(pilot, app, names: list[str]) -> None:
    await pilot.press("n")
    await pilot.pause()
    field = app.screen.query_one("#player-name", Input)
    field.focus()
    await pilot.pause()
    for name in names:
        field.value = name
        await pilot.press("enter")
        await pilot.pause()


@pytest.mark.parametrize("again", ["zé", "Zé", "ZÉ", " zé"])
async def test_the_same_name_in_other_case_is_said_when_it_is_added(tmp_path, again):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _add(pilot, app, ["Zé", "Ana", again])
        assert app.screen.players == ["Zé", "Ana"]
        said = str(app.screen.query_one("#error-players", Static).render())
        assert f"'{again.strip()}' and 'Zé' are the same name" in said, said
        assert app.screen.query_one("#player-name", Input).value == again  # back to mend
        # mended, it is taken
        field = app.screen.query_one("#player-name", Input)
        field.value = "Zeca"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.players == ["Zé", "Ana", "Zeca"]
        assert str(app.screen.query_one("#error-players", Static).render()) == ""


async def test_the_same_name_is_said_in_the_language(tmp_path):
    app = make_app(tmp_path, language="pt")
    async with app.run_test(size=(100, 30)) as pilot:
        await _add(pilot, app, ["Zé", "zé"])
        assert app.screen.players == ["Zé"]
        said = str(app.screen.query_one("#error-players", Static).render())
        assert "'zé' e 'Zé' são o mesmo nome" in said, said
