"""``scorekeeper sync`` killed (SIGKILL) at random moments, dozens of times: the home is never
left with a half-written session or a lost hand, and the next sync goes on from there.

Ben's laptop has recorded hand 3 of evening 1 and started evening 3; Anna's has recorded on
evening 2, started evening 4 and amended evening 1 (so evening 1 differs on both laptops), and
synced first. Ben's sync is killed somewhere between its start and its end."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.script import replay_file
from scorekeeper.store import Store
from scorekeeper.store.sync import sync as sync_home

from .conftest import EXAMPLES

WORKED = replay_file(EXAMPLES / "kratzen.toml")
HANDS = [s.record for s in WORKED.settlements]
RUNS = int(os.environ.get("SYNC_KILL_RUNS", "30"))


@pytest.fixture(scope="module")
def before(tmp_path_factory):
    """Ben's home and the club's repository just before Ben's sync, and what Ben holds."""
    root = tmp_path_factory.mktemp("club")
    anna, ben, stick = root / "anna", root / "ben", root / "stick.git"
    a, b = Store(anna), Store(ben)
    first = a.create(WORKED.config, HANDS[:2]).id
    second = a.create(WORKED.config, HANDS[:1]).id
    assert sync(anna, stick, "--create").returncode == 0
    assert sync(ben, stick).returncode == 0
    b.record(first, HANDS[2])  # Ben's hand: never to be lost
    third = b.create(WORKED.config, HANDS[:3]).id
    a.record(second, HANDS[1])
    fourth = a.create(WORKED.config, HANDS[:4]).id
    a.amend(first, 1, {"tricks": ("Anna", "Anna", "Cleo", "Dora")})
    assert sync(anna, stick).returncode == 0
    bens = {s: b.open(s).digest for s in (first, third)}
    return root, {"first": first, "second": second, "third": third, "fourth": fourth}, bens


def sync(home: Path, stick: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--home", str(home), "sync",
                           str(stick), *args], capture_output=True, text=True, timeout=60)


def versions(home: Path, session: str) -> dict[str, int]:
    """Every whole version of a session anywhere in the home (its file, the conflicts, the
    trash): digest -> hands. A file that is not whole fails here."""
    found = {}
    for folder in ("sessions", "conflicts", "trash"):
        for path in (home / folder).glob(f"{session}*.json"):
            opened = Store(home).open(str(path))
            found[opened.digest] = opened.hands_played
    return found


def whole_sync_seconds(template, tmp_path) -> float:
    """How long one whole sync of the template takes here (a process, not killed)."""
    ben, stick = tmp_path / "timed-ben", tmp_path / "timed-stick.git"
    shutil.copytree(template / "ben", ben, symlinks=True)
    shutil.copytree(template / "stick.git", stick, symlinks=True)
    began = time.monotonic()
    subprocess.run([sys.executable, "-m", "scorekeeper", "--home", str(ben), "sync",
                    str(stick)], capture_output=True, check=False)
    took = time.monotonic() - began
    shutil.rmtree(ben)
    shutil.rmtree(stick)
    return took


def test_a_sync_killed_at_any_moment_leaves_the_home_whole_and_the_next_sync_works(
        before, tmp_path):
    template, ids, bens = before
    shuffled = random.Random(27)
    whole = whole_sync_seconds(template, tmp_path)  # the kills fall within it, on any machine
    start, killed = time.monotonic(), 0
    for run in range(RUNS):
        ben, stick = tmp_path / f"ben{run}", tmp_path / f"stick{run}.git"
        shutil.copytree(template / "ben", ben, symlinks=True)
        shutil.copytree(template / "stick.git", stick, symlinks=True)
        process = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--home", str(ben),
                                    "sync", str(stick)], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(shuffled.uniform(0.15, 0.95) * whole)
        process.send_signal(signal.SIGKILL)
        killed += process.wait() == -signal.SIGKILL
        for name in ("first", "third"):  # Ben's hands: in a whole file somewhere
            assert bens[ids[name]] in versions(ben, ids[name]), (run, name)
        for path in (ben / "sessions").glob("*.json"):
            Store(ben).open(path.stem)  # whole, chain and seals intact
        again = sync_home(ben, str(stick))  # the next sync, in this process: quicker
        assert [c.id for c in again.conflicts] == [ids["first"]], run
        assert versions(ben, ids["second"]) and max(versions(ben, ids["second"]).values()) == 2
        assert max(versions(ben, ids["fourth"]).values()) == 4
        assert set(versions(ben, ids["first"])) >= {bens[ids["first"]]}
        assert len(versions(ben, ids["first"])) >= 2, run  # both histories kept
        shutil.rmtree(ben)
        shutil.rmtree(stick)
    assert killed >= RUNS // 2  # most runs were stopped before their end
    assert time.monotonic() - start < 120


def test_a_lock_left_on_the_remote_by_a_killed_push_does_not_stop_the_club(before, tmp_path):
    template, ids, _bens = before
    ben, stick = tmp_path / "ben", tmp_path / "stick.git"
    shutil.copytree(template / "ben", ben, symlinks=True)
    shutil.copytree(template / "stick.git", stick, symlinks=True)
    lock = stick / "refs" / "heads" / "main.lock"
    lock.write_bytes(b"")
    os.utime(lock, (time.time() - 3600, time.time() - 3600))  # an hour ago
    (ben / ".git" / "refs" / "heads" / "main.lock").write_bytes(b"")  # and one here
    done = sync_home(ben, str(stick))
    assert done.went_out and not lock.exists()
