"""The sessions list: one line per session file, worked out from the file's header, newest
event and last stored hand (never settling), kept in an index so that a thousand files are not
all parsed each time. A file that cannot be listed is a line with its problem."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import orjson
from tinydb import TinyDB
from tinydb.table import Document

from .. import jsontext
from ..errors import ScorekeeperError, StoreError, one_line
from ..i18n import DEFAULT_LANGUAGE, _, current_language, untranslated
from ..summary import SessionSummary
from .conflicts import Conflict, marked_conflicts
from .locking import FileLock, LockRefused, LockTimeout
from .session import HASH_LENGTH, session_from_db, valid_id
from .sessionline import INDEX_VERSION, session_entry
from .storage import (
    HomeLayout,
    NamedDB,
    SessionStorage,
    file_holds,
    flush,
    open_home_db,
    open_session_db,
    session_storage,
)

INDEX_NAME = "index.json"  # its version: trailer.INDEX_VERSION



@dataclass(frozen=True)
class Listing:
    """One line of the sessions list; ``problem`` is set for a damaged file. ``figures`` is
    what a season needs of the session (``season.evening_figures``, as the index keeps it),
    when asked for; ``figures_problem`` says why there are none. ``next_damaged``: the
    session went on in a next evening (``summary.continued_by``) whose file is listed
    damaged."""

    file: str
    summary: SessionSummary | None
    problem: str | None = None
    figures: dict[str, Any] | None = None
    figures_problem: str | None = None
    conflict: Conflict | None = None  # the evening differs on two laptops (store.conflicts)
    next_damaged: bool = False


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
    from its stored hands and then kept in the index beside its line. An entry of the index is
    believed only while it is tied to its file (``_believed``); any other is worked out from
    the file again."""
    index = _index(home)
    # The entries as TinyDB's storage read them (its table ``files``, by file name), looked at
    # and never changed here: not a copy of each, as iterating the table would make.
    entries: dict[str, Any] = dict((index.storage.read() or {}).get("files", {}))
    fresh: dict[str, Any] = {}
    listings: list[Listing] = []
    changed = False
    translated = current_language() != DEFAULT_LANGUAGE
    within = os.path.join(os.fspath(folder), "")  # (a path as text: a Path a file is slower)
    for raw in folder_names(folder):
        name = text_name(raw)
        if name is None:
            shown = shown_name(raw)
            listings.append(Listing(file=shown, summary=None, problem=_(
                "{file}: damaged: the file name is not valid UTF-8; it is left as it "
                "is").format(file=f"sessions/{shown}")))
            continue
        path = within + name
        try:
            st = os.stat(path)
        except OSError:
            continue
        entry = _believed(name, path, st, entries.get(name), figures)
        if entry is None:
            changed = True
            with untranslated():
                entry = _entry(name, folder / name, st, figures)
        fresh[name] = entry
        if translated and ("problem" in entry or entry.get("figures_problem") is not None):
            # The index keeps a problem in English (it is data, the same in every language);
            # a damaged file (rare) is read again to say its problem in the language in use.
            entry = summarise(folder / name, f"sessions/{name}", figures)
        listings.append(_listing(name, entry))
    if changed or set(fresh) != set(entries):
        _index_write(index, home, fresh)
    listings = marked_conflicts(home, _went_on(listings))
    listings.sort(key=lambda line: line.summary.started if line.summary else "", reverse=True)
    return listings


# ---- what ties an entry of the index to its file -----------------------------------------------
#
# The index is derived data: what it says is shown (a listing's scores and leaders, a season's
# nets, wins and money) only while the entry is the one this program wrote for the file as it
# is now. An entry holds
#
# - ``key``: the file's inode, time and size when it was read (as ``storage.file_key``; every
#   write of a session replaces its file, so each gives a new inode);
# - ``head``: where in the file its newest event's hash stands, and that hash (the session's
#   digest, whole): 64 bytes read there say whether the history is still the one summarised,
#   without reading the file (a file of 10,000 hands is megabytes);
#
# and the index is sealed whole: a hash of every entry and the files' names, as written
# (``IndexLayout``). An index edited by hand (a figure changed, its keys and heads kept) no
# longer matches its seal, and every entry is worked out again.
#
# An entry whose key or head does not match is worked out from the file again (from the entry
# sealed into the file, else read and checked as every command reads it). Out of reach, as a
# session file re-chained by hand is: an index forged with this program's own hashing, or a
# file changed in place with its size, time and newest event kept.


def _file_key(st: os.stat_result) -> list[int]:
    return [st.st_ino, st.st_mtime_ns, st.st_size]


