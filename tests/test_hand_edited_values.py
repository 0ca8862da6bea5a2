"""Session files edited by hand can hold values orjson refuses to write (whole numbers beyond
64 bits, text with lone surrogates) or writes otherwise than ``json.dumps`` (floats): such a
file is hashed, audited and written as before, its damage reported, never a traceback."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures" / "written-by-0.1.0"
SESSION = "c2c9805e"  # Letzter Stich, 2 hands, then a count
NEXT_HAND = ("--tricks", "Ève,Ève,Ben,Ben,Ωmega,Ωmega,Ben,Ève")
ODD = {"big": 2**70, "negative": -2**64 - 5, "surrogate": "x\ud800y", "float": 1e-05,
       "mixed": {"b": [2**65, "\udfff"], "a": 0.5}}


def old_hash(event: dict) -> str:
    """The hash as scorekeeper 0.1.0 made it (``surrogatepass``: 0.1.0 could not hash a lone
    surrogate at all; this is what it would have hashed)."""
    body = {k: v for k, v in event.items() if k != "hash"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@pytest.fixture
def edited(tmp_path):
    """Copy the old session into a home; ``edit(change)`` rewrites its file (as json.dumps
    would, escapes and all) after ``change(data)``."""
    shutil.copytree(FIXTURES / "sessions", tmp_path / "home" / "sessions")
    path = tmp_path / "home" / "sessions" / f"{SESSION}.json"

    def edit(change) -> Path:
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="ascii")
        return path

    return edit


@pytest.mark.parametrize("name", sorted(ODD))
def test_an_odd_value_in_an_old_event_is_a_chain_finding(run, edited, name):
    edited(lambda data: data["events"]["2"].__setitem__("extra", ODD[name]))
    audit = run("audit", SESSION)
    assert audit.code == 1
    assert "event 2 (hand of hand 1): its contents do not match its hash" in audit.out
    assert audit.err == ""
    as_json = run("audit", SESSION, "--json")
    assert as_json.code == 1 and as_json.err == ""


@pytest.mark.parametrize("name", sorted(ODD))
def test_an_odd_value_hashed_as_json_dumps_hashed_it_audits_clean_and_is_kept(
        run, edited, name):
    def change(data):
        newest = data["events"][str(len(data["events"]))]
        newest["extra"] = ODD[name]
        newest["hash"] = old_hash(newest)

    path = edited(change)
    audit = run("audit", SESSION)
    assert audit.code == 0, audit.out + audit.err
    recorded = run("record", SESSION, *NEXT_HAND)
    assert recorded.code == 0, recorded.err
    audit = run("audit", SESSION)
    assert audit.code == 0, audit.out + audit.err
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["events"]["4"]["extra"] == ODD[name]
    assert run("show", SESSION, "--json").code == 0


@pytest.mark.parametrize("name", sorted(ODD))
def test_an_odd_value_in_the_header_is_written_back_as_it_was(run, edited, name):
    path = edited(lambda data: data["session"]["1"].__setitem__("extra", ODD[name]))
    recorded = run("record", SESSION, *NEXT_HAND)
    assert recorded.code == 0, recorded.err
    assert json.loads(path.read_text(encoding="utf-8"))["session"]["1"]["extra"] == ODD[name]
    assert run("audit", SESSION).code == 0
    assert run("sessions").code == 0


def test_an_odd_value_in_a_stored_hand_is_a_finding(run, edited):
    edited(lambda data: data["hands"]["1"].__setitem__("pot_after", 2**70))
    audit = run("audit", SESSION)
    assert audit.code == 1 and audit.err == ""
    assert "hand 1: stored pot_after 1180591620717411303424 differs" in audit.out
    edited(lambda data: data["hands"]["1"].__setitem__("pot_after", "\ud800"))
    audit = run("audit", SESSION, "--json")
    assert audit.code == 1 and audit.err == ""
    assert "\\ud800" in audit.out
