"""Trial 34 (pt, es): once an evening was finished, the settle-up's title at 80 columns left
out which session it settles ("Acertar contas  depois da mão 6 (terminada)  resumo …"): a
screen about money names its evening. Where the title has no room for both, the session's
id stays and "(finished)" goes (the table's heading says FINISHED)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import HandRecord, make_config

from .test_amend_settle_80x24 import open_settle_up
from .tui_helpers import fixed_store, make_app

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
# a 7 turned forces a Muss: nobody is asked who plays, whatever the pot holds
ONE_ROTATION = [HandRecord(indicator=(seven,), tricks=("Ben", "Ben", "Cleo", "Dora"))
                for seven in ("7C", "7D", "7H", "7S")]


@pytest.mark.parametrize("language", ["en", "pt", "es", "de"])
async def test_a_finished_evening_s_settle_up_names_its_session(tmp_path, language):
    session = fixed_store(tmp_path).create(
        make_config("kratzen", NAMES, "Anna", {"rotations": 1}), ONE_ROTATION)
    assert session.state().finished
    app = make_app(tmp_path, session.id, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settle_up(pilot)
        for room in (78,):  # (80 columns)
            title = screen.title_text(room).plain
            assert session.id in title, (room, title)
            assert session.digest in title, (room, title)
