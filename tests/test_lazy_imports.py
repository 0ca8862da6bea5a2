"""What a command imports: ``sessions``, which needs no game once the home's index is up to
date, imports neither the rules nor pydantic, which together take longer to import than the
command takes in all (tests/benchmarks: "sessions, 100 files, whole process")."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scorekeeper.rules import make_config
from scorekeeper.store import Store

from .conftest import FOUR


def modules_after(args: list[str]) -> set[str]:
    probe = ("import sys\nfrom scorekeeper.cli import main\n"
             "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
             "print(' '.join(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                          text=True, check=True)
    return set(done.stdout.splitlines()[-1].split())


@pytest.mark.parametrize("args", [["sessions"], ["sessions", "--json"]])
def test_listing_the_sessions_imports_no_rules(tmp_path, args):
    Store(tmp_path).create(make_config("letzter", FOUR, "Anna"), [])
    modules_after(["--home", str(tmp_path), "sessions"])  # reads the new file, writes the index
    loaded = modules_after(["--home", str(tmp_path), *args])
    assert "scorekeeper.store.listing" in loaded
    assert not {m for m in loaded if m.startswith(("scorekeeper.rules", "pydantic"))}


def test_record_still_offers_every_game_field():
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "record", "--help"],
                          capture_output=True, text=True, check=True)
    assert "--indicator" in done.stdout and "--entered" in done.stdout


def test_a_command_imports_only_its_own_group_of_commands(tmp_path):
    """``sessions`` imports its own module of commands, not the ten others (cli/group.py
    finds a command when asked for it)."""
    loaded = modules_after(["--home", str(tmp_path), "sessions"])
    commands = {m for m in loaded if m.startswith("scorekeeper.cli.")}
    assert "scorekeeper.cli.sessions" in commands
    assert not commands & {f"scorekeeper.cli.{m}" for m in (
        "apps", "hands", "evenings", "accounts", "exports", "referee", "sync")}
