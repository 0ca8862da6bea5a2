"""TinyDB is the store's one path to disk: every file the store keeps (a session file, the
listing's index, the roster, the settings) is read and written by a TinyDB over a ``Storage`` of
this module, through TinyDB's public extension points (``Storage.read/write/close``, a
``CachingMiddleware`` in front of it, ``TinyDB.table_class``, ``Table.document_id_class``).

- ``SessionStorage`` is a session file: ``read`` reads it once, safely (``files``: never a
  named pipe, never more than the size limit, JSON that is not JSON said in words); ``write``
  replaces it atomically (``atomic``: a temporary file fsynced and renamed, under the lock the
  writer holds). ``open_session_db`` puts TinyDB's ``CachingMiddleware`` in front of it, so
  the file is read once and written once however many table operations a write makes
  (``flush``, ``commit``). The store's one speed trick lives here (below).
- ``HomeFileStorage`` is one of the home's own JSON files (``index.json``, ``players.json``,
  ``settings.json``), its layout on disk kept as it was: its ``HomeLayout`` gives TinyDB the
  file's content as tables and writes the tables back in the file's layout.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from stat import S_ISREG
from typing import Any, NamedTuple, cast

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.storages import Storage
from tinydb.table import Document, Table

from .. import jsontext
from ..errors import StoreError
from .atomic import atomic_write
from .files import json_of, read_file_bytes
from .trailer import LISTING, sealed_entry, sealed_listing

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
#
# Reading a session needs its documents once, not a copy of each: ``table_documents`` gives a
# table's documents as TinyDB's storage holds them (``TinyDB.storage.read()``, the caching
# middleware's tables), where iterating TinyDB's ``Table`` copies every document of it (the
# benchmarks ``show`` and ``record`` of 100 hands, whole processes: about 5 % of the work; and
# ``peak memory`` of ``audit`` and the exports of 10,000 hands: the copies of 20,000
# documents, some 8 MiB, beside the documents). The store never changes a document it read.


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


class SessionCache(CachingMiddleware):
    """TinyDB's caching middleware, writing only when asked (``flush``): a write of the store
    is one atomic replacement of the file, however many table operations it makes."""

    WRITE_CACHE_SIZE = 1 << 62

    # TinyDB's middleware is untyped: its two calls the store makes, typed here.
    def __init__(self, storage_cls: type[Storage]) -> None:
        super().__init__(storage_cls)  # type: ignore[no-untyped-call]

    def flush(self) -> None:
        super().flush()  # type: ignore[no-untyped-call]


def file_holds(path: str | Path, at: int, wanted: bytes) -> bool:
    """Whether the file at ``path`` holds ``wanted`` at offset ``at`` (read there alone, never
    the whole file; never a special file: opened without waiting, and checked)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        return S_ISREG(os.fstat(fd).st_mode) and os.pread(fd, len(wanted), at) == wanted
    except OSError:
        return False
    finally:
        os.close(fd)


