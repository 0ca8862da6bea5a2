"""Reading a file of the home safely, for the store's TinyDB storages (``storage``): never a
special file (a named pipe would hang the reader), never more than ``MAX_FILE_BYTES``, JSON that
is not JSON said in words."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from ..errors import StoreError, json_problem, os_reason
from ..i18n import N_, _


class Damaged(StoreError):
    """A file that is not what scorekeeper wrote: ``FILE: damaged: PROBLEM`` (``; run audit``
    where the audit says more), in the language in use; ``problem`` is the part after
    ``damaged:``, for a message that names the file otherwise."""

    def __init__(self, label: str, problem: str, run_audit: bool = False) -> None:
        self.label, self.problem = label, problem
        message = (_("{file}: damaged: {problem}; run audit") if run_audit
                   else _("{file}: damaged: {problem}"))
        super().__init__(message.format(file=label, problem=problem))


def _parse_json(raw: bytes) -> Any:
    """JSON text to Python values, with pydantic's parser (written in Rust, it reads a long
    session's file in about 60% of the time the standard library takes; pydantic is here
    anyway). Raises ``ValueError`` for text that is not JSON."""
    from pydantic_core import from_json

    return from_json(raw)


def _parse_json_or_say_why(raw: bytes, label: str) -> Any:
    """The standard library's reading of the text, or a ``StoreError`` saying what is wrong."""
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise Damaged(label, _("not UTF-8 text")) from None
    except json.JSONDecodeError as error:
        raise Damaged(label, _("not valid JSON ({problem} at line {line}, column {column}); it "
                               "is left as it is").format(problem=json_problem(error.msg),
                                                          line=error.lineno,
                                                          column=error.colno)) from None
    except RecursionError:
        raise Damaged(label, _("nested too deeply")) from None
    except ValueError:  # a whole number of more digits than Python converts (4300)
        raise Damaged(label, _("it holds a number too long to read")) from None


MAX_FILE_BYTES = 64 * 1024 * 1024  # a session of tens of thousands of hands is a few MiB


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    for test, word in ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a named pipe")),
                       (stat.S_ISSOCK, N_("a socket")), (stat.S_ISCHR, N_("a device")),
                       (stat.S_ISBLK, N_("a device"))):
        if test(mode):
            return _(word)
    return _("a special file")


def _check_file(status: os.stat_result, label: str) -> None:
    """Refuse what is not a regular file of a readable size, before a byte of it is read."""
    if not stat.S_ISREG(status.st_mode):
        raise Damaged(label, _("not a regular file ({kind}); it is not opened").format(
            kind=_kind(status.st_mode)))
    if status.st_size > MAX_FILE_BYTES:
        raise StoreError(_("{file}: too large: {size} bytes (the limit is {limit} MiB); it is "
                           "not read").format(file=label, size=status.st_size,
                                              limit=MAX_FILE_BYTES // (1024 * 1024)))


def read_file_bytes(path: Path, label: str) -> bytes:
    """The bytes of a session file (or the index): never a special file (a named pipe would
    hang the reader), never more than ``MAX_FILE_BYTES``; else a ``StoreError`` saying why."""
    try:
        _check_file(os.stat(path), label)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise StoreError(_("{file}: no such file").format(file=label)) from None
    except OSError as error:
        raise StoreError(_("{file}: cannot be read ({reason})").format(
            file=label, reason=os_reason(error))) from None
    try:
        status = os.fstat(fd)
        _check_file(status, label)  # what was opened, should the file have been swapped
        chunks, total = [], 0
        while True:
            want = min(max(status.st_size + 1 - total, 65536), MAX_FILE_BYTES + 1 - total)
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_FILE_BYTES:
                raise StoreError(_("{file}: too large: more than {limit} bytes; it is not "
                                   "read").format(file=label, limit=MAX_FILE_BYTES))
    except OSError as error:
        raise StoreError(_("{file}: cannot be read ({reason})").format(
            file=label, reason=os_reason(error))) from None
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def json_of(raw: bytes, label: str) -> dict[str, Any]:
    """The JSON of a session file's bytes (``read_file_bytes``), or a ``StoreError`` saying
    what is wrong with it."""
    if not raw.strip():
        raise Damaged(label, _("the file is empty"))
    try:
        data = _parse_json(raw)
    except ValueError:  # the standard parser names the problem (or takes what this one refused)
        data = _parse_json_or_say_why(raw, label)
    if not isinstance(data, dict):
        raise Damaged(label, _("not a scorekeeper session (wrong shape)"))
    return data


