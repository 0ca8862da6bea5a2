"""The command line walks through the same hand draft as the table app (record --ask)."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal

from scorekeeper.rules import make_config
from scorekeeper.store import Store


def ask(home, session_id: str, answers: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--home", str(home), "record",
                           session_id, "--ask"], input="\n".join(answers) + "\n",
                          capture_output=True, text=True, timeout=60)


def test_a_kratzen_hand_asked_step_by_step(tmp_path):
    store = Store(tmp_path)
    session = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna"))
    # Hand 1, Anna deals into an empty pot: a Muss, no decisions. K♣ turned; one trick each.
    done = ask(tmp_path, session.id, ["kc", "1", "2", "3", "4"])
    assert done.returncode == 0, done.stderr
    assert "Who won trick 2? (Anna leads)" in done.stdout
    # Hand 2, Ben deals into 15: Q♥; Cleo drops, Dora plays ("x" is refused and asked again),
    # Anna plays; seat 5 is refused; tricks Anna, Ben, Dora, Dora. P = 16, P/4 = 4; Ben, the
    # dealer, took 1 of the 2 he needed and pays 2P = 32: Ben -1 +4 -32 = -29.
    done = ask(tmp_path, session.id, ["qh", "d", "x", "p", "p", "1", "2", "5", "4", "4"])
    assert done.returncode == 0, done.stderr
    assert "type p (plays) or d (drops)" in done.stdout
    assert "there is no seat 5 (seats 1 to 4)" in done.stdout
    hand = store.open(session.id).ledger().settlements[1]
    assert hand.record.entered == ("Dora", "Anna") and hand.kind == "normal"
    assert hand.deltas == {"Anna": Decimal(4), "Ben": Decimal(-29), "Cleo": Decimal(0),
                           "Dora": Decimal(8)}
    assert hand.pot_after == 32


def test_asking_and_options_together_are_refused(tmp_path):
    store = Store(tmp_path)
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--home", str(tmp_path),
                           "record", session.id, "--ask", "--tricks", "Anna"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("error: --ask:") and "Traceback" not in done.stderr
    assert store.open(session.id).hands_played == 0
