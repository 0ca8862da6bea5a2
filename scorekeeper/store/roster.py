"""What the table has said about its players' names, kept in the home folder
(``<home>/players.json``): which spelling is taken as which player, and which look-alike names
are two people. Only ``scorekeeper player merge``, ``unmerge`` and ``apart`` write it, under a
lock, replacing it whole; the season and the players' figures read it (``season.Roster`` says
what it means). It is read and written through TinyDB, as a table ``roster`` of one document
(``storage.OneDocument``), its bytes on disk as they always were."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import StoreError, os_reason
from ..i18n import _
from .locking import FileLock, LockRefused, LockTimeout
from .storage import OneDocument, read_document, write_document

ROSTER_NAME = "players.json"


class RosterLayout(OneDocument):
    """``players.json`` to TinyDB: a file that is not JSON is said (the figures would change
    without it: nothing goes on as if it were empty); JSON that is not an object is a document
    that is no roster (``season.Roster`` says so, as it says of any other)."""

    def __init__(self, path: Path) -> None:
        super().__init__("roster", strict=True, ascii_only=False)
        self.path = path

    def unreadable(self, label: str, value: Any) -> dict[str, Any]:
        if value is None:
            raise StoreError(_("{file}: damaged: not JSON; mend it or remove it (then merge the "
                               "names again)").format(file=self.path))
        return {self.name: {"1": {"not a roster": value}}}


def read_roster(home: Path) -> Any:
    """The JSON of ``<home>/players.json`` (``None`` when there is none yet); a file that is
    not JSON is a ``StoreError`` saying so."""
    path = home / ROSTER_NAME
    return read_document(path, ROSTER_NAME, RosterLayout(path))


def change_roster(home: Path, change: Callable[[Any], dict[str, Any]],
                  wait: float) -> dict[str, Any]:
    """Read ``players.json`` under its lock, ``change`` it (given what it holds, ``None`` when
    there is none) and write what ``change`` returns in its place, whole. Returns that."""
    path = home / ROSTER_NAME
    try:
        home.mkdir(parents=True, exist_ok=True)
        with FileLock(str(path) + ".lock", wait):
            return write_document(path, ROSTER_NAME, RosterLayout(path), change)
    except LockTimeout:
        raise StoreError(_("{file}: in use by another scorekeeper (waited {seconds:g} s); try "
                           "again when it is done").format(file=path, seconds=wait)) from None
    except LockRefused as why:
        raise StoreError(_("{file}: cannot be locked for writing: its lock file {why}").format(
            file=path, why=why)) from None
    except OSError as error:
        raise StoreError(_("{file}: cannot be written ({reason}); nothing was changed").format(
            file=path, reason=os_reason(error))) from None
