"""Every home file is safe from the program's own outputs, and one strange file never stops the
whole home (issue 24): ``-o`` into any folder of the home but its exports folder is refused
however the path is spelled; a table key that is not a number is one damaged line; a named pipe
where the home keeps a file of its own is never waited on; a writer killed mid-write leaves no
temporary file for ever; a read-only home is said by its folder."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.errors import StoreError
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store
from scorekeeper.store.atomic import (
    STALE_AFTER,
    atomic_write,
    clear_home_temporaries,
    clear_stale_temporaries,
)
from scorekeeper.store.outputs import check_output_path, write_output_file

from .hardening.test_hostile_scripts import assert_clean_outcome, run_cli
from .test_files import at_most

HAND = HandRecord(tricks=("Anna",) * 7 + ("Ben",))


def evening(home: Path) -> str:
    """Anna, Ben and Cleo play Letzter; Anna takes seven tricks of the first hand."""
    store = Store(home)
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    store.record(session.id, HAND)
    return session.id


def deleted_evening(home: Path) -> Path:
    """An evening archived, then deleted: its file waits in the trash to be brought back."""
    store = Store(home)
    session_id = evening(home)
    store.archive(session_id)
    return store.trash(session_id)


def files_of(home: Path) -> dict[str, bytes]:
    """Every regular file under the home, by its path in it, with its bytes."""
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*"))
            if p.is_file() and not p.is_symlink()}


# ---- -o into the home ---------------------------------------------------------------------------

@pytest.fixture
def home(tmp_path) -> Path:
    """A home with an evening, a deleted one in the trash, an imported history, the index,
    the players' names, the settings and an exports folder."""
    folder = tmp_path / "home"
    evening(folder)
    deleted_evening(folder)
    (folder / "imported").mkdir()
    (folder / "imported" / "0badcafe-123456789abc.json").write_text("{}")
    (folder / "exports").mkdir()
    for name in ("index.json", "players.json", "settings.json"):
        (folder / name).write_text("{}\n")
    return folder


def home_targets(home: Path) -> list[Path]:
    """A path into each folder and file of the home, spelled plainly."""
    trashed = next((home / "trash").iterdir())
    session = next((home / "sessions").glob("*.json"))
    return [session, home / "sessions" / "night.csv", trashed, home / "trash" / "night.csv",
            home / "imported" / "night.csv", home / "index.json", home / "players.json",
            home / "settings.json", Path(f"{session}.lock"), home / ".index.json.pid1.abcdefgh.tmp",
            home / "night.csv", home, home / "sessions", home / "trash", home / "exports"]


def test_every_folder_and_file_of_the_home_is_refused(home):
    for target in home_targets(home):
        with pytest.raises(StoreError) as refused:
            check_output_path(home, target)
        message = str(refused.value)
        assert message.startswith(f"-o {target}: ") and "\n" not in message, message


def test_the_trash_is_said_as_a_folder_of_sessions_and_the_home_as_the_home(home):
    trashed = next((home / "trash").iterdir())
    with pytest.raises(StoreError, match=f"is in the sessions folder {home / 'trash'};"):
        check_output_path(home, trashed)
    with pytest.raises(StoreError, match=f"is in the home folder {home}, .* write it to "
                                         f"{home / 'exports'} or outside the home"):
        check_output_path(home, home / "night.csv")


def test_the_exports_folder_and_anywhere_outside_the_home_are_fine(home, tmp_path):
    (home / "exports" / "march").mkdir()
    for target in (home / "exports" / "night.csv", home / "exports" / "march" / "night.html",
                   tmp_path / "night.csv", home / "sessions" / ".." / ".." / "night.csv"):
        assert check_output_path(home, target) == target


def test_dot_dot_and_relative_spellings_are_followed(home, monkeypatch):
    trashed = next((home / "trash").iterdir())
    monkeypatch.chdir(home / "exports")
    for target in ("../trash/" + trashed.name, "../index.json", "./../sessions/x.csv", "..",
                   str(home / "exports" / ".." / "trash" / trashed.name),
                   str(home / "exports" / "nowhere" / ".." / ".." / "players.json")):
        with pytest.raises(StoreError):
            check_output_path(home, target)
    assert check_output_path(home, "night.csv") == Path("night.csv")


