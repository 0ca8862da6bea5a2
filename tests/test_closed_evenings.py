"""An evening that has gone on is closed (D21): once the next evening carries its pot, no hand
is withdrawn there (at the command line or the table), no amendment changes what carried, no
imported file adds a hand there, and a kill at any write of ``new --continue`` leaves no
evening that takes a hand from a pot that went on.

The evenings are examples/kratzen.toml's first 3 hands: the pot holds 51 after them
(rules.md's worked session: 15, 16, then 51)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import StoreError
from scorekeeper.rules import HandRecord
from scorekeeper.script import replay_file
from scorekeeper.store import Store
from scorekeeper.store.session import OpenSession
from scorekeeper.tui.keybar import KeyBar
from scorekeeper.tui.screens.table import TableScreen

from .conftest import EXAMPLES, ROOT
from .tui_helpers import amend_hand, fixed_store, make_app

# Hand 4 of examples/kratzen.toml played as a normal hand instead: a hand the first evening
# would take from the pot of 51 that already went on.
ANOTHER_HAND = HandRecord(indicator=("9S",), entered=("Anna", "Ben", "Cleo"),
                          tricks=("Anna", "Ben", "Cleo", "Anna"))


def kratzen(store: Store, hands: int = 3) -> OpenSession:
    """examples/kratzen.toml's first ``hands`` hands, stored."""
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    return store.create(ledger.config, [s.record for s in ledger.settlements][:hands])


def went_on(home: Path) -> tuple[str, str]:
    """The first evening (3 hands, pot 51) and the next evening that carried its pot."""
    store = fixed_store(home)
    first = kratzen(store)
    assert first.state().pot == 51
    second = store.next_evening(first.id, expect=first.digest).session
    assert second.state().pot == 51
    return first.id, second.id


async def table_keys(pilot, session_id: str) -> tuple[TableScreen, list[str]]:
    """The table the app opened at ``session_id``, and the words of its key bar."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen) and screen.session.id == session_id
    return screen, [description for _, _, description in screen.query_one(KeyBar).keys()[0]]


def audits_clean(home: Path, *ids: str) -> None:
    store = Store(home)
    for session_id in ids:
        assert store.audit(session_id)[1] == [], session_id


# ---- undo --------------------------------------------------------------------------------------

def test_the_command_line_withdraws_no_hand_in_an_evening_that_went_on(tmp_path, run):
    """Tried: `undo` in the first evening took hand 3 back, the pot went back to 16 there and
    the next evening (which opened with 51) was said broken. Now refused, nothing written."""
    first, second = went_on(tmp_path / "home")
    path = tmp_path / "home" / "sessions" / f"{first}.json"
    before = path.read_bytes()
    result = run("undo", first)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"error: sessions/{first}.json: the evening goes on in session "
                                 f"{second}, which opened with what this session left: a hand "
                                 "withdrawn here would change that, so nothing was withdrawn")
    assert result.err.count("\n") == 1 and "chip count in session" in result.err
    assert path.read_bytes() == before
    assert Store(tmp_path / "home").open(first).hands_played == 3
    audits_clean(tmp_path / "home", first, second)


async def test_the_table_offers_no_ctrl_z_in_an_evening_that_went_on(tmp_path):
    """Tried: the table offered ctrl+z in the first evening and withdrew hand 3 (pot back to
    16). Now the key bar has no Withdraw there, and ctrl+z then Enter withdraws nothing."""
    first, second = went_on(tmp_path)
    app = make_app(tmp_path, first)
    async with app.run_test(size=(100, 30)) as pilot:
        screen, shown = await table_keys(pilot, first)
        assert "Withdraw" not in shown and "Amend" in shown
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("enter")  # what confirmed the withdrawal
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert Store(tmp_path).open(first).hands_played == 3
    audits_clean(tmp_path, first, second)


async def test_the_table_still_offers_ctrl_z_in_an_evening_that_did_not_go_on(tmp_path):
    first = kratzen(fixed_store(tmp_path)).id
    app = make_app(tmp_path, first)
    async with app.run_test(size=(100, 30)) as pilot:
        _screen, shown = await table_keys(pilot, first)
        assert "Withdraw" in shown


# ---- a chip count, and what comes next ---------------------------------------------------------

# (An evening that went on still takes a chip count, at the command line and at the table:
# rules.md D21, "chip counts ... stay possible"; tests/test_exports_season_closed.py.)


def test_an_amendment_there_does_not_announce_a_next_hand(tmp_path, run):
    """After an amendment in an evening that went on, the command said "next: hand 4, Dora
    deals"; the next hand is the next evening's."""
    first, second = went_on(tmp_path / "home")
    result = run("amend", first, "3", "--note", "checked again")
    assert result.code == 0, result.err
    assert "next: hand" not in result.out
    assert f"no more hands here: the evening goes on in session {second}" in result.out


