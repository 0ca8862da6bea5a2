"""Reading a session file (or the index) safely: never a special file (a named pipe would hang
the reader), never more than ``MAX_FILE_BYTES``, JSON that is not JSON said in words."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from ..errors import StoreError


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
        raise StoreError(f"{label}: damaged: not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise StoreError(f"{label}: damaged: not valid JSON ({error.msg} at line {error.lineno}, "
                         f"column {error.colno}); it is left as it is") from None
    except RecursionError:
        raise StoreError(f"{label}: damaged: nested too deeply") from None
    except ValueError:  # a whole number of more digits than Python converts (4300)
        raise StoreError(f"{label}: damaged: it holds a number too long to read") from None


MAX_FILE_BYTES = 64 * 1024 * 1024  # a session of tens of thousands of hands is a few MiB


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    for test, word in ((stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "named pipe"),
                       (stat.S_ISSOCK, "socket"), (stat.S_ISCHR, "device"),
                       (stat.S_ISBLK, "device")):
        if test(mode):
            return word
    return "special file"


def _check_file(status: os.stat_result, label: str) -> None:
    """Refuse what is not a regular file of a readable size, before a byte of it is read."""
    if not stat.S_ISREG(status.st_mode):
        raise StoreError(f"{label}: damaged: not a regular file (a {_kind(status.st_mode)}); "
                         f"it is not opened")
    if status.st_size > MAX_FILE_BYTES:
        raise StoreError(f"{label}: too large: {status.st_size} bytes (the limit is "
                         f"{MAX_FILE_BYTES // (1024 * 1024)} MiB); it is not read")


def read_file_bytes(path: Path, label: str) -> bytes:
    """The bytes of a session file (or the index): never a special file (a named pipe would
    hang the reader), never more than ``MAX_FILE_BYTES``; else a ``StoreError`` saying why."""
    try:
        _check_file(os.stat(path), label)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise StoreError(f"{label}: no such file") from None
    except OSError as error:
        raise StoreError(f"{label}: cannot be read ({error.strerror or error})") from None
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
                raise StoreError(f"{label}: too large: more than {MAX_FILE_BYTES} bytes; "
                                 f"it is not read")
    except OSError as error:
        raise StoreError(f"{label}: cannot be read ({error.strerror or error})") from None
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def read_json_file(path: Path, label: str) -> dict[str, Any]:
    """A session file's JSON, or a ``StoreError`` saying what is wrong with it."""
    return json_of(read_file_bytes(path, label), label)


def json_of(raw: bytes, label: str) -> dict[str, Any]:
    """The JSON of a session file's bytes (``read_file_bytes``), or a ``StoreError`` saying
    what is wrong with it."""
    if not raw.strip():
        raise StoreError(f"{label}: damaged: the file is empty")
    try:
        data = _parse_json(raw)
    except ValueError:  # the standard parser names the problem (or takes what this one refused)
        data = _parse_json_or_say_why(raw, label)
    if not isinstance(data, dict):
        raise StoreError(f"{label}: damaged: not a scorekeeper session (wrong shape)")
    return data


