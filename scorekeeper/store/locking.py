"""The lock a writer holds on a session file: ``flock`` on ``<file>.lock``, a lock file that is
never followed through a symbolic link (nor anything but a regular file); ``take_lock`` takes
it, or says why it cannot."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from pathlib import Path
from typing import Any

from ..errors import StoreError, one_line, os_reason
from ..i18n import _

try:
    import fcntl
except ImportError:  # not POSIX: the lock library does the locking
    fcntl = None  # type: ignore[assignment]


class LockTimeout(Exception):
    """Another process held a session's lock for longer than we would wait."""


class LockRefused(Exception):
    """The lock file is a symbolic link or not a regular file: it is not opened (following a
    link would create or lock a file anywhere). The message says which."""


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FLAGS = os.O_RDWR | os.O_CREAT | _NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def open_lock_file(path: str) -> int:
    """The lock file, opened (created, mode 0644 less the umask, if need be) without following
    a symbolic link and without waiting on a special file; ``LockRefused`` for anything but a
    regular file."""
    if os.path.islink(path):  # also where O_NOFOLLOW is missing
        raise LockRefused(_("is a symbolic link"))
    try:
        fd = os.open(path, _FLAGS, 0o644)
    except OSError:
        if os.path.islink(path):  # made a link meanwhile: O_NOFOLLOW said ELOOP
            raise LockRefused(_("is a symbolic link")) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise LockRefused(_("is not a regular file"))
    except BaseException:
        os.close(fd)
        raise
    return fd


class FileLock:
    """An exclusive lock on the file ``path`` (created if need be), waiting up to ``timeout``
    seconds for another process to let go (then ``LockTimeout``).

    On POSIX this is ``flock`` itself, which is what the lock library does there, so the two
    exclude each other; it costs microseconds where the library's machinery costs a noticeable
    part of recording a hand. Elsewhere the library does the work."""

    def __init__(self, path: str, timeout: float) -> None:
        self.path, self.timeout = path, timeout
        self.fd: int | None = None
        self.other: Any = None

    def acquire(self) -> None:
        if fcntl is None:
            from filelock import FileLock, Timeout  # imported here: only used off POSIX

            if os.path.islink(self.path):
                raise LockRefused(_("is a symbolic link"))
            self.other = FileLock(self.path, timeout=self.timeout)
            try:
                self.other.acquire()
            except Timeout:
                raise LockTimeout(self.path) from None
            return
        fd = open_lock_file(self.path)
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self.fd = fd
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise LockTimeout(self.path) from None
                time.sleep(0.02)
            except BaseException:
                os.close(fd)
                raise

    def release(self) -> None:
        if self.other is not None:
            self.other.release()
        elif self.fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
        self.fd = self.other = None

    def __enter__(self) -> FileLock:
        self.acquire()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()


def take_lock(path: Path, label: str, wait: float) -> FileLock:
    """The lock of the session file ``path`` (``label``: how messages name it), taken within
    ``wait`` seconds; a ``StoreError`` saying why it cannot be."""
    lock = FileLock(str(path) + ".lock", wait)
    try:
        lock.acquire()
    except LockTimeout:
        raise StoreError(_("{file}: in use by another scorekeeper (waited {seconds:g} s); try "
                           "again when it is done").format(file=label, seconds=wait)) from None
    except LockRefused as why:
        raise StoreError(_("{file}: cannot be locked for writing: its lock file {lock} {why} "
                           "(it is never followed); remove it and try again").format(
            file=label, lock=one_line(os.path.basename(lock.path)), why=why)) from None
    except OSError as error:
        if error.errno in _REFUSED and not os.path.lexists(lock.path):
            # The lock file could not be made: what refuses is the folder (read-only), and
            # the file named would be one that is not there.
            raise StoreError(_("{folder}: the folder cannot be written ({reason}); nothing was "
                               "changed").format(folder=one_line(str(path.parent)),
                                                 reason=os_reason(error))) from None
        raise StoreError(_("{file}: cannot be locked for writing ({reason})").format(
            file=label, reason=os_reason(error))) from None
    return lock


_REFUSED = (errno.EACCES, errno.EPERM, errno.EROFS)