class SessionStorage(Storage):
    """TinyDB's storage for one session file (``label`` names it in messages): ``read`` reads
    the file, safely (``files.read_file_bytes``, ``files.json_of``); ``write`` replaces it
    atomically (``atomic_write``), reusing the text it wrote before (see above). ``new``: the
    file is being made (it is not read: its tables start empty). ``keep_bytes``: the bytes read
    are kept (``raw``), for the listing to find where the newest event's hash stands."""

    SPLICED = ("session", "events", "hands")

    def __init__(self, path: Path, label: str, new: bool = False,
                 keep_bytes: bool = False) -> None:
        super().__init__()
        self.path, self.label = path, label
        self.new, self.keep_bytes = new, keep_bytes
        self.raw: bytes | None = None
        self.preread: bytes | None = None  # read for the sealed listing, taken by ``read``
        self.written: os.stat_result | None = None  # the status of the file written last
        # The session's line and figures to seal into the file at its next write (set by the
        # writer from the session it has checked; one read from the file is never written
        # back: see trailer.py).
        self.listing: dict[str, Any] | None = None
        # Per spliced table as last written: its text (pieces of UTF-8), its ids and documents
        # in order, and each document's text by id (with the document it is the text of).
        self.texts: dict[str, _TableText] = {}

    def read(self) -> dict[str, Any]:
        if self.new:
            return {"session": {}, "events": {}, "hands": {}}
        raw, self.preread = self.preread or read_file_bytes(self.path, self.label), None
        data = json_of(raw, self.label)
        if self.keep_bytes:
            self.raw = raw
        return data

    def write(self, data: dict[str, Any]) -> None:
        self.written = atomic_write(self.path, self.serialise(data))
        self.new = False
        self.listing = None

    def close(self) -> None:
        pass

    def replace_with(self, raw: bytes) -> os.stat_result:
        """Replace the file with these bytes as they are, atomically (a session file brought
        from elsewhere keeps its bytes: its digest stays the one written down)."""
        self.written = atomic_write(self.path, [raw])
        return self.written

    def sealed_listing(self) -> dict[str, Any] | None:
        """The session's line and figures sealed at the end of the file (trailer.py), while
        their seal holds for its bytes; else ``None``. The bytes read are kept (``raw``) and
        are what ``read`` reads next."""
        self.raw = self.preread = read_file_bytes(self.path, self.label)
        return sealed_entry(self.raw)

    def file_bytes(self) -> bytes:
        """The file's bytes as they are (read safely), for a copy that keeps them."""
        return read_file_bytes(self.path, self.label)

    def holds(self, at: int, wanted: bytes) -> bool:
        """Whether the file holds ``wanted`` at offset ``at`` (``file_holds``)."""
        return file_holds(self.path, at, wanted)

    def serialise(self, data: dict[str, Any]) -> list[bytes]:
        """The whole file, compact JSON as ``orjson.dumps`` writes it, in pieces of UTF-8 (the
        history's text is large: joining it would copy it for nothing)."""
        pieces = [b"{"]
        for name, table in data.items():
            if name == LISTING:  # the one read from the file is dropped: it is sealed anew
                continue
            if len(pieces) > 1:
                pieces.append(b",")
            if name in self.SPLICED and isinstance(table, dict):
                pieces.append(jsontext.compact(name) + b":{")
                pieces += self._spliced(name, table)
                pieces.append(b"}")
            else:
                pieces.append(jsontext.compact(name) + b":" + jsontext.compact(table))
        if self.listing is not None and len(pieces) > 1:
            pieces.append(sealed_listing(pieces, self.listing))
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


def read_json_file(path: Path, label: str) -> dict[str, Any]:
    """A session file's JSON, or a ``StoreError`` saying what is wrong with it: what TinyDB's
    storage for a session file reads (``SessionStorage``)."""
    return SessionStorage(path, label).read()


def open_session_db(path: Path, label: str, new: bool = False,
                    keep_bytes: bool = False) -> SessionDB:
    """A TinyDB over the session file ``path``: ``SessionStorage`` behind TinyDB's caching
    middleware (the file is read once, when a table is first read, and written by ``commit``)."""
    return SessionDB(path, label, new=new, keep_bytes=keep_bytes,
                     storage=SessionCache(SessionStorage))


def session_storage(db: TinyDB) -> SessionStorage:
    """The ``SessionStorage`` behind a session's TinyDB (``open_session_db``)."""
    return cast(SessionStorage, cast(SessionCache, db.storage).storage)


def session_data(db: TinyDB) -> dict[str, Any]:
    """The file's tables as TinyDB's storage gives them (read from the file the first time)."""
    return cast(dict[str, Any], db.storage.read())


def table_documents(db: TinyDB, name: str) -> dict[str, Any]:
    """The documents of the session table ``name`` by id, as TinyDB's storage holds them, not
    copied (the speed trick, above); the tables' shape checked first (``session.check_shape``).
    Read only: a document is never changed in place."""
    return cast(dict[str, Any], session_data(db)[name])


def commit(db: TinyDB) -> os.stat_result | None:
    """Write what TinyDB changed in a session's tables, atomically, once (nothing when
    nothing changed); the written file's status."""
    storage = session_storage(db)
    storage.written = None
    cast(SessionCache, db.storage).flush()
    return storage.written


# ---- the home's own files ---------------------------------------------------------------------

class HomeLayout:
    """How one of the home's JSON files is laid out: ``tables`` reads its bytes as TinyDB's
    tables (a file that cannot be read: ``{}``, or an error saying why, as the file's owner
    decides), ``text`` writes the tables back in the file's layout."""

    def tables(self, raw: bytes, label: str) -> dict[str, Any]:
        raise NotImplementedError

    def text(self, tables: dict[str, Any]) -> bytes:
        raise NotImplementedError


