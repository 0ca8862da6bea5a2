"""Session files on disk as a person's files (issue 13): a write keeps a file's mode, the lock
is never followed through a symbolic link, a strange or damaged file in the sessions folder is
a line of the listing (never a crash or a hang), and what a file says never reaches the
terminal raw."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
from pathlib import Path

import pytest

from scorekeeper.rules import GAMES, HandRecord, get_ruleset, make_config
from scorekeeper.store import Store, StoreError

from .hardening.test_hostile_scripts import assert_clean_outcome, run_cli

HAND = HandRecord(tricks=("Anna",) * 7 + ("Ben",))
TRICKS = "Anna,Anna,Anna,Anna,Anna,Anna,Anna,Ben"


def new_session(home: Path) -> Path:
    store = Store(home)
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    store.record(session.id, HAND)
    return session.path


@contextlib.contextmanager
def umask(mask: int):
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


class Hung(Exception):
    pass


@contextlib.contextmanager
def at_most(seconds: int):
    """Fail, rather than hang the suite, when the body takes longer than ``seconds``."""
    def ring(signum, frame):
        raise Hung(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


# ---- 1. files keep their mode; the lock is not followed through a symbolic link ------------------

def test_a_rewritten_file_keeps_its_mode(tmp_path):
    path = new_session(tmp_path)
    os.chmod(path, 0o600)
    Store(tmp_path).record(path.stem, HAND)
    assert mode(path) == 0o600
    os.chmod(path, 0o640)
    Store(tmp_path).undo(path.stem)
    assert mode(path) == 0o640


@pytest.mark.parametrize("mask", [0o077, 0o022, 0o027])
def test_a_new_file_follows_the_umask(tmp_path, mask):
    with umask(mask):
        path = new_session(tmp_path)
    assert mode(path) == 0o666 & ~mask
    assert mode(tmp_path / "index.json") if (tmp_path / "index.json").exists() else True


def test_the_lock_file_is_never_followed_through_a_symbolic_link(tmp_path):
    path = new_session(tmp_path)
    before = path.read_bytes()
    outside = tmp_path / "outside" / "planted"
    outside.parent.mkdir()
    lock = Path(str(path) + ".lock")
    lock.unlink(missing_ok=True)
    lock.symlink_to(outside)
    with pytest.raises(StoreError, match="symbolic link"):
        Store(tmp_path).record(path.stem, HAND)
    assert not outside.exists() and path.read_bytes() == before
    outside.write_text("someone else's")  # a link to an existing file: refused all the same
    with pytest.raises(StoreError, match="symbolic link"):
        Store(tmp_path).record(path.stem, HAND)
    assert outside.read_text() == "someone else's" and path.read_bytes() == before


# ---- 2. a damaged or strange file is a line in the listing --------------------------------------

def listed(capsys, home: Path) -> dict[str, str]:
    """``scorekeeper sessions --json``: each file and its problem (None for a good one)."""
    code, out, err = run_cli(capsys, "--home", str(home), "sessions", "--json")
    assert code == 0, err
    return {line["file"]: line.get("damaged") for line in json.loads(out)}


def check_listed_as_damaged(capsys, home: Path, good: Path, file: str, reason: str) -> None:
    with at_most(20):
        lines = listed(capsys, home)
        assert lines[good.name] is None
        assert reason in lines[file], lines
        code, out, err = run_cli(capsys, "--home", str(home), "sessions")
    assert code == 0 and "\x1b" not in out
    assert f"{file}  DAMAGED: " in out and good.stem in out
    texts = [line.file + (line.problem or "") for line in Store(home).list_sessions()]
    assert not [t for t in texts if any(ord(c) < 32 or c == "\x7f" for c in t)]


def test_a_fifo_is_listed_and_never_opened(tmp_path, capsys):
    good = new_session(tmp_path)
    fifo = tmp_path / "sessions" / "abcdef12.json"
    os.mkfifo(fifo)
    check_listed_as_damaged(capsys, tmp_path, good, fifo.name, "not a regular file")
    with at_most(20):
        for command in (["show", "abcdef12"], ["show", "abc"], ["show", str(fifo)],
                        ["export", "abcdef12", "--format", "json"], ["audit", "abcdef12"],
                        ["record", "abcdef12", "--tricks", TRICKS]):
            code, _, err = run_cli(capsys, "--home", str(tmp_path), *command)
            assert code == 2, (command, err)
            assert_clean_outcome(code, err)


async def test_the_home_screen_lists_strange_files_and_the_good_ones(tmp_path):
    from textual.widgets import DataTable

    from .tui_helpers import make_app

    good = new_session(tmp_path)
    folder = tmp_path / "sessions"
    os.mkfifo(folder / "abcdef12.json")
    os.close(os.open(os.fsencode(folder) + b"/\xff\x1b[2J.json", os.O_CREAT | os.O_WRONLY))
    with at_most(30):
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 30)):
            table = app.screen.query_one("#sessions", DataTable)
            rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
    assert rows[0][0] == good.stem
    damaged = sorted(row[0] for row in rows[1:])
    assert damaged == ["\\xff\\x1b[2J", "abcdef12"], rows
    assert all("DAMAGED" in row for row in rows[1:])  # (in its status column: trial 32)


def test_a_name_that_is_not_utf8_is_listed_escaped(tmp_path, capsys):
    good = new_session(tmp_path)
    os.close(os.open(os.fsencode(tmp_path / "sessions") + b"/\xff\xfe.json",
                     os.O_CREAT | os.O_WRONLY))
    check_listed_as_damaged(capsys, tmp_path, good, "\\xff\\xfe.json", "not valid UTF-8")


def test_escape_sequences_in_a_file_name_never_reach_the_terminal(tmp_path, capsys):
    good = new_session(tmp_path)
    (tmp_path / "sessions" / "\x1b]0;owned\x07\n.json").write_text("{}")
    check_listed_as_damaged(capsys, tmp_path, good, "\\x1b]0;owned\\x07\\x0a.json", "damaged")


def test_a_file_above_the_size_limit_is_listed_as_too_large_and_never_read(tmp_path, capsys,
                                                                           monkeypatch):
    good = new_session(tmp_path)
    big = tmp_path / "sessions" / "0badf00d.json"
    with open(big, "wb") as f:  # sparse: 64 MiB and a byte, no room taken
        f.truncate(64 * 1024 * 1024 + 1)
    real_read = Path.read_bytes

    def read_bytes(self):
        assert self != big, "the whole of a file above the limit was read"
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    check_listed_as_damaged(capsys, tmp_path, good, big.name, "too large")
    code, _, err = run_cli(capsys, "--home", str(tmp_path), "show", "0badf00d")
    assert code == 2 and "too large" in err


def test_a_number_of_more_than_4300_digits_is_damage_not_a_crash(tmp_path, capsys):
    good = new_session(tmp_path)
    text = good.read_text()
    long = tmp_path / "sessions" / "1ong1ong.json"
    long.write_text(text.replace('"format":1', '"format":' + "9" * 5000, 1))
    check_listed_as_damaged(capsys, tmp_path, good, long.name, "damaged")
    code, _, err = run_cli(capsys, "--home", str(tmp_path), "show", str(long))
    assert code == 2 and "damaged" in err
    assert_clean_outcome(code, err)
    hands = json.loads(text)
    hands["hands"] = {"1" * 5000: hands["hands"]["1"]}
    long.write_text(json.dumps(hands))
    check_listed_as_damaged(capsys, tmp_path, good, long.name, "damaged")


@pytest.mark.parametrize("other", [g for g in GAMES if g != "letzter"])
def test_a_foreign_ruleset_is_damage_not_a_crash(tmp_path, capsys, other):
    good = new_session(tmp_path)
    data = json.loads(good.read_text())
    data["session"]["1"]["ruleset"] = get_ruleset(other).version
    data["session"]["1"]["id"] = "f0f0f0f0"
    foreign = tmp_path / "sessions" / "f0f0f0f0.json"
    foreign.write_text(json.dumps(data))
    check_listed_as_damaged(capsys, tmp_path, good, foreign.name, "damaged")
    for command in (["show", "f0f0f0f0"], ["export", "f0f0f0f0", "--format", "md"],
                    ["record", "f0f0f0f0", "--tricks", TRICKS]):
        code, _, err = run_cli(capsys, "--home", str(tmp_path), *command)
        assert code == 2 and "ruleset" in err, (command, err)
        assert_clean_outcome(code, err)
    code, out, err = run_cli(capsys, "--home", str(tmp_path), "audit", "f0f0f0f0")
    assert code == 1 and "audit clean" not in out and "is not one of" in out, (out, err)


def test_escape_sequences_in_a_problem_never_reach_the_terminal(tmp_path, capsys):
    good = new_session(tmp_path)
    data = json.loads(good.read_text())
    data["session"]["1"]["ruleset"] = "\x1b[2J\x1b]0;owned\x07"
    (tmp_path / "sessions" / "e5c0e5c0.json").write_text(json.dumps(data))
    check_listed_as_damaged(capsys, tmp_path, good, "e5c0e5c0.json", "\\x1b[2J")


# ---- 3. the session id in a header is checked --------------------------------------------------

@pytest.mark.parametrize("bad_id", ["ab\ncd\x1b[31mef", "\x1b[2J", "", "0123456789", "12345678\n",
                                    7, "s0000001", "ABCDEF12"])
def test_a_session_id_that_is_not_one_the_store_makes_is_damage(tmp_path, capsys, bad_id):
    good = new_session(tmp_path)
    data = json.loads(good.read_text())
    data["session"]["1"]["id"] = bad_id
    path = tmp_path / "sessions" / "1d1d1d1d.json"
    path.write_text(json.dumps(data))
    check_listed_as_damaged(capsys, tmp_path, good, path.name, "session id")
    with pytest.raises(StoreError, match="the session id .* is not valid"):
        Store(tmp_path).open("1d1d1d1d")
    for command in (["show", "1d1d1d1d"], ["show", "1d1d1d1d", "--json"],
                    ["export", "1d1d1d1d", "--format", "json"],
                    ["export", "1d1d1d1d", "--format", "csv"],
                    ["sessions"], ["sessions", "--json"]):
        code, out, err = run_cli(capsys, "--home", str(tmp_path), *command)
        assert "\x1b" not in out + err and "ab\ncd" not in out + err, (command, out, err)
        assert_clean_outcome(code, err)
    code, out, err = run_cli(capsys, "--home", str(tmp_path), "audit", "1d1d1d1d")
    assert code == 1 and "audit clean" not in out and "session id" in out, (out, err)
    assert "\x1b" not in out + err
