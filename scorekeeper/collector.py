"""When Python's cycle collector runs: the one policy of the program, for its three kinds of
process. Each choice names the benchmark row (tests/benchmarks) that justifies it; change one
only with that row measured before and after.

- a command (``scorekeeper show``, ``record``, ``audit``, …): paused while it runs
  (``for_a_command``), and what is left frozen at the end of the process (``at_exit``);
- an app that stays open for the evening (the table app, the scoreboard): paused while it
  starts (``for_an_app``), then on, with what was made while starting frozen out of its scans
  (``app_shown``, once its first screen is drawn);
- the scoreboard server (``scorekeeper serve``): on (``for_a_server``).

Reference counting frees memory in every case; the collector only finds cycles.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def for_a_command() -> Iterator[None]:
    """The collector paused while a command runs, then as it was (for in-process callers: the
    tests, the benchmarks)."""
    # A command is short, and reading, settling, auditing or exporting a long session makes
    # hundreds of thousands of objects and no cycles, which the collector would scan again and
    # again: with it on, the audit of 10,000 hands took about 1.8 times as long (measured when
    # this was chosen, 2026-12-01; the row that now carries it is
    # tests/benchmarks/test_whole_commands.py, "audit, 10,000 kratzen hands, whole process",
    # against bean-check). Memory is still freed by reference counting, and all of it when the
    # command ends.
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def at_exit() -> None:
    """The process ends now: what is left is left to the end of the process, not scanned."""
    # Python's last step would scan every object left for cycles, several times over: the tens
    # of thousands that the modules and pydantic's models are made of. That took about 50 ms,
    # more than a short command's own work (``show``, ``record``). Call it only once every file
    # is closed and every write made. tests/benchmarks/test_whole_commands.py, "for comparison:
    # show without gc.freeze at the end (cli.entry)".
    gc.freeze()


def for_an_app() -> None:
    """A Textual app is about to start, to run for the evening (the table app, the
    scoreboard): the collector stays paused while it starts, until ``app_shown``."""
    # Starting makes tens of thousands of objects that live all evening (the table's modules,
    # Textual's styles and widgets) and few cycles; with the collector on, it scanned them
    # about 180 times before the table's first frame (50 to 150 ms of the ~0.9 s).
    # tests/benchmarks/test_whole_commands.py, "TUI: open a 200-hand table to its first frame,
    # pty 80x24".
    gc.disable()


def app_shown() -> None:
    """The app has drawn its first screen (the table, the home screen, the scoreboard): the
    collector on, since Textual leaves cycles behind as it runs, with everything made while
    starting frozen out of its scans (the key at the table is measured so: "TUI: key to frame
    written, six players, pty 80x24"). Called more than once, it changes nothing more."""
    gc.freeze()
    gc.enable()


def for_a_server() -> None:
    """``scorekeeper serve`` is about to serve for the evening: the collector on again (a
    command paused it), as in any long-running process. Each browser's scoreboard runs in a
    process of its own, which ``for_an_app`` covers; no benchmark measures the server."""
    gc.enable()