def test_symbolic_links_into_the_home_are_followed(home, tmp_path):
    trashed = next((home / "trash").iterdir())
    (tmp_path / "bin").symlink_to(home / "trash")
    (tmp_path / "deleted.json").symlink_to(trashed)
    (tmp_path / "dangling.csv").symlink_to(home / "trash" / "not-yet.csv")
    for target in (tmp_path / "bin" / trashed.name, tmp_path / "bin" / "new.csv",
                   tmp_path / "deleted.json", tmp_path / "dangling.csv"):
        with pytest.raises(StoreError):
            check_output_path(home, target)


def test_a_link_in_the_home_to_elsewhere_is_still_in_the_home(home, tmp_path):
    """A rename replaces the link itself: the file would land in the sessions folder."""
    (tmp_path / "outside.csv").write_text("x")
    (home / "sessions" / "to-outside.csv").symlink_to(tmp_path / "outside.csv")
    with pytest.raises(StoreError):
        check_output_path(home, home / "sessions" / "to-outside.csv")


@pytest.mark.parametrize("leads_to", ["trash", "sessions", "."])
def test_an_exports_folder_that_leads_back_into_the_home_is_no_way_in(tmp_path, leads_to):
    home = tmp_path / "home"
    deleted_evening(home)
    (home / "exports").symlink_to(home / leads_to, target_is_directory=True)
    trashed = next((home / "trash").iterdir())
    for target in (home / "exports" / trashed.name, home / "exports" / "index.json"):
        with pytest.raises(StoreError):
            check_output_path(home, target)


def test_an_exports_folder_elsewhere_and_a_home_reached_by_a_link(tmp_path):
    home = tmp_path / "home"
    evening(home)
    (tmp_path / "out").mkdir()
    (home / "exports").symlink_to(tmp_path / "out", target_is_directory=True)
    assert check_output_path(home, home / "exports" / "night.csv")
    (tmp_path / "also-home").symlink_to(home, target_is_directory=True)
    with pytest.raises(StoreError):
        check_output_path(tmp_path / "also-home", home / "sessions" / "x.csv")
    with pytest.raises(StoreError):
        check_output_path(home, tmp_path / "also-home" / "trash" / "x.json")


def test_the_same_folder_mounted_twice_is_known_by_what_it_is(home, tmp_path):
    """No spelling of a path tells a second mount of the trash from another folder: the check
    compares what the folders are (device and inode), as a name in another case needs."""
    alias = tmp_path / "alias"
    alias.mkdir()
    if os.system(f"mount --bind {home / 'trash'} {alias} 2>/dev/null") != 0:
        pytest.skip("cannot bind-mount a folder here")
    try:
        with pytest.raises(StoreError, match="is in the sessions folder"):
            check_output_path(home, alias / "x.json")
    finally:
        os.system(f"umount {alias}")


def case_insensitive(folder: Path) -> bool:
    probe = folder / "Case-Probe"
    probe.mkdir()
    try:
        return (folder / "case-probe").exists()
    finally:
        probe.rmdir()


def test_letters_of_another_case_on_a_file_system_that_ignores_case(home):
    if not case_insensitive(home):
        pytest.skip("this file system tells letters of another case apart")
    trashed = next((home / "trash").iterdir())
    for target in (home / "TRASH" / trashed.name, home / "Index.JSON",
                   home / "Exports" / ".." / "Sessions" / "x.csv"):
        with pytest.raises(StoreError):
            check_output_path(home, target)
    assert check_output_path(home, home / "EXPORTS" / "night.csv")


def test_a_session_read_from_elsewhere_is_never_the_output(tmp_path):
    copy = tmp_path / "copy.json"
    copy.write_text("{}")
    for target in (copy, tmp_path / "copy.json.lock", tmp_path / ".copy.json.pid1.abcdefgh.tmp",
                   tmp_path / "sub" / ".." / "copy.json"):
        with pytest.raises(StoreError, match="is the session file being exported"):
            check_output_path(tmp_path / "home", target, session_file=copy)
    assert check_output_path(tmp_path / "home", tmp_path / "copy.csv", session_file=copy)


def test_an_output_that_cannot_be_written_names_its_path(home, tmp_path):
    target = tmp_path / "no-such-folder" / "night.csv"
    with pytest.raises(StoreError) as refused:
        write_output_file(home, target, "hand,Anna\n")
    assert str(refused.value) == f"{target}: cannot be written (No such file or directory)"
    written = write_output_file(home, home / "exports" / "night.csv", [b"hand,", b"Anna\n"])
    assert written.read_text() == "hand,Anna\n"


