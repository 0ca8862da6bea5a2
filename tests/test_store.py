"""Session files: record, undo, amend, counts, audit and the listing, through the CLI."""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC
from pathlib import Path

import pytest

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store, StoreError

from .conftest import EXAMPLES

EXAMPLE_NAMES = ["letzter-stich", "letzter", "kratzen", "kratzen-five"]


def saved_id(run, name: str) -> str:
    result = run("replay", str(EXAMPLES / f"{name}.toml"), "--save", "--json")
    assert result.code == 0, result.err
    return result.err.strip()


def session_file(tmp_path: Path, session_id: str) -> Path:
    return tmp_path / "home" / "sessions" / f"{session_id}.json"


@contextmanager
def stored_json(tmp_path: Path, session_id: str) -> Iterator[dict]:
    """The session file's JSON, to change by hand: written back as it is left."""
    path = session_file(tmp_path, session_id)
    data = json.loads(path.read_text())
    yield data
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_saved_example_shows_the_same_standings_and_audits_clean(run, name):
    replayed = json.loads(run("replay", str(EXAMPLES / f"{name}.toml"), "--json").out)
    session_id = saved_id(run, name)
    shown = run("show", session_id, "--json")
    assert shown.code == 0
    assert json.loads(shown.out) == replayed
    audit = run("audit", session_id)
    assert audit.code == 0 and "audit clean" in audit.out


def test_changing_a_stored_amount_makes_audit_name_the_hand(run, tmp_path):
    session_id = saved_id(run, "kratzen")
    with stored_json(tmp_path, session_id) as data:
        data["hands"]["3"]["transfers"][1]["amount"] = "5.25"
    result = run("audit", session_id, "--json")
    assert result.code == 1
    report = json.loads(result.out)
    assert not report["ok"]
    assert {f["hand"] for f in report["findings"]} == {3}
    assert any("hand 3" in f["message"] for f in report["findings"])
    text = run("audit", session_id)
    assert text.code == 1 and "hand 3: stored transfers differ" in text.out


def test_a_changed_record_breaks_the_chain_and_is_named(run, tmp_path):
    session_id = saved_id(run, "letzter")
    with stored_json(tmp_path, session_id) as data:
        data["events"]["3"]["record"]["tricks"][-1] = "Anna"   # hand 2's last trick
    result = run("audit", session_id, "--json")
    assert result.code == 1
    kinds = {(f["kind"], f["hand"]) for f in json.loads(result.out)["findings"]}
    assert ("chain", 2) in kinds and ("figures", 2) in kinds


def test_a_deleted_event_breaks_the_chain(run, tmp_path):
    session_id = saved_id(run, "letzter")
    with stored_json(tmp_path, session_id) as data:
        del data["events"]["9"]  # the last hand's event: the stored hand 8 is then not in force
    result = run("audit", session_id)
    assert result.code == 1 and "hand 8" in result.out


def test_undo_then_record_the_same_hand_gives_the_same_standings(run):
    session_id = saved_id(run, "kratzen")
    before = json.loads(run("show", session_id, "--json").out)
    assert run("undo", session_id).code == 0
    assert json.loads(run("show", session_id, "--json").out)["hands_played"] == 3
    again = run("record", session_id, "--indicator", "7S", "--tricks", "Anna,Ben,Cleo,Dora")
    assert again.code == 0, again.err
    assert json.loads(run("show", session_id, "--json").out) == before
    shown = run("show", session_id).out
    assert "hand 4 withdrawn" in shown
    assert run("audit", session_id).code == 0


