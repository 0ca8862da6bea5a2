"""The list of evenings: a session's name, archived sessions left out of the list (never
deleted but on purpose, and then into the trash), in the store and on the command line."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.errors import ScorekeeperError, StoreError
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import SessionChanged, Store

FOUR = ["Anna", "Ben", "Cleo", "Dora"]


def clocked(home) -> Store:
    clock = iter(f"2026-11-30T20:{m:02d}:00.000000Z" for m in range(60))
    return Store(home, now=lambda: next(clock))


@pytest.fixture
def home(tmp_path):
    return tmp_path / "home"


@pytest.fixture
def store(home):
    return clocked(home)


def kratzen(store: Store):
    session = store.create(make_config("kratzen", FOUR, "Anna"))
    store.record(session.id, HandRecord(indicator=("KC",), tricks=("Ben", "Ben", "Cleo", "Dora")))
    return store.open(session.id)


# ---- the store ----------------------------------------------------------------------------------

def test_a_name_is_kept_in_the_history_and_listed(store):
    session = kratzen(store)
    named = store.name(session.id, "  Friday at Anna's  ", expect=session.digest)
    assert named.written and named.session.name == "Friday at Anna's"
    assert named.session.rows[-1]["type"] == "named"
    assert named.session.rows[-1]["name"] == "Friday at Anna's"
    [line] = Store(store.home).list_sessions()
    assert line.summary.name == "Friday at Anna's" and line.summary.archived is False
    again = store.name(session.id, "Friday at Anna's")
    assert not again.written and again.session.digest == named.session.digest
    renamed = store.name(session.id, "Saturday")
    assert Store(store.home).open(session.id).name == "Saturday"
    taken = store.name(session.id, "", expect=renamed.session.digest)
    assert taken.session.name is None and Store(store.home).list_sessions()[0].summary.name is None


@pytest.mark.parametrize("name, words", [
    ("x" * 61, "longer than 60 characters"),
    ("Fri\x1bday", "invisible or control character (U+001B)"),
    ("Fri\u200bday", "(U+200B)"),
])
def test_a_name_that_cannot_be_kept_is_refused(store, name, words):
    session = kratzen(store)
    before = session.path.read_bytes()
    with pytest.raises(ScorekeeperError, match=re.escape(words)):
        store.name(session.id, name)
    assert session.path.read_bytes() == before


def test_archiving_leaves_the_session_out_of_the_list_and_keeps_it_whole(store):
    session = kratzen(store)
    archived = store.archive(session.id, expect=session.digest)
    assert archived.written and archived.session.archived
    assert [r["type"] for r in archived.session.rows][-1] == "archived"
    assert Store(store.home).list_sessions()[0].summary.archived is True
    assert not store.archive(session.id).written  # archived already: nothing written
    # Every command still takes it: a hand is recorded into an archived session.
    store.record(session.id, HandRecord(indicator=("9H",), entered=()))
    back = store.archive(session.id, archived=False)
    assert back.written and not back.session.archived
    assert back.session.rows[-1]["type"] == "unarchived"
    assert Store(store.home).list_sessions()[0].summary.archived is False
    assert store.audit(session.id)[1] == []


def test_name_and_archive_refuse_a_stale_digest_and_a_damaged_file(store):
    session = kratzen(store)
    seen = session.digest
    store.record(session.id, HandRecord(indicator=("9H",), entered=()))
    for write in (lambda: store.name(session.id, "x", expect=seen),
                  lambda: store.archive(session.id, expect=seen),
                  lambda: store.trash(session.id, expect=seen)):
        with pytest.raises(SessionChanged):
            write()
    data = json.loads(session.path.read_text(encoding="utf-8"))
    data["events"]["2"]["record"]["tricks"][0] = "Anna"
    session.path.write_text(json.dumps(data), encoding="utf-8")
    damaged = session.path.read_bytes()
    for write in (lambda: Store(store.home).name(session.id, "x"),
                  lambda: Store(store.home).archive(session.id)):
        with pytest.raises(StoreError, match="damaged"):
            write()
    assert session.path.read_bytes() == damaged


def test_only_an_archived_session_goes_to_the_trash_and_it_can_come_back(store, home):
    session = kratzen(store)
    with pytest.raises(StoreError, match="only an archived session can be deleted"):
        store.trash(session.id)
    assert session.path.exists()
    archived = store.archive(session.id).session
    content = session.path.read_bytes()
    moved = store.trash(session.id, expect=archived.digest)
    assert moved == home / "trash" / session.path.name
    assert moved.read_bytes() == content and not session.path.exists()
    assert Store(home).list_sessions() == []
    # Brought back as the notice says (a copy, so the trash keeps one): it is listed again
    # once taken out of the archive; deleted again, it does not replace the one in the trash.
    session.path.write_bytes(moved.read_bytes())
    assert Store(home).open(session.id).archived
    assert store.trash(session.id) == home / "trash" / f"{session.id}-2.json"
    assert moved.parent.joinpath(f"{session.id}-2.json").read_bytes() == content


# ---- the command line ---------------------------------------------------------------------------

def test_name_archive_and_sessions_all_on_the_command_line(store, run):
    session = kratzen(store)
    other = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Ben"))
    named = run("name", session.id, "Friday at Anna's", "--expect", session.digest)
    assert named.code == 0, named.err
    assert named.out.startswith(f"session {session.id} is now called “Friday at Anna's”; digest ")
    listed = run("sessions").out
    assert "“Friday at Anna's”  Anna, Ben, Cleo, Dora" in listed
    done = run("archive", session.id)
    assert done.code == 0 and f"session {session.id} archived" in done.out
    listed = run("sessions").out.splitlines()
    assert [line[:8] for line in listed[:-1]] == [other.id]
    assert listed[-1] == "(1 archived session not listed: 'scorekeeper sessions --all')"
    everything = run("sessions", "--all").out
    assert session.id in everything and everything.splitlines()[1].endswith("[archived]")
    as_json = json.loads(run("sessions", "--json").out)
    assert [item["id"] for item in as_json] == [other.id]
    as_json = json.loads(run("sessions", "--all", "--json").out)
    assert [(i["id"], i["name"], i["archived"], i["continues"]) for i in as_json] == [
        (other.id, None, False, None), (session.id, "Friday at Anna's", True, None)]
    shown = run("show", session.id).out
    assert "Name: Friday at Anna's" in shown and "Archived (left out of the list" in shown
    assert "  named “Friday at Anna's” (" in shown and "  archived (" in shown
    assert run("archive", session.id).out.startswith(f"session {session.id} is archived already")
    assert run("archive", session.id, "--undo").code == 0
    assert session.id in run("sessions").out
    assert run("audit", session.id).code == 0


def test_the_command_line_refuses_a_bad_name_and_a_stale_digest(store, run):
    session = kratzen(store)
    before = session.path.read_bytes()
    for args, words in ((["name", session.id, "x" * 61], "longer than 60 characters"),
                        (["name", session.id, "y", "--expect", "0" * 12], "changed meanwhile"),
                        (["archive", session.id, "--expect", "0" * 12], "changed meanwhile"),
                        (["archive", session.id, "--expect", "xyz"], "--expect: ")):
        result = run(*args)
        assert result.code == 2 and result.out == "", args
        assert result.err.startswith("error: ") and words in result.err
        assert len(result.err.splitlines()) == 1
    assert session.path.read_bytes() == before


def test_only_archived_sessions_when_all_are_archived(store, run):
    session = kratzen(store)
    store.archive(session.id)
    assert run("sessions").out == ("no sessions to list: 1 is archived ('scorekeeper sessions "
                                   "--all' lists it)\n")
