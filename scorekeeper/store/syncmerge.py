"""What a sync takes from the remote, file by file (``sync.py`` moves the files; this module
decides, with the project's chain). For each tracked path, with its blob in the last common
state (base), here (local) and on the remote:

- the remote did not change it (remote = base, or = local): the one here stays;
- a session the remote changed: it is brought in as ``import`` brings a file
  (``imports.import_file``: checked, audited, then added, taken when its history goes on from
  the one here, left when the one here is longer, kept beside it in ``conflicts/`` when the
  two part). When the one here was not changed since the last sync, the remote's word is
  taken whatever it is (another laptop resolved a conflict, or gave up the longer history):
  the one here goes to the trash, unless the remote keeps it in ``conflicts/`` already;
- a session the remote removed (moved to its trash) and that was not changed here: moved to
  the trash here too;
- a history kept in ``conflicts/`` on the remote: kept here too (after the same checks), unless
  it is the history of the session's file here;
- ``players.json``: the union of what both said; a clash is listed, the one here kept;
- ``settings.json``: the remote's when it was not changed here.

A file the checks refuse is never taken: it is one line in ``refused``."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ScorekeeperError, StoreError, one_line, os_reason
from ..i18n import _
from .atomic import atomic_write
from .conflicts import CONFLICTS, COPY_NAME, session_digest, write_in_trash
from .imports import ADDED, AHEAD, DIVERGED, EXTENDED, import_file
from .locking import take_lock
from .roster import change_roster
from .storage import SessionStorage

Read = Callable[[bytes], bytes]


@dataclass
class Merged:
    """What came in: one dict per evening (session, outcome, file); refused files; roster
    clashes."""

    came_in: list[dict[str, Any]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    roster_clashes: list[str] = field(default_factory=list)


def merge_files(home: Path, base: Mapping[str, bytes], local: Mapping[str, bytes],
                remote: Mapping[str, bytes], read: Read, shown: str, wait: float) -> Merged:
    """Bring into ``home`` what the remote changed (path -> blob id in each of the three
    states; ``read`` gives a blob's bytes; ``shown`` names the remote in messages)."""
    merged = Merged()
    scratch = Path(tempfile.mkdtemp(prefix=".sync-in.", dir=home / ".git"))
    try:
        order = sorted(set(base) | set(local) | set(remote),
                       key=lambda p: (not p.startswith("sessions/"), p))
        for path in order:
            b, here, there = base.get(path), local.get(path), remote.get(path)
            if there in (here, b):
                continue
            raw = None if there is None else read(there)
            context = _Context(home, scratch, f"{shown}: {path}", wait, merged, remote)
            if path.startswith("sessions/"):
                _session(context, path, raw, unchanged_here=here == b)
            elif path.startswith(f"{CONFLICTS}/"):
                _copy(context, path, raw, gone_here=here is None and b is not None)
            elif path == "players.json" and raw is not None:
                _roster(context, raw, unchanged_here=here == b)
            elif path == "settings.json" and raw is not None and here == b:
                _settings(context, raw)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return merged


@dataclass(frozen=True)
class _Context:
    home: Path
    scratch: Path
    shown: str
    wait: float
    merged: Merged
    remote: Mapping[str, bytes]


def _session(context: _Context, path: str, raw: bytes | None, unchanged_here: bool) -> None:
    home, target = context.home, context.home / path
    session_id = target.stem
    if raw is None:
        if unchanged_here and os.path.lexists(target):
            _to_trash(home, target, f"{session_id}-removed.json", context.wait)
            context.merged.came_in.append({"session": session_id, "outcome": "removed",
                                           "file": path})
        return
    source = context.scratch / target.name
    SessionStorage(source, context.shown).replace_with(raw)
    try:
        done = import_file(home, source, context.shown, context.wait)
    except ScorekeeperError as error:
        context.merged.refused.append(one_line(str(error)))
        return
    outcome = done.outcome
    if outcome in (AHEAD, DIVERGED) and unchanged_here and done.here is not None:
        kept_there = f"{CONFLICTS}/{session_id}-{done.here.digest}.json" in context.remote
        _take_over(home, target, raw, done.here.digest, kept_there, context.wait)
        if done.kept is not None:
            os.unlink(done.kept)
        outcome = "conflict" if kept_there else "replaced"
    elif outcome == DIVERGED and done.kept is not None:
        # import keeps it in imported/; an evening that differs on two laptops is a conflict
        (home / CONFLICTS).mkdir(exist_ok=True)
        os.replace(done.kept, home / CONFLICTS / done.kept.name)
        outcome = "conflict"
    if outcome in (ADDED, EXTENDED, "replaced", "conflict"):
        context.merged.came_in.append({"session": session_id, "outcome": outcome,
                                       "file": path})


def _take_over(home: Path, target: Path, raw: bytes, digest_here: str, kept_there: bool,
               wait: float) -> None:
    """Write the remote's history in place of the one here (which was not changed since the
    last sync): the one here goes to the trash first, unless the remote keeps it."""
    label = f"sessions/{target.name}"
    lock = take_lock(target, label, wait)
    try:
        here = SessionStorage(target, label)
        if not kept_there:
            write_in_trash(home, f"{target.stem}-{digest_here}.json", here.file_bytes())
        here.replace_with(raw)
    finally:
        lock.release()


def _to_trash(home: Path, target: Path, name: str, wait: float) -> None:
    label = str(target.relative_to(home))
    lock = take_lock(target, label, wait)
    try:
        write_in_trash(home, name, SessionStorage(target, label).file_bytes())
        os.unlink(target)
    finally:
        lock.release()


def _copy(context: _Context, path: str, raw: bytes | None, gone_here: bool) -> None:
    """A history kept beside a session (``conflicts/<id>-<digest>.json``)."""
    home, target = context.home, context.home / path
    match = COPY_NAME.fullmatch(target.name)
    if match is None or gone_here:  # resolved here since the last sync: it stays resolved
        return
    if raw is None:  # resolved on the remote
        if os.path.lexists(target):
            write_in_trash(home, target.name, SessionStorage(target, path).file_bytes())
            os.unlink(target)
        return
    here = session_digest(home / "sessions" / f"{match['id']}.json")
    if here is not None and here.startswith(match["digest"]):
        return  # the history of the session's own file
    try:
        _check_alone(context, raw, target.name)
    except ScorekeeperError as error:
        context.merged.refused.append(one_line(str(error)))
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    SessionStorage(target, path).replace_with(raw)
    context.merged.came_in.append({"session": match["id"], "outcome": "conflict",
                                   "file": path})


def _check_alone(context: _Context, raw: bytes, name: str) -> None:
    """Check a file as ``import`` checks it (chain, header, seals, audit), in a home of its
    own, so that nothing of this home is written."""
    alone = Path(tempfile.mkdtemp(prefix="alone.", dir=context.scratch))
    source = alone / name
    SessionStorage(source, context.shown).replace_with(raw)
    import_file(alone / "home", source, context.shown, context.wait)


def _roster(context: _Context, raw: bytes, unchanged_here: bool) -> None:
    """``players.json``: the remote's when it was not changed here, else the union."""
    from ..seasonnames import Roster

    try:
        theirs = Roster.from_json(json.loads(raw.decode("utf-8")))
    except (ScorekeeperError, ValueError, UnicodeDecodeError, RecursionError) as error:
        context.merged.refused.append(f"{context.shown}: {one_line(str(error))}")
        return

    def union(current: Any) -> dict[str, Any]:
        if unchanged_here or current is None:
            return theirs.to_json()
        ours = Roster.from_json(current)
        merged, clashes = roster_union(ours, theirs)
        context.merged.roster_clashes.extend(clashes)
        document: dict[str, Any] = merged.to_json()
        return document

    try:
        change_roster(context.home, union, context.wait)
    except ScorekeeperError as error:
        context.merged.refused.append(one_line(str(error)))


def roster_union(ours: Any, theirs: Any) -> tuple[Any, list[str]]:
    """Everything both rosters said (two ``season.Roster``): the names taken as another and
    the pairs kept apart; where they disagree the one here stands and the clash is said."""
    merged, clashes = ours, []
    for key, player in sorted(theirs.same.items()):
        if merged.player(key) == merged.player(player):
            continue
        if key in merged.same or merged.is_apart(key, player):
            clashes.append(_("players.json: {name} is taken as {here} here and as {there} on "
                             "the other laptop; kept as here").format(
                name=key, here=merged.player(key), there=player))
            continue
        try:
            merged = merged.merged(player, key)
        except ScorekeeperError as error:
            clashes.append(f"players.json: {key}: {one_line(str(error))}")
    for a, b in sorted(theirs.apart):
        if merged.is_apart(a, b):
            continue
        try:
            merged = merged.kept_apart(a, b)
        except ScorekeeperError:
            clashes.append(_("players.json: {a} and {b} are one player here and two on the "
                             "other laptop; kept as here").format(a=a, b=b))
    return merged, clashes


def _settings(context: _Context, raw: bytes) -> None:
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        context.merged.refused.append(f"{context.shown}: {one_line(str(error))}")
        return
    try:
        atomic_write(context.home / "settings.json", [raw])
    except OSError as error:
        raise StoreError(f"settings.json: {os_reason(error)}") from None


def remove_own_copies(home: Path) -> None:
    """Copies in ``conflicts/`` of the very history in the session's file: not a conflict, and
    gone once both laptops have the same file."""
    from .conflicts import copies

    for session_id, digests in copies(home).items():
        here = session_digest(home / "sessions" / f"{session_id}.json")
        for digest in digests:
            if here is not None and here.startswith(digest):
                os.unlink(home / CONFLICTS / f"{session_id}-{digest}.json")