# ---- amend -------------------------------------------------------------------------------------

def test_an_amendment_that_changes_the_pot_carried_is_refused(tmp_path, run):
    """Hand 3 of the first evening (Cleo dealt, all played, Dora Cleo Ben Dora won the tricks)
    with Anna taking all four: Cleo, Ben and Dora miss, P = 17, the pot is 34 + 17 + 17 = 68,
    not the 51 the next evening opened with: refused at the command line and in the store (its
    preview too), nothing written."""
    first, second = went_on(tmp_path / "home")
    store = Store(tmp_path / "home")
    path = store.open(first).path
    before = path.read_bytes()
    result = run("amend", first, "3", "--tricks", "Anna,Anna,Anna,Anna")
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"error: sessions/{first}.json: the evening goes on in session "
                                 f"{second}, which opened with what this session left (pot 51):"
                                 " this amendment would change that, so nothing was amended")
    with pytest.raises(StoreError, match="this amendment would change that"):
        store.preview_amend(first, 3, {"tricks": ("Anna", "Anna", "Anna", "Anna")})
    assert path.read_bytes() == before
    audits_clean(tmp_path / "home", first, second)


def test_an_amendment_that_leaves_what_carried_is_made(tmp_path):
    """The same tricks of hand 3 won in another order (Cleo, Dora, Ben, Dora): every balance
    and the pot of 51 stay, so the amendment is made and the link stays whole."""
    first, second = went_on(tmp_path)
    store = Store(tmp_path)
    hand = store.open(first).hand(3)
    assert hand.record.tricks == ("Dora", "Cleo", "Ben", "Dora")
    amended = store.amend(first, 3, {"tricks": ("Cleo", "Dora", "Ben", "Dora")})
    assert amended.changes() == {"Anna": 0, "Ben": 0, "Cleo": 0, "Dora": 0}
    assert store.open(first).state().pot == 51
    audits_clean(tmp_path, first, second)


# ---- a kill at every write of `new --continue` -------------------------------------------------

# Runs `scorekeeper new --continue` with os.replace (the step of every atomic write that puts
# the new file in place) ending the process at its Nth call, before or after it.
KILLER = """
import os, sys
n, when = int(sys.argv[1]), sys.argv[2]
real, calls = os.replace, [0]
def replace(*args, **kwargs):
    calls[0] += 1
    if calls[0] == n and when == "before":
        os._exit(9)
    real(*args, **kwargs)
    if calls[0] == n and when == "after":
        os._exit(9)
os.replace = replace
from scorekeeper.cli import main
main(["new", "--continue", sys.argv[3]])
"""


