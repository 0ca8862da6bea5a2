"""Each session file ends with its line in the listing and its figures for a season, sealed over
every byte before them (scorekeeper/store/trailer.py): a home's first listing or season reads
them without reading any history, and believes them only while the seal holds."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store, listing
from scorekeeper.store.storage import SessionStorage
from scorekeeper.store.trailer import sealed_entry

from .benchmarks.conftest import kratzen_evening


@pytest.fixture
def home(tmp_path):
    """A Kratzen evening of 12 hands settled up at a value, and a Letzter evening of two."""
    store = Store(tmp_path)
    config, records = kratzen_evening(12)
    kratzen = store.create(config, records)
    store.settle_up(kratzen.id, Decimal("0.10"), "EUR")
    letzter = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    store.record(letzter.id, HandRecord(tricks=("Anna",) * 7 + ("Ben",)))
    store.record(letzter.id, HandRecord(tricks=("Cleo",) * 8))
    return tmp_path, store, (kratzen, letzter)


def read_whole(monkeypatch):
    """Every file read and checked whole, as without a sealed listing."""
    monkeypatch.setattr(SessionStorage, "sealed_listing", lambda self: None)


def lines(tmp_path):
    """The home's first listing, with figures (no index yet), as plain data."""
    (tmp_path / "index.json").unlink(missing_ok=True)
    return [(line.file, line.summary and line.summary.to_json(), line.figures, line.problem)
            for line in Store(tmp_path).list_sessions(figures=True)]


def test_the_sealed_listing_says_what_the_file_read_whole_says(home, monkeypatch):
    tmp_path, _store, sessions = home
    for session in sessions:
        raw = session.path.read_bytes()
        assert sealed_entry(raw) is not None
        assert json.loads(raw)["listing"]["1"]["newest"] == json.loads(raw)["events"][
            str(len(json.loads(raw)["events"]))]["hash"]
    sealed = lines(tmp_path)
    read_whole(monkeypatch)
    assert lines(tmp_path) == sealed
    assert all(figures is not None for _f, _s, figures, _p in sealed)


def test_the_first_listing_reads_no_history_when_every_file_is_sealed(home, monkeypatch):
    tmp_path, _store, sessions = home

    def no_history(*args, **kwargs):
        raise AssertionError("a history was read")

    monkeypatch.setattr(listing, "session_from_db", no_history)
    got = lines(tmp_path)
    assert sorted(f for f, _s, _fig, _p in got) == sorted(s.path.name for s in sessions)
    assert all(summary is not None and figures is not None for _f, summary, figures, _p in got)


def test_a_figure_changed_in_the_sealed_listing_is_not_believed(home):
    tmp_path, _store, (kratzen, _letzter) = home
    raw = kratzen.path.read_bytes()
    at = raw.rindex(b'"net":"') + len(b'"net":"')
    forged = raw[:at] + (b"8" if raw[at:at + 1] != b"8" else b"7") + raw[at + 1:]
    kratzen.path.write_bytes(forged)
    assert sealed_entry(forged) is None
    got = {f: fig for f, _s, fig, _p in lines(tmp_path)}
    Store(tmp_path)  # the figures said are the file's own, worked out from its hands
    kratzen.path.write_bytes(raw)
    assert got == {f: fig for f, _s, fig, _p in lines(tmp_path)}


def test_a_hand_changed_in_place_is_named_as_damage_not_listed_from_the_seal(home):
    tmp_path, _store, (kratzen, _letzter) = home
    raw = kratzen.path.read_bytes()
    at = raw.index(b'"pot_after":"') + len(b'"pot_after":"')
    kratzen.path.write_bytes(raw[:at] + (b"9" if raw[at:at + 1] != b"9" else b"8")
                             + raw[at + 1:])
    [line] = [line for line in lines(tmp_path) if line[0] == kratzen.path.name]
    _file, summary, figures, problem = line
    assert summary is None and figures is None
    assert problem is not None and kratzen.path.name in problem


def test_a_file_of_an_earlier_version_without_one_lists_as_before(home, monkeypatch):
    tmp_path, _store, (kratzen, _letzter) = home
    sealed = lines(tmp_path)
    data = json.loads(kratzen.path.read_bytes())
    del data["listing"]
    kratzen.path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert sealed_entry(kratzen.path.read_bytes()) is None
    assert lines(tmp_path) == sealed


def test_a_listing_read_from_the_file_is_never_written_back(home):
    """Only the writer's own, made from the session it has just checked, is sealed: a table
    read from the file (an earlier version kept it, stale) is dropped."""
    _tmp_path, _store, (kratzen, _letzter) = home
    storage = SessionStorage(kratzen.path, "x")
    data = storage.read()
    assert "listing" in data
    text = b"".join(storage.serialise(data))
    assert b'"listing"' not in text and sealed_entry(text) is None
