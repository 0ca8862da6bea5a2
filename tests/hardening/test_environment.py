"""Faults of the machine: a read-only or missing home, a full disk, locks held by dead and
live processes. A clear message, no partial file, no lost hand."""

from __future__ import annotations

import errno
import json
import os

import pytest

from scorekeeper.errors import StoreError
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store

from .test_hostile_scripts import assert_clean_outcome, run_cli

HAND = HandRecord(tricks=("Anna",) * 7 + ("Ben",))
TRICKS = "Anna,Anna,Anna,Anna,Anna,Anna,Anna,Ben"


def new_session(home) -> str:
    return Store(home).create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna")).id


def test_a_missing_home_is_created(tmp_path, capsys, monkeypatch):
    home = tmp_path / "not" / "yet" / "there"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    code, out, err = run_cli(capsys, "new", "--game", "letzter", "--players", "Anna,Ben,Cleo",
                             "--dealer", "Anna")
    assert code == 0 and (home / "sessions").is_dir()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only folders anyway")
def test_a_read_only_home_is_a_clear_message(tmp_path, capsys, monkeypatch):
    home = tmp_path / "home"
    session_id = new_session(home)
    os.chmod(home / "sessions", 0o555)
    try:
        monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
        code, _, err = run_cli(capsys, "record", session_id, "--tricks", TRICKS)
        assert_clean_outcome(code, err)
        assert code == 2
    finally:
        os.chmod(home / "sessions", 0o755)


def test_a_read_only_home_simulated_for_root(tmp_path, capsys, monkeypatch):
    """Root ignores permission bits, so the refusal of the file system is simulated."""
    home = tmp_path / "home"
    session_id = new_session(home)
    path = home / "sessions" / f"{session_id}.json"
    before = path.read_bytes()

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("scorekeeper.store.atomic.tempfile.mkstemp", refuse)
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    code, _, err = run_cli(capsys, "record", session_id, "--tricks", TRICKS)
    assert code == 2 and "cannot be written (Read-only file system); nothing was changed" in err
    assert path.read_bytes() == before
    code, out, err = run_cli(capsys, "sessions")   # the listing's index cannot be written: fine
    assert code == 0 and session_id in out


def test_a_full_disk_leaves_the_old_file_and_no_partial_one(tmp_path, capsys, monkeypatch):
    home = tmp_path / "home"
    session_id = new_session(home)
    path = home / "sessions" / f"{session_id}.json"
    Store(home).record(session_id, HAND)
    before = path.read_bytes()
    real_write = os.write

    def full(fd, pieces):  # half of the first piece fits, then the disk is full
        real_write(fd, bytes(pieces[0][: len(pieces[0]) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("scorekeeper.store.atomic.os.writev", full)
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    code, _, err = run_cli(capsys, "record", session_id, "--tricks", TRICKS)
    assert code == 2 and "No space left on device" in err and "nothing was changed" in err
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    # Once there is room again, the same hand records as hand 2.
    assert Store(home).record(session_id, HAND).settlement.number == 2


def test_a_store_error_on_a_real_tiny_disk(tmp_path):
    """The same on a real full file system when the machine lets us make one (tmpfs)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    if os.system(f"mount -t tmpfs -o size=64k tmpfs {mount} 2>/dev/null") != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        store = Store(mount)
        session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
        recorded = 0
        with pytest.raises(StoreError) as error:
            for _ in range(10000):
                store.record(session.id, HandRecord(tricks=("Anna",) * 7 + ("Ben",),
                                                    note="n" * 200))
                recorded += 1
        assert "No space left on device" in str(error.value)
        data = json.loads(session.path.read_text())
        assert len(data["hands"]) == recorded            # every acknowledged hand, no more
        assert Store(mount).audit(session.id)[1] == []
    finally:
        os.system(f"umount {mount}")