def continue_killed(home: Path, first: str, n: int, when: str) -> int:
    env = dict(os.environ, SCOREKEEPER_HOME=str(home), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", KILLER, str(n), when, first], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 9), done.stderr
    return done.returncode


def test_a_kill_at_every_write_of_new_continue_leaves_no_pot_counted_twice(tmp_path):
    """For every write of `new --continue` in turn, the process ends just before it, and just
    after it: the next command finds either no next evening (the first evening takes hands,
    its pot in one place) or the pair whole (the first evening refuses the hand, naming the
    next); nothing is left half made, nothing goes to the trash, every audit is clean."""
    template = tmp_path / "template"
    first = kratzen(fixed_store(template)).id
    outcomes = []
    n = 0
    while True:
        n += 1
        ended = []
        for when in ("before", "after"):
            home = tmp_path / f"home-{n}-{when}"
            shutil.copytree(template, home)
            ended.append(continue_killed(home, first, n, when))
            store = Store(home)
            ids = sorted(line.summary.id for line in store.list_sessions())
            others = [i for i in ids if i != first]
            assert len(others) <= 1, (n, when, ids)
            if others:  # the next evening exists: the first evening names it and takes no hand
                assert store.open(first).continued_by == others[0], (n, when)
                with pytest.raises(StoreError, match="the evening goes on in session"):
                    store.record(first, ANOTHER_HAND)
                assert store.open(others[0]).state().pot == 51
            else:
                assert store.open(first).continued_by is None
                assert store.record(first, ANOTHER_HAND).state.hands_played == 4
            left = os.listdir(home / "continuing") if (home / "continuing").exists() else []
            # (a write's temporary file, hidden, may stay behind a kill: nothing reads it)
            assert [name for name in left if not name.startswith(".")] == [], (n, when)
            assert not (home / "trash").exists() and getattr(store, "repairs", []) == []
            audits_clean(home, *ids)
            outcomes.append((n, when, bool(others)))
        if ended == [0, 0]:  # the command made fewer writes than n: every write was tried
            break
        assert n < 20
    writes = n - 1  # the index, the marker, the new evening's file, the first evening's
    assert writes >= 3 and (1, "before", False) in outcomes
    assert (writes, "after", True) in outcomes  # every write done: the pair, whole
    # killed before the first evening's `continued` was written, the new file already there:
    # the next command finished the pair
    assert (writes, "before", True) in outcomes and (writes - 1, "after", True) in outcomes


def next_evening_written(store: Store, first: OpenSession) -> OpenSession:
    """The next evening's file, opened with what ``first`` leaves, as `new --continue` writes it
    first (``first`` does not name it yet)."""
    from scorekeeper import history

    config = first.ruleset.next_evening(first.config, first.state(), True)
    entry = history.opening_event(first.id, first.rows[-1]["hash"], first.hands_played,
                                  config.opening)
    return store.create(config, opening=entry)


def half_made_after_moving_on(home: Path) -> tuple[OpenSession, OpenSession, Path]:
    """The first evening, a next evening's file whose marker is still there, and the marker;
    the first evening took another hand since (as a version before the marker could)."""
    store = fixed_store(home)
    first = kratzen(store)
    second = next_evening_written(store, first)
    store.record(first.id, ANOTHER_HAND)  # the first evening moved on
    marker = home / "continuing" / f"{second.id}.json"
    marker.parent.mkdir()
    marker.write_text(json.dumps({"earlier": str(first.path.resolve()), "next": second.id}))
    return first, second, marker


def test_a_half_made_next_evening_whose_earlier_one_moved_on_goes_to_the_trash(tmp_path):
    """A next evening's file left half made (its marker still there) while the first evening
    took another hand since (a version before the marker, say): it cannot be finished (what it
    carried is no longer what the first evening leaves), so it goes to the trash, said."""
    first, second, marker = half_made_after_moving_on(tmp_path)
    fresh = Store(tmp_path)
    assert [line.summary.id for line in fresh.list_sessions()] == [first.id]
    assert (tmp_path / "trash" / f"{second.id}.json").is_file() and not marker.exists()
    assert fresh.repairs == [f"sessions/{second.id}.json: a next evening of sessions/"
                             f"{first.id}.json left half made (the earlier session moved on "
                             f"since): moved to {tmp_path / 'trash' / second.id}.json, nothing "
                             "carried"]
    assert fresh.open(first.id).continued_by is None


def test_a_command_on_a_half_made_next_evening_that_goes_to_the_trash_says_so(tmp_path):
    """The same, met by recording a hand in the next evening itself: refused with that line
    (said once: it is not left to say again), the hand written nowhere."""
    first, second, marker = half_made_after_moving_on(tmp_path)
    fresh = Store(tmp_path)
    with pytest.raises(StoreError, match="left half made .the earlier session moved on since"):
        fresh.record(second.id, ANOTHER_HAND)
    assert fresh.repairs == [] and not marker.exists()
    trashed = Store(tmp_path).open(str(tmp_path / "trash" / f"{second.id}.json"))
    assert trashed.hands_played == 0


def test_a_half_made_next_evening_is_finished_by_the_next_command_on_it(tmp_path):
    """The file of the next evening written, the first evening not yet naming it: recording a
    hand in the next evening first finishes the pair (the first evening then says where it goes
    on), then records the hand."""
    store = fixed_store(tmp_path)
    first = kratzen(store)
    second = next_evening_written(store, first)
    marker = tmp_path / "continuing" / f"{second.id}.json"  # as `new --continue` writes it
    marker.parent.mkdir()
    marker.write_text(json.dumps({"earlier": str(first.path.resolve()), "next": second.id}))
    fresh = Store(tmp_path)
    fresh.record(second.id, ANOTHER_HAND)  # Dora deals again there: the next to deal
    assert fresh.open(first.id).continued_by == second.id and not marker.exists()
    audits_clean(tmp_path, first.id, second.id)


# ---- import ------------------------------------------------------------------------------------

def test_an_imported_file_that_adds_a_hand_to_an_evening_that_went_on_is_refused(
        tmp_path, monkeypatch, run):
    """Tried: a copy of the first evening with a hand recorded after its `continued` event
    (re-sealed: its own audit clean) was taken by `import`, and the pot of 51 counted twice.
    Now refused with one line, nothing written."""
    home = tmp_path / "home"
    first, second = went_on(home)
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "sessions").mkdir(parents=True)
    shutil.copy(home / "sessions" / f"{first}.json", elsewhere / "sessions")
    with monkeypatch.context() as patched:  # a program that does not refuse it
        patched.setattr(OpenSession, "continued_by", property(lambda self: None))
        Store(elsewhere).record(first, ANOTHER_HAND)
    forged = elsewhere / "sessions" / f"{first}.json"
    assert Store(elsewhere).audit(first)[1] == []
    before = (home / "sessions" / f"{first}.json").read_bytes()
    result = run("import", str(forged))
    assert result.code == 2
    assert (f"the evening goes on in session {second}, which carried on from it, yet the file "
            "changes its hands after that") in result.err
    assert (home / "sessions" / f"{first}.json").read_bytes() == before
    assert Store(home).open(first).hands_played == 3
    audits_clean(home, first, second)