class HomeFileStorage(Storage):
    """TinyDB's storage for one of the home's JSON files: read safely (never a special file,
    never more than the size limit), written atomically, in the file's own layout."""

    def __init__(self, path: Path, label: str, layout: HomeLayout) -> None:
        super().__init__()
        self.path, self.label, self.layout = path, label, layout

    def read(self) -> dict[str, Any] | None:
        if not os.path.lexists(self.path):
            return None
        return self.layout.tables(read_file_bytes(self.path, self.label), self.label)

    def write(self, data: dict[str, Any]) -> None:
        atomic_write(self.path, [self.layout.text(data)])

    def close(self) -> None:
        pass


def open_home_db(path: Path, label: str, layout: HomeLayout,
                 db_class: type[TinyDB] = TinyDB) -> TinyDB:
    """A TinyDB over one of the home's JSON files, read once (TinyDB's caching middleware) and
    written by ``flush`` (under the lock its writer holds)."""
    return db_class(path, label, layout, storage=SessionCache(HomeFileStorage))


def flush(db: TinyDB) -> None:
    """Write what TinyDB changed in a home file's tables (nothing when nothing changed)."""
    cast(SessionCache, db.storage).flush()


class NamedTable(Table):
    """A table whose documents are named, not numbered (the index's: by file name)."""

    document_id_class = str  # type: ignore[assignment]


class NamedDB(TinyDB):
    """A TinyDB whose tables' documents are named (``NamedTable``)."""

    table_class = NamedTable


class OneDocument(HomeLayout):
    """A home file that is one JSON object (``players.json``, ``settings.json``): to TinyDB, a
    table ``name`` of one document (id 1), written back as indented JSON, keys sorted, with a
    newline. A file that is not a JSON object is ``unreadable``: said by a ``StoreError``
    (``strict``) or read as no document at all."""

    def __init__(self, name: str, strict: bool, ascii_only: bool) -> None:
        self.name, self.strict, self.ascii_only = name, strict, ascii_only

    def tables(self, raw: bytes, label: str) -> dict[str, Any]:
        import json

        try:
            value = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return self.unreadable(label, None)
        return {self.name: {"1": value}} if isinstance(value, dict) \
            else self.unreadable(label, value)

    def unreadable(self, label: str, value: Any) -> dict[str, Any]:
        """What a file that is not a JSON object reads as (``value``: the JSON it holds)."""
        return {}

    def text(self, tables: dict[str, Any]) -> bytes:
        import json

        document = tables.get(self.name, {}).get("1", {})
        return (json.dumps(document, indent=2, ensure_ascii=self.ascii_only, sort_keys=True)
                + "\n").encode("utf-8")


def read_document(path: Path, label: str, layout: OneDocument) -> dict[str, Any] | None:
    """The one document of a home file (``OneDocument``), read through TinyDB; ``None`` when
    there is none (no file, or one that is not readable and not ``strict``)."""
    found = open_home_db(path, label, layout).table(layout.name).get(doc_id=1)
    return None if found is None else dict(cast(Mapping[str, Any], found))


def write_document(path: Path, label: str, layout: OneDocument,
                   change: Callable[[dict[str, Any] | None], dict[str, Any]]) -> dict[str, Any]:
    """Replace a home file's one document with what ``change`` makes of the one it holds
    (``None``: none), through TinyDB, written once, atomically (the caller holds the file's
    lock where it has one). A file that cannot be read is written over unless ``strict``."""
    db = open_home_db(path, label, layout)
    table = db.table(layout.name)
    try:
        found = table.get(doc_id=1)
    except StoreError:
        if layout.strict:
            raise
        db.storage.write({})  # to TinyDB's cache: the file is written whole
        found = None
    document = change(None if found is None else dict(cast(Mapping[str, Any], found)))
    table.truncate()
    table.insert(Document(document, doc_id=1))
    flush(db)
    return document


class _TableText(NamedTuple):
    """A spliced table as ``SessionStorage`` last wrote it (a NamedTuple: made at import
    without compiling a dataclass's methods, as ``home``'s results)."""

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


