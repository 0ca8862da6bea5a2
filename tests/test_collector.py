"""The cycle collector's policy lives in scorekeeper/collector.py alone: a command runs with it
paused and gives it back as it found it; an app turns it on with its start frozen out of the
scans; nothing else in the package touches ``gc``."""

from __future__ import annotations

import ast
import gc
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import collector

# The module (``scorekeeper.cli.entry`` as an attribute is the function of that name).
entry = importlib.import_module("scorekeeper.cli.entry")

PACKAGE = Path(collector.__file__).parent


def gc_uses(path: Path) -> list[str]:
    """Where ``path`` imports ``gc`` or calls one of its functions."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import) and any(a.name == "gc" for a in node.names):
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: import gc")
        elif isinstance(node, ast.ImportFrom) and node.module == "gc":
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: from gc import")
    return found


def test_only_the_collector_module_touches_gc() -> None:
    uses = [use for path in sorted(PACKAGE.rglob("*.py")) if path != Path(collector.__file__)
            for use in gc_uses(path)]
    assert uses == []


@pytest.fixture
def collecting() -> Iterator[None]:
    """The collector as the test found it, whatever the test does to it."""
    was = gc.isenabled()
    try:
        yield
    finally:
        gc.unfreeze()
        if was:
            gc.enable()
        else:
            gc.disable()


@pytest.mark.parametrize("enabled_before", [True, False])
def test_a_command_runs_with_the_collector_paused_and_gives_it_back(
        collecting: None, monkeypatch: pytest.MonkeyPatch, enabled_before: bool) -> None:
    seen: list[bool] = []

    def run(argv: list[str] | None) -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(entry, "_run", run)
    if enabled_before:
        gc.enable()
    else:
        gc.disable()
    with pytest.raises(SystemExit) as done:
        entry.main(["sessions"])
    assert done.value.code == 0
    assert seen == [False]  # paused while the command ran
    assert gc.isenabled() is enabled_before  # and given back as it was


def test_a_command_that_fails_gives_the_collector_back(
        collecting: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def run(argv: list[str] | None) -> int:
        raise RuntimeError("a bug in a command")

    monkeypatch.setattr(entry, "_run", run)
    gc.enable()
    with pytest.raises(RuntimeError):
        entry.main(["sessions"])
    assert gc.isenabled()


def test_an_app_starts_with_the_collector_paused(collecting: None) -> None:
    gc.enable()
    collector.for_an_app()
    assert not gc.isenabled()


def test_an_app_shown_runs_with_the_collector_on_and_its_start_frozen(collecting: None) -> None:
    gc.disable()  # as an app starts
    made_while_starting = [object() for _ in range(10)]
    gc.unfreeze()
    collector.app_shown()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= len(made_while_starting)


def test_the_server_runs_with_the_collector_on(collecting: None) -> None:
    gc.disable()
    collector.for_a_server()
    assert gc.isenabled()


def test_at_the_end_of_a_process_what_is_left_is_frozen(collecting: None) -> None:
    gc.unfreeze()
    collector.at_exit()
    assert gc.get_freeze_count() > 0
