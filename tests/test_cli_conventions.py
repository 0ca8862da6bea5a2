"""Command line conventions: --version, help with summaries and examples, the games as a
choice of the registry's, and shell completion of session ids."""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from scorekeeper.cli import cli
from scorekeeper.cli import options as commands
from scorekeeper.rules import GAMES, make_config
from scorekeeper.store import Store


def scorekeeper(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``scorekeeper ARGS`` in a child process, at a terminal width of 80 columns."""
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                          text=True, timeout=120, env=os.environ | {"COLUMNS": "80"} | (env or {}))


def subcommands(group: click.Group) -> dict[str, click.Command]:
    """A group's commands by name, as click finds them (``scorekeeper``'s are imported when
    asked for: cli/group.py)."""
    context = click.Context(group)
    return {name: command for name in group.list_commands(context)
            if (command := group.get_command(context, name)) is not None}


def all_commands(group: click.Group = cli, path: tuple[str, ...] = ()):
    for name, command in subcommands(group).items():
        yield path + (name,), command
        if isinstance(command, click.Group):
            yield from all_commands(command, path + (name,))


def test_version_is_the_installed_version_and_exits_0():
    done = scorekeeper("--version")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"scorekeeper, version {importlib.metadata.version('scorekeeper')}\n"


def test_version_in_process(run):
    result = run("--version")
    assert result.code == 0 and result.out.startswith("scorekeeper, version ")


def test_help_lists_every_command_with_its_whole_summary_and_examples():
    for group_path in [()] + [path for path, command in all_commands()
                             if isinstance(command, click.Group)]:
        group = cli
        for name in group_path:
            group = subcommands(group)[name]
        done = scorekeeper(*group_path, "--help")
        assert done.returncode == 0, done.stderr
        for name, command in subcommands(group).items():
            if command.hidden:  # internal (scoreboard, run by serve): never listed
                assert not re.search(rf"^  {re.escape(name)} ", done.stdout, re.MULTILINE)
                continue
            summary = command.get_short_help_str(limit=1000)
            # Short enough that click never cuts it with "..." (its default limit is 45).
            assert command.get_short_help_str(limit=45) == summary and len(summary) <= 45
            assert re.search(rf"^  {re.escape(name)} +{re.escape(summary)}$", done.stdout,
                             re.MULTILINE), (name, summary)
        listing = done.stdout.split("\nCommands:\n", 1)[1].split("\n\n", 1)[0]
        assert "..." not in listing
    top = scorekeeper("--help").stdout
    assert "Examples:" in top and "\n    scorekeeper new --game GAME --players" in top
    assert "GAME is one of " + ", ".join(GAMES) in top


@pytest.mark.parametrize("path", [path for path, command in all_commands()])
def test_each_command_help_keeps_its_examples_unwrapped(path):
    done = scorekeeper(*path, "--help")
    assert done.returncode == 0 and "Usage: scorekeeper " + " ".join(path) in done.stdout
    assert all(len(line) <= 80 for line in done.stdout.splitlines())
    for line in done.stdout.splitlines():
        if line.startswith("    scorekeeper "):  # an example: one whole command line
            assert (line + " ").startswith("    scorekeeper " + " ".join(path) + " "), line


@pytest.mark.parametrize("path", [("new",), ("record",), ("amend",), ("count",), ("export",),
                                  ("replay",), ("deal",), ("referee", "trick")])
def test_commands_with_options_to_learn_show_an_example(path):
    assert "Example" in scorekeeper(*path, "--help").stdout


@pytest.mark.parametrize("args, where", [
    (["new", "--game", "skat", "--players", "A,B,C"], "--game"),
    (["referee", "trick", "--game", "skat", "--cards", "9S"], "--game"),
    (["rules", "skat"], "GAME"),
    (["deal", "skat", "--players", "3"], "GAME"),
])
def test_a_bad_game_is_one_error_line_naming_the_flag_and_the_games(run, args, where):
    result = run(*args)
    assert result.code == 2 and result.out == ""
    assert len(result.err.splitlines()) == 1 and result.err.startswith("error: ")
    assert where in result.err and "'skat'" in result.err
    assert "(choose " + ", ".join(GAMES) + ")" in result.err


def test_the_game_is_read_in_any_case(run):
    made = run("new", "--game", f" {GAMES[0].upper()}", "--players", "Anna,Ben,Cleo",
               "--dealer", "Anna", "--json")
    assert made.code == 0, made.err
    assert f'"game": "{GAMES[0]}"' in made.out
    assert run("rules", GAMES[-1].title()).code == 0


def test_the_help_of_game_options_lists_the_registry():
    assert "[" + "|".join(GAMES) + "]" in scorekeeper("new", "--help").stdout
    assert "GAME is one of " + ", ".join(GAMES) in scorekeeper("rules", "--help").stdout


# Shell completion, as the shell drives it.

def complete(words: str, home: Path | None, kind: str = "bash") -> subprocess.CompletedProcess:
    """What ``scorekeeper`` offers for the last (possibly empty) word of ``words``."""
    env = {"_SCOREKEEPER_COMPLETE": f"{kind}_complete", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
           "SCOREKEEPER_HOME": str(home) if home else ""}
    return scorekeeper(env=env)


def offered(done: subprocess.CompletedProcess) -> list[str]:
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [line.split(",", 1)[1] for line in done.stdout.splitlines() if line]


@pytest.fixture
def home(tmp_path) -> Path:
    """A home with three sessions whose ids are abc11111, abd22222 and f0000000."""
    ids = iter(["abc11111", "abd22222", "f0000000"])
    store = Store(tmp_path / "home", new_id=lambda: next(ids))
    for players in (["Anna", "Ben", "Cleo"], ["Dora", "Emil", "Fritz"], ["Gus", "Hal", "Ida"]):
        store.create(make_config(GAMES[0], players, players[0]))
    return tmp_path / "home"


@pytest.mark.parametrize("command", ["tui", "record", "undo", "amend", "show", "audit",
                                     "count", "export", "name", "archive", "new --continue",
                                     "new --same-players"])
def test_session_arguments_complete_the_stored_ids(home, command):
    assert sorted(offered(complete(f"scorekeeper {command} ab", home))) == ["abc11111", "abd22222"]


def test_completion_matches_the_prefix_only(home):
    assert offered(complete("scorekeeper show abc", home)) == ["abc11111"]
    assert offered(complete("scorekeeper show ABD", home)) == ["abd22222"]
    assert sorted(offered(complete("scorekeeper show ", home))) == [
        "abc11111", "abd22222", "f0000000"]
    assert offered(complete("scorekeeper show x", home)) == []


def test_completion_reads_the_home_given_on_the_command_line(home):
    assert offered(complete(f"scorekeeper --home {home} show f", None)) == ["f0000000"]
    assert offered(complete(f"scorekeeper show --home {home} f", None)) == ["f0000000"]


def test_completion_describes_each_session_for_zsh(home):
    done = complete("scorekeeper show abc", home, kind="zsh")
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["plain", "abc11111", f"{GAMES[0]}: Anna, Ben, Cleo"]


def test_completion_skips_a_damaged_file(home):
    (home / "sessions" / "abe33333.json").write_text("{ not json", encoding="utf-8")
    assert sorted(offered(complete("scorekeeper show ab", home))) == ["abc11111", "abd22222"]


def test_completion_in_an_empty_or_missing_home_offers_nothing(tmp_path):
    (tmp_path / "empty").mkdir()
    for home in (tmp_path / "empty", tmp_path / "missing"):
        done = complete("scorekeeper show ", home)
        assert done.returncode == 0 and done.stdout.strip() == "" and done.stderr == ""
    assert not (tmp_path / "missing").exists()


def test_completion_never_fails(monkeypatch, tmp_path):
    def broken(self):
        raise OSError("disk on fire")

    monkeypatch.setattr(Store, "list_sessions", broken)
    ctx = click.Context(cli, info_name="scorekeeper")
    ctx.params["home"] = str(tmp_path)
    assert commands.complete_sessions(ctx, cli.params[0], "") == []


def test_games_complete_from_the_registry():
    assert offered(complete("scorekeeper new --game ", None)) == list(GAMES)
    assert offered(complete(f"scorekeeper rules {GAMES[-1][:2]}", None)) == [
        g for g in GAMES if g.startswith(GAMES[-1][:2])]
