"""Issue 13: the command line never leaves a stored hand looking unstored, never lets an export
replace a session, and answers every input with a result or one ``error:`` line (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import ScorekeeperError
from scorekeeper.rules import make_config
from scorekeeper.store import Store

from .conftest import ROOT

MUSS = ["--indicator", "KC", "--tricks", "Ben,Ben,Cleo,Dora"]


def kratzen_session(home: Path) -> str:
    config = make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna", {})
    return Store(home).create(config).id


def hands_stored(home: Path, session_id: str) -> int:
    return Store(home).open(session_id).hands_played


def cli_process(home: Path, *args: str, env: dict[str, str] | None = None,
                stdout=subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    """``scorekeeper ARGS`` in a process of its own, with ``home`` as its home."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("PYTHONIOENCODING", "SCOREKEEPER_HOME")}
    environment |= {"SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT),
                    "PYTHONUTF8": "0"} | (env or {})
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=environment,
                          stdout=stdout, stderr=subprocess.PIPE, timeout=120, check=False)


def assert_one_error(code: int, err: str, *words: str) -> None:
    assert "Traceback" not in err, err
    assert code == 2, (code, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for word in words:
        assert word in lines[0], (word, err)


# ---- 1. stored means said --------------------------------------------------------------------

def test_fit_to_encoding_falls_back_to_what_the_stream_can_write():
    from scorekeeper.cli.output import fit_to_encoding

    assert fit_to_encoding("K♣ 6♦ A♥ 9♠", "latin-1") == "KC 6D AH 9S"
    assert fit_to_encoding("4¼ ½ -¾ pays 27¾", "ascii") == "4.25 0.5 -0.75 pays 27.75"
    assert fit_to_encoding("4¼ K♣", "cp1252") == "4¼ KC"  # cp1252 has the quarters
    assert fit_to_encoding("Łukasz … Zoë", "ascii") == "\\u0141ukasz ... Zo\\xeb"
    assert fit_to_encoding("K♣ Łukasz", "utf-8") == "K♣ Łukasz"


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "ascii"])
def test_record_with_an_output_encoding_without_suits(tmp_path, encoding):
    home = tmp_path / "home"
    session_id = kratzen_session(home)
    done = cli_process(home, "record", session_id, *MUSS, env={"PYTHONIOENCODING": encoding})
    err = done.stderr.decode(encoding, "replace")
    assert "Traceback" not in err and done.returncode == 0, err
    assert hands_stored(home, session_id) == 1
    out = done.stdout.decode(encoding)
    assert f"hand 1 recorded in session {session_id}" in out and "K" in out
    for command in (["show", session_id], ["deal", "kratzen", "--players", "4"],
                    ["record", "--help"]):
        shown = cli_process(home, *command, env={"PYTHONIOENCODING": encoding})
        assert shown.returncode == 0, shown.stderr
        assert shown.stderr == b"" and shown.stdout
        if command[-1] != "--help":  # (click writes its help to a stream said to be ASCII
            shown.stdout.decode(encoding)  # as UTF-8, its own choice: never an error)


def test_a_closed_pipe_is_no_traceback(tmp_path):
    home = tmp_path / "home"
    session_id = kratzen_session(home)
    reader, writer = os.pipe()
    os.close(reader)  # nobody will read: every write to the pipe fails (EPIPE)
    try:
        stored = cli_process(home, "record", session_id, *MUSS, stdout=writer)
        shown = cli_process(home, "show", session_id, stdout=writer)
    finally:
        os.close(writer)
    assert stored.returncode == 0, stored.stderr
    assert b"Traceback" not in stored.stderr and b"Exception" not in stored.stderr
    assert hands_stored(home, session_id) == 1
    assert shown.returncode == 0 and shown.stderr == b"", shown.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_stdout_is_no_traceback(tmp_path):
    home = tmp_path / "home"
    session_id = kratzen_session(home)
    with open("/dev/full", "wb") as full:
        stored = cli_process(home, "record", session_id, *MUSS, stdout=full)
        shown = cli_process(home, "show", session_id, stdout=full)
        failed = cli_process(home, "record", session_id, "--tricks", "Nobody", stdout=full)
    err = stored.stderr.decode()
    assert stored.returncode == 0 and "Traceback" not in err and "Exception" not in err, err
    assert hands_stored(home, session_id) == 1
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("note: ") and "stored" in lines[0], err
    assert_one_error(shown.returncode, shown.stderr.decode(), "output")
    assert_one_error(failed.returncode, failed.stderr.decode())
    assert hands_stored(home, session_id) == 1


# ---- 2. exports never replace a session or a file of the home -------------------------------

def export_to(run, session_id: str, target: Path | str, *more: str):
    return run("export", session_id, "--format", "csv", "-o", str(target), *more)