def test_amend_and_its_reversal_give_back_the_original_standings(run):
    session_id = saved_id(run, "kratzen")
    original = json.loads(run("show", session_id, "--json").out)
    amended = run("amend", session_id, "2", "--tricks", "Ben,Ben,Ben,Ben")
    assert amended.code == 0, amended.err
    # Hand 2 (P = 16): Ben takes all four tricks, so Cleo (needed 1, took 0) pays P = 16 into
    # the pot instead of receiving 4. Hand 3's pot is then 32, P = 33, and so on.
    changed = json.loads(run("show", session_id, "--json").out)
    assert changed["hands"][1]["deltas"] == {"Anna": "-16", "Ben": "15", "Cleo": "-16", "Dora": "0"}
    assert changed["hands"][2]["stake"] == "33"
    assert "Cleo:" in amended.out
    back = run("amend", session_id, "2", "--tricks", "Ben,Cleo,Ben,Ben")
    assert back.code == 0
    assert json.loads(run("show", session_id, "--json").out) == original
    shown = run("show", session_id).out
    assert shown.count("hand 2 amended") == 2
    assert run("audit", session_id).code == 0


def test_an_amendment_that_breaks_a_later_hand_changes_nothing(run, tmp_path):
    session_id = saved_id(run, "letzter-stich")
    path = session_file(tmp_path, session_id)
    before = path.read_bytes()
    # With Cleo winning hand 3's last trick she is out of chips after hand 3, so the match
    # would end there and hand 4 could not have been played.
    result = run("amend", session_id, "3", "--tricks", "Dora,Anna,Ben,Ben,Cleo,Anna,Dora,Cleo")
    assert result.code == 2
    assert ("hand 4 no longer fits what was recorded for it once hand 3 is amended: the "
            "session finished after hand 3; no more hands can be recorded. Nothing was "
            "written.") in result.err
    assert "--then" not in result.err  # amending hand 4 too cannot help: no hand 4 fits
    assert path.read_bytes() == before
    invalid = run("amend", session_id, "2", "--tricks", "Ben,Eve,Ben,Ben,Ben,Ben,Ben,Ben")
    assert invalid.code == 2 and "hand 2: --tricks: 'Eve' is not playing" in invalid.err
    assert path.read_bytes() == before


def test_record_prints_payments_and_the_explanation(run):
    made = run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo,Dora", "--dealer", "Anna",
               "--json")
    session_id = json.loads(made.out)["id"]
    result = run("record", session_id, "--indicator", "KC", "--tricks", "Ben,Ben,Cleo,Dora")
    assert result.code == 0, result.err
    assert "P = 5" in result.out
    assert "Anna needed 2 and took 0: pays 2P = 10" in result.out
    assert "Anna  pays 12" in result.out and "pot   0 -> 15" in result.out
    assert "next: hand 2, Ben deals, Ben leads" in result.out


def test_new_draws_the_dealer_when_none_is_given(run):
    made = run("new", "--game", "letzter", "--players", "Anna,Ben,Cleo", "--json")
    document = json.loads(made.out)
    assert document["dealer_drawn"] is True and document["first_dealer"] in ("Anna", "Ben", "Cleo")
    text = run("new", "--game", "letzter", "--players", "Anna,Ben,Cleo")
    assert "first dealer drawn at random:" in text.out


@pytest.mark.parametrize("args, message", [
    (["--game", "skat", "--players", "A,B,C"], "'skat' is not a game"),
    (["--game", "letzter", "--players", "A,B"], "Letzter is for 3 to 4 players"),
    (["--game", "letzter", "--players", "A,B,C", "--option", "rotations=2"],
     "--option rotations: is not an option of letzter"),
    (["--game", "letzter", "--players", "A,B,C", "--dealer", "Z"], "'Z' is not one of the players"),
])
def test_new_refuses_bad_settings_and_writes_nothing(run, tmp_path, args, message):
    result = run("new", *args)
    assert result.code == 2 and message in result.err and len(result.err.splitlines()) == 1
    assert not (tmp_path / "home" / "sessions").exists() or not list(
        (tmp_path / "home" / "sessions").glob("*.json"))


def test_a_bad_record_changes_nothing(run, tmp_path):
    session_id = saved_id(run, "letzter")
    path = session_file(tmp_path, session_id)
    before = path.read_bytes()
    result = run("record", session_id, "--tricks", "Anna,Ben")
    assert result.code == 2 and "finished after hand 8" in result.err
    assert path.read_bytes() == before


