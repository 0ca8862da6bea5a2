"""Session files brought from another machine (``scorekeeper import``): each is checked as a
damaged file would be (its chain, its header, every stored figure against its seal) and
audited (every hand settled again) before anything is written; then it is added, or compared
with the session of the same id already here.

- Not here yet: added as it is (the same bytes: its digest stays the one written down).
- Here with the same history (the same newest hash): nothing to do.
- Here, and the file's history is the one here with more events after it: the file takes its
  place (written whole, under the session's lock).
- Here with more events than the file, the file's history being the start of the one here:
  the one here is ahead; nothing to do.
- Otherwise the two histories part (hands recorded on both machines after they were copied, or
  two different sessions that drew the same id): the one here stays as it is, and the file is
  kept beside it, as it is, in ``<home>/imported/<id>-<digest>.json``. Neither is rewritten:
  the id and the first event are sealed, so a history cannot be moved under another id.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import ScorekeeperError, StoreError, one_line, os_reason
from ..i18n import _, ngettext
from .locking import take_lock
from .roster import change_roster, read_roster
from .session import OpenSession, read_session, session_from_db
from .storage import SessionStorage, open_session_db, session_data, session_storage

IMPORTED = "imported"  # the folder of the home that keeps histories that part from ours

ADDED, SAME, EXTENDED, AHEAD, DIVERGED = "added", "same", "extended", "ahead", "diverged"


class Imported(NamedTuple):  # as home's results: no dataclass compiled
    """What became of one file: ``outcome`` is ``added``, ``same``, ``extended`` (the file's
    longer history replaced the one here), ``ahead`` (the one here is longer) or ``diverged``
    (the file is kept in ``kept``); ``shared`` is how many events both histories have in
    common; ``here`` the session as it was here before (``None`` when it was not)."""

    outcome: str
    session: OpenSession
    here: OpenSession | None
    shared: int
    kept: Path | None = None


def import_file(home: Path, source: Path, shown: str, wait: float) -> Imported:
    """Bring the session file ``source`` (named ``shown`` in messages) into the home folder
    ``home``, waiting up to ``wait`` seconds for a session's lock. A file that is damaged,
    fails its audit, or cannot be compared with the session here is a ``StoreError`` naming
    it, and nothing is written."""
    from ..audit import audit_document

    db = open_session_db(source, shown, keep_bytes=True)
    session = session_from_db(db, source, shown)
    session.check()
    findings = audit_document(session_data(db))
    raw = session_storage(db).raw or b""
    if findings:
        first = findings[0]
        raise StoreError(ngettext(
            "{file}: the audit finds {count} difference: {finding}; nothing was imported",
            "{file}: the audit finds {count} differences, the first: {finding}; nothing was "
            "imported", len(findings)).format(file=shown, count=len(findings),
                                              finding=one_line(first.message)))
    _no_hand_after_going_on(session, shown)
    folder = home / "sessions"
    target = folder / f"{session.id}.json"
    try:
        if os.path.exists(target) and os.path.samefile(source, target):
            return Imported(SAME, session, session, len(session.rows))
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(_("{folder}: cannot be created ({reason})").format(
            folder=folder, reason=os_reason(error))) from None
    label = f"sessions/{target.name}"
    lock = take_lock(target, label, wait)
    try:
        if not os.path.lexists(target):
            _write(target, raw, label)
            return Imported(ADDED, session, None, 0)
        try:
            here = read_session(target, label)
            here.check()
        except ScorekeeperError as error:
            raise StoreError(_("{file}: the session here is damaged ({problem}); nothing was "
                               "imported").format(file=shown, problem=error)) from None
        ours = [row.get("hash") for row in here.rows]
        theirs = [row.get("hash") for row in session.rows]
        shared = 0
        while shared < min(len(ours), len(theirs)) and ours[shared] == theirs[shared]:
            shared += 1
        if shared == len(ours) == len(theirs):
            return Imported(SAME, session, here, shared)
        if shared == len(ours):
            _write(target, raw, label)
            return Imported(EXTENDED, session, here, shared)
        if shared == len(theirs):
            return Imported(AHEAD, session, here, shared)
    finally:
        lock.release()
    kept = home / IMPORTED / f"{session.id}-{session.digest}.json"
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(_("{folder}: cannot be created ({reason})").format(
            folder=kept.parent, reason=os_reason(error))) from None
    _write(kept, raw, str(kept))
    return Imported(DIVERGED, session, here, shared, kept)


def _no_hand_after_going_on(session: OpenSession, shown: str) -> None:
    """A history whose evening went on in the next (its ``continued`` event) and that then
    changes what carried (a hand recorded or withdrawn there, an amendment that changes the
    pot it left) is refused, as ``record`` refuses it: what it left is counted in the next
    evening already (D21). A file that extends one here that went on is such a history."""
    from ..amounts import exact
    from ..history import events_from_json
    from ..ledger import records_in_force, settle_hands

    rows = session.rows
    at = next((i for i, row in enumerate(rows) if row.get("type") == "continued"), None)
    if at is None:
        return
    config, ruleset = session.config, session.ruleset
    try:
        with exact():
            then = settle_hands(config, records_in_force(events_from_json(rows[:at + 1])),
                                ruleset).state
    except ScorekeeperError as error:
        raise StoreError(f"{shown}: {error}") from None
    now = session.state()
    if (then.hands_played != now.hands_played
            or ruleset.carried(config, then) != ruleset.carried(config, now)):
        raise StoreError(_("{file}: the evening goes on in session {id}, which carried on from "
                           "it, yet the file changes its hands after that (what carried would "
                           "count twice); nothing was imported").format(
            file=shown, id=rows[at].get("by")))


def _write(path: Path, raw: bytes, label: str) -> None:
    try:
        SessionStorage(path, label).replace_with(raw)
    except OSError as error:
        raise StoreError(_("{file}: cannot be written ({reason}); nothing was changed").format(
            file=label, reason=os_reason(error))) from None


class FromElsewhere:
    """The store's part in what comes from elsewhere: the names said about players across
    evenings (``players.json``, ``roster``) and session files from another machine (above);
    mixed into ``home.Store``, which gives the home folder and the wait for a lock."""

    home: Path
    lock_wait: float

    def roster(self) -> Any:
        """What ``<home>/players.json`` holds (``None``: nothing yet); ``seasonnames.Roster``
        reads it."""
        return read_roster(self.home)

    def change_roster(self, change: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        """Rewrite ``players.json`` under its lock with what ``change`` makes of it."""
        return change_roster(self.home, change, self.lock_wait)

    def finish_pairs(self, involving: Path | None = None) -> None:
        raise NotImplementedError

    def import_file(self, source: Path, shown: str) -> Imported:
        """Bring a session file from elsewhere into this home (see above), once any next
        evening left half made here is finished (``Evenings.finish_pairs``)."""
        self.finish_pairs()
        return import_file(self.home, source, shown, self.lock_wait)
