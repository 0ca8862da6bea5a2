"""What a reader holds of a session file (issue 28, peak memory): the store gives the session
the documents TinyDB's storage read, not copies of them, and an export lets the file's
documents go once the history's models are made, before the hands are settled again. Anna,
Ben, Cleo and Dora play the worked Kratzen evening of docs/rules.md."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from scorekeeper.script import replay_file
from scorekeeper.store import Store
from scorekeeper.store import storage as storage_module
from scorekeeper.store.session import session_from_db

from .conftest import EXAMPLES


class Watched(dict):  # a document that a weak reference can watch
    pass


def _evening(home: Path) -> str:
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    return Store(home).create(ledger.config, [s.record for s in ledger.settlements]).id


def test_a_session_is_made_of_the_documents_tinydb_read(tmp_path):
    """The history and the stored hands of a session are the storage's documents themselves."""
    session_id = _evening(tmp_path)
    path = tmp_path / "sessions" / f"{session_id}.json"
    db = storage_module.open_session_db(path, "night")
    session = session_from_db(db, path, "night")
    tables = storage_module.session_data(db)
    assert len(session.rows) == len(tables["events"]) == 5  # created and four hands, in order
    assert all(row is tables["events"][str(n)] for n, row in enumerate(session.rows, start=1))
    assert all(session.stored[n] is tables["hands"][str(n)] for n in range(1, 5))


def test_an_export_lets_the_files_documents_go(tmp_path, monkeypatch):
    """Once the export's source is made (``open(keep=False)``, ``export_source(let_go=True)``),
    neither the store nor the session holds a document of the file; the source is the one
    made the usual way, and the session refuses to say what it no longer holds."""
    session_id = _evening(tmp_path)
    usual = Store(tmp_path).open(session_id).export_source()
    watched: list[weakref.ref[Watched]] = []
    real_read = storage_module.SessionStorage.read

    def read(self):
        data = real_read(self)
        for table in ("events", "hands"):
            data[table] = {k: Watched(v) for k, v in data[table].items()}
            watched.extend(weakref.ref(d) for d in data[table].values())
        return data

    monkeypatch.setattr(storage_module.SessionStorage, "read", read)
    store = Store(tmp_path)
    opened = store.open(session_id, keep=False)
    source = opened.export_source(let_go=True)
    gc.collect()
    assert len(watched) == 9 and all(ref() is None for ref in watched)
    assert source.digest == usual.digest and source.settlements == usual.settlements
    assert source.events == usual.events and source.state == usual.state
    assert opened.id == session_id  # its header stays
    with pytest.raises(RuntimeError):
        opened.digest  # noqa: B018