def test_chip_count_agrees_or_says_who_is_off(run):
    session_id = saved_id(run, "letzter-stich")
    good = run("count", session_id, "Anna=2", "ben=1", "Cleo=0", "Dora=3", "pot=2")
    assert good.code == 0 and "agrees" in good.out
    bad = run("count", session_id, "Anna=3", "pot=1")
    assert bad.code == 1
    assert "Anna: counted 3, ledger 2  off by +1" in bad.out
    assert "pot: counted 1, ledger 2  off by -1" in bad.out
    shown = run("show", session_id).out
    assert "chip counts:" in shown and "Anna off by +1" in shown
    audit = run("audit", session_id)
    assert audit.code == 1 and "chip count after hand 4" in audit.out
    exported = run("export", session_id, "--format", "csv").out
    assert "count,Anna,,3" in exported


def test_count_of_an_unknown_player_is_refused(run):
    session_id = saved_id(run, "letzter-stich")
    result = run("count", session_id, "Eve=3")
    assert result.code == 2 and "'Eve' is not playing" in result.err


def test_sessions_lists_newest_first_and_is_kept_in_an_index(run, tmp_path):
    first = saved_id(run, "letzter")
    second = saved_id(run, "kratzen")
    listed = json.loads(run("sessions", "--json").out)
    ids = [entry["id"] for entry in listed]
    assert set(ids) == {first, second} and ids[0] == second
    assert (tmp_path / "home" / "index.json").exists()
    text = run("sessions").out
    assert "finished" in text and "(winner: Ben)" in text


def test_a_damaged_file_is_listed_as_damaged_and_never_written(run, tmp_path):
    session_id = saved_id(run, "letzter")
    path = session_file(tmp_path, session_id)
    path.write_text('{"session": ')
    listed = run("sessions")
    assert listed.code == 0 and "DAMAGED" in listed.out
    result = run("record", session_id, "--tricks", "Anna,Ben,Cleo,Dora,Anna,Ben,Cleo,Dora")
    assert result.code == 2 and "damaged: not valid JSON" in result.err
    assert path.read_text() == '{"session": '


def test_a_newer_format_is_refused(run, tmp_path):
    session_id = saved_id(run, "letzter")
    with stored_json(tmp_path, session_id) as data:
        data["session"]["1"]["format"] = 99
    result = run("show", session_id)
    assert result.code == 2 and "written by a newer scorekeeper" in result.err


def test_an_unknown_ruleset_version_is_an_audit_finding(run, tmp_path):
    session_id = saved_id(run, "letzter")
    with stored_json(tmp_path, session_id) as data:
        data["session"]["1"]["ruleset"] = "letzter/9"
    result = run("audit", session_id, "--json")
    assert result.code == 1
    assert any(f["kind"] == "ruleset" for f in json.loads(result.out)["findings"])
    assert run("show", session_id).code == 2


def test_session_prefix_and_path_both_find_a_session(run, tmp_path):
    session_id = saved_id(run, "letzter")
    assert run("show", session_id[:4], "--json").code == 0
    assert run("show", str(session_file(tmp_path, session_id)), "--json").code == 0
    missing = run("show", "zzzz")
    assert missing.code == 2 and "no session 'zzzz'" in missing.err


