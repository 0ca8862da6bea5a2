"""Atomic rewrites of a file: a crash leaves either the old file or the new one, never a torn
one, and the file keeps its mode (a new one gets the mode ``open`` would give it). The
temporary file of a writer that was killed is cleared later (``clear_stale_temporaries``): its
name says which process wrote it."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from .locking import FileLock, LockRefused, LockTimeout


def atomic_write(path: Path, text: str | list[bytes]) -> os.stat_result:
    """Replace ``path`` with ``text`` (a string, or a list of pieces of UTF-8 written one after
    the other) so that a crash leaves either the old file or the new one. The file keeps its
    permission bits; a new file gets ``0666`` less the umask, as ``open`` would create it.
    Returns the new file's status (renaming keeps its inode, size and modification time)."""
    folder = path.parent
    mode = _mode_for(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.pid{os.getpid()}.", suffix=".tmp",
                               dir=folder)
    try:
        try:
            _write_all(fd, [text.encode("utf-8")] if isinstance(text, str) else text)
            os.fsync(fd)
            if mode != 0o600:  # mkstemp's mode
                os.fchmod(fd, mode)
            status = os.fstat(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_folder(folder)
    return status


def sync_folder(folder: Path) -> None:
    """Make a folder's entries durable (a file renamed into it or out of it), where the
    system allows."""
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _mode_for(path: Path) -> int:
    """The permission bits the new text of ``path`` gets: those of the regular file there now,
    else those a new file gets (``0666`` less the umask)."""
    try:
        status = os.stat(path)
    except OSError:
        status = None
    if status is not None and stat.S_ISREG(status.st_mode):
        return stat.S_IMODE(status.st_mode)
    return 0o666 & ~current_umask()


def current_umask() -> int:
    """The process's umask (Linux states it in /proc; elsewhere it is set and set back)."""
    with (contextlib.suppress(OSError, ValueError),
          open("/proc/self/status", encoding="ascii", errors="replace") as status):
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def _pieces_per_call() -> int:
    """How many pieces one ``writev`` may take (``IOV_MAX``: 1024 on Linux and macOS; POSIX
    promises at least 16)."""
    try:
        limit = os.sysconf("SC_IOV_MAX")
    except (AttributeError, ValueError, OSError):
        limit = -1
    return limit if limit > 0 else 16


_PIECES_PER_CALL = _pieces_per_call()


def _write_all(fd: int, pieces: list[bytes]) -> None:
    """Write the pieces one after the other, gathered into as few system calls as the system
    allows (through a buffered file, many pieces meant many calls: a visible part of
    recording a hand)."""
    views = [memoryview(p) for p in pieces if p]
    gather = getattr(os, "writev", None)
    first = 0
    while first < len(views):
        batch = views[first:first + _PIECES_PER_CALL]
        written = gather(fd, batch) if gather is not None else os.write(fd, batch[0])
        if written <= 0:
            raise OSError(errno.EIO, "nothing could be written")
        for view in batch:  # drop what was written; a short write leaves the rest of a piece
            if written < len(view):
                views[first] = view[written:]
                break
            written -= len(view)
            first += 1


# ---- what a killed writer left behind ------------------------------------------------------------

# ``.<name>.pid<pid>.<8 random characters>.tmp``, or ``.<name>.<8 random characters>.tmp`` as
# written before the name carried the writer's process id.
_TEMPORARY = re.compile(r"\.(?P<name>.+?)\.(?:pid(?P<pid>[0-9]{1,10})\.)?[A-Za-z0-9_]{8}\.tmp")
STALE_AFTER = 3600.0  # seconds: no write takes this long; an older temporary file is left over


def clear_home_temporaries(home: Path) -> list[Path]:
    """``clear_stale_temporaries`` in the home folder and in each folder directly in it (not
    through a link): what a writer killed mid-write left there, cleared by the next command."""
    try:
        folders = [Path(e.path) for e in os.scandir(home) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return []
    return [path for folder in [home, *folders] for path in clear_stale_temporaries(folder)]


def clear_stale_temporaries(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of ``atomic_write`` in ``folder`` that no live writer holds:
    those of a process that has ended, and those older than ``STALE_AFTER`` seconds whose
    file's lock (if it has one) is free. Returns what was removed; what cannot be looked at or
    removed is left as it is (a command never stops for it)."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    moment = time.time() if now is None else now
    for entry in entries:
        found = _TEMPORARY.fullmatch(entry.name) if entry.name.endswith(".tmp") else None
        if found is None:
            continue
        with contextlib.suppress(OSError):
            status = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(status.st_mode) and _stale(found, status, moment, folder):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def _stale(found: re.Match[str], status: os.stat_result, moment: float, folder: Path) -> bool:
    """Whether a temporary file is held by no writer: its process has ended, or it is older
    than any write takes and its file's lock is free."""
    pid = found.group("pid")
    if pid is not None and int(pid) != os.getpid() and not process_alive(int(pid)):
        return True
    if moment - status.st_mtime < STALE_AFTER:
        return False
    return not lock_held(folder / (found.group("name") + ".lock"))


def process_alive(pid: int) -> bool:
    """Whether a process of this id runs on this machine (where that cannot be asked without
    harm, as on Windows, whose ``os.kill`` ends the process: taken as running)."""
    if os.name != "posix" or pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it runs, as another user
        return True
    return True


def lock_held(lock: Path) -> bool:
    """Whether another process holds the lock file ``lock`` now (a missing one is held by
    nobody; one that cannot be asked is taken as held)."""
    if not os.path.lexists(lock):
        return False
    try:
        with FileLock(str(lock), 0):
            return False
    except (LockTimeout, LockRefused, OSError):
        return True