def _believed(name: str, path: str, st: os.stat_result, entry: Any,
              figures: bool) -> dict[str, Any] | None:
    """An entry of the (sealed) index if it may be shown for the file ``path`` (status
    ``st``): for the file as it is now, with its head in place, and holding figures if asked
    for; else ``None``."""
    if not isinstance(entry, dict) or entry.get("key") != [st.st_ino, st.st_mtime_ns,
                                                           st.st_size]:  # (``_file_key``)
        return None
    if entry.get("summary") is None:  # a damaged file: its problem is all that is shown
        return entry
    if figures and "figures" not in entry:
        return None
    return entry if _head_in_place(path, st, entry.get("head")) else None


def _head_in_place(path: str, st: os.stat_result, head: Any) -> bool:
    """Whether the file holds its newest event's hash where the entry says (64 bytes read)."""
    if not isinstance(head, dict):
        return False
    at, digest = head.get("at"), head.get("hash")
    if type(at) is not int or at < 0 or type(digest) is not str or len(digest) != HASH_LENGTH:
        return False
    return file_holds(path, at, digest.encode("ascii", "replace"))


def _entry(name: str, path: Path, st: os.stat_result, figures: bool) -> dict[str, Any]:
    """A file's entry in the index, worked out from the file. A file replaced while it was read
    gets no key: its entry is never believed, and the file is read again next time."""
    key: list[int] | None = _file_key(st)
    entry = summarise(path, f"sessions/{name}", figures)
    try:
        if _file_key(os.stat(path)) != key:
            key = None
    except OSError:
        key = None
    return {"key": key, **entry}


def _went_on(listings: list[Listing]) -> list[Listing]:
    """The lines, each session continued by another (the next evening) saying which, and
    whether that one's file is listed damaged. A session's own history says it first (its
    ``continued`` event, sealed in its line: ``_listing``); else the next evening's opening
    entry does (a pair whose earlier half was not written yet, ``Evenings.finish_pairs``)."""
    by = {line.summary.continues: line.summary.id for line in listings
          if line.summary is not None and line.summary.continues}
    damaged = {line.file for line in listings if line.summary is None}
    went: list[Listing] = []
    for line in listings:
        s = line.summary
        if s is not None and s.continued_by is None and s.id in by:
            s = s.went_on_in(by[s.id])
            line = replace(line, summary=s)
        if s is not None and s.continued_by is not None and f"{s.continued_by}.json" in damaged:
            line = replace(line, next_damaged=True)
        went.append(line)
    return went


def summarise(path: Path, label: str, figures: bool = False) -> dict[str, Any]:
    """A session's entry in the index: its line, from its header, its newest event (when it
    was last written) and its last stored hand (nothing is settled), or its problem; and
    where its newest event's hash stands in the file (``head``). With ``figures``, also its
    figures for a season (from its stored hands, checked against their seals: nothing is
    settled either), or why there are none. Both come from the entry sealed into the file
    when it was written, while its seal holds (``trailer``); else from the file read and
    checked whole."""
    db = open_session_db(path, label, keep_bytes=True)
    try:
        entry = _sealed(session_storage(db), figures)
        if entry is not None:
            return entry
        s = session_from_db(db, path, label)  # (the bytes the seal was looked for in)
        s.check()
        entry = session_entry(s, figures)
    except ScorekeeperError as error:
        return {"summary": None, "problem": one_line(str(error))}
    newest = s.rows[-1].get("hash") if s.rows else None
    entry["head"] = _head(session_storage(db).raw or b"", newest)
    return entry


def _sealed(storage: SessionStorage, figures: bool) -> dict[str, Any] | None:
    """A file's entry in the index from the entry sealed into it, when its seal holds for the
    file's bytes and it is of this version (with figures of this version, if asked for);
    else ``None``."""
    sealed = storage.sealed_listing()
    if sealed is None or sealed.get("index") != INDEX_VERSION \
            or not isinstance(sealed.get("summary"), dict):
        return None
    entry: dict[str, Any] = {"summary": sealed["summary"], "went_on": sealed.get("went_on"),
                             "head": _head(storage.raw or b"", sealed.get("newest"))}
    if figures:
        from ..eveningfigures import FIGURES_VERSION

        kept = sealed.get("figures")
        if kept is None and isinstance(sealed.get("figures_problem"), str):
            entry |= {"figures": None, "figures_problem": sealed["figures_problem"]}
        elif isinstance(kept, dict) and kept.get("version") == FIGURES_VERSION:
            entry["figures"] = kept
        else:
            return None
    return entry


