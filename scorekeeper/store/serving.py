"""Where ``scorekeeper serve`` is serving which session, kept in the home folder so the table
app's scoreboard (ctrl+g) can show phones the QR code of an address that answers.

Each serve writes one small record while it answers, ``<home>/serving/<pid>.json`` (the
session's id and file, the address, the port, its process and this machine's name), written
atomically through TinyDB as the home's other files are (``storage.OneDocument``), and removes
it when it stops. A serve killed outright leaves its record behind: a record whose process is
gone is stale, ignored and cleared by the next reader. A record is taken as live only while its
process lives and its address accepts a connection, so no address is shown that no serve
answers. Records are not synced (``sync`` tracks only the sessions, the roster and the
settings)."""

from __future__ import annotations

import contextlib
import os
import re
import socket
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..errors import StoreError, os_reason
from .storage import OneDocument, read_document, write_document

SERVING = "serving"  # the folder of the records, in the home
RECORD_NAME = re.compile(r"[1-9][0-9]{0,9}\.json")  # <pid>.json: nothing else is ours to clear
ANSWER_WAIT = 0.5  # seconds a record's address has to accept a connection


@dataclass(frozen=True, slots=True)
class Serving:
    """One serve: the session it serves (id, and its file's resolved path), the address a
    browser opens (``url``), where it listens (``host``, ``port``), its process and machine."""

    session: str
    file: str
    url: str
    host: str
    port: int
    pid: int
    machine: str


def serving_folder(home: Path) -> Path:
    return home / SERVING


def record_path(home: Path, pid: int) -> Path:
    return serving_folder(home) / f"{pid}.json"


def home_of(session_file: Path) -> Path | None:
    """The home that keeps ``session_file`` (``<home>/sessions/<id>.json``), or ``None`` for a
    file kept elsewhere."""
    folder = session_file.resolve().parent
    return folder.parent if folder.name == "sessions" else None


def this_machine() -> str:
    return socket.gethostname()


def layout() -> OneDocument:
    # A record that is not JSON is no record: read as none (and cleared), never an error.
    return OneDocument("serving", strict=False, ascii_only=True)


def record_serving(home: Path, serving: Serving) -> Path:
    """Write ``serving``'s record (replacing one of the same process), atomically; a
    ``StoreError`` when it cannot be written."""
    path = record_path(home, serving.pid)
    try:
        serving_folder(home).mkdir(parents=True, exist_ok=True)
        write_document(path, str(path), layout(), lambda _old: {
            "version": 1, "session": serving.session, "file": serving.file,
            "url": serving.url, "host": serving.host, "port": serving.port,
            "pid": serving.pid, "machine": serving.machine})
    except OSError as error:
        raise StoreError(f"{path}: {os_reason(error)}") from None
    return path


def end_serving(home: Path, pid: int) -> None:
    """Remove the record of process ``pid`` (nothing when there is none)."""
    with contextlib.suppress(FileNotFoundError):
        record_path(home, pid).unlink()


def read_serving(path: Path) -> Serving | None:
    """The record at ``path``, or ``None`` when it is none (missing, not JSON, a field missing
    or of the wrong type)."""
    try:
        found: dict[str, Any] | None = read_document(path, str(path), layout())
    except (StoreError, OSError):
        return None
    if found is None:
        return None
    try:
        serving = Serving(**{field.name: found[field.name] for field in fields(Serving)})
    except (KeyError, TypeError):
        return None
    texts = (serving.session, serving.file, serving.url, serving.host, serving.machine)
    numbers = (serving.port, serving.pid)
    if not all(isinstance(t, str) for t in texts) or \
            not all(type(n) is int and n > 0 for n in numbers):
        return None
    return serving


def process_lives(pid: int) -> bool:
    """Whether process ``pid`` exists on this machine."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: it exists
    except (OSError, OverflowError):
        return False
    return True


def answers(host: str, port: int, wait: float = ANSWER_WAIT) -> bool:
    """Whether ``host``:``port`` accepts a connection now."""
    try:
        with socket.create_connection((host, port), timeout=wait):
            return True
    except (OSError, ValueError, OverflowError):
        return False


def records_newest_first(folder: Path) -> list[os.DirEntry[str]]:
    """The records in ``folder`` (``<pid>.json``, regular files), the newest first; one that
    goes while they are listed (its serve stopping) is left out."""
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not RECORD_NAME.fullmatch(entry.name):
                    continue
                with contextlib.suppress(OSError):
                    if entry.is_file(follow_symlinks=False):
                        found.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry))
    except OSError:
        return []
    return [entry for _when, entry in sorted(found, key=lambda pair: pair[0], reverse=True)]


def live_servings(home: Path, session_file: Path) -> list[Serving]:
    """The serves of the session whose file is ``session_file`` that live on this machine and
    answer, newest record first. Records whose process is gone (or that are no records) are
    cleared on the way; those of another machine (a home on a shared drive) are left alone."""
    machine, wanted = this_machine(), str(session_file.resolve())
    live = []
    for entry in records_newest_first(serving_folder(home)):
        serving = read_serving(Path(entry.path))
        if serving is not None and serving.machine != machine:
            continue
        if serving is None or not process_lives(serving.pid) or \
                entry.name != f"{serving.pid}.json":
            with contextlib.suppress(OSError):
                os.unlink(entry.path)  # stale: its serve is gone
            continue
        if serving.file == wanted and answers(serving.host, serving.port):
            live.append(serving)
    return live
