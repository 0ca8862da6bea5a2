"""Whole processes for the benchmarks: run a command and time it, its peak memory, and a
program in a real pseudo-terminal (the standard library's ``pty`` support: the program writes
its frames to a terminal as it would to a person's)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).parent
PYTHON = sys.executable

# The environment of every process measured: bytecode may be written (as after any first run
# of an installed program), English, and a terminal type Textual draws colours for.
ENV = {k: v for k, v in os.environ.items()
       if k not in ("PYTHONDONTWRITEBYTECODE", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
ENV |= {"LANG": "C.UTF-8", "TERM": "xterm-256color", "COLORTERM": "truecolor"}


def scorekeeper(*args: str) -> list[str]:
    """The command line of ``scorekeeper ARGS`` run as its own process."""
    return [PYTHON, "-m", "scorekeeper", *args]


def scorekeeper_unfrozen(*args: str) -> list[str]:
    """The same command through ``cli.main`` without ``cli.entry``'s ``gc.freeze`` at the end:
    what that one line buys (the comparison rows of ``show``)."""
    return [PYTHON, "-c", "import sys; from scorekeeper.cli import main; main(sys.argv[1:])",
            *args]


def floor(*args: str) -> list[str]:
    return [PYTHON, str(HERE / "floors.py"), *args]


def run(args: list[str], stdout=subprocess.DEVNULL) -> float:
    """Run a command to its end (it must succeed); the seconds it took."""
    start = time.perf_counter()
    subprocess.run(args, stdout=stdout, stderr=subprocess.PIPE, env=ENV, check=True,
                   timeout=300)
    return time.perf_counter() - start


def interleaved(runs: dict[str, Callable[[], float]], rounds: int,
                before: Callable[[], None] | None = None) -> dict[str, float]:
    """The median of each of ``runs`` (each returns the seconds it measured), run in turn
    round after round, so that a slow minute of a shared machine falls on all of them alike.
    ``before`` runs, untimed, before each one."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, measure in runs.items():
            if before is not None:
                before()
            times[name].append(measure())
    return {name: statistics.median(got) for name, got in times.items()}


def peak_memory(args: list[str]) -> int:
    """The peak resident memory of ``args`` run as its own process, in bytes: a fresh Python
    process runs it as its only child and reads ``ru_maxrss`` of its children."""
    probe = ("import resource, subprocess, sys\n"
             "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([PYTHON, "-c", probe, *args], capture_output=True, text=True,
                          env=ENV, check=True, timeout=300)
    return int(done.stdout.split()[-1]) * 1024  # Linux gives kibibytes


# Escape sequences (CSI, OSC, DCS and two-byte ones): what is left of a frame is its text.
_ESCAPES = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)"
                      rb"|P[^\x1b]*\x1b\\|[@-Z\\-_])")


class Terminal:
    """A program running in a pseudo-terminal of ``columns`` x ``rows``. ``wait_for`` reads
    what it writes until a text appears on its screen (the text of what it wrote, escape
    sequences left out) and says when."""

    def __init__(self, args: list[str], columns: int = 100, rows: int = 30) -> None:
        self.master, follower = os.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(args, stdin=follower, stdout=follower, stderr=follower,
                                        env=ENV, start_new_session=True, close_fds=True)
        os.close(follower)
        self.written = b""  # everything written since the last mark()

    def mark(self) -> None:
        """Forget what was written so far: ``wait_for`` looks at what comes next."""
        self.written = b""

    def wait_for(self, text: str, timeout: float = 30) -> float:
        """Read until ``text`` has been written (since the last mark); the time it was read."""
        wanted = text.encode("utf-8")
        end = time.perf_counter() + timeout
        while True:
            if wanted in _ESCAPES.sub(b"", self.written):
                return time.perf_counter()
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{text!r} not shown; the screen's last text: "
                                   f"{_ESCAPES.sub(b'', self.written)[-2000:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                self.written += os.read(self.master, 1 << 16)

    def settle(self, quiet: float = 0.15, timeout: float = 10) -> None:
        """Read until nothing has been written for ``quiet`` seconds (the program is idle)."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if not ready:
                return
            os.read(self.master, 1 << 16)

    def press(self, keys: bytes, shows: str) -> float:
        """Type ``keys``; the seconds until the frame showing ``shows`` was written."""
        self.mark()
        start = time.perf_counter()
        os.write(self.master, keys)
        return self.wait_for(shows) - start

    def close(self) -> None:
        with contextlib.suppress(OSError):  # it has ended already
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        os.close(self.master)