def test_a_continuation_that_cannot_write_the_earlier_session_leaves_nothing_half_made(
        tmp_path, monkeypatch):
    """The new evening's file written, the first evening's file cannot be (a disk full, say):
    the command says nothing was changed, and so it is: the new file is in the trash, the
    first evening takes hands, no marker is left."""
    from scorekeeper.store import storage

    store = fixed_store(tmp_path)
    first = kratzen(store)
    real = storage.atomic_write

    def full(path, text):
        if path == first.path:
            raise OSError(28, "No space left on device")
        return real(path, text)

    monkeypatch.setattr(storage, "atomic_write", full)
    with pytest.raises(StoreError, match="cannot be written .No space left on device.; "
                                         "nothing was changed"):
        store.next_evening(first.id)
    monkeypatch.undo()
    fresh = Store(tmp_path)
    assert [line.summary.id for line in fresh.list_sessions()] == [first.id]
    assert [p.name for p in (tmp_path / "trash").iterdir()] == ["00000002.json"]
    assert not list((tmp_path / "continuing").glob("*.json"))
    assert fresh.record(first.id, ANOTHER_HAND).state.hands_played == 4


async def test_the_table_refuses_an_amendment_that_changes_what_carried(tmp_path):
    """At the table of the first evening: hand 3 amended so that Anna takes all four tricks
    (pot 68, not the 51 carried) is refused with the store's words; nothing is written."""
    first, second = went_on(tmp_path)
    before = (tmp_path / "sessions" / f"{first}.json").read_bytes()
    app = make_app(tmp_path, first)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await amend_hand(pilot, 3)
        assert screen.amending == 3 and screen.entry.complete
        await pilot.press(*["backspace"] * 4, "1", "1", "1", "1", "enter")
        await pilot.pause()
        assert any(said.startswith(f"The evening goes on in session {second}, which opened "
                                   "with what this session left (pot 51): this amendment "
                                   "would change that")  # (at the table: without the path)
                   for said in app.said)
        await pilot.press("enter")  # what would confirm the amendment, had it been shown
        await pilot.pause()
    assert (tmp_path / "sessions" / f"{first}.json").read_bytes() == before
    audits_clean(tmp_path, first, second)
