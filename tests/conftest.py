"""Shared helpers: settle hands in a line, and run the command line in-process."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.i18n import use_language
from scorekeeper.ledger import Ledger, settle_hands
from scorekeeper.rules import HandRecord, make_config

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FOUR = ["Anna", "Ben", "Cleo", "Dora"]


def F(text: str | int) -> Fraction:
    return Fraction(text)


def play(game: str, hands: list[dict], players=FOUR, first_dealer: str | None = None,
         **options) -> Ledger:
    """Settle ``hands`` (dicts as in a script) for a table seated as ``players``."""
    config = make_config(game, list(players), first_dealer or players[0], options)
    return settle_hands(config, [HandRecord(**h) for h in hands])


def scores(ledger: Ledger) -> dict[str, Fraction]:
    return dict(ledger.state.scores)


@pytest.fixture(autouse=True)
def english_unless_told(monkeypatch):
    """Every test starts in English, whatever the machine's locale: the locale variables are
    pinned to C (subprocesses inherit them), and the language in use is English before and
    after each test (tests of other languages ask for theirs)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    use_language("en")
    yield
    use_language("en")


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def run(capsys, tmp_path, monkeypatch):
    """Run ``scorekeeper ARGS`` in-process with a private home; return code, stdout, stderr."""
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))

    def runner(*args: str) -> Result:
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main(list(args))
        captured = capsys.readouterr()
        return Result(done.value.code or 0, captured.out, captured.err)

    return runner