def test_write_output_file_leaves_the_home_as_it_was(home):
    trashed = next((home / "trash").iterdir())
    before = files_of(home)
    for target in home_targets(home):
        with pytest.raises(StoreError):
            write_output_file(home, target, "hand,Anna\n")
    assert files_of(home) == before
    assert trashed.read_bytes() == before[f"trash/{trashed.name}"]


# At the command line: export, share and season -o, into every folder of the home. Those that
# the commands' own check already refused pass today; the trash and the rest of the home need
# the commands to call store.outputs.check_output_path.

CLI_TARGETS = [
    "sessions/night.csv", "imported/night.csv", "index.json", "players.json", "settings.json",
    "trash/{trashed}",
    "trash/night.csv",
    "exports/../trash/night.csv",
    "night.csv",
]


@pytest.mark.parametrize("command", [["export", "{id}", "--format", "csv"],
                                     ["share", "{id}"], ["season"]])
@pytest.mark.parametrize("where", CLI_TARGETS)
def test_no_command_writes_its_output_into_the_home(tmp_path, capsys, command, where):
    home = tmp_path / "home"
    session_id = evening(home)
    trashed = deleted_evening(home)
    (home / "imported").mkdir()
    (home / "exports").mkdir()
    target = home / where.replace("{trashed}", trashed.name)
    args = [a.replace("{id}", session_id) for a in command]
    run_cli(capsys, "--home", str(home), *args)  # the index as the command keeps it
    before = files_of(home)
    code, _, err = run_cli(capsys, "--home", str(home), *args, "-o", str(target))
    assert code == 2 and err.startswith(f"error: -o {target}: "), err
    assert_clean_outcome(code, err)
    assert files_of(home) == before


def test_the_deleted_evening_can_still_be_brought_back_after_an_export_was_refused(
        tmp_path, capsys):
    """The issue's story: the export went into the trash over the deleted session."""
    home = tmp_path / "home"
    session_id = evening(home)
    trashed = deleted_evening(home)
    kept = trashed.read_bytes()
    run_cli(capsys, "--home", str(home), "export", session_id, "--format", "csv", "-o",
            str(trashed))
    assert trashed.read_bytes() == kept
    os.rename(trashed, home / "sessions" / trashed.name)
    code, out, err = run_cli(capsys, "--home", str(home), "sessions", "--all")
    assert code == 0 and trashed.stem in out and "DAMAGED" not in out, out + err


@pytest.mark.parametrize("command", [["export", "{id}", "--format", "csv"],
                                     ["share", "{id}"], ["season"]])
def test_the_exports_folder_takes_every_output(tmp_path, capsys, command):
    home = tmp_path / "home"
    session_id = evening(home)
    (home / "exports").mkdir()
    target = home / "exports" / "night.txt"
    args = [a.replace("{id}", session_id) for a in command]
    code, _, err = run_cli(capsys, "--home", str(home), *args, "-o", str(target))
    assert code == 0 and target.read_text().strip(), err


def test_the_table_app_s_export_never_writes_into_the_home(home, tmp_path):
    """The export dialog takes any path typed in its file field."""
    from scorekeeper.tui.screens.dialog_export import export_file

    store = Store(home)
    session = next((home / "sessions").glob("*.json"))
    before = files_of(home)
    for target in (session, home / "trash" / "night.html", home / "night.html",
                   home / "exports" / ".." / "players.json"):
        with pytest.raises(StoreError, match="^-o "):
            export_file(store, session.stem, "html", target)
    assert files_of(home) == before
    export_file(store, session.stem, "html", home / "exports" / "night.html")
    assert (home / "exports" / "night.html").read_text().startswith("<!DOCTYPE html>")


# ---- a table key that is not a number -----------------------------------------------------------

def damage_key(path: Path, table: str, key: str) -> None:
    """Give the first document of ``table`` the key ``key`` (as a hand-edit would)."""
    data = json.loads(path.read_text())
    data[table][key] = data[table].pop("1")
    path.write_text(json.dumps(data))


COMMANDS = [["sessions"], ["season"], ["players"], ["show", "{id}"], ["audit", "{id}"],
            ["export", "{id}", "--format", "csv"], ["share", "{id}"]]


@pytest.mark.parametrize("key", ["x", "", "1.0", "-1", "2,3", "\u00b2",
                                 pytest.param("9" * 5000, id="5000-digits")])
