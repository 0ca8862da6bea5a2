"""Chip counts and seat numbers on the command line (trial 34).

- A seat number beyond the seats (``9``, ``0``, ``-1``) was refused as a player's name nobody
  has ("'9' is not playing in this session"): it is said as a seat.
- ``count`` took half a chip in Letzter Stich, whose amounts are whole chips (Letzter: whole
  points; Kratzen keeps quarters of a chip).
- A count whose figures do not add up to what the ledger holds said each difference only, not
  that chips are missing in all.
- The audit said "counted in front of Ben: 3½" (pt "contado à frente de Ben").
- One figure, three wordings (de "DANEBEN um -5", "Differenz -5", "daneben um -5"): every text
  of a count says a difference with ``countwords.off_words``, one message for each sign so that
  a language may say "5 zu wenig", "3 zu viel".

A Letzter Stich session of Anna, Ben, Cleo and Dora, 5 chips each, the pot empty."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

import scorekeeper.countwords as countwords
from scorekeeper.countwords import off_words, total_words

PLAYERS = "Anna,Ben,Cleo,Dora"


def new_session(run, game: str = "letzter-stich") -> str:
    result = run("new", "--json", "--game", game, "--players", PLAYERS, "--dealer", "Anna")
    assert result.code == 0, result.err
    return json.loads(result.out)["id"]


def session_bytes(tmp_path: Path, session_id: str) -> bytes:
    return (tmp_path / "home" / "sessions" / f"{session_id}.json").read_bytes()


def refused(result) -> str:
    """The one error line of a refusal (exit status 2, nothing on stdout)."""
    assert result.code == 2, (result.out, result.err)
    assert result.out == "" and len(result.err.splitlines()) == 1, result.err
    return result.err.strip()


# ---- 1. a seat number beyond the seats ------------------------------------------------------

@pytest.mark.parametrize("seat", ["9", "-1", "0"])
def test_record_says_there_is_no_such_seat(run, tmp_path, seat):
    session = new_session(run)
    before = session_bytes(tmp_path, session)
    line = refused(run("record", session, "--tricks", f"1,2,3,{seat},1,2,3,4"))
    assert line == (f"error: sessions/{session}.json: hand 1: --tricks: there is no seat "
                    f"{int(seat)} (seats 1 to 4)")
    assert session_bytes(tmp_path, session) == before


def test_amend_says_there_is_no_such_seat_in_the_hand_amended(run, tmp_path):
    session = new_session(run)
    assert run("record", session, "--tricks", "1,2,3,4,1,2,3,4").code == 0
    before = session_bytes(tmp_path, session)
    line = refused(run("amend", session, "1", "--tricks", "1,2,3,4,1,2,3,5"))
    assert line == (f"error: sessions/{session}.json: hand 1: --tricks: there is no seat 5 "
                    "(seats 1 to 4)")
    assert session_bytes(tmp_path, session) == before


@pytest.mark.parametrize("seat", ["9", "0"])
def test_count_says_there_is_no_such_seat(run, tmp_path, seat):
    session = new_session(run)
    before = session_bytes(tmp_path, session)
    assert refused(run("count", session, f"{seat}=3")) == (
        f"error: count: there is no seat {seat} (seats 1 to 4)")
    assert session_bytes(tmp_path, session) == before


def test_a_name_nobody_has_is_still_said_as_a_name(run):
    session = new_session(run)
    assert "'Zed' is not playing in this session" in refused(run("count", session, "Zed=3"))
    assert "'Zed' is not playing" in refused(run("record", session, "--tricks",
                                                 "Zed,2,3,4,1,2,3,4"))


# ---- 2. no part of a chip the game's amounts can never have ---------------------------------

def test_count_refuses_half_a_chip_in_letzter_stich(run, tmp_path):
    session = new_session(run)
    before = session_bytes(tmp_path, session)
    assert refused(run("count", session, "Anna=5", "Ben=3.5")) == (
        "error: count: Ben: 3½: Letzter Stich counts whole chips, never part of a chip")
    assert refused(run("count", session, "--pot", "0.25")) == (
        "error: count: --pot: ¼: Letzter Stich counts whole chips, never part of a chip")
    assert session_bytes(tmp_path, session) == before
    assert run("count", session, "Ben=3").code == 1  # a whole chip is counted, and off


def test_count_refuses_part_of_a_point_in_letzter(run):
    session = new_session(run, "letzter")
    assert refused(run("count", session, "Cleo=0.5")) == (
        "error: count: Cleo: ½: Letzter counts whole points")


def test_count_takes_quarters_in_kratzen_and_nothing_finer(run):
    session = new_session(run, "kratzen")
    assert run("count", session, "Ben=-0.25", "pot=0.75").code == 1  # taken, and off
    assert refused(run("count", session, "Ben=0.125")) == (
        "error: count: Ben: 0.125: Kratzen counts chips in parts of ¼, never smaller")


# ---- 3. what is missing in all --------------------------------------------------------------

def test_count_says_how_many_chips_are_missing_in_all(run):
    session = new_session(run)
    counted = run("count", session, "Anna=5", "Ben=3", "Cleo=5", "pot=1")
    assert counted.code == 1
    assert counted.out.splitlines() == [
        "  Anna: counted 5, ledger 5  ok",
        "  Ben: counted 3, ledger 5  off by -2",
        "  Cleo: counted 5, ledger 5  ok",
        "  pot: counted 1, ledger 0  off by +1",
        "  counted in all 14, the ledger holds 15: 1 missing",
        "The count disagrees with the ledger before the first hand"]
    shown = run("show", session).out
    assert "Ben off by -2, pot off by +1; counted in all 14, the ledger holds 15: 1 missing" \
        in shown


def test_count_says_too_many_and_nothing_when_the_total_agrees(run):
    session = new_session(run)
    many = run("count", session, "Ben=7", "pot=1")
    assert "  counted in all 8, the ledger holds 5: 3 too many" in many.out.splitlines()
    even = run("count", session, "Ben=4", "pot=1")  # one chip moved from Ben to the pot
    assert even.code == 1 and "in all" not in even.out
    one = run("count", session, "Ben=4")  # one figure off: its own line says it
    assert one.code == 1 and "in all" not in one.out


def test_the_total_of_the_trial():
    """Konstantin counted 240 where the ledger says 245, the pot 75 where it says 72."""
    assert total_words([Decimal(240), Decimal(75), Decimal(10)],
                       [Decimal(245), Decimal(72), Decimal(10)]) == (
        "counted in all 325, the ledger holds 327: 2 missing")
    assert total_words([Decimal(240)], [Decimal(245)]) is None
    assert total_words([Decimal("1.25"), Decimal(3)], [Decimal(1), Decimal(3)]) is None


# ---- 4. the audit's words ------------------------------------------------------------------

def test_the_audit_says_whose_chips_were_counted(run):
    session = new_session(run)
    assert run("count", session, "Ben=3", "pot=1").code == 1
    audit = run("audit", session)
    assert audit.code == 1
    assert ("disagreed: Ben's chips counted 3, the ledger says 5 (off by -2), counted in the "
            "pot: 1, the ledger says 0 (off by +1)") in audit.out
    assert "in front of" not in audit.out


# ---- 5. one wording of a difference, a message for each sign -------------------------------

def test_a_difference_is_said_one_way_everywhere(run):
    session = new_session(run)
    counted = run("count", session, "Ben=3")
    assert "  Ben: counted 3, ledger 5  off by -2" in counted.out.splitlines()
    assert "OFF" not in counted.out
    assert "Ben off by -2" in run("show", session).out
    assert "(off by -2)" in run("audit", session).out


def test_a_language_may_say_too_few_and_too_many(monkeypatch):
    german = {"off by -{amount}": "{amount} zu wenig", "off by +{amount}": "{amount} zu viel"}
    monkeypatch.setattr(countwords, "_", lambda message: german.get(message, message))
    assert off_words(Decimal(-5)) == "5 zu wenig"
    assert off_words(Decimal("3.25")) == "3¼ zu viel"


def test_record_ask_says_there_is_no_such_seat(tmp_path):
    """``record --ask`` asks again, saying the seat as a seat (before: "tricks: '9' is not
    playing in this session")."""
    import subprocess
    import sys

    from scorekeeper.rules import make_config
    from scorekeeper.store import Store

    session = Store(tmp_path).create(make_config("letzter-stich", PLAYERS.split(","), "Anna"))
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--home", str(tmp_path),
                           "record", session.id, "--ask"],
                          input="\n".join(["9", "0", *"12341234"]) + "\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "there is no seat 9 (seats 1 to 4)" in done.stdout
    assert "there is no seat 0 (seats 1 to 4)" in done.stdout
    assert "not playing" not in done.stdout
