"""A game without a pot (Letzter, penalty points) has no "pot after" column in the ledger
(ctrl+l): it stood empty on every row and took the names' room (trial 33). Kratzen keeps it."""

from __future__ import annotations

from scorekeeper.rules import HandRecord, make_config

from .test_hz_ledger_words_32 import ledger_rows, short_evening
from .tui_helpers import fixed_store

NAMES = ("Anna", "Ben", "Cleo")


def letzter_evening(home) -> str:
    store = fixed_store(home)
    hands = [HandRecord(tricks=("Anna",) * 7 + ("Ben",)),
             HandRecord(tricks=("Cleo",) * 8)]
    return store.create(make_config("letzter", list(NAMES), "Anna"), hands).id


async def test_letzter_ledger_has_no_pot_after_column(tmp_path):
    rows, table = await ledger_rows(tmp_path, letzter_evening(tmp_path), (80, 24))
    labels = [str(column.label).strip() for column in table.columns.values()]
    assert "pot after" not in labels, labels
    assert labels == ["hand", "from", "to", "amount", "reason", "dealer", "kind"], labels
    assert "pot" not in " ".join(rows[:4]).split(), rows[:4]
    # every row's cells under the headings they belong to: hand 2's dealer is Ben
    assert any(row.split()[:1] == ["2"] and "Ben" in row for row in rows), rows


async def test_kratzen_ledger_keeps_pot_after_column(tmp_path):
    _rows, table = await ledger_rows(tmp_path, short_evening(tmp_path), (130, 40))
    labels = [" ".join(str(column.label).split()) for column in table.columns.values()]
    assert "pot after" in labels, labels
