"""The budgets of issue 28 for a home of many evenings, each command its own process: ``season``
of 1,000 evenings the first time and from its index, and ``sync`` bringing one new evening
into a home of 1,000 from a local remote (a bare repository in a folder): budgets in seconds.

The season's budgets are judged on its own time: the whole process less the start of any
command, measured in the same run (``scorekeeper --home EMPTY sessions``: Python, click, the
command line and the store imported, one folder listed). On this stack that start alone takes
0.1 to 0.15 s, so a whole process of 0.1 s is out of reach for any command; the whole-process
figures are printed beside, for comparison (not binding).

Normal test runs execute every scenario once, on ten evenings (a smoke test). For real:
``.venv/bin/python -m pytest tests/benchmarks --benchmark-enable -p no:cacheprovider``."""

from __future__ import annotations

import shutil
import statistics
import subprocess
from decimal import Decimal

import pytest

from scorekeeper.store import Store

from .conftest import Row, kratzen_evening, measuring, ms, report
from .processes import ENV, run, scorekeeper


@pytest.fixture(scope="module")
def season_home(tmp_path_factory, request):
    """1,000 Kratzen evenings of 50 hands, each settled up at a value (10 in a normal run)."""
    evenings = 1000 if measuring(request.config) else 10
    home = tmp_path_factory.mktemp("season")
    store = Store(home)
    config, records = kratzen_evening(50)
    for _ in range(evenings):
        session = store.create(config, records)
        store.settle_up(session.id, Decimal("0.10"), "EUR")
    return home, evenings


def says(args: list[str], text: str) -> None:
    done = subprocess.run(args, capture_output=True, text=True, env=ENV, check=True)
    assert text in done.stdout, done.stdout + done.stderr


def test_season(benchmark, enabled, season_home, tmp_path):
    """``scorekeeper season``: the first run reads every file once (its chain and seals
    checked, each hand's outcome read from its stored figures) and keeps each evening's
    figures in the listing's index; the next is served from the index. Each round runs, in
    turn, the start of any command (``sessions`` of an empty home), a first run and one from
    the index it left; the budgets apply to each season's median less the start's."""
    home, evenings = season_home
    index = home / "index.json"
    program = scorekeeper("--home", str(home), "season")
    start = scorekeeper("--home", str(tmp_path / "empty"), "sessions")
    (tmp_path / "empty" / "sessions").mkdir(parents=True)

    def first() -> float:
        index.unlink(missing_ok=True)
        return run(program)

    index.unlink(missing_ok=True)
    says(program, f"{evenings} evenings")
    says(program, f"{evenings} evenings")
    run(start)
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if not enabled:
        return
    got: dict[str, list[float]] = {"start": [], "first": [], "index": []}
    for _ in range(7):  # in turn: the start, a first run, then one from the index it left
        got["start"].append(run(start))
        got["first"].append(first())
        got["index"].append(run(program))
    floor, cold, warm = (statistics.median(got[k]) for k in ("start", "first", "index"))
    for what, whole, budget in (("first run", cold, 0.6), ("from its index", warm, 0.1)):
        scenario = f"season, {evenings:,} evenings of 50 hands, {what}"
        report(Row(f"{scenario}: above the start", ms(whole - floor), f"{ms(floor)} (start)",
                   "", f"<= {budget} s above", whole - floor <= budget))
        report(Row(f"{scenario}: whole process", ms(whole), "", "", f"<= {budget} s",
                   whole <= budget, binding=False))


def test_sync_one_new_evening(benchmark, enabled, season_home, tmp_path):
    """Laptop A records a new evening and syncs (untimed); laptop B, whose home holds the same
    1,000 evenings, syncs and brings it in (timed, the whole ``scorekeeper sync``). The remote
    is a bare repository in a local folder."""
    home, evenings = season_home
    a, b, remote = tmp_path / "a", tmp_path / "b", tmp_path / "remote.git"
    shutil.copytree(home / "sessions", a / "sessions",
                    ignore=shutil.ignore_patterns("*.lock"))
    run(scorekeeper("--home", str(a), "sync", str(remote), "--create"))
    run(scorekeeper("--home", str(b), "sync", str(remote)))
    config, records = kratzen_evening(50, seed=5)

    def new_evening_from_a() -> None:
        Store(a).create(config, records)
        run(scorekeeper("--home", str(a), "sync"))

    def sync_b() -> float:
        return run(scorekeeper("--home", str(b), "sync"))

    new_evening_from_a()
    says(scorekeeper("--home", str(b), "sync"), "1 evening in")
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if not enabled:
        return
    times = []
    for _ in range(5):
        new_evening_from_a()
        times.append(sync_b())
    got = statistics.median(times)
    report(Row(f"sync one new evening into a home of {evenings:,}, local remote", ms(got), "",
               "", "<= 2 s", got <= 2))
