"""Session files written by scorekeeper 0.1.0 (``json.dumps`` layout, hashes of its canonical
text) still load, audit clean and take new hands.

``tests/fixtures/written-by-0.1.0/`` was made with the 0.1.0 command line (new, record,
amend, undo, count): a Kratzen session with a Weli indicator, an amendment, a withdrawal and
a chip count, its players named Anna, Zoë, 李 and Dora; and a Letzter Stich one whose note
holds a newline, a tab, U+2028, quotes, a backslash and a control character. Beside each
file is what ``show --json`` printed for it then."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures" / "written-by-0.1.0"
SESSIONS = {"1ad4ee0d": ["--indicator", "7S", "--tricks", "Anna,Zoë,李,Dora"],
            "c2c9805e": ["--tricks", "Ève,Ève,Ben,Ben,Ωmega,Ωmega,Ben,Ève"]}


@pytest.fixture
def old_home(tmp_path):
    shutil.copytree(FIXTURES / "sessions", tmp_path / "home" / "sessions")
    return tmp_path / "home"


@pytest.mark.parametrize("session_id", sorted(SESSIONS))
def test_an_old_file_shows_as_it_did(run, old_home, session_id):
    shown = run("show", session_id, "--json")
    assert shown.code == 0, shown.err
    assert shown.out == (FIXTURES / f"{session_id}.show.json").read_text(encoding="utf-8")
    assert run("show", session_id).code == 0


@pytest.mark.parametrize("session_id", sorted(SESSIONS))
def test_an_old_file_audits_clean(run, old_home, session_id):
    audit = run("audit", session_id)
    assert audit.code == 0, audit.out + audit.err
    assert "audit clean" in audit.out


@pytest.mark.parametrize("session_id", sorted(SESSIONS))
def test_an_old_file_takes_a_new_hand_and_audits_clean(run, old_home, session_id):
    before = json.loads((old_home / "sessions" / f"{session_id}.json").read_text("utf-8"))
    recorded = run("record", session_id, *SESSIONS[session_id])
    assert recorded.code == 0, recorded.err
    audit = run("audit", session_id)
    assert audit.code == 0, audit.out + audit.err
    assert "audit clean" in audit.out
    after = json.loads((old_home / "sessions" / f"{session_id}.json").read_text("utf-8"))
    # The old history is kept as it was, the new hand's event chained to its last event.
    old_events = before["events"]
    assert {k: after["events"][k] for k in old_events} == old_events
    new = after["events"][str(len(old_events) + 1)]
    assert new["type"] == "hand" and new["prev"] == old_events[str(len(old_events))]["hash"]
    assert run("show", session_id, "--json").code == 0
