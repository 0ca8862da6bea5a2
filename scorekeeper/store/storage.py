"""TinyDB over one session file, through its public extension points: a ``Storage`` (the
file's data, read once under the lock, written back atomically once per write) and a ``Table``
whose insertion keeps documents in place. The store's one speed trick lives here."""

from __future__ import annotations

import operator
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document, Table

from .. import jsontext
from .atomic import atomic_write

# ---- the speed trick ----------------------------------------------------------------------------
#
# Recording a hand must cost that hand, not the whole history (the benchmark
# ``test_record_a_hand``, "record one hand, 1000 hands": budget 1.5x an atomic rewrite of the
# file; with TinyDB's own insertion instead of the first part below, 1.55x to 1.7x was measured).
# Both parts rest on one fact: the session, events and hands tables only ever gain or lose
# whole documents, a document is never changed in place.
#
# - ``SessionTable.insert_multiple`` adds documents to the stored table in place (TinyDB's own
#   copies the whole table twice, ids to numbers and back, for every insertion);
# - ``SessionStorage`` keeps the JSON text of each document it wrote and writes it again as it
#   was: when a table only gained documents at its end, the text written last time is reused
#   whole and only the new documents are serialised.


class SessionTable(Table):
    """TinyDB's table, adding documents that carry their ids in place (see above)."""

    def insert_multiple(self, documents: Iterable[Mapping[str, Any]]) -> list[int]:
        given = list(documents)
        placed = [d for d in given if isinstance(d, Document)]
        if len(placed) != len(given):
            return super().insert_multiple(given)
        tables = self.storage.read() or {}
        table = tables.setdefault(self.name, {})
        keys = [str(d.doc_id) for d in placed]
        if len(set(keys)) != len(keys) or any(k in table for k in keys):
            raise ValueError(f"{self.name}: a document with one of the ids {keys} already exists")
        for key, document in zip(keys, placed, strict=True):
            table[key] = dict(document)
        self.storage.write(tables)
        self.clear_cache()
        return [d.doc_id for d in placed]


class SessionDB(TinyDB):
    table_class = SessionTable


class SessionStorage(Storage):
    """TinyDB's storage for one session file: the file's data, read once under the lock, is
    what TinyDB reads and changes in memory; ``commit`` writes it back atomically, once,
    however many TinyDB operations changed it, reusing the text it wrote before (see above)."""

    SPLICED = ("session", "events", "hands")

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        super().__init__()
        self.path = path
        self.data = data
        self.dirty = False
        # Per spliced table as last written: its text (pieces of UTF-8), its ids and documents
        # in order, and each document's text by id (with the document it is the text of).
        self.texts: dict[str, _TableText] = {}

    def read(self) -> dict[str, Any]:
        return self.data

    def write(self, data: dict[str, Any]) -> None:
        self.data = data
        self.dirty = True

    def close(self) -> None:
        pass

    def serialise(self) -> list[bytes]:
        """The whole file, compact JSON as ``orjson.dumps`` writes it, in pieces of UTF-8 (the
        history's text is large: joining it would copy it for nothing)."""
        pieces = [b"{"]
        for name, table in self.data.items():
            if len(pieces) > 1:
                pieces.append(b",")
            if name in self.SPLICED and isinstance(table, dict):
                pieces.append(jsontext.compact(name) + b":{")
                pieces += self._spliced(name, table)
                pieces.append(b"}")
            else:
                pieces.append(jsontext.compact(name) + b":" + jsontext.compact(table))
        pieces.append(b"}")
        return pieces

    def _spliced(self, name: str, table: dict[str, Any]) -> list[bytes]:
        """A spliced table's items as pieces of JSON in UTF-8."""
        done = self.texts.get(name)
        ids, docs = list(table), list(table.values())
        if done is not None and _extends(ids, docs, done):  # documents added at the end only
            pieces, known = list(done.pieces), done.known
            for doc_id, doc in zip(ids[len(done.ids):], docs[len(done.ids):], strict=True):
                item = _item(known, doc_id, doc)
                pieces.append(b"," + item if pieces else item)
                # Few pieces, each byte copied few times: a piece joins the one before it
                # once it is at least half as long (the pieces halve in size, oldest first).
                while len(pieces) > 1 and 2 * len(pieces[-1]) >= len(pieces[-2]):
                    last = pieces.pop()
                    pieces[-1] += last
        else:  # anything else: each document's text looked up, if known, by document
            old = {} if done is None else done.known
            known = {}
            items = []
            for doc_id, doc in zip(ids, docs, strict=True):
                cached = old.get(doc_id)
                if cached is not None and cached[0] is doc:
                    known[doc_id] = cached
                    items.append(cached[1])
                else:
                    items.append(_item(known, doc_id, doc))
            pieces = [b",".join(items)] if items else []
        self.texts[name] = _TableText(pieces, ids, docs, known)
        return pieces

    def commit(self) -> os.stat_result | None:
        """Write the data if it changed; the written file's status."""
        if not self.dirty:
            return None
        status = atomic_write(self.path, self.serialise())
        self.dirty = False
        return status


@dataclass
class _TableText:
    """A spliced table as ``SessionStorage`` last wrote it."""

    pieces: list[bytes]
    ids: list[str]
    docs: list[Any]
    known: dict[str, tuple[Any, bytes]]


def _extends(ids: list[str], docs: list[Any], done: _TableText) -> bool:
    """Whether a table is the one last written with documents added at its end: the same ids
    first, in order, each with the very same document (compared in C, not id by id)."""
    n = len(done.ids)
    return len(ids) >= n and ids[:n] == done.ids and all(map(operator.is_, docs, done.docs))


def _item(known: dict[str, tuple[Any, bytes]], doc_id: str, doc: Any) -> bytes:
    """A document's text in its table, noted in ``known``."""
    item = jsontext.compact(doc_id) + b":" + jsontext.compact(doc)
    known[doc_id] = (doc, item)
    return item


def file_key(path: Path, status: os.stat_result | None = None) -> tuple[int, int, int] | None:
    """What changes whenever a session file is replaced (os.replace gives a new inode)."""
    if status is None:
        try:
            status = os.stat(path)
        except OSError:
            return None
    return (status.st_ino, status.st_mtime_ns, status.st_size)


