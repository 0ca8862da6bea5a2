"""The table app's sync dialog, given a folder that is not there, names its own key for
making a repository there (ctrl+n), not the command line's option '--create' (trial 31, es:
"('--create' crea allí un repositorio)" over "Ctrl+n: crear allí un nuevo repositorio");
the command line keeps '--create'."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from scorekeeper.i18n import speaking
from scorekeeper.store import Store
from scorekeeper.store.sync import NoSuchFolder, sync
from scorekeeper.tui.screens.syncing import SyncDialog

from .tui_helpers import make_app


def said(app) -> str:
    return " ".join(" ".join(str(w.render()).split()) for w in app.screen.query(Static))


@pytest.mark.parametrize(("language", "key"), [("en", "ctrl+n"), ("de", "Strg+n"),
                                               ("es", "Ctrl+n"), ("pt", "Ctrl+n")])
async def test_the_dialog_names_its_key_for_a_new_repository(tmp_path, language, key):
    Store(tmp_path / "home")
    app = make_app(tmp_path / "home", language=language)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, SyncDialog)
        app.screen.query_one("#sync-remote", Input).value = str(tmp_path / "nowhere" / "c.git")
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause(0.05)
            if "(" in said(app) and "…" not in said(app).split("(")[-1][:3]:
                break
        shown = said(app)
        assert "--create" not in shown, shown
        assert f"{key} " in shown, shown


def test_the_command_line_keeps_its_option(tmp_path):
    with speaking("en"), pytest.raises(NoSuchFolder) as refused:
        sync(tmp_path / "home", str(tmp_path / "nowhere" / "c.git"))
    assert "'--create' makes a repository there" in str(refused.value)
