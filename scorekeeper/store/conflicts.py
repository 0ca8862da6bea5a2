"""Evenings that differ on two laptops (a conflict): the session's file in ``<home>/sessions/``
and, beside it, each history that parts from it in ``<home>/conflicts/<id>-<digest>.json``
(``sync`` keeps them there; a file brought by hand with ``import`` that parts from the one here
is kept in ``imported/`` instead, and the one here counts, as before). Nothing is guessed:
both are kept until the table says which one is the evening (``keep``); the other goes to
``<home>/trash/``, never removed.

This module does not import dulwich: the listing and the home screen ask it what is in
conflict without loading git."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import ScorekeeperError, StoreError, os_reason
from ..i18n import _
from .atomic import sync_folder
from .locking import take_lock
from .session import read_session
from .storage import SessionStorage

CONFLICTS = "conflicts"  # the folder of the home with the other histories of an evening
COPY_NAME = re.compile(r"(?P<id>[0-9a-f]{8})-(?P<digest>[0-9a-f]{6,64})\.json")
TRASH = "trash"


@dataclass(frozen=True)
class Conflict:
    """One evening held twice or more: ``here`` is the digest of the file in ``sessions/``
    (``None`` when it cannot be read), ``others`` the digests of the copies kept beside it."""

    id: str
    here: str | None
    others: tuple[str, ...]

    def words(self) -> str:
        """The conflict said in a line (the listing's, the season's files left out)."""
        return _("differs on two laptops (digest {here} here, {others} from elsewhere): the "
                 "season counts neither until one is kept ('scorekeeper sync --keep "
                 "DIGEST')").format(here=self.here or "?", others=", ".join(self.others))

    def to_json(self) -> dict[str, object]:
        """The conflict in ``sessions --json`` and ``sync --json`` (the contract)."""
        return {"here": self.here, "others": list(self.others), "keep": self.keep_commands()}

    def keep_commands(self) -> list[str]:
        """The commands that keep one of the versions (the one here first)."""
        digests = ([self.here] if self.here else []) + list(self.others)
        return [f"scorekeeper sync --keep {digest}" for digest in digests]


def session_digest(path: Path) -> str | None:
    """The digest of the session file ``path``; ``None`` when it is missing or cannot be read."""
    label = f"sessions/{path.name}"
    try:
        return read_session(path, label).digest
    except (ScorekeeperError, OSError):
        return None


def copies(home: Path) -> dict[str, list[str]]:
    """The copies kept in ``<home>/conflicts/``: the session's id -> the copies' digests."""
    found: dict[str, list[str]] = {}
    try:
        names = sorted(os.listdir(home / CONFLICTS))
    except OSError:
        return found
    for name in names:
        match = COPY_NAME.fullmatch(name)
        if match and os.path.isfile(home / CONFLICTS / name):
            found.setdefault(match["id"], []).append(match["digest"])
    return found


def conflicts(home: Path) -> dict[str, Conflict]:
    """Every evening of the home in conflict, by id: its file in ``sessions/`` and at least one
    copy in ``conflicts/`` that is another history (a copy of the same history is not one)."""
    found: dict[str, Conflict] = {}
    for session_id, digests in copies(home).items():
        path = home / "sessions" / f"{session_id}.json"
        if not os.path.isfile(path):
            continue
        here = session_digest(path)
        others = tuple(d for d in digests if here is None or not here.startswith(d))
        if others:
            found[session_id] = Conflict(session_id, here, others)
    return found


@dataclass(frozen=True)
class Version:
    """One version of an evening in conflict, for a person to choose from: its digest, hands,
    when it was last written, and whether it is the one in ``sessions/``."""

    digest: str
    hands: int
    updated: str
    here: bool
    players: tuple[str, ...]
    started: str


def versions(home: Path, conflict: Conflict) -> list[Version]:
    """Every readable version of an evening in conflict, the one in ``sessions/`` first."""
    paths = [(home / "sessions" / f"{conflict.id}.json", True)]
    paths += [(home / CONFLICTS / f"{conflict.id}-{digest}.json", False)
              for digest in conflict.others]
    found = []
    for path, here in paths:
        label = f"{path.parent.name}/{path.name}"
        try:
            session = read_session(path, label)
            session.check()
        except (ScorekeeperError, OSError):
            continue
        rows = session.rows
        updated = str(rows[-1].get("at", session.created)) if rows else session.created
        found.append(Version(session.digest, session.hands_played, updated, here,
                             tuple(session.config.players), session.created))
    return found


def conflict_of(home: Path, session_id: str) -> Conflict | None:
    """The conflict of one evening of the home, if it is in one (``audit`` says it)."""
    return conflicts(home).get(session_id)


def synced_with(home: Path) -> str | None:
    """The remote the home syncs with (``sync``), read from the repository's config without
    loading git; ``None`` when the home does not sync."""
    try:
        text = (home / ".git" / "config").read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    section = ""
    for line in (raw.strip() for raw in text.splitlines()):
        if line.startswith("["):
            section = line
        elif section == '[remote "origin"]' and line.replace(" ", "").startswith("url="):
            return line.split("=", 1)[1].strip()
    return None


def marked_conflicts(home: Path, listings: list[Any]) -> list[Any]:
    """The listing (``listing.Listing`` lines) with each evening in conflict marked
    (``conflict``), its figures left out of a season (``figures_problem`` says why). The
    digest here is the listing's own."""
    found = copies(home)
    if not found:
        return listings
    marked = []
    for line in listings:
        summary = line.summary
        digests = found.get(summary.id, []) if summary is not None else []
        others = tuple(d for d in digests if summary is not None
                       and not summary.digest.startswith(d))
        if summary is not None and others:
            conflict = Conflict(summary.id, summary.digest, others)
            line = replace(line, conflict=conflict, figures=None,
                           figures_problem=conflict.words())
        marked.append(line)
    return marked


