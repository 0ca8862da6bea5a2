"""``show`` and ``record`` of a session never settled up compile no dataclass they do not use
(issue 28: each ``@dataclass`` costs about 4 M instructions at import, as much as a tenth of
``show``'s budget over its floor): the settle-up's arithmetic, the listing's summary, the
table's draft and the referee's play are imported where they are used. A settle-up kept in the
history is still shown, and a hand played card by card still goes through the referee. Anna,
Ben, Cleo and Dora play Kratzen."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.rules import make_config
from scorekeeper.store import Store

from .conftest import FOUR
from .test_lazy_imports import modules_after

LATER = {"scorekeeper.settleup", "scorekeeper.summary", "scorekeeper.rules.draft",
         "scorekeeper.rules.play"}
HAND = ["--indicator", "7D", "--tricks", "Anna,Ben,Cleo,Dora"]  # a forced Muss: each a trick


@pytest.mark.parametrize("command", [["show"], ["record", *HAND]])
def test_show_and_record_compile_only_what_they_use(tmp_path, monkeypatch, command):
    monkeypatch.delenv("SCOREKEEPER_HOME", raising=False)
    session = Store(tmp_path).create(make_config("kratzen", FOUR, "Anna"), []).id
    loaded = modules_after(["--home", str(tmp_path), command[0], session, *command[1:]])
    assert "scorekeeper.presentation" in loaded  # the command ran and said what it did
    # (record seals the session's line into its file with every write: store/trailer.py)
    assert not loaded & (LATER - {"scorekeeper.summary"} if command[0] == "record" else LATER)
    assert Store(tmp_path).open(session).hands_played == (1 if command[0] == "record" else 0)


def test_a_kept_settle_up_is_still_shown(tmp_path, run):
    """Four forced Muss hands (each takes a trick, nobody pays), settled up at 10 cents a
    chip: nobody pays anybody, and ``show`` says so in its settle-up lines."""
    store = Store(tmp_path / "home")  # the home of ``run``
    session = store.create(make_config("kratzen", FOUR, "Anna"), []).id
    assert run("record", session, *HAND).code == 0
    store.settle_up(session, Decimal("0.10"), "EUR")
    done = run("show", session)
    assert done.code == 0, done.err
    assert "settled up (kept in the file):" in done.out
    assert "after hand 1" in done.out
