"""Session files on disk: the only package that touches TinyDB (and the file system for
sessions).

Each session is one TinyDB JSON file, ``<home>/sessions/<id>.json``, with three tables:

- ``session``: the format version, the id, the ruleset version and the settings;
- ``events``: the append-only history (created, hand, amend, withdraw, count, note,
  settle), each event sealed with its own SHA-256 and the previous event's (a hash chain);
- ``hands``: the settlement of every hand in force (derived data, each hand's figures sealed
  by the event that stored them).

The listing's line for a session comes from its header, its newest event and its last stored
hand, so listing never has to settle a session. (Files written before this kept that line in
a fourth table, ``summary``; ``audit`` still checks it, and the next write drops it.)

One small module each: ``home`` (the store: finding, reading and writing sessions),
``evenings`` (its writes for the evenings after one another: the next evening, a name, the
archive, the trash),
``session`` (a session as read, checked), ``storage`` (TinyDB's storage for one file),
``files`` (reading a file safely), ``listing`` (the sessions list and its index), ``atomic``
(writes that cannot tear) and ``locking`` (one writer at a time).
"""

from ..errors import StoreError
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

__all__ = ["ID_LENGTH", "MAX_FILE_BYTES", "Agreed", "Amended", "Audited", "Continued", "Counted",
           "LaterHandBroken", "Listing", "Marked", "OpenSession", "Recorded", "SessionChanged",
           "Store", "StoreError", "atomic_write", "check_expected", "expected_digest",
           "read_file_bytes", "read_json_file", "utc_now", "valid_id"]