@dataclass(frozen=True)
class Kept:
    """What ``keep`` did: the session, the digest kept, and where the others went."""

    id: str
    digest: str
    trashed: tuple[Path, ...]


def keep(home: Path, digest: str, wait: float) -> Kept:
    """Keep the version of an evening in conflict whose digest starts with ``digest``: it
    becomes the session's file, and every other version goes to ``<home>/trash/``. Each step
    writes whole files (the one kept is written before any other is moved), so a stop at any
    moment loses nothing and ``keep`` can be run again."""
    digest = digest.strip().lower()
    matches = [c for c in conflicts(home).values()
               if len(digest) >= 6 and any(d.startswith(digest) or digest.startswith(d)
                                           for d in ((c.here or "-"),) + c.others)]
    if len(matches) != 1:
        raise StoreError(_("{digest}: not the digest of one version of an evening in "
                           "conflict ('scorekeeper sessions' names them)").format(digest=digest))
    conflict = matches[0]
    target = home / "sessions" / f"{conflict.id}.json"
    label = f"sessions/{target.name}"
    lock = take_lock(target, label, wait)
    try:
        trashed = _keep_under_lock(home, conflict, digest, target)
    except OSError as error:
        raise StoreError(_("{file}: cannot be written ({reason}); run the command again").format(
            file=label, reason=os_reason(error))) from None
    finally:
        lock.release()
    return Kept(conflict.id, digest, tuple(trashed))


def _keep_under_lock(home: Path, conflict: Conflict, digest: str, target: Path) -> list[Path]:
    """``keep``'s writes, the session's lock held: the chosen version in place, then every
    other one in the trash."""
    folder = home / CONFLICTS
    chosen = next((d for d in conflict.others if d.startswith(digest) or digest.startswith(d)),
                  None)
    trashed: list[Path] = []
    if chosen is not None:
        raw_here = SessionStorage(target, f"sessions/{target.name}").file_bytes()
        trashed.append(write_in_trash(home, f"{conflict.id}-{conflict.here or 'here'}.json",
                                       raw_here))
        copy = folder / f"{conflict.id}-{chosen}.json"
        SessionStorage(target, f"sessions/{target.name}").replace_with(
            SessionStorage(copy, str(copy)).file_bytes())
        os.unlink(copy)
    for other in conflict.others:
        if other == chosen:
            continue
        copy = folder / f"{conflict.id}-{other}.json"
        trashed.append(write_in_trash(home, copy.name,
                                      SessionStorage(copy, str(copy)).file_bytes()))
        os.unlink(copy)
    sync_folder(folder)
    return trashed


def write_in_trash(home: Path, name: str, raw: bytes) -> Path:
    """Write ``raw`` as ``<home>/trash/<name>`` (a name taken already gets a number)."""
    folder = home / TRASH
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    n = 1
    while os.path.lexists(target):
        n += 1
        target = folder / f"{Path(name).stem}-{n}.json"
    SessionStorage(target, str(target)).replace_with(raw)
    return target
