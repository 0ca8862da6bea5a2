"""Static checks are part of the tests: ruff and mypy, as configured in pyproject.toml, find
nothing. A new finding fails the normal test run (and so CI), with the findings printed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m <tool> ...`` from the repository root, with this interpreter."""
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def findings(done: subprocess.CompletedProcess[str]) -> str:
    return f"exit {done.returncode}\n{done.stdout}{done.stderr}"


def assert_clean(done: subprocess.CompletedProcess[str]) -> None:
    if done.returncode != 0:
        pytest.fail(f"{' '.join(done.args[1:])} found something:\n{findings(done)}",
                    pytrace=False)


def test_ruff_finds_nothing() -> None:
    # tools/ too: the catalog tool and the byte comparison are code the project runs.
    assert_clean(run_tool("ruff", "check", "--no-cache", "--output-format", "concise",
                          "scorekeeper", "tests", "tools"))


def test_mypy_finds_nothing(tmp_path: Path) -> None:
    # A fresh cache each run: a stale one in the working tree must never hide a finding.
    assert_clean(run_tool("mypy", "--cache-dir", str(tmp_path / "mypy-cache")))


def test_the_checks_fail_on_a_finding(tmp_path: Path) -> None:
    """The two checks above would notice: an unused import and a wrong type are reported."""
    sample = tmp_path / "sample.py"
    sample.write_text('import os\n\n\ndef f() -> int:\n    return "one"\n', encoding="utf-8")
    ruff = run_tool("ruff", "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"),
                    str(sample))
    assert ruff.returncode == 1 and "F401" in ruff.stdout, findings(ruff)
    mypy = run_tool("mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir",
                    str(tmp_path / "mypy-cache"), str(sample))
    assert mypy.returncode == 1 and "[return-value]" in mypy.stdout, findings(mypy)


@pytest.mark.parametrize("tool", ["ruff", "mypy"])
def test_the_checkers_are_installed_by_the_test_extra(tool: str) -> None:
    """They come with ``pip install -e '.[test]'``: pinned there, importable here."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"{tool}==' in text
    assert_clean(run_tool(tool, "--version"))