def _head(raw: bytes, digest: Any) -> dict[str, Any] | None:
    """Where the newest event's hash ``digest`` stands in a file's bytes, and the hash
    (``None``: not found, so the entry is never believed and the file is read each time)."""
    if not isinstance(digest, str) or not digest.isascii():
        return None
    found = raw.rfind(b'"hash":"' + digest.encode("ascii") + b'"')
    return None if found < 0 else {"at": found + len(b'"hash":"'), "hash": digest}


def _listing(file: str, entry: dict[str, Any]) -> Listing:
    """A line of the listing from its entry in the index (a summary, or the file's problem).
    The index is only a cache: what it says is made safe all the same."""
    file = file if file.isascii() and file.isprintable() else one_line(file)  # (the same)
    if entry.get("summary") is None:
        return Listing(file=file, summary=None, problem=one_line(str(entry.get("problem"))))
    try:
        summary = SessionSummary.from_json(entry["summary"])
    except (ScorekeeperError, ValueError, TypeError, KeyError) as error:
        return Listing(file=file, summary=None, problem=one_line(str(error)))
    if not valid_id(summary.id):
        return Listing(file=file, summary=None,
                       problem=_("{file}: damaged: the session id is not valid").format(
                           file=f"sessions/{file}"))
    went_on = entry.get("went_on")  # (its own history's ``continued``: sessionline)
    if type(went_on) is str and valid_id(went_on):
        summary = summary.went_on_in(went_on)
    figures, why = entry.get("figures"), entry.get("figures_problem")
    return Listing(file=file, summary=summary,
                   figures=figures if isinstance(figures, dict) else None,
                   figures_problem=None if why is None else one_line(str(why)))


# ---- the index through TinyDB -------------------------------------------------------------------
#
# ``index.json`` is ``{"version":5,"seal":"<sha256>","files":{NAME:ENTRY,...}}``, written so
# (compact, in that order): to TinyDB, one table, ``files``, whose documents are named by
# their file (``storage.NamedTable``). The seal is the hash of ``INDEX_SEAL`` and the bytes of
# ``files`` as written, so it is checked on the bytes read, before they are parsed. An index
# of another version, not sealed so (or not an index) is an empty table: every entry is worked
# out again.

INDEX_SEAL = b"scorekeeper index 5\n"
_SEALED_HEAD, _FILES = b'{"version":%d,"seal":"' % INDEX_VERSION, b'","files":'


def _index_seal(files: bytes) -> bytes:
    return hashlib.sha256(INDEX_SEAL + files).hexdigest().encode("ascii")


def _sealed_files(raw: bytes) -> bytes | None:
    """The bytes of the index's ``files`` if its seal holds for them, else ``None``."""
    start = len(_SEALED_HEAD) + 64 + len(_FILES)
    if not raw.startswith(_SEALED_HEAD) or raw[start - len(_FILES):start] != _FILES \
            or not raw.endswith(b"}"):
        return None
    files = raw[start:-1]
    return files if _index_seal(files) == raw[len(_SEALED_HEAD):start - len(_FILES)] else None


class IndexLayout(HomeLayout):
    """``index.json`` as TinyDB's tables (see above)."""

    def tables(self, raw: bytes, label: str) -> dict[str, Any]:
        sealed = _sealed_files(raw)
        if sealed is None:
            return {}
        try:
            files = orjson.loads(sealed)  # a quarter of the standard library's time
        except orjson.JSONDecodeError:  # what only the standard library reads (a lone surrogate)
            try:
                files = json.loads(sealed)
            except (ValueError, RecursionError):
                return {}
        if not isinstance(files, dict):
            return {}
        return {"files": {k: v for k, v in files.items() if isinstance(v, dict)}}

    def text(self, tables: dict[str, Any]) -> bytes:
        files = jsontext.compact(tables.get("files", {}))
        return _SEALED_HEAD + _index_seal(files) + _FILES + files + b"}"


def _index(home: Path) -> TinyDB:
    """A TinyDB over the index, read (one that cannot be read is empty: it is only a cache)."""
    db = open_home_db(home / INDEX_NAME, INDEX_NAME, IndexLayout(), NamedDB)
    try:
        db.storage.read()
    except StoreError:
        db.storage.write({})  # to the cache: the index is written whole again
    return db


def _index_write(index: TinyDB, home: Path, entries: dict[str, Any]) -> None:
    """The index's entries replaced, whole, under its lock. (The index is only a cache of the
    files' summaries: failing to write it is harmless.)"""
    with (contextlib.suppress(OSError, LockTimeout, LockRefused),
          FileLock(str(home / INDEX_NAME) + ".lock", 1)):
        files = index.table("files")
        files.truncate()
        files.insert_multiple(Document(entry, doc_id=name)  # type: ignore[arg-type]
                              for name, entry in entries.items())  # (named: NamedTable)
        flush(index)
