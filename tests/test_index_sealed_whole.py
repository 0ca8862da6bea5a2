"""The listing's index is sealed whole (store/listing.py, ``IndexLayout``): one hash of every
entry and the files' names, as written, checked on the bytes read before they are parsed. It
took the place of a seal in each entry (1,000 hashes of 1,000 entries made JSON again, some
9 ms of a season of 1,000 evenings from its index: the row "season, 1,000 evenings of 50
hands, from its index" of tests/benchmarks/test_many_evenings.py). What it must keep: an
index edited anywhere by hand is not believed, and nothing shown comes from it."""

from __future__ import annotations

import json
from collections import Counter

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store
from scorekeeper.store import storage as storage_module

from .test_tinydb_engine import count_storage

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]


def two_evenings(home) -> Store:
    """Two Kratzen evenings: Ben sweeps the first (four tricks), Dora the second's."""
    store = Store(home)
    for sweeper in ("Ben", "Dora"):
        store.create(make_config("kratzen", PLAYERS, "Anna"),
                     [HandRecord(indicator=("KC",), tricks=(sweeper,) * 4)])
    return store


def read_files(monkeypatch, store: Store) -> Counter:
    """How often each session file is read (whole, or its sealed line) by one listing."""
    seen: Counter = Counter()
    with monkeypatch.context() as patched:
        count_storage(patched, storage_module.SessionStorage, seen)
        store.list_sessions(figures=True)
    return seen


def test_the_index_is_written_with_one_seal_and_no_seal_in_an_entry(tmp_path):
    store = two_evenings(tmp_path)
    store.list_sessions(figures=True)
    raw = (tmp_path / "index.json").read_bytes()
    assert raw.startswith(b'{"version":5,"seal":"')
    data = json.loads(raw)
    assert list(data) == ["version", "seal", "files"] and len(data["seal"]) == 64
    assert len(data["files"]) == 2
    assert not any("seal" in entry for entry in data["files"].values())


def test_a_believed_index_reads_no_file_and_an_edited_one_is_worked_out_again_whole(
        tmp_path, monkeypatch):
    """A figure of one entry changed by hand (its key and head kept): no entry of that index
    is believed, and the listing says what the files say."""
    store = two_evenings(tmp_path)
    before = store.list_sessions(figures=True)
    assert sum(read_files(monkeypatch, store).values()) == 0  # all from the index
    index = tmp_path / "index.json"
    data = json.loads(index.read_bytes())
    first = next(iter(data["files"].values()))
    first["summary"]["scores"] = dict.fromkeys(PLAYERS, "999")
    first["figures"]["players"][0]["net"] = "999"
    head, _, _ = index.read_bytes().partition(b'"files":')  # its version and seal kept
    index.write_bytes(head + b'"files":' + json.dumps(
        data["files"], separators=(",", ":"), ensure_ascii=False).encode() + b"}")
    seen = read_files(monkeypatch, store)
    assert seen[("read", before[0].file)] == 1 and seen[("read", before[1].file)] == 1
    assert store.list_sessions(figures=True) == before

