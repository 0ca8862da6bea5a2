"""What ``show`` and ``record`` import besides their work (issue 28: "show" and "record" of 100
hands, whole processes): neither the listing, its index nor the sync's conflicts; with
``--home`` given before the command, not the default home's folder (platformdirs); and the
language setting is read with the store's storage alone. Anna, Ben, Cleo and Dora play
Kratzen."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from scorekeeper.rules import make_config
from scorekeeper.store import Store

from .conftest import FOUR
from .test_lazy_imports import modules_after

NEVER = {"scorekeeper.store.listing", "scorekeeper.store.conflicts", "platformdirs"}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_HOME", raising=False)
    session = Store(tmp_path).create(make_config("kratzen", FOUR, "Anna"), [])
    return tmp_path, session.id


HAND = ["--indicator", "7D", "--tricks", "Anna,Ben,Cleo,Dora"]  # a forced Muss, valid anywhere


@pytest.mark.parametrize("command", [["show"], ["record", *HAND]])
def test_show_and_record_import_no_listing(home, command):
    folder, session = home
    loaded = modules_after(["--home", str(folder), command[0], session, *command[1:]])
    assert "scorekeeper.store.home" in loaded  # the command ran
    assert not loaded & NEVER
    assert Store(folder).open(session).hands_played == (1 if command[0] == "record" else 0)


def test_the_language_setting_is_read_with_the_storage_alone(tmp_path):
    (tmp_path / "settings.json").write_text('{"language": "de"}\n', encoding="utf-8")
    probe = ("import sys\nfrom pathlib import Path\nfrom scorekeeper.settings import "
             "language_setting\nprint(language_setting(Path(sys.argv[1])))\n"
             "print(' '.join(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", probe, str(tmp_path)], capture_output=True,
                          text=True, check=True, env=os.environ)
    said, modules = done.stdout.splitlines()[-2:]
    assert said == "de"
    assert "scorekeeper.store.storage" in modules.split()
    assert not {"scorekeeper.store.home", "scorekeeper.store.listing"} & set(modules.split())


def test_record_makes_no_model_of_the_history(run, tmp_path, monkeypatch):
    """``record`` says who deals next from the file's rows: the history (a model per event)
    is not made for it (about 30 % of the command's own work at 100 hands)."""
    from scorekeeper import history

    session = Store(tmp_path / "home").create(make_config("kratzen", FOUR, "Anna"), []).id
    made: list[int] = []
    real = history.events_from_json

    def counting(rows):
        made.append(len(rows))
        return real(rows)

    monkeypatch.setattr(history, "events_from_json", counting)
    done = run("record", session, *HAND)
    assert done.code == 0, done.err
    assert "next: hand 2, Ben deals, Ben leads; digest" in done.out  # the dealer leads (rules)
    assert made == []
