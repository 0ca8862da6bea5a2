"""Damaged session files: every command says which file and what is wrong, nothing writes
over a damaged file, and a newer format is refused rather than misread."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store

from .test_hostile_scripts import assert_clean_outcome, run_cli

COUNTS = {"truncations": 0}


@pytest.fixture
def small_session(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    store = Store(home)
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    store.record(session.id, HandRecord(tricks=("Anna",) * 7 + ("Ben",)))
    return session.path


def check_refused(capsys, path, original: bytes) -> None:
    """show, audit, record and sessions on a damaged file: clean refusals, nothing written."""
    name = path.name
    code, _, err = run_cli(capsys, "show", str(path))
    assert_clean_outcome(code, err)
    assert code == 2 and name in err, err
    code, _, err = run_cli(capsys, "audit", str(path))
    assert code in (1, 2), err
    if code == 2:
        assert_clean_outcome(code, err)
    code, _, err = run_cli(capsys, "record", str(path), "--tricks",
                           "Anna,Anna,Anna,Anna,Anna,Anna,Anna,Cleo")
    assert code == 2 and name in err, err
    assert path.read_bytes() == original
    code, out, err = run_cli(capsys, "sessions")
    assert code == 0 and "DAMAGED" in out and name in out


def test_truncated_at_every_byte_offset(capsys, small_session):
    whole = small_session.read_bytes()
    assert len(whole) < 4000
    for cut in range(len(whole)):
        damaged = whole[:cut]
        small_session.write_bytes(damaged)
        code, _, err = run_cli(capsys, "show", str(small_session))
        assert code == 2 and small_session.name in err and len(err.splitlines()) == 1, (cut, err)
        code, _, err = run_cli(capsys, "record", str(small_session), "--tricks",
                               "Anna,Anna,Anna,Anna,Anna,Anna,Anna,Cleo")
        assert code == 2 and len(err.splitlines()) == 1, (cut, err)
        assert small_session.read_bytes() == damaged
        COUNTS["truncations"] += 1
        if cut % 97 == 0:
            check_refused(capsys, small_session, damaged)
    assert COUNTS["truncations"] == len(whole)


def mutate(path, change) -> bytes:
    data = json.loads(path.read_text())
    change(data)
    text = json.dumps(data).encode()
    path.write_bytes(text)
    return text


@pytest.mark.parametrize("name, change, message", [
    ("not json", None, "damaged: not valid JSON"),
    ("a list", lambda d: d.clear(), "not a scorekeeper session"),
    ("events not a table", lambda d: d.__setitem__("events", []), "no 'events' table"),
    ("an event not an object", lambda d: d["events"].__setitem__("2", "x"),
     "an event is not an object"),
    ("a hand record of the wrong shape",
     lambda d: d["events"]["2"].__setitem__("record", {"tricks": 5}), "damaged"),
    ("hands misnumbered", lambda d: d["hands"].__setitem__("7", d["hands"].pop("1")),
     "not numbered"),
    ("no header", lambda d: d.__setitem__("session", {}), "header is missing"),
    ("settings broken", lambda d: d["session"]["1"]["settings"].__setitem__("players", ["A"]),
     "settings"),
    ("future format", lambda d: d["session"]["1"].__setitem__("format", 2), "newer scorekeeper"),
    ("unknown ruleset", lambda d: d["session"]["1"].__setitem__("ruleset", "letzter/7"),
     "unknown ruleset"),
    ("hand figures unreadable", lambda d: d["hands"]["1"].__setitem__("scores_after", "x"),
     "damaged"),
])
def test_damaged_shapes_are_named_and_never_written(capsys, small_session, name, change, message):
    if change is None:
        small_session.write_bytes(b"this is not json")
        original = b"this is not json"
    else:
        original = mutate(small_session, change)
    code, _, err = run_cli(capsys, "record", str(small_session), "--tricks",
                           "Anna,Anna,Anna,Anna,Anna,Anna,Anna,Cleo")
    assert_clean_outcome(code, err)
    assert code == 2 and message in err and small_session.name in err, err
    assert small_session.read_bytes() == original
    code, _, err = run_cli(capsys, "audit", str(small_session))
    assert code in (1, 2)
    code, out, _ = run_cli(capsys, "sessions")
    assert code == 0


@pytest.mark.parametrize("name, change, finding, refused", [
    ("a wrong hash", lambda d: d["events"]["2"].__setitem__("hash", "0" * 64), "chain", True),
    ("events reordered",
     lambda d: d["events"].update({"1": d["events"]["2"], "2": d["events"]["1"]}), "chain", False),
    # The newest event gone: the chain is shorter but whole; the stored hand no longer
    # matches the history, and that is what audit reports.
    ("an event deleted", lambda d: d["events"].pop("2"), "figures", True),
    ("an amount changed", lambda d: d["hands"]["1"]["deltas"].__setitem__("Ben", "2"), "figures",
     False),
])
def test_tampering_is_an_audit_finding_and_writers_refuse_a_broken_tail(
        capsys, small_session, name, change, finding, refused):
    original = mutate(small_session, change)
    code, out, err = run_cli(capsys, "audit", str(small_session), "--json")
    assert code == 1, err
    kinds = {f["kind"] for f in json.loads(out)["findings"]}
    assert finding in kinds
    code, _, err = run_cli(capsys, "show", str(small_session))
    assert_clean_outcome(code, err)
    if refused:
        # The newest event was changed or the history lost a hand: adding to it would bury
        # the damage, so the writer refuses and leaves the file as it is.
        code, _, err = run_cli(capsys, "record", str(small_session), "--tricks",
                               "Anna,Anna,Anna,Anna,Anna,Anna,Anna,Cleo")
        assert code == 2 and "damaged" in err and small_session.read_bytes() == original