def test_an_export_never_replaces_a_session(run, tmp_path):
    home = tmp_path / "home"
    session_id = kratzen_session(home)
    assert run("record", session_id, *MUSS).code == 0
    sessions = home / "sessions"
    session_file = sessions / f"{session_id}.json"
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(sessions)
    (tmp_path / "to-the-file.json").symlink_to(session_file)
    run("sessions")  # writes the index
    assert (home / "index.json").exists()
    before = {p.name: p.read_bytes() for p in [*home.iterdir(), *sessions.iterdir()]
              if p.is_file()}
    targets = [session_file, sessions / "new.csv", tmp_path / "elsewhere" / ".." / "home" /
               "sessions" / f"{session_id}.json", tmp_path / "link" / f"{session_id}.json",
               tmp_path / "to-the-file.json", home / "index.json", home / "index.json.lock",
               sessions / f"{session_id}.json.lock", sessions, home]
    for target in targets:
        result = export_to(run, session_id, target)
        assert_one_error(result.code, result.err, "-o")
    after = {p.name: p.read_bytes() for p in [*home.iterdir(), *sessions.iterdir()]
             if p.is_file()}
    assert after == before
    assert os.path.islink(tmp_path / "to-the-file.json")
    fine = export_to(run, session_id, tmp_path / "elsewhere" / "night.csv")
    assert fine.code == 0, fine.err
    assert (tmp_path / "elsewhere" / "night.csv").read_text().startswith("hand,")


def test_an_export_never_replaces_the_session_file_it_reads(run, tmp_path):
    home = tmp_path / "home"
    session_id = kratzen_session(home)
    elsewhere = tmp_path / "copy.json"
    elsewhere.write_bytes((home / "sessions" / f"{session_id}.json").read_bytes())
    before = elsewhere.read_bytes()
    result = export_to(run, str(elsewhere), elsewhere)
    assert_one_error(result.code, result.err, "-o")
    assert elsewhere.read_bytes() == before


# ---- 3. no traceback for any input -----------------------------------------------------------

NEW = ["new", "--game", "letzter-stich", "--players", "Anna,Ben,Cleo", "--dealer", "Anna"]


@pytest.mark.parametrize(("args", "words"), [
    (NEW + ["--option", "starting_chips=²"], ["starting_chips"]),
    (NEW + ["--option", "starting_chips=" + "7" * 5000], ["starting_chips", "digits"]),
    (NEW + ["--option", "starting_chips=-" + "7" * 21], ["starting_chips", "digits"]),
    (["deal", "letzter", "--players", "-1"], ["--players"]),
    (["deal", "letzter", "--players", "0"], ["--players"]),
    (["deal", "letzter", "--players", "1000000000"], ["--players"]),
    (["deal", "letzter", "--names", ","], ["--names"]),
    (["deal", "letzter", "--names", ",", "--players", "3"], ["--names"]),
    (["--home", "~nosuchuser-of-scorekeeper/x", "sessions"], ["--home"]),
    (["sessions", "--home", "~nosuchuser-of-scorekeeper/x"], ["--home"]),
    (["--home", "", "sessions"], ["--home"]),
    (["sessions", "--home", ""], ["--home"]),
    (["sessions", "--home", "  "], ["--home"]),
])
def test_hostile_command_lines_are_one_error_line(run, tmp_path, args, words):
    result = run(*args)
    assert_one_error(result.code, result.err, *words)
    assert not (tmp_path / "home" / "sessions").exists() or not any(
        (tmp_path / "home" / "sessions").iterdir())


def test_a_new_option_of_digits_is_still_a_number(run):
    result = run(*NEW, "--option", "starting_chips=7", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["options"]["starting_chips"] == 7


@pytest.mark.parametrize("typed", ["1e-999999", "1e999999", "1" * 31, "0." + "0" * 30 + "1",
                                   "1.234567890123456789012345678901", "7" * 5000,
                                   "1" * 5000 + "/1", "1E+30"])
def test_a_count_of_too_many_digits_is_refused(run, tmp_path, typed):
    home = tmp_path / "home"
    session_id = kratzen_session(home)
    path = home / "sessions" / f"{session_id}.json"
    before = path.read_bytes()
    result = run("count", session_id, f"Anna={typed}")
    assert_one_error(result.code, result.err, "Anna", "digits")
    assert len(result.err) < 300
    assert path.read_bytes() == before


def test_typed_amounts_within_the_limits():
    from scorekeeper.amounts import parse_typed_amount

    assert str(parse_typed_amount("1" * 30)) == "1" * 30
    assert str(parse_typed_amount("-27.75")) == "-27.75"
    assert str(parse_typed_amount("4¼")) == "4.25"
    assert str(parse_typed_amount("17/4")) == "4.25"
    assert parse_typed_amount("0." + "0" * 29 + "1") > 0
    assert parse_typed_amount("1e29") == 10 ** 29
    assert parse_typed_amount("1000e-3") == 1
    with pytest.raises(ScorekeeperError, match="digits"):
        parse_typed_amount("1e30")


def test_an_explicit_home_wins_over_the_environment(run, tmp_path, monkeypatch):
    env_home, given = tmp_path / "from-env", tmp_path / "given"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(env_home))
    for args in (["--home", str(given), *NEW], [*NEW, "--home", str(given)]):
        result = run(*args, "--json")
        assert result.code == 0, result.err
        assert Path(json.loads(result.out)["file"]).parent == given / "sessions"
    assert not env_home.exists()
    assert len(list((given / "sessions").glob("*.json"))) == 2
    # the command's own --home wins over the group's
    other = tmp_path / "other"
    result = run("--home", str(given), *NEW, "--home", str(other), "--json")
    assert Path(json.loads(result.out)["file"]).parent == other / "sessions"
    # without --home, the environment still counts
    result = run(*NEW, "--json")
    assert Path(json.loads(result.out)["file"]).parent == env_home / "sessions"
