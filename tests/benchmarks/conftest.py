"""Benchmarks: each runs once as a smoke test in the normal test run; with
``--benchmark-enable`` they run for real, side by side with their floors, and a table of
figures, ratios and budgets is printed at the end (a missed budget fails the run)."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field

import pytest

from scorekeeper.ledger import settle_next
from scorekeeper.rules import HandRecord, get_ruleset, make_config


@dataclass
class Row:
    scenario: str
    figure: str
    floor: str = ""
    ratio: str = ""
    budget: str = ""
    ok: bool | None = None
    binding: bool = True  # False: a figure for comparison, shown "(yes)"/"(no)", never failing


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)


REPORT = Report()


def measuring(config) -> bool:
    """Whether this run measures for real: ``--benchmark-enable`` overrides the
    ``--benchmark-disable`` of the normal test run."""
    return (not config.getoption("benchmark_disable", False)
            or config.getoption("benchmark_enable", False))


@pytest.fixture
def enabled(benchmark) -> bool:
    """True when the benchmarks run for real (``--benchmark-enable``)."""
    return not benchmark.disabled


def median_time(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def side_by_side(scenario, floor, rounds: int, before=None) -> tuple[float, float]:
    """Medians of the scenario and its floor, measured in alternation in one run. ``before``
    runs, untimed, before each of the two, so that neither starts in a different state (just
    after the other's fsync, say) than the other."""
    s_times, f_times = [], []
    for _ in range(rounds):
        for work, times in ((scenario, s_times), (floor, f_times)):
            if before:
                before()
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
    return statistics.median(s_times), statistics.median(f_times)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def report(row: Row) -> None:
    REPORT.rows.append(row)


PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]


def kratzen_session(hands: int, seed: int = 1):
    """A Kratzen session of ``hands`` valid hands (four players, enough rotations)."""
    rng = random.Random(seed)
    config = make_config("kratzen", PLAYERS, "Anna", {"rotations": hands // 4 + 1})
    ruleset = get_ruleset("kratzen")
    state = ruleset.initial_state(config)
    records = []
    cards = ["KC", "9H", "AS", "QD", "JC", "10H", "8S", "7D"]
    for _ in range(hands):
        indicator = HandRecord(indicator=(rng.choice(cards),)).indicator
        if ruleset.is_muss(state, indicator):
            record = HandRecord(indicator=indicator,
                                tricks=tuple(rng.choice(PLAYERS) for _ in range(4)))
        else:
            others = config.clockwise_from(state.dealer)[1:]
            entered = tuple(p for p in others if rng.random() < 0.7) or others[:1]
            playing = (state.dealer,) + entered
            record = HandRecord(indicator=indicator, entered=entered,
                                tricks=tuple(rng.choice(playing) for _ in range(4)))
        _, state = settle_next(ruleset, config, state, record)
        records.append(record)
    return config, records


def kratzen_evening(hands: int, players: list[str] | None = None, seed: int = 1):
    """A Kratzen session of ``hands`` valid hands whose pot grows and empties as at a real
    table (the benchmark's session; ``kratzen_session``'s pot doubles without end, and a
    benchmark on it measures big-integer arithmetic, not the program). Most hands one or two
    players enter, and usually each playing hand makes what it needs (the dealer 2 tricks, the
    others 1): the pot is paid out and the next hand is a Muss. About one hand in four somebody
    falls short and pays P (the dealer 2P), and the pot carries on."""
    rng = random.Random(seed)
    players = players or PLAYERS
    config = make_config("kratzen", players, players[0],
                         {"rotations": hands // len(players) + 1})
    ruleset = get_ruleset("kratzen")
    state = ruleset.initial_state(config)
    records = []
    cards = ["KC", "9H", "AS", "QD", "JC", "10H", "8S", "7D"]
    for _ in range(hands):
        indicator = HandRecord(indicator=(rng.choice(cards),)).indicator
        dealer = state.dealer
        others = config.clockwise_from(dealer)[1:]
        if ruleset.is_muss(state, indicator):
            entered, playing = None, (dealer, *others)
        else:
            chosen = set(rng.sample(others, k=rng.choice((0, 1, 1, 1, 2, 2))))
            entered = tuple(p for p in others if p in chosen)
            playing = (dealer, *entered)
        tricks: tuple[str, ...] = ()
        if len(playing) > 1:
            forced = indicator is not None and str(indicator[-1]).startswith("7")
            needs = [dealer] * (1 if forced else 2) + list(playing[1:])
            rng.shuffle(needs)
            winners = sorted(needs[:4], key=playing.index)
            winners += [rng.choice(playing) for _ in range(4 - len(winners))]
            if rng.random() < 0.25:  # somebody falls short
                winners[rng.randrange(4)] = rng.choice(playing)
            tricks = tuple(winners)
        record = HandRecord(indicator=indicator, entered=entered, tricks=tricks)
        _, state = settle_next(ruleset, config, state, record)
        records.append(record)
    return config, records


def letzter_records(hands: int, seed: int = 2):
    rng = random.Random(seed)
    config = make_config("letzter", PLAYERS, "Anna")
    return config, [HandRecord(tricks=tuple(rng.choice(PLAYERS) for _ in range(8)))
                    for _ in range(hands)]


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not REPORT.rows:
        return
    tr = terminalreporter
    tr.write_sep("=", "scorekeeper benchmarks: figures, floors and budgets")
    headers = ["scenario", "figure", "floor", "ratio", "budget", "met"]
    rows = [[r.scenario, r.figure, r.floor, r.ratio, r.budget, met(r)] for r in REPORT.rows]
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers)]
    tr.write_line("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)))
    for row in rows:
        tr.write_line("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))


def met(row: Row) -> str:
    if row.ok is None:
        return ""
    said = "yes" if row.ok else "NO"
    return said if row.binding else f"({said.lower()})"


def pytest_sessionfinish(session, exitstatus):
    if any(r.ok is False and r.binding for r in REPORT.rows) and session.exitstatus == 0:
        session.exitstatus = 1
