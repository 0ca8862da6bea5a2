"""Session files on disk: the only package that touches TinyDB, and TinyDB is its one path to
the files it keeps.

Each session is one TinyDB JSON file, ``<home>/sessions/<id>.json``, with three tables:

- ``session``: the format version, the id, the ruleset version and the settings;
- ``events``: the append-only history (created, hand, amend, withdraw, count, note,
  settle), each event sealed with its own SHA-256 and the previous event's (a hash chain);
- ``hands``: the settlement of every hand in force (derived data, each hand's figures sealed
  by the event that stored them).

TinyDB is the engine, through its public extension points only (``storage``):

- a session file is read and written by ``TinyDB(path, label, storage=SessionCache(
  SessionStorage))`` (``storage.open_session_db``). ``SessionStorage.read`` reads the file
  safely (``files``: never a named pipe or other special file, never more than
  ``MAX_FILE_BYTES``, JSON that is not JSON said in words); ``SessionStorage.write`` is the
  atomic, sealed write (``atomic``: a temporary file fsynced and renamed, under the lock the
  writer holds), with the one speed trick (the text written before reused: its benchmark is
  ``test_record_a_hand``). TinyDB's ``CachingMiddleware`` in front of it makes a command read
  the file once and a write replace it once (``storage.commit``), however many table
  operations it makes;
- the session as read (``session.session_from_db``) comes from the tables: the header is
  ``table("session")``'s first document, the history ``table("events")`` in id order, the stored
  hands ``table("hands")``; before that, the file's shape is checked on what the storage read
  (TinyDB takes every key for a number and every document for an object);
- a writer adds sealed events and hands with ``Table.insert_multiple`` and drops hands with
  ``Table.remove`` (``home._Transaction``), then ``commit``s;
- the home's own files go through ``HomeFileStorage``, each in its layout on disk as before:
  ``index.json`` (a table ``files`` of documents named by session file: ``listing``),
  ``players.json`` (``roster``) and ``settings.json`` (``scorekeeper.settings``), each a table
  of one document (``storage.OneDocument``);
- a file moved as it is, keeping its bytes (``import``, a conflict kept, the trash, sync's
  blobs), is read and written by ``SessionStorage.file_bytes`` and ``replace_with``. Nothing
  else opens a session file (``tests/test_tinydb_engine.py``).

The listing's line for a session comes from its header, its newest event and its last stored
hand, so listing never has to settle a session. (Files written before this kept that line in
a fourth table, ``summary``; ``audit`` still checks it, and the next write drops it.)

One small module each: ``home`` (the store: finding, reading and writing sessions),
``evenings`` (its writes for the evenings after one another: the next evening, a name, the
archive, the trash), ``session`` (a session as read from its tables, checked), ``storage``
(TinyDB's storages and the database over each file), ``files`` (reading a file safely),
``listing`` (the sessions list and its index), ``roster`` (the players' names), ``serving``
(where ``serve`` answers, for the table's QR code), ``imports`` (files from elsewhere),
``atomic`` (writes that cannot tear) and ``locking`` (one writer at a time); ``sync``,
``gitrepo``, ``syncmerge`` and ``conflicts`` sync the home through git.
"""

from typing import TYPE_CHECKING, Any

from ..errors import StoreError

# A name is imported from its module when it is first asked for (PEP 562), not with the
# package: reading the language setting (``settings``, every command) needs the storage alone,
# and ``show`` or ``record`` never needs the listing, its index or the sync's conflicts
# (tests/benchmarks/test_whole_commands.py, "show" and "record" of 100 hands, whole processes).
_FROM = {"atomic_write": "atomic", "Continued": "evenings", "Marked": "evenings",
         "MAX_FILE_BYTES": "files", "read_file_bytes": "files", "Listing": "listing",
         "read_json_file": "storage"}
_FROM |= dict.fromkeys(("Agreed", "Amended", "Audited", "Counted", "LaterHandBroken", "Recorded",
                        "Store", "utc_now"), "home")
_FROM |= dict.fromkeys(("ID_LENGTH", "OpenSession", "SessionChanged", "check_expected",
                        "expected_digest", "valid_id"), "session")

if TYPE_CHECKING:
    from .atomic import atomic_write
    from .evenings import Continued, Marked
    from .files import MAX_FILE_BYTES, read_file_bytes
    from .home import (
        Agreed,
        Amended,
        Audited,
        Counted,
        LaterHandBroken,
        Recorded,
        Store,
        utc_now,
    )
    from .listing import Listing
    from .session import (
        ID_LENGTH,
        OpenSession,
        SessionChanged,
        check_expected,
        expected_digest,
        valid_id,
    )
    from .storage import read_json_file


def __getattr__(name: str) -> Any:
    module = _FROM.get(name)
    if module is None:  # a submodule, say: imported by Python's own import then
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(__import__(f"{__name__}.{module}", fromlist=[name]), name)
    globals()[name] = value
    return value


__all__ = ["ID_LENGTH", "MAX_FILE_BYTES", "Agreed", "Amended", "Audited", "Continued", "Counted",
           "LaterHandBroken", "Listing", "Marked", "OpenSession", "Recorded", "SessionChanged",
           "Store", "StoreError", "atomic_write", "check_expected", "expected_digest",
           "read_file_bytes", "read_json_file", "utc_now", "valid_id"]
