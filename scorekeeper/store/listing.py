"""The sessions list: one line per session file, worked out from the file's header, newest
event and last stored hand (never settling), kept in an index so that a thousand files are not
all parsed each time. A file that cannot be listed is a line with its problem."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .. import jsontext
from ..errors import ScorekeeperError, StoreError, one_line
from ..summary import SessionSummary
from .atomic import atomic_write
from .files import read_file_bytes, read_json_file
from .locking import FileLock, LockRefused, LockTimeout
from .session import parse_session, valid_id

INDEX_NAME = "index.json"
INDEX_VERSION = 2  # 2: each line also holds the name, archived and the session it continues


@dataclass(frozen=True)
class Listing:
    """One line of the sessions list; ``problem`` is set for a damaged file. ``figures`` is
    what a season needs of the session (``season.evening_figures``, as the index keeps it),
    when asked for; ``figures_problem`` says why there are none."""

    file: str
    summary: SessionSummary | None
    problem: str | None = None
    figures: dict[str, Any] | None = None
    figures_problem: str | None = None


def folder_names(folder: Path) -> list[bytes]:
    """The names of a folder's ``*.json`` files as the system gives them (bytes: a name need
    not be UTF-8), hidden ones left out, sorted."""
    try:
        names = os.listdir(os.fsencode(folder))
    except OSError:
        return []
    return sorted(n for n in names if n.endswith(b".json") and not n.startswith(b"."))


def text_name(raw: bytes) -> str | None:
    """A file name as text, or None when it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def shown_name(raw: bytes) -> str:
    """A file name fit for one line of a terminal: bytes that are not UTF-8 as ``\\xff``,
    control characters as escapes."""
    return one_line(raw.decode("utf-8", "backslashreplace"))


def list_sessions(home: Path, folder: Path, figures: bool = False) -> list[Listing]:
    """Every session file in ``folder``, newest first, through the index kept in ``home``.
    Nothing in a line (its file name, its problem) holds a control character. With
    ``figures``, each line also carries the session's figures for a season, worked out once
    from its stored hands and then kept in the index beside its line."""
    index = _index_read(home)
    entries = index.get("files", {})
    if not isinstance(entries, dict):
        entries = {}
    fresh: dict[str, Any] = {}
    listings: list[Listing] = []
    changed = False
    for raw in folder_names(folder):
        name = text_name(raw)
        if name is None:
            shown = shown_name(raw)
            listings.append(Listing(file=shown, summary=None, problem=(
                f"sessions/{shown}: damaged: the file name is not valid UTF-8; it is left "
                f"as it is")))
            continue
        path = folder / name
        try:
            st = os.stat(path)
        except OSError:
            continue
        key = [st.st_mtime_ns, st.st_size]
        cached = entries.get(name)
        if isinstance(cached, dict) and cached.get("key") == key:
            if figures and cached.get("summary") is not None and "figures" not in cached:
                changed = True
                cached = cached | summarise(path, f"sessions/{name}", figures=True)
            fresh[name] = cached
        else:
            changed = True
            fresh[name] = {"key": key, **summarise(path, f"sessions/{name}", figures)}
        listings.append(_listing(name, fresh[name]))
    if changed or set(fresh) != set(entries):
        _index_write(home, {"version": INDEX_VERSION, "files": fresh})
    listings = _went_on(listings)
    listings.sort(key=lambda line: line.summary.started if line.summary else "", reverse=True)
    return listings


def _went_on(listings: list[Listing]) -> list[Listing]:
    """The lines, each session continued by another (the next evening) saying which."""
    by = {line.summary.continues: line.summary.id for line in listings
          if line.summary is not None and line.summary.continues}
    return [replace(line, summary=replace(line.summary, continued_by=by[line.summary.id]))
            if line.summary is not None and line.summary.id in by else line
            for line in listings]


def summarise(path: Path, label: str, figures: bool = False) -> dict[str, Any]:
    """A session's entry in the index: its line, from its header, its newest event (when it
    was last written) and its last stored hand (nothing is settled), or its problem. With
    ``figures``, also its figures for a season (from its stored hands, checked against their
    seals: nothing is settled either), or why there are none."""
    from .. import documents

    try:
        s = parse_session(path, read_json_file(path, label), label)
        s.check()
        updated = s.rows[-1].get("at", s.created) if s.rows else s.created
        entry: dict[str, Any] = {"summary": documents.summary_document(
            s.id, s.created, str(updated), s.state(), s.config, s.digest, s.rows)}
    except ScorekeeperError as error:
        return {"summary": None, "problem": one_line(str(error))}
    if figures:
        from ..season import evening_figures

        try:
            entry["figures"] = evening_figures(s.config, s.state(), s.outcomes(),
                                               s.newest_money())
        except ScorekeeperError as error:
            entry |= {"figures": None, "figures_problem": one_line(str(error))}
    return entry


def _listing(file: str, entry: dict[str, Any]) -> Listing:
    """A line of the listing from its entry in the index (a summary, or the file's problem).
    The index is only a cache: what it says is made safe all the same."""
    file = one_line(file)
    if entry.get("summary") is None:
        return Listing(file=file, summary=None, problem=one_line(str(entry.get("problem"))))
    try:
        summary = SessionSummary.from_json(entry["summary"])
    except (ScorekeeperError, ValueError, TypeError, KeyError) as error:
        return Listing(file=file, summary=None, problem=one_line(str(error)))
    if not valid_id(summary.id):
        return Listing(file=file, summary=None,
                       problem=f"sessions/{file}: damaged: the session id is not valid")
    figures, why = entry.get("figures"), entry.get("figures_problem")
    return Listing(file=file, summary=summary,
                   figures=figures if isinstance(figures, dict) else None,
                   figures_problem=None if why is None else one_line(str(why)))


def _index_read(home: Path) -> dict[str, Any]:
    try:
        data = json.loads(read_file_bytes(home / INDEX_NAME, INDEX_NAME))
        return data if isinstance(data, dict) and data.get("version") == INDEX_VERSION else {}
    except (StoreError, ValueError, RecursionError):
        return {}


def _index_write(home: Path, data: dict[str, Any]) -> None:
    # The index is only a cache of the files' summaries: failing to write it is harmless.
    with (contextlib.suppress(OSError, LockTimeout, LockRefused),
          FileLock(str(home / INDEX_NAME) + ".lock", 1)):
        atomic_write(home / INDEX_NAME, [jsontext.compact(data)])
