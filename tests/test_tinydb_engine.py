"""TinyDB is the store's engine (issue 25): every read and write of a session file goes through
a TinyDB over the project's ``Storage`` (``store.storage.SessionStorage``), and so do the
home's index, its roster and its settings (``HomeFileStorage``). Anna, Ben, Cleo and Dora play
the worked Kratzen evening of docs/rules.md."""

from __future__ import annotations

import builtins
import os
import traceback
from collections import Counter
from pathlib import Path

import pytest

from scorekeeper.rules import HandRecord, make_config
from scorekeeper.script import replay_file
from scorekeeper.store import Store
from scorekeeper.store import storage as storage_module

from .conftest import EXAMPLES

STORAGE_FILE = os.path.normcase(os.path.abspath(storage_module.__file__))


def _inside_the_storage() -> bool:
    """Whether the call being made comes from the store's storage module."""
    return any(os.path.normcase(os.path.abspath(frame.filename)) == STORAGE_FILE
               for frame in traceback.extract_stack())


@pytest.fixture
def watched(monkeypatch, tmp_path):
    """Every opening, replacement and renaming of a file of ``<home>/sessions/`` (a session
    file, not its lock), each said with whether it came from the storage module; and the reads
    and writes the project's Storage saw, by file name."""
    folder = os.path.abspath(tmp_path / "home" / "sessions")
    touched: list[tuple[str, str, bool]] = []
    seen: Counter[tuple[str, str]] = Counter()

    def is_session_file(path: object) -> bool:
        if isinstance(path, int):
            return False
        text = os.path.abspath(os.fsdecode(path))  # type: ignore[arg-type]
        return os.path.dirname(text) == folder and text.endswith(".json")

    def watch(name: str, real, *paths_at: int):
        def watching(*args, **kwargs):
            for at in paths_at:
                if at < len(args) and is_session_file(args[at]):
                    touched.append((name, os.path.basename(os.fsdecode(args[at])),
                                    _inside_the_storage()))
            return real(*args, **kwargs)
        return watching

    monkeypatch.setattr(os, "open", watch("os.open", os.open, 0))
    monkeypatch.setattr(builtins, "open", watch("open", builtins.open, 0))
    monkeypatch.setattr(os, "replace", watch("os.replace", os.replace, 0, 1))
    monkeypatch.setattr(os, "rename", watch("os.rename", os.rename, 0, 1))
    count_storage(monkeypatch, storage_module.SessionStorage, seen)
    return touched, seen


def count_storage(monkeypatch, storage_class, seen) -> None:
    """Count every read and write of ``storage_class`` in ``seen``, by the file's name."""
    real_read, real_write = storage_class.read, storage_class.write
    real_sealed = getattr(storage_class, "sealed_listing", None)

    def counted_read(self):
        seen["read", self.path.name] += 1
        return real_read(self)

    def counted_sealed(self):  # the listing reads a file's sealed line (store/trailer.py)
        seen["read", self.path.name] += 1
        return real_sealed(self)

    def counted_write(self, data):
        seen["write", self.path.name] += 1
        return real_write(self, data)

    monkeypatch.setattr(storage_class, "read", counted_read)
    if real_sealed is not None:
        monkeypatch.setattr(storage_class, "sealed_listing", counted_sealed)
    monkeypatch.setattr(storage_class, "write", counted_write)


def _evening(home: Path) -> str:
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    return Store(home).create(ledger.config, [s.record for s in ledger.settlements[:3]]).id


def test_opening_listing_auditing_and_recording_touch_session_files_only_through_tinydb(
        run, tmp_path, watched):
    """The commands that read and write a session (show, sessions, season, audit, every
    export, record, amend, next evening): every file of sessions/ they open or replace is
    opened or replaced inside the project's Storage, and the Storage saw it."""
    touched, seen = watched
    session = _evening(tmp_path / "home")
    name = f"{session}.json"
    for argv in (("show", session), ("show", session, "--json"), ("sessions",),
                 ("sessions", "--json"), ("season",), ("audit", session),
                 ("audit", session, "--json"),
                 *(("export", session, "--format", f) for f in ("csv", "json", "md", "html",
                                                               "beancount")),
                 ("record", session, "--indicator", "7S", "--tricks", "Anna,Ben,Cleo,Dora"),
                 ("amend", session, "1", "--note", "the 7 of leaves"),
                 ("new", "--continue", session), ("sessions",), ("audit", session)):
        assert run(*argv).code == 0, argv
    assert touched, "the commands read no session file"
    outside = [t for t in touched if not t[2]]
    assert outside == [], f"session files touched outside the Storage: {outside}"
    assert seen["read", name] >= 10 and seen["write", name] >= 3
    assert {("os.open", name), ("os.replace", name)} <= {(how, file) for how, file, _ in touched}