@pytest.mark.parametrize("table", ["events", "session"])
def test_a_key_that_is_not_a_number_is_one_damaged_file(tmp_path, capsys, table, key):
    home = tmp_path / "home"
    good, bad = evening(home), evening(home)
    bad_file = home / "sessions" / f"{bad}.json"
    damage_key(bad_file, table, key)
    for command in COMMANDS:
        args = [a.replace("{id}", bad) for a in command]
        code, out, err = run_cli(capsys, "--home", str(home), *args)
        assert_clean_outcome(code, err)
        if "{id}" in command:
            assert code == 2 and f"sessions/{bad}.json: damaged: the '{table}' table has a " \
                                 f"key that is not a number" in err, (command, err)
        else:
            assert code == 0 and f"{bad}.json" in out + err, (command, out, err)
    code, out, _ = run_cli(capsys, "--home", str(home), "sessions")
    assert good in out and "DAMAGED" in out
    imported = tmp_path / "other-home"
    code, _, err = run_cli(capsys, "--home", str(imported), "import", str(bad_file))
    assert code == 2 and "key that is not a number" in err, err


def test_the_stored_hands_table_with_a_key_that_is_not_a_number(tmp_path, capsys):
    home = tmp_path / "home"
    bad = evening(home)
    damage_key(home / "sessions" / f"{bad}.json", "hands", "9" * 5000)
    for command in COMMANDS:
        args = [a.replace("{id}", bad) for a in command]
        code, _, err = run_cli(capsys, "--home", str(home), *args)
        assert_clean_outcome(code, err)


def test_the_listing_keeps_every_other_session(tmp_path):
    home = tmp_path / "home"
    good, bad = evening(home), evening(home)
    damage_key(home / "sessions" / f"{bad}.json", "events", "x")
    lines = Store(home).list_sessions()
    assert [line.summary.id for line in lines if line.summary] == [good]
    assert [line.file for line in lines if line.problem] == [f"{bad}.json"]


# ---- a named pipe where the home keeps a file of its own ----------------------------------------

@pytest.mark.parametrize("own_file", ["settings.json", "players.json", "index.json"])
def test_a_named_pipe_for_a_file_of_the_home_stops_nothing(tmp_path, capsys, monkeypatch,
                                                           own_file):
    home = tmp_path / "home"
    session_id = evening(home)
    os.mkfifo(home / own_file)
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    with at_most(20):
        for command in (["sessions"], ["show", session_id], ["season"], ["players"],
                        ["export", session_id, "--format", "csv"]):
            code, _, err = run_cli(capsys, *command)
            assert_clean_outcome(code, err)
        code, out, err = run_cli(capsys, "show", session_id)
        assert code == 0 and "Anna" in out, err


def test_settings_that_are_a_named_pipe_are_no_settings(tmp_path):
    from scorekeeper.settings import language_setting, read_settings, save_language_setting

    os.mkfifo(tmp_path / "settings.json")
    with at_most(10):
        assert read_settings(tmp_path) == {}
        assert language_setting(tmp_path) is None
        save_language_setting(tmp_path, "de")  # replaces the pipe with a file
    assert json.loads((tmp_path / "settings.json").read_text()) == {"language": "de"}


# ---- temporary files of a writer killed mid-write -----------------------------------------------

def ended_pid() -> int:
    """The id of a process that has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_a_temporary_file_names_its_writer(tmp_path):
    seen = []
    real_fsync = os.fsync

    def look(fd):
        seen.extend(p.name for p in tmp_path.iterdir())
        real_fsync(fd)

    target = tmp_path / "abcdef12.json"
    try:
        os.fsync = look
        atomic_write(target, "{}")
    finally:
        os.fsync = real_fsync
    assert any(name.startswith(f".abcdef12.json.pid{os.getpid()}.") and name.endswith(".tmp")
               for name in seen), seen


KILLED = """
import os, signal, sys
from pathlib import Path
from scorekeeper.store import atomic
real_fsync = os.fsync
def killed(fd):
    os.kill(os.getpid(), signal.SIGKILL)