def test_store_writes_leave_no_temporary_files(tmp_path):
    from scorekeeper.rules import make_config
    store = Store(tmp_path)
    session = store.create(make_config("letzter", ["A", "B", "C"], "A"))
    from scorekeeper.rules import HandRecord
    for _ in range(3):
        store.record(session.id, HandRecord(tricks=("A",) * 7 + ("B",)))
    leftovers = [p.name for p in (tmp_path / "sessions").iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_the_file_is_exactly_json_after_every_kind_of_write(tmp_path):
    """The writer re-uses the text of unchanged hands: the file must still be the JSON of
    the data, and a second store (another terminal) must see every change."""
    from scorekeeper.rules import HandRecord, make_config

    store = Store(tmp_path)
    other = Store(tmp_path)
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    hand = HandRecord(tricks=("Anna",) * 7 + ("Ben",))
    steps = [lambda: store.record(session.id, hand), lambda: store.record(session.id, hand),
             lambda: other.record(session.id, hand), lambda: store.undo(session.id),
             lambda: store.amend(session.id, 1, {"tricks": ("Cleo",) * 8}),
             lambda: store.count(session.id, {"Anna": 1}),
             lambda: store.record(session.id, hand)]
    for step in steps:
        step()
        text = session.path.read_text(encoding="utf-8")
        data = json.loads(text)
        assert text == json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        from scorekeeper.audit import audit_document
        assert audit_document(data) == []
    final = store.open(session.id)
    assert final.hands_played == 3
    assert [h["kind"] for h in final.stored.values()] == ["durchmarsch", "last-trick", "last-trick"]


def test_the_file_written_piece_by_piece_is_exactly_json_dumps_of_its_data(tmp_path):
    """The writer reuses the text of what it wrote before; after every kind of change the file
    must still be byte for byte what ``json.dumps`` makes of the same data."""
    store = Store(tmp_path)
    config = make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna")
    hand = HandRecord(tricks=("Anna",) * 7 + ("Ben",), note="naïve ♣ note")
    session = store.create(config, [hand])

    def check() -> None:
        raw = session.path.read_bytes()
        assert raw == json.dumps(json.loads(raw), ensure_ascii=False,
                                 separators=(",", ":")).encode("utf-8")

    for step in range(6):
        store.record(session.id, hand)
        check()
        if step == 2:
            store.undo(session.id)
            check()
        if step == 3:
            store.amend(session.id, 2, {"tricks": ["Cleo"] * 8})
            check()
    store.count(session.id, {"Anna": store.open(session.id).state().scores["Anna"]})
    check()
    Store(tmp_path).record(session.id, hand)  # another store: reads the file afresh
    check()
    store.record(session.id, hand)  # the first store: its file changed meanwhile
    check()
    assert store.audit(session.id)[1] == []


@pytest.mark.parametrize("gather", [True, False], ids=["writev", "write"])
def test_pieces_are_written_whole_through_short_writes(tmp_path, monkeypatch, gather):
    """The system may write less than it was given; every byte still lands, in order, with
    ``writev`` and without it (systems that lack it)."""
    import os

    from scorekeeper.store import atomic as store

    pieces = [b"", b"abc", "é€".encode(), b"x" * 100, b"", b"end"] * 300  # more than IOV_MAX
    real_write = os.write

    def short_writev(fd, batch):  # at most 7 bytes a call
        return real_write(fd, b"".join(bytes(p) for p in batch)[:7])

    if gather:
        monkeypatch.setattr(store.os, "writev", short_writev)
    else:
        monkeypatch.delattr(store.os, "writev")
        monkeypatch.setattr(store.os, "write", lambda fd, data: real_write(fd, bytes(data)[:7]))
    path = tmp_path / "f.json"
    store.atomic_write(path, pieces)
    assert path.read_bytes() == b"".join(pieces)


def test_a_write_that_fails_half_way_leaves_the_store_reading_the_file_again(tmp_path,
                                                                           monkeypatch):
    """A store keeps what it last wrote; when a write fails after the hand was added to that
    data (here the disk fills up), the store must not go on from the half-changed data: the
    next write starts again from the file."""
    import errno
    import os

    from scorekeeper.audit import audit_document
    from scorekeeper.store import atomic as store_module

    store = Store(tmp_path)
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    first = HandRecord(tricks=("Anna",) * 7 + ("Ben",))
    store.record(session.id, first)
    before = session.path.read_bytes()

    def full(fd, pieces):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(store_module.os, "writev", full)
        patch.setattr(store_module.os, "write", full)
        with pytest.raises(StoreError, match="No space left"):
            store.record(session.id, HandRecord(tricks=("Cleo",) * 8))
    assert session.path.read_bytes() == before
    assert not [p for p in session.path.parent.iterdir() if p.name.endswith(".tmp")]
    # The hand that failed is not in the file, so it is not in what the store writes next.
    recorded = store.record(session.id, first)
    assert recorded.settlement.number == 2 and recorded.state.hands_played == 2
    data = json.loads(session.path.read_text(encoding="utf-8"))
    assert audit_document(data) == []
    assert [e["type"] for e in store.open(session.id).rows] == ["created", "hand", "hand"]
    assert [h["kind"] for h in store.open(session.id).stored.values()] == ["last-trick"] * 2
    assert os.path.getsize(session.path) > len(before)


def test_text_the_fast_json_parser_refuses_is_read_as_the_standard_library_reads_it(tmp_path):
    """Session files are parsed with pydantic's parser; what it refuses and the standard
    library accepts (a lone surrogate escape, here in a note) is still read, and what
    neither accepts is named in the standard library's words."""
    from scorekeeper.store import read_json_file

    path = tmp_path / "s.json"
    path.write_text('{"note": "\\ud800", "n": [1, 2]}', encoding="utf-8")
    assert read_json_file(path, "s.json") == {"note": "\ud800", "n": [1, 2]}
    path.write_text('{"note": "x", "n": [1, 2}', encoding="utf-8")
    with pytest.raises(Exception, match=r"^s\.json: damaged: not valid JSON \(Expecting ',' "
                                        r"delimiter at line 1, column 25\); it is left as it is$"):
        read_json_file(path, "s.json")


def test_times_are_written_in_utc_to_the_microsecond():
    from datetime import datetime

    from scorekeeper.store import utc_now

    before = datetime.now(UTC)
    text = utc_now()
    after = datetime.now(UTC)
    written = datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    assert before <= written <= after and len(text) == len("2026-11-30T20:15:03.123456Z")


def test_the_listing_line_comes_from_the_hands_and_an_older_files_summary_goes_on_its_next_write(
        tmp_path):
    """Files keep no summary table any more: the listing works its line out from the header,
    the newest event and the last stored hand. A file written before, with its summary table,
    lists and audits as before; its next write drops the table (it would go stale)."""
    from scorekeeper.audit import audit_document
    from scorekeeper.history import summary_document

    clock = iter(f"2026-11-30T20:{m:02d}:00.000000Z" for m in range(60))
    store = Store(tmp_path, now=lambda: next(clock))
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    store.record(session.id, HandRecord(tricks=("Anna",) * 7 + ("Ben",)))
    store.record(session.id, HandRecord(tricks=("Cleo",) * 8))
    data = json.loads(session.path.read_text(encoding="utf-8"))
    assert set(data) == {"session", "events", "hands", "listing"}  # (listing: trailer.py)
    [line] = Store(tmp_path).list_sessions()
    assert line.summary.to_json() == {
        "id": session.id, "game": "letzter", "players": ["Anna", "Ben", "Cleo"],
        "started": "2026-11-30T20:00:00.000000Z", "updated": "2026-11-30T20:03:00.000000Z",
        "hands": 2, "finished": False, "leaders": ["Cleo"],
        "scores": {"Anna": "1", "Ben": "2", "Cleo": "0"}, "pot": None,
        "digest": data["events"]["3"]["hash"][:12], "name": None, "archived": False,
        "continues": None}

    # The same file as an earlier version wrote it: with a summary table.
    opened = store.open(session.id)
    data["summary"] = {"1": summary_document(opened.id, opened.created,
                                             "2026-11-30T20:03:00.000000Z", opened.state(),
                                             opened.config, opened.digest)}
    session.path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert audit_document(data) == []
    data["summary"]["1"]["hands"] = 1  # a stale one is still named by audit
    assert [f.kind for f in audit_document(data)] == ["summary"]
    other = Store(tmp_path)
    assert other.list_sessions()[0].summary.hands == 2
    other.undo(session.id)
    after = json.loads(session.path.read_text(encoding="utf-8"))
    assert "summary" not in after and audit_document(after) == []
    assert other.list_sessions()[0].summary.hands == 1
