"""Crashes and concurrency: a SIGKILL at any moment loses no recorded hand; two writers at
once lose nothing."""

import json
import random
import signal
import subprocess
import sys
import textwrap
import time

from scorekeeper.audit import audit_document
from scorekeeper.rules import make_config
from scorekeeper.store import Store

WORKER = textwrap.dedent("""
    import sys
    from scorekeeper.rules import HandRecord
    from scorekeeper.store import Store
    home, session, winner, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    store = Store(home, lock_wait=60)
    others = [p for p in ("Anna", "Ben", "Cleo") if p != winner]
    for i in range(count):
        store.record(session, HandRecord(tricks=tuple(others * 4)[:7] + (winner,)))
        print(i + 1, flush=True)
""")


def open_ended_session(home) -> str:
    return Store(home).create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna")).id


def check_file(home, session_id, at_least: int) -> int:
    path = home / "sessions" / f"{session_id}.json"
    data = json.loads(path.read_text())           # always whole JSON
    assert audit_document(data) == []              # audits clean
    hands = len(data["hands"])
    assert hands >= at_least                       # every acknowledged hand is there
    return hands


def test_sigkill_at_random_moments_loses_no_acknowledged_hand(tmp_path):
    home = tmp_path / "home"
    session_id = open_ended_session(home)
    rng = random.Random(20261129)
    acknowledged = 0
    kills = 0
    while kills < 60:
        worker = subprocess.Popen([sys.executable, "-c", WORKER, str(home), session_id, "Cleo",
                                   "1000"], stdout=subprocess.PIPE, text=True)
        # Let it import and start writing, then kill it somewhere in a write.
        first = worker.stdout.readline()
        acknowledged += 1 if first.strip() else 0
        time.sleep(rng.uniform(0, 0.05))
        worker.send_signal(signal.SIGKILL)
        rest = worker.stdout.read()
        worker.wait()
        acknowledged += len(rest.split())
        kills += 1
        hands = check_file(home, session_id, acknowledged)
        # A hand written but killed before it was acknowledged may be there too, never more.
        assert hands <= acknowledged + 1
        acknowledged = hands
    leftovers = [p for p in (home / "sessions").iterdir() if p.suffix == ".tmp"]
    # A kill between writing the temporary file and renaming it may leave one behind; it is
    # never read as a session.
    assert all(p.name.startswith(".") for p in leftovers)
    assert len(Store(home).list_sessions()) == 1


def test_two_processes_recording_at_once_lose_nothing(tmp_path):
    home = tmp_path / "home"
    session_id = open_ended_session(home)
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, str(home), session_id, winner,
                                 "100"], stdout=subprocess.PIPE, text=True)
               for winner in ("Anna", "Ben")]
    for worker in workers:
        out, _ = worker.communicate(timeout=300)
        assert worker.returncode == 0
        assert out.split()[-1] == "100"
    data = json.loads((home / "sessions" / f"{session_id}.json").read_text())
    assert audit_document(data) == []
    assert len(data["hands"]) == 200
    last_tricks = [h["record"]["tricks"][-1] for h in data["hands"].values()]
    assert last_tricks.count("Anna") == 100 and last_tricks.count("Ben") == 100
    session = Store(home).open(session_id)
    assert session.ledger().state.scores == {"Anna": 100, "Ben": 100, "Cleo": 0}


def test_a_lock_held_by_a_live_process_ends_in_a_clear_message(tmp_path):
    from scorekeeper.errors import StoreError
    from scorekeeper.rules import HandRecord

    home = tmp_path / "home"
    session_id = open_ended_session(home)
    path = home / "sessions" / f"{session_id}.json"
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import time
        from filelock import FileLock
        with FileLock({str(path) + '.lock'!r}):
            print('held', flush=True)
            time.sleep(30)
    """)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        store = Store(home, lock_wait=0.3)
        try:
            store.record(session_id, HandRecord(tricks=("Anna",) * 8))
        except StoreError as error:
            assert "in use by another scorekeeper (waited 0.3 s)" in str(error)
        else:
            raise AssertionError("recorded while another process held the lock")
    finally:
        holder.kill()
        holder.wait()
    # The holder died: its lock went with it, and recording works again.
    Store(home, lock_wait=2).record(session_id, HandRecord(tricks=("Anna",) * 8))