os.fsync = killed
atomic.atomic_write(Path(sys.argv[1]), "{}")
"""


def test_what_a_killed_writer_left_is_cleared(tmp_path):
    home = tmp_path / "home"
    session_id = evening(home)
    target = home / "sessions" / f"{session_id}.json"
    before = target.read_bytes()
    done = subprocess.run([sys.executable, "-c", KILLED, str(target)], capture_output=True)
    assert done.returncode == -signal.SIGKILL
    left = [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and target.read_bytes() == before
    assert clear_home_temporaries(home) == left
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]
    assert target.read_bytes() == before


def test_the_home_and_every_folder_in_it_are_cleared_but_none_through_a_link(tmp_path):
    home, dead = tmp_path / "home", ended_pid()
    elsewhere = tmp_path / "elsewhere"
    for folder in (home, home / "sessions", home / "continuing", home / "exports", elsewhere):
        folder.mkdir(parents=True)
        (folder / f".abcdef12.json.pid{dead}.k3j4h5g6.tmp").write_text("{")
    (home / "linked").symlink_to(elsewhere, target_is_directory=True)
    cleared = clear_home_temporaries(home)
    assert sorted(p.parent.name for p in cleared) == ["continuing", "exports", "home",
                                                      "sessions"]
    assert [p.name for p in elsewhere.iterdir()] == [f".abcdef12.json.pid{dead}.k3j4h5g6.tmp"]


def test_only_what_no_live_writer_holds_is_cleared(tmp_path):
    dead, now = ended_pid(), time.time()
    names = {
        "ended": f".abcdef12.json.pid{dead}.k3j4h5g6.tmp",
        "ours": f".abcdef12.json.pid{os.getpid()}.a1b2c3d4.tmp",
        "parent, running": f".index.json.pid{os.getppid()}.q9w8e7r6.tmp",
        "old, no process named": ".players.json.z0y9x8w7.tmp",
        "young, no process named": ".settings.json.m1n2b3v4.tmp",
        "not ours": ".notes.txt.tmp",
        "not a temporary file": "abcdef12.json",
    }
    for name in names.values():
        (tmp_path / name).write_text("{")
    old = now - STALE_AFTER - 60
    os.utime(tmp_path / names["old, no process named"], (old, old))
    removed = {p.name for p in clear_stale_temporaries(tmp_path, now=now)}
    assert removed == {names["ended"], names["old, no process named"]}
    assert {p.name for p in tmp_path.iterdir()} == set(names.values()) - removed


def test_an_old_temporary_file_whose_lock_is_held_is_kept(tmp_path):
    from scorekeeper.store.locking import FileLock

    name = ".abcdef12.json.z0y9x8w7.tmp"
    (tmp_path / name).write_text("{")
    old = time.time() - STALE_AFTER - 60
    os.utime(tmp_path / name, (old, old))
    held = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from scorekeeper.store.locking import FileLock\n"
        "lock = FileLock(sys.argv[1], 5); lock.acquire(); print('held', flush=True); "
        "time.sleep(30)"), str(tmp_path / "abcdef12.json.lock")], stdout=subprocess.PIPE,
        text=True)
    try:
        assert held.stdout is not None and held.stdout.readline().strip() == "held"
        assert clear_stale_temporaries(tmp_path) == []
    finally:
        held.kill()
        held.wait()
    with FileLock(str(tmp_path / "abcdef12.json.lock"), 5):
        pass
    assert [p.name for p in clear_stale_temporaries(tmp_path)] == [name]


def test_the_next_command_clears_what_a_killed_writer_left(tmp_path, capsys):
    home = tmp_path / "home"
    session_id = evening(home)
    left = home / "sessions" / f".{session_id}.json.pid{ended_pid()}.k3j4h5g6.tmp"
    left.write_text("{")
    code, _, err = run_cli(capsys, "--home", str(home), "sessions")
    assert code == 0, err
    assert not left.exists()


# ---- a read-only home -----------------------------------------------------------------------

def test_new_in_a_read_only_home_names_the_folder(tmp_path, capsys, monkeypatch):
    """Root writes to read-only folders anyway: the refusal of the file system is simulated
    where the lock file is made, the first file a new session needs."""
    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)

    def read_only(path):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("scorekeeper.store.locking.open_lock_file", read_only)
    code, _, err = run_cli(capsys, "--home", str(home), "new", "--game", "letzter",
                           "--players", "Anna,Ben,Cleo", "--dealer", "Anna")
    assert_clean_outcome(code, err)
    assert code == 2 and err.startswith(f"error: {home / 'sessions'}: the folder cannot be "
                                         f"written (Read-only file system)"), err
    assert ".json" not in err and list((home / "sessions").iterdir()) == []
