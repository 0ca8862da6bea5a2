"""The table app never waits on the disk: every store call (opening a session, following the
file, previews that read it, every write) runs in a worker thread, and its outcome is handed
back to the event loop. A call still running after a moment is said (another terminal may hold
the session's lock); meanwhile the screen goes on drawing and answering keys. One call is made
in line (``before_the_first_screen``): an app started at a table reads that session before it
has drawn anything, so that the table is its first screen.

The tests' apps run these calls in line (``disk_in_thread=False``), so each step can be
checked as it lands; ``tests/test_stale.py`` runs the program's way, with a held lock."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from ..errors import ScorekeeperError, StoreError, one_line

if TYPE_CHECKING:
    from textual.dom import DOMNode

T = TypeVar("T")

WAITING_AFTER = 0.4  # seconds: a call not done by then is waiting (for a lock, a slow disk)


def on_disk(node: DOMNode, work: Callable[[], T], done: Callable[[T], None],
            refused: Callable[[ScorekeeperError], None], *, waiting: str | None = None,
            busy: Callable[[bool], None] | None = None) -> None:
    """Run ``work`` (a store call) beside the event loop; then ``done(result)``, or
    ``refused(error)`` when it raised (anything it raised: a damaged or vanished file must
    never crash the app). ``busy(True)`` is called before and ``busy(False)`` after, on the
    event loop; ``waiting`` is said when the call is still running after ``WAITING_AFTER``."""
    app = node.app
    if not getattr(app, "disk_in_thread", True):  # the tests' apps: in line, step by step
        outcome = outcome_of(work)
        if isinstance(outcome, ScorekeeperError):
            refused(outcome)
        else:
            done(outcome)
        return
    if busy is not None:
        busy(True)
    timer = node.set_timer(WAITING_AFTER, lambda: app.notify(waiting, markup=False, timeout=5)) \
        if waiting else None

    def finish(outcome: T | ScorekeeperError) -> None:
        if timer is not None:
            timer.stop()
        if busy is not None:
            busy(False)
        if isinstance(outcome, ScorekeeperError):
            refused(outcome)
        else:
            done(outcome)

    def run() -> None:
        app.call_from_thread(finish, outcome_of(work))

    node.run_worker(run, thread=True, group="session-file")


def before_the_first_screen(work: Callable[[], T]) -> T | ScorekeeperError:
    """``work`` (reading the session an app was started at) done in line, before the app's
    first screen is made: there is nothing yet to draw or to answer, and reading a session
    takes no lock (``Store.open``). What went wrong is returned, to be said on the home screen.
    In a worker, the app drew a screen saying it was opening the session and then the table
    over it: about 5 % more work to the table's first frame
    (tests/benchmarks/test_whole_commands.py, "TUI: open a 200-hand table")."""
    return outcome_of(work)


def outcome_of(work: Callable[[], T]) -> T | ScorekeeperError:
    """What ``work`` returned, or what went wrong (anything it raised: a damaged or vanished
    file must never crash the app), never raised."""
    try:
        return work()
    except Exception as error:
        return _said(error)


def _said(error: Exception) -> ScorekeeperError:
    """What went wrong, as a message for a notice: the store's own errors as they are; anything
    else (it should not happen) named, on one line."""
    if isinstance(error, ScorekeeperError):
        return error
    return StoreError(f"unexpected {type(error).__name__}: {one_line(str(error))}")
