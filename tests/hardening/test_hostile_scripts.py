"""Attacks on session scripts and arguments: every input ends in success or exit 2 with one
``error:`` line, never a traceback, and a failed command changes nothing on disk."""

from __future__ import annotations

import json
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main

from ..conftest import EXAMPLES

BASES = {name: tomllib.loads((EXAMPLES / f"{name}.toml").read_text())
         for name in ("letzter-stich", "letzter", "kratzen", "kratzen-five")}

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30)
    | st.sampled_from(["Anna", "anna ", "Eve", "W", "6D", "10H", "7S", "", "pay-what-exists",
                       "french", "kratzen", "[bold]x", "Weli", "AH,KH"]),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8),
                                                                      children, max_size=4),
    max_leaves=12)


@st.composite
def mutated_scripts(draw):
    """A valid example with a few random changes: a key removed, a value replaced, a key added."""
    script = json.loads(json.dumps(draw(st.sampled_from(sorted(BASES))) and
                                   BASES[draw(st.sampled_from(sorted(BASES)))]))
    for _ in range(draw(st.integers(1, 4))):
        target = script
        path = []
        while isinstance(target, (dict, list)) and target and draw(st.booleans()):
            key = draw(st.sampled_from(sorted(target) if isinstance(target, dict)
                                       else list(range(len(target)))))
            path.append(key)
            if not isinstance(target[key], (dict, list)):
                break
            target = target[key]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if not isinstance(target, (dict, list)) or not target:
            continue
        key = draw(st.sampled_from(sorted(target) if isinstance(target, dict)
                                   else list(range(len(target)))))
        if action == "delete":
            del target[key]
        elif action == "replace":
            target[key] = draw(JSON_VALUES)
        elif isinstance(target, dict):
            target[draw(st.text(max_size=10))] = draw(JSON_VALUES)
        else:
            target.append(draw(JSON_VALUES))
    return script


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        main(list(args))
    captured = capsys.readouterr()
    return done.value.code or 0, captured.out, captured.err


def assert_clean_outcome(code: int, err: str) -> None:
    assert code in (0, 2), (code, err)
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), err
        assert "Traceback" not in err


GENERATED = {"scripts": 0}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(script=mutated_scripts())
def test_mutated_scripts_succeed_or_fail_cleanly(tmp_path, capsys, monkeypatch, script):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "night.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    sessions = tmp_path / "home" / "sessions"
    before = sorted(sessions.iterdir()) if sessions.exists() else []
    code, out, err = run_cli(capsys, "replay", str(path), "--save")
    GENERATED["scripts"] += 1
    assert_clean_outcome(code, err)
    after = sorted(sessions.iterdir()) if sessions.exists() else []
    if code == 2:
        assert after == before          # a refused script stores nothing
    else:
        assert len([p for p in after if p.suffix == ".json"]) == len(
            [p for p in before if p.suffix == ".json"]) + 1


@pytest.mark.parametrize("content, message", [
    (b'game = "letzter"\nplayers = [', "not valid TOML"),
    (b"\xff\xfe\x00garbage", "is not UTF-8"),
    (b"", "game: is required"),
    (b'game = "kratzen"\n' + b'x = ' + b"[" * 2000 + b"]" * 2000, "night.toml"),
])
def test_broken_toml(tmp_path, capsys, content, message):
    path = tmp_path / "night.toml"
    path.write_bytes(content)
    code, _, err = run_cli(capsys, "replay", str(path))
    assert_clean_outcome(code, err)
    assert code == 2 and message in err


def test_deep_json_nesting_and_a_10_mb_file(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text('{"game": ' + "[" * 100000 + "]" * 100000 + "}")
    code, _, err = run_cli(capsys, "replay", str(deep))
    assert code == 2 and "deep.json" in err
    big = dict(BASES["letzter"])
    big["hands"] = [{"tricks": ["Anna"] * 8, "note": "x" * 1000}] * 10000
    path = tmp_path / "big.json"
    path.write_text(json.dumps(big))
    assert path.stat().st_size > 10_000_000
    code, _, err = run_cli(capsys, "replay", str(path))
    assert code == 2 and "the session finished after hand 8" in err


@pytest.mark.parametrize("value", [10**30, 10**200, -1, 0, "5", 5.0, True, None, [5]])
def test_starting_chips_of_every_kind(tmp_path, capsys, value):
    script = dict(BASES["letzter-stich"], options={"starting_chips": value})
    path = tmp_path / "s.json"
    path.write_text(json.dumps(script))
    code, out, err = run_cli(capsys, "replay", str(path))
    assert_clean_outcome(code, err)
    if code == 2:
        assert "options.starting_chips" in err


ARGS = st.lists(st.sampled_from([
    "replay", "new", "record", "undo", "amend", "show", "sessions", "audit", "export", "count",
    "referee", "trick", "rules", "deal", "--game", "kratzen", "letzter", "--players",
    "Anna,Ben,Cleo", "A,a,B", "--tricks", "Anna,Anna", "--indicator", "W", "6H", "--json",
    "--format", "html", "csv", "--cards", "KC,6D", "--trump", "X", "--hand", "", "Anna=3",
    "pot=x", "=", "1", "-1", "99999999999999999999", "zz", "--option", "rounds=0",
    "starting_chips=10000000000000000000000000", "--dealer", "Zed", "--entered", "--home"]),
    max_size=7)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(args=ARGS)
def test_random_command_lines_never_crash(tmp_path, capsys, monkeypatch, args):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    if "--home" in args:
        return  # --home takes a path; covered elsewhere
    if not args or args[0] in ("sessions",) or args == ["new"]:
        pass
    code, out, err = run_cli(capsys, *args) if args else (0, "", "")
    if args and args[0] in ("", None):
        return
    assert code in (0, 1, 2), (args, code, err)
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith("error: "), (args, err)
