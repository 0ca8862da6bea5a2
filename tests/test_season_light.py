"""The season from the listing's index is served without the rules: neither pydantic, the
rules, the ledger, the documents nor the exports are imported (issue 28: the season of 1,000
evenings from its index within 0.1 s of the start of any command). The first run, which reads
the files, imports them; the next does not, and says the same bytes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import EXAMPLES

HEAVY = ("pydantic", "scorekeeper.rules", "scorekeeper.ledger", "scorekeeper.documents",
         "scorekeeper.history", "scorekeeper.sessionfile", "scorekeeper.audit",
         "scorekeeper.export", "scorekeeper.presentation", "scorekeeper.settleup")
ENV = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
ENV |= {"LANG": "C.UTF-8"}


def scorekeeper(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-X", "importtime", "-m", "scorekeeper", "--home",
                           str(home), *args], capture_output=True, text=True, env=ENV,
                          check=True, timeout=120)


def imported(done: subprocess.CompletedProcess[str]) -> set[str]:
    """The modules ``-X importtime`` says the process imported."""
    return {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:")}


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("light")
    for example in ("kratzen.toml", "letzter.toml", "letzter-stich.toml"):
        subprocess.run([sys.executable, "-m", "scorekeeper", "--home", str(home), "replay",
                        str(EXAMPLES / example), "--save"], capture_output=True, env=ENV,
                       check=True, timeout=120)
    return home


@pytest.mark.parametrize("args", [("season",), ("season", "--json"), ("players",)])
def test_the_season_from_the_index_imports_nothing_heavy(home, args):
    (home / "index.json").unlink(missing_ok=True)
    first = scorekeeper(home, *args)
    # Each file's line and figures sealed in it (store/trailer.py): the first run needs no
    # rules either ...
    assert not [m for m in imported(first) if m.startswith(HEAVY)]
    again = scorekeeper(home, *args)
    assert again.stdout == first.stdout and "kratzen" in again.stdout.lower()
    assert not [m for m in imported(again) if m.startswith(HEAVY)]
    # ... but a file written before they were, read and checked whole, does.
    older = next((home / "sessions").glob("*.json"))
    sealed = older.read_bytes()
    data = json.loads(sealed)
    del data["listing"]
    older.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (home / "index.json").unlink()
    try:
        read_whole = scorekeeper(home, *args)
    finally:
        older.write_bytes(sealed)  # (the home is the module's: as it was)
        (home / "index.json").unlink(missing_ok=True)
    assert read_whole.stdout == first.stdout and "pydantic" in imported(read_whole)


def test_the_game_s_facts_in_the_index_are_believed_only_as_sealed(tmp_path):
    """What a season shows of a game (its title, the tables' order) comes from the index now:
    an entry whose facts were edited by hand (its tie to the file kept) is dropped and worked
    out again from the file, as an edited figure is."""
    from scorekeeper.rules import HandRecord, make_config
    from scorekeeper.season import season
    from scorekeeper.seasonevening import evenings_listed
    from scorekeeper.seasonformats import season_text
    from scorekeeper.seasonnames import Roster
    from scorekeeper.store import Store

    store = Store(tmp_path)
    store.create(make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna"),
                 [HandRecord(indicator=("KC",), tricks=("Ben",) * 4)])

    def text() -> str:
        evenings, skipped = evenings_listed(store.list_sessions(figures=True))
        return season_text(season(evenings, Roster(), skipped=skipped))

    before = text()
    assert before.startswith("Kratzen, every evening: 1 evening\n")
    index = json.loads((tmp_path / "index.json").read_text("utf-8"))
    for entry in index["files"].values():
        entry["figures"]["facts"]["title"] = "Hacked"
        entry["figures"]["unit"] = "point"
    (tmp_path / "index.json").write_text(json.dumps(index), "utf-8")
    assert text() == before
