"""Pausing Python's cycle collector around work that builds many objects and no cycles."""

from __future__ import annotations

import contextlib
import gc
from typing import Iterator


@contextlib.contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause the cycle collector while a long session is read, settled or audited: that work
    makes hundreds of thousands of small objects and no cycles, and the collector would scan
    them all (and the whole parsed file) again and again, time that grows faster than the
    session. Memory is still freed by reference counting."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
