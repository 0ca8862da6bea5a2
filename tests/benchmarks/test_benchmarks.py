"""The earlier budgets (issues before 28), measured inside one process, each beside its floor
in the same run. Issue 28 measures whole processes (test_whole_commands.py,
test_many_evenings.py) against the floors a program on this stack pays; these rows stay for
comparison, shown "(yes)"/"(no)", and fail nothing. The audit and the season moved there.

Normal test runs execute every scenario once on small data (a smoke test). For real:
``.venv/bin/python -m pytest tests/benchmarks --benchmark-enable -p no:cacheprovider``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.ledger import settle_hands
from scorekeeper.rules import HandRecord
from scorekeeper.store import Store, atomic_write

from .conftest import (
    Row,
    kratzen_evening,
    letzter_records,
    measuring,
    median_time,
    ms,
    side_by_side,
)
from .conftest import report as report_row

HERE = Path(__file__).parent


def report(row: Row) -> None:
    """An earlier budget's row: for comparison, failing nothing."""
    row.binding = False
    report_row(row)


def test_tui_cold_start(benchmark, enabled, tmp_path):
    """Process start to the home screen ready, against a bare Textual app with one Label.
    Both start as they do after their first run, with their modules' bytecode compiled
    (pip compiles Textual's when it installs it; an editable install of scorekeeper gets its
    bytecode on the first start, unless ``PYTHONDONTWRITEBYTECODE`` forbids writing it, as it
    does on some machines: so the first start below may write it)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def start(kind: str) -> None:
        subprocess.run([sys.executable, str(HERE / "start_app.py"), kind, str(tmp_path)],
                       check=True, capture_output=True, timeout=60, env=env)

    benchmark.pedantic(start, args=("scorekeeper",), rounds=1, iterations=1)
    if not enabled:
        return
    start("bare")
    app, bare = side_by_side(lambda: start("scorekeeper"), lambda: start("bare"), rounds=21)
    ratio = app / bare
    report(Row("TUI cold start", ms(app), ms(bare) + " (bare app)", f"{ratio:.2f}x",
               "<= 1.3x", ratio <= 1.3))


async def type_and_wait(app, key: str, character: str | None, changed) -> float:
    """Post one key to the app and wait until the screen's content shows it."""
    import asyncio

    from textual import events

    start = time.perf_counter()
    app.post_message(events.Key(key, character))
    while not changed():
        await asyncio.sleep(0)
    return time.perf_counter() - start


async def test_keystroke_to_screen(benchmark, enabled, tmp_path):
    """A trick winner typed on the table screen until the entry on screen shows it, against
    a bare app whose one Label changes with each key (Pilot's own waits, tens of
    milliseconds of sleeping, are kept out of both figures)."""
    from textual.app import App
    from textual.widgets import Label

    from scorekeeper.tui.app import ScorekeeperApp

    store = Store(tmp_path)
    config, records = letzter_records(200 if enabled else 5)
    session = store.create(config, records)
    rounds = 60 if enabled else 2

    app = ScorekeeperApp(store, session.id, watch_interval=None)
    times = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the session is read in a worker
        await pilot.pause()
        screen = app.screen
        for i in range(rounds):
            typing = i % 2 == 0
            want = 1 if typing else 0
            times.append(await type_and_wait(
                app, "1" if typing else "backspace", "1" if typing else None,
                lambda want=want, typing=typing: len(screen.entry.keys) == want
                and ("Tricks: 1" in screen.entry_text()) == typing))
            await pilot.pause()

    class Bare(App):
        def compose(self):
            yield Label("0", id="n")

        def on_key(self, event) -> None:
            self.query_one("#n", Label).update(event.key)

    bare_times = []
    bare = Bare()
    async with bare.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        label = bare.query_one("#n", Label)
        for i in range(rounds):
            key = "1" if i % 2 == 0 else "backspace"
            bare_times.append(await type_and_wait(bare, key, "1" if key == "1" else None,
                                                  lambda key=key: str(label.render()) == key))
            await pilot.pause()
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if enabled:
        import statistics
        median, floor = statistics.median(times), statistics.median(bare_times)
        report(Row("keystroke to screen (table, 200 hands)", ms(median),
                   ms(floor) + " (bare app)", f"{median / floor:.1f}x", "<= 50 ms",
                   median <= 0.050))


