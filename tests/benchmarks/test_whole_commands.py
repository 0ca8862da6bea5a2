"""The budgets of issue 17, measured as a person and a script meet the program: each command as
its own process (the table app in a real pseudo-terminal), side by side with its floor in the
same run, the medians of interleaved runs.

Normal test runs execute every scenario once, on small data (a smoke test). For real:
``.venv/bin/python -m pytest tests/benchmarks --benchmark-enable -p no:cacheprovider``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import orjson
import pytest

from scorekeeper.documents import record_to_json
from scorekeeper.store import Store

from .conftest import Row, kratzen_session, letzter_records, measuring, ms, report
from .processes import (
    HERE,
    PYTHON,
    Terminal,
    floor,
    interleaved,
    peak_memory,
    run,
    scorekeeper,
    scorekeeper_unfrozen,
)

REFERENCE = HERE / "reference.py"


def write_script(path: Path, hands: int) -> Path:
    """The benchmark's Kratzen session (``conftest.kratzen_session``) as a JSON script."""
    config, records = kratzen_session(hands)
    path.write_bytes(orjson.dumps({
        "game": "kratzen", "players": list(config.players), "first_dealer": config.first_dealer,
        "options": {"rotations": hands // len(config.players) + 1},
        "hands": [record_to_json(r) for r in records]}))
    return path


def ratio_row(scenario: str, got: float, base: float, floor_name: str, budget: float,
              figure=ms, binding: bool = True) -> None:
    ratio = got / base
    report(Row(scenario, figure(got), f"{figure(base)} ({floor_name})", f"{ratio:.2f}x",
               f"<= {budget}x", ratio <= budget, binding))


# Beside each floor that imports pydantic, the same floor with pydantic's models put to use
# (floors.py --models): what any program that checks its input with pydantic models pays
# before its own work. Its rows are for comparison (shown "(yes)"/"(no)"); they fail nothing.
MODELS = "pydantic models in use"


# ---- replay --json against the reference settlement ----------------------------------------

@pytest.mark.parametrize("hands", [10, 10000])
def test_replay_against_the_reference(benchmark, enabled, tmp_path, hands):
    """``replay --json`` of the benchmark's session, against tests/benchmarks/reference.py run
    as its own process on the same script. Both print the same document, byte for byte."""
    script = write_script(tmp_path / "night.json", hands if enabled else min(hands, 40))
    program = scorekeeper("replay", str(script), "--json")
    reference = [PYTHON, str(REFERENCE), str(script)]
    printed = subprocess.run(program, capture_output=True, check=True).stdout
    assert subprocess.run(reference, capture_output=True, check=True).stdout == printed
    runs = {"program": lambda: run(program), "reference": lambda: run(reference)}
    if hands <= 100:
        runs["models"] = lambda: run(floor("--models", "reference", str(script)))
        runs["models only"] = lambda: run(floor("--models", "import"))
        runs["models"]()
        runs["models only"]()
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if not enabled:
        return
    got = interleaved(runs, rounds=5 if hands > 100 else 21)
    budget = 0.5 if hands > 100 else 1.5
    ratio_row(f"replay --json, {hands:,} kratzen hands, whole process", got["program"],
              got["reference"], "reference settlement", budget)
    if "models" in got:
        ratio_row(f"  for comparison: against the reference with {MODELS}", got["program"],
                  got["models"], f"reference settlement, {MODELS}", budget, binding=False)
        ratio_row(f"  for comparison: {MODELS}, no work, whole process", got["models only"],
                  got["reference"], "reference settlement", budget, binding=False)


# ---- record, show, sessions ------------------------------------------------------------------

@pytest.fixture(scope="module")
def home(tmp_path_factory, request):
    """A home folder with a letzter session of 100 hands and one of 10,000 (small ones in a
    normal test run), and a hundred more sessions for the listing."""
    enabled = measuring(request.config)
    folder = tmp_path_factory.mktemp("home")
    store = Store(folder)
    sessions = {}
    for hands in (100, 10000):
        config, records = letzter_records(hands if enabled else 10)
        sessions[hands] = store.create(config, records)
    config, records = letzter_records(50)
    for _ in range(98 if enabled else 3):
        store.create(config, records)
    return folder, sessions


HAND = "Anna,Anna,Anna,Anna,Anna,Anna,Anna,Ben"


@pytest.mark.parametrize("hands", [100, 10000])
def test_record_command(benchmark, enabled, home, hands):
    """``record`` as a command into a session of that many hands, against a process that
    imports pydantic and tinydb, reads the session file with orjson and rewrites it atomically
    (a copy in the same folder, so both write files of one size)."""
    folder, sessions = home
    session = sessions[hands]
    program = scorekeeper("--home", str(folder), "record", session.id, "--tricks", HAND)
    copy = session.path.with_name("floor.json")
    base = floor("rewrite", str(copy))

    def copy_the_file() -> None:
        shutil.copyfile(session.path, copy)

    run(program)
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    with_models = floor("--models", "rewrite", str(copy))
    copy_the_file()
    run(base)
    copy_the_file()
    run(with_models)
    if not enabled:
        return
    got = interleaved({"program": lambda: run(program), "floor": lambda: run(base),
                       "models": lambda: run(with_models)},
                      rounds=21 if hands <= 100 else 11, before=copy_the_file)
    ratio_row(f"record, {hands:,}-hand session, whole process", got["program"], got["floor"],
              "pydantic+tinydb, orjson read, atomic rewrite", 1.5)
    ratio_row(f"  for comparison: against that floor with {MODELS}", got["program"],
              got["models"], f"the floor, {MODELS}", 1.5, binding=False)


@pytest.mark.parametrize("command", ["show", "sessions"])
def test_show_and_sessions(benchmark, enabled, home, command):
    """``show`` of the 100-hand session and ``sessions`` of the home's hundred files, against
    ``python -c "import pydantic, tinydb"``."""
    folder, sessions = home
    args = [session_id] if (session_id := sessions[100].id) and command == "show" else []
    program = scorekeeper("--home", str(folder), command, *args)
    unfrozen = scorekeeper_unfrozen("--home", str(folder), command, *args)
    base = floor("import")
    run(program)  # the first listing builds the home's index
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    with_models = floor("--models", "import")
    run(base)
    run(with_models)
    run(unfrozen)
    if not enabled:
        return
    runs = {"program": lambda: run(program), "floor": lambda: run(base),
            "models": lambda: run(with_models)}
    if command == "show":
        runs["unfrozen"] = lambda: run(unfrozen)
    got = interleaved(runs, rounds=21)
    what = "show, 100-hand session" if command == "show" else "sessions, 100 files"
    ratio_row(f"{what}, whole process", got["program"], got["floor"],
              "import pydantic, tinydb", 1.5)
    ratio_row(f"  for comparison: against that floor with {MODELS}", got["program"],
              got["models"], f"the floor, {MODELS}", 1.5, binding=False)
    if command == "show":
        ratio_row(f"  for comparison: {MODELS}, no work, whole process", got["models"],
                  got["floor"], "import pydantic, tinydb", 1.5, binding=False)
        ratio_row("  for comparison: show without gc.freeze at the end (cli.entry)",
                  got["unfrozen"], got["floor"], "import pydantic, tinydb", 1.5,
                  binding=False)


# ---- the table app in a real terminal --------------------------------------------------------

# What the table shows when it is ready for trick N (the prompt of the entry).
def trick_prompt(trick: int) -> str:
    return f"Who won trick {trick}?"


TABLE_READY = trick_prompt(1)


@pytest.fixture(scope="module")
def table(tmp_path_factory, request):
    enabled = measuring(request.config)
    folder = tmp_path_factory.mktemp("table")
    config, records = letzter_records(200 if enabled else 20)
    return folder, Store(folder).create(config, records)


def test_tui_open_a_table(benchmark, enabled, table):
    """``scorekeeper tui SESSION`` of 200 hands, from the start of the process to the first
    frame showing the table ready for the next hand, against a bare Textual app with one
    Label to its first frame."""
    folder, session = table
    program = scorekeeper("--home", str(folder), "tui", session.id)

    def first_frame(args: list[str], shows: str) -> float:
        terminal = Terminal(args)
        try:
            return terminal.wait_for(shows) - terminal.started
        finally:
            terminal.close()

    first_frame(program, TABLE_READY)
    first_frame(floor("tui"), "ready")
    first_frame(floor("--models", "tui"), "ready")
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if not enabled:
        return
    got = interleaved({"program": lambda: first_frame(program, TABLE_READY),
                       "floor": lambda: first_frame(floor("tui"), "ready"),
                       "models": lambda: first_frame(floor("--models", "tui"), "ready")},
                      rounds=11)
    ratio_row("TUI: open a 200-hand table to its first frame, pty", got["program"],
              got["floor"], "bare Textual app", 1.5)
    ratio_row(f"  for comparison: against a bare Textual app with {MODELS}", got["program"],
              got["models"], f"bare Textual app, {MODELS}", 1.5, binding=False)


def test_tui_key_to_frame(benchmark, enabled, table):
    """A hand typed at the table as a person types it, trick winners by seat number (tricks 1
    to 7), then taken back with Backspace one by one: from each key written to the terminal
    until the frame showing its effect (the next question) has been written; against a bare
    Textual app whose Label changes with each key. The two apps run side by side and take
    their keys in turn, each idle before its key."""
    folder, session = table
    typed = [(b"1", trick_prompt(trick + 1)) for trick in range(1, 8)]
    taken_back = [(b"\x7f", trick_prompt(trick)) for trick in range(7, 0, -1)]
    keys = (typed + taken_back) * (4 if enabled else 1)
    app = Terminal(scorekeeper("--home", str(folder), "tui", session.id))
    bare = Terminal(floor("tui"))
    try:
        app.wait_for(TABLE_READY)
        bare.wait_for("ready")
        app_times, bare_times = [], []
        for i, (key, shows) in enumerate(keys, start=1):
            app.settle()
            app_times.append(app.press(key, shows))
            bare.settle()
            bare_times.append(bare.press(b"1", f"key {i}"))
    finally:
        app.close()
        bare.close()
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if not enabled:
        return
    import statistics

    got, base = statistics.median(app_times), statistics.median(bare_times)
    ratio = got / base
    report(Row(f"TUI: key to frame written, 200-hand table, pty ({len(keys)} keys)", ms(got),
               f"{ms(base)} (bare Textual app)", f"{ratio:.2f}x", "<= 2x and < 16 ms",
               ratio <= 2 and got < 0.016))


# ---- peak memory -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def big_session(tmp_path_factory, request):
    """The benchmark's Kratzen session, as a script and stored."""
    enabled = measuring(request.config)
    folder = tmp_path_factory.mktemp("big")
    script = write_script(folder / "night.json", 10000 if enabled else 40)
    config, records = kratzen_session(10000 if enabled else 40)
    return folder, script, Store(folder / "home").create(config, records)


MEMORY_SCENARIOS = ["replay", "audit", "csv", "json", "md", "html", "beancount"]


@pytest.mark.parametrize("what", MEMORY_SCENARIOS)
def test_peak_memory(benchmark, enabled, big_session, what):
    """The peak resident memory of a command on 10,000 Kratzen hands, against ``json.load``
    of the session file, each a process of its own."""
    folder, script, session = big_session
    home = str(folder / "home")
    if what == "replay":
        program = scorekeeper("replay", str(script), "--json")
    elif what == "audit":
        program = scorekeeper("--home", home, "audit", session.id)
    else:
        program = scorekeeper("--home", home, "export", session.id, "--format", what)
    got = peak_memory(program)
    base = peak_memory(floor("load", str(session.path)))
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if not enabled:
        return
    got = sorted([got, peak_memory(program), peak_memory(program)])[1]
    base = sorted([base, peak_memory(floor("load", str(session.path))),
                   peak_memory(floor("load", str(session.path)))])[1]
    label = "replay --json" if what == "replay" else what if what == "audit" else \
        f"export {what}"

    def mib(size: float) -> str:
        return f"{size / (1 << 20):.0f} MiB"

    ratio_row(f"peak memory: {label}, 10,000 kratzen hands", got, base,
              "json.load of the session file", 1.2, figure=mib)