def test_the_store_reads_through_the_tinydb_it_is_given(tmp_path, monkeypatch):
    """TinyDB's Storage replaced by a counting one (the project's, counting): opening, listing
    and auditing a session each read its file once, through it, and recording a hand writes
    it once."""
    home = tmp_path / "home"
    session = _evening(home)
    calls: list[tuple[str, str]] = []

    class Counting(storage_module.SessionStorage):
        def read(self):
            calls.append(("read", self.path.name))
            return super().read()

        def write(self, data):
            calls.append(("write", self.path.name))
            return super().write(data)

        def sealed_listing(self):  # the listing's read: its line sealed in the file
            calls.append(("read", self.path.name))
            return super().sealed_listing()

    monkeypatch.setattr(storage_module, "SessionStorage", Counting)
    name = f"{session}.json"
    store = Store(home)
    store.open(session)
    assert calls == [("read", name)]
    store.list_sessions(figures=True)
    assert calls[1:] == [("read", name)]
    store.audit_report(session)
    assert calls[2:] == [("read", name)]
    store.record(session, HandRecord(indicator=("7S",), tricks=("Anna", "Ben", "Cleo", "Dora")))
    assert calls[3:] == [("write", name)]  # from what open read, the file being that one
    store.name(session, "Friday at Anna's")
    assert calls[4:] == [("write", name)]  # the file as this store left it: not read again
    Store(home).undo(session)  # another store (another terminal): it reads the file
    assert calls[5:] == [("read", name), ("write", name)]


def test_the_index_the_roster_and_the_settings_go_through_tinydb(run, tmp_path, monkeypatch):
    """index.json, players.json and settings.json are read and written by a TinyDB over the
    project's ``HomeFileStorage``: every opening or replacement of them comes from the storage
    module, and the bytes on disk are as they always were (players.json indented, its names
    as written; settings.json indented, keys sorted)."""
    from scorekeeper.settings import language_setting, save_language_setting

    home = tmp_path / "home"
    _evening(home)
    own = {os.path.abspath(home / n) for n in ("index.json", "players.json", "settings.json")}
    touched: list[tuple[str, bool]] = []

    def watch(real, *paths_at: int):
        def watching(*args, **kwargs):
            for at in paths_at:
                if at < len(args) and not isinstance(args[at], int) \
                        and os.path.abspath(os.fsdecode(args[at])) in own:
                    touched.append((os.path.basename(os.fsdecode(args[at])),
                                    _inside_the_storage()))
            return real(*args, **kwargs)
        return watching

    monkeypatch.setattr(os, "open", watch(os.open, 0))
    monkeypatch.setattr(builtins, "open", watch(builtins.open, 0))
    monkeypatch.setattr(os, "replace", watch(os.replace, 0, 1))
    seen: Counter[tuple[str, str]] = Counter()
    count_storage(monkeypatch, storage_module.HomeFileStorage, seen)
    Store(home).create(make_config("kratzen", ["Änna", "Bert", "Cleo", "Dora"], "Änna"))
    assert run("sessions").code == 0 and run("season").code == 0
    assert run("player", "merge", "Anna", "Änna", "--yes").code == 0
    save_language_setting(home, "de")
    assert language_setting(home) == "de"
    assert [t for t in touched if not t[1]] == []
    assert {name for name, _ in touched} == {"index.json", "players.json", "settings.json"}
    assert seen["write", "index.json"] >= 1 and seen["read", "index.json"] >= 2
    assert seen["write", "players.json"] == 1 and seen["read", "players.json"] >= 2
    assert seen["write", "settings.json"] == 1 and seen["read", "settings.json"] >= 2
    assert (home / "players.json").read_text("utf-8") == (
        '{\n  "apart": [],\n  "same": {\n    "änna": "anna"\n  },\n  "version": 1\n}\n')
    assert (home / "settings.json").read_bytes() == b'{\n  "language": "de"\n}\n'


def test_a_command_reads_its_session_file_once(run, tmp_path, monkeypatch):
    """show, audit, export and record each read the session's file once (record: read to know
    the players and written once: the write starts from the TinyDB the reading filled, the
    file being the same one); a file replaced in between is read again."""
    session = _evening(tmp_path / "home")
    reads: list[str] = []
    real_read = storage_module.SessionStorage.read

    def counted(self):
        reads.append(self.path.name)
        return real_read(self)

    monkeypatch.setattr(storage_module.SessionStorage, "read", counted)
    for argv in (("show", session), ("audit", session), ("export", session, "--format", "csv"),
                 ("record", session, "--indicator", "7S", "--tricks", "Anna,Ben,Cleo,Dora")):
        reads.clear()
        assert run(*argv).code == 0, argv
        assert reads == [f"{session}.json"], argv
    store, other = Store(tmp_path / "home"), Store(tmp_path / "home")
    store.open(session)
    other.name(session, "Friday at Anna's")  # another terminal writes meanwhile
    reads.clear()
    assert store.name(session, "Friday").session.name == "Friday"
    assert reads == [f"{session}.json"]  # read again: the file is not the one opened
    assert [e.get("name") for e in Store(tmp_path / "home").open(session).rows
            if e.get("type") == "named"] == ["Friday at Anna's", "Friday"]
