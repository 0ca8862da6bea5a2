"""Snapshots of the scoreboard's QR panel at 80×24 (the six players of tests/test_scoreboard.py,
two hands of Kratzen): the served scoreboard with the code of the address phones reach, and
the table's scoreboard where nothing serves the session, saying the command that serves it."""

from __future__ import annotations

from functools import partial

from scorekeeper.tui.screens.scoreboard import ScoreboardApp

from .test_scoreboard import six_players
from .tui_helpers import fixed_store, make_app

URL = "http://192.168.1.20:8765"


def test_the_served_scoreboard_with_its_qr_code_at_80x24(snap_compare, tmp_path):
    session = six_players(tmp_path / "home")
    app = ScoreboardApp(partial(fixed_store(tmp_path / "home").open, session.id),
                        watch_interval=None, address=URL)
    assert snap_compare(app, terminal_size=(80, 24), press=["q"])


def test_the_tables_scoreboard_says_how_to_serve_it_at_80x24(snap_compare, tmp_path,
                                                             monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))  # serve finds it itself
    session = six_players(tmp_path / "home")
    assert snap_compare(make_app(tmp_path / "home", session.id), terminal_size=(80, 24),
                        press=["ctrl+g", "q"])
