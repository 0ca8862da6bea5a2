"""What the table has said about its players' names, kept in the home folder
(``<home>/players.json``): which spelling is taken as which player, and which look-alike names
are two people. Only ``scorekeeper player merge``, ``unmerge`` and ``apart`` write it, under a
lock, replacing it whole; the season and the players' figures read it (``season.Roster`` says
what it means)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import StoreError, one_line
from ..i18n import _
from .atomic import atomic_write
from .files import read_file_bytes
from .locking import FileLock, LockRefused, LockTimeout

ROSTER_NAME = "players.json"


def read_roster(home: Path) -> Any:
    """The JSON of ``<home>/players.json`` (``None`` when there is none yet); a file that is
    not JSON is a ``StoreError`` saying so (the figures would change without it: nothing goes
    on as if it were empty)."""
    path = home / ROSTER_NAME
    if not os.path.lexists(path):
        return None
    raw = read_file_bytes(path, ROSTER_NAME)
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise StoreError(_("{file}: damaged: not JSON; mend it or remove it (then merge the "
                           "names again)").format(file=path)) from None


def change_roster(home: Path, change: Callable[[Any], dict[str, Any]],
                  wait: float) -> dict[str, Any]:
    """Read ``players.json`` under its lock, ``change`` it (given what it holds, ``None`` when
    there is none) and write what ``change`` returns in its place, whole. Returns that."""
    path = home / ROSTER_NAME
    try:
        home.mkdir(parents=True, exist_ok=True)
        with FileLock(str(path) + ".lock", wait):
            data = change(read_roster(home))
            atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True)
                         + "\n")
    except LockTimeout:
        raise StoreError(_("{file}: in use by another scorekeeper (waited {seconds:g} s); try "
                           "again when it is done").format(file=path, seconds=wait)) from None
    except LockRefused as why:
        raise StoreError(_("{file}: cannot be locked for writing: its lock file {why}").format(
            file=path, why=why)) from None
    except OSError as error:
        raise StoreError(_("{file}: cannot be written ({reason}); nothing was changed").format(
            file=path, reason=one_line(error.strerror or str(error)))) from None
    return data