@pytest.mark.parametrize("hands", [10, 100, 1000, 10000])
def test_record_a_hand(benchmark, enabled, tmp_path, hands):
    """One hand recorded through the store, against an atomic rewrite of a file of that size."""
    if not enabled and hands > 100:
        hands = 100
    store = Store(tmp_path)
    config, records = letzter_records(hands)
    session = store.create(config, records)
    hand = HandRecord(tricks=("Anna",) * 7 + ("Ben",))
    floor_path = session.path.parent / "floor.json"  # the same folder, fsynced alike

    def record() -> None:
        store.record(session.id, hand)

    benchmark.pedantic(record, rounds=1, iterations=1)
    if not enabled:
        return
    written = {}
    before = session.path.stat().st_size

    def read_the_file() -> None:
        written["text"] = session.path.read_text(encoding="utf-8")  # not timed

    def floor_only() -> None:
        atomic_write(floor_path, written["text"])  # the file just written, same size

    # The session grows by a hand a round, as it does at the table; each floor rewrites the
    # file its record has just written, so every pair compares equal sizes.
    rounds = 41
    got, base = side_by_side(record, floor_only, rounds=rounds, before=read_the_file)
    after = len(written["text"].encode("utf-8"))
    ratio = got / base
    budget = "<= 1.5x" if hands in (100, 1000) else ""
    report(Row(f"record one hand, {hands} hands, +{rounds} as it runs "
               f"({before // 1024}-{after // 1024} KiB)", ms(got),
               ms(base) + " (atomic rewrite)", f"{ratio:.2f}x", budget,
               ratio <= 1.5 if budget else None))


@pytest.fixture(scope="module")
def big_kratzen(tmp_path_factory, request):
    enabled = measuring(request.config)
    hands = 10000 if enabled else 200
    home = tmp_path_factory.mktemp("big")
    store = Store(home)
    config, records = kratzen_evening(hands)
    session = store.create(config, records)
    return store, session, config, records


@pytest.mark.parametrize("fmt", ["html", "csv", "beancount"])
def test_export_10000_hands(benchmark, enabled, big_kratzen, fmt, tmp_path, capsys):
    store, session, _, records = big_kratzen
    target = tmp_path / f"night.{fmt}"

    def export() -> None:
        """The export command as the program runs it (main() pauses the cycle collector, as
        for audit: a long-lived test process holds many objects the collector would scan)."""
        with pytest.raises(SystemExit) as done:
            main(["--home", str(store.home), "export", session.id, "--format", fmt,
                  "-o", str(target)])
        assert not done.value.code, capsys.readouterr().err
        capsys.readouterr()

    benchmark.pedantic(export, rounds=1, iterations=1)
    assert target.stat().st_size > 0
    if enabled:
        got = median_time(export, 3)
        report(Row(f"export command {fmt}, {len(records)} hands", ms(got), "", "", "<= 1 s",
                   got <= 1))


@pytest.fixture(scope="module")
def many_sessions(tmp_path_factory, request):
    enabled = measuring(request.config)
    files = 1000 if enabled else 10
    home = tmp_path_factory.mktemp("many")
    store = Store(home)
    config, records = letzter_records(50)
    settled = settle_hands(config, records)
    for _ in range(files):
        store.create(config, [s.record for s in settled.settlements])
    store.list_sessions()  # the first listing builds the index
    return home, files


def test_sessions_listing(benchmark, enabled, many_sessions, capsys):
    home, files = many_sessions

    def listing() -> None:
        with pytest.raises(SystemExit):
            main(["--home", str(home), "sessions"])
        capsys.readouterr()

    benchmark.pedantic(listing, rounds=1, iterations=1)
    if enabled:
        got = median_time(listing, 5)
        report(Row(f"sessions, {files} files of 50 hands", ms(got), "", "", "<= 0.5 s",
                   got <= 0.5))


async def test_tui_home_with_many_sessions(benchmark, enabled, many_sessions):
    from textual.widgets import DataTable

    from scorekeeper.tui.app import ScorekeeperApp

    home, files = many_sessions
    times = []
    for _ in range(3 if enabled else 1):
        start = time.perf_counter()
        app = ScorekeeperApp(Store(home), watch_interval=None)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()  # the files are listed in a worker
            await pilot.pause()
            assert app.screen.query_one("#sessions", DataTable).row_count == files
            times.append(time.perf_counter() - start)
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if enabled:
        got = sorted(times)[len(times) // 2]
        report(Row(f"TUI home ready, {files} files", ms(got), "", "", "<= 1 s", got <= 1))
