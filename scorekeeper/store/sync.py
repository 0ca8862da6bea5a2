"""The home as a git repository that syncs with one command (``scorekeeper sync``): git
(dulwich, pure Python) moves the files; the project's chain decides what is true.

- What is tracked: ``sessions/*.json``, ``conflicts/<id>-<digest>.json`` (the histories kept
  beside a session they part from), ``players.json`` and ``settings.json``; never the lock
  files, the listing's index, exports or the trash.
- Each sync commits what changed here, fetches the remote's ``main``, decides file by file
  (``syncmerge.py``), writes the result with the project's atomic write, commits a merge whose
  tree is that result, and pushes it. Git's own merge is never used on a session file.
- A remote tree that holds anything but those files (a path outside the home, a link, a
  file too large) is refused before anything is written.
- The home's working files are written one whole file at a time, and refs are moved last:
  a stop at any moment leaves each file as it was or as it is to be, and the next sync
  goes on from there (its decisions depend only on the files, not on how far one got).


The git side is ``gitrepo.py``; what is taken, file by file, ``syncmerge.py``."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dulwich.objects import ObjectID

from ..errors import os_reason
from ..i18n import _, ngettext
from .conflicts import Conflict, conflicts
from .gitrepo import (
    SyncError,
    Unreachable,
    blob_bytes,
    commit_tree,
    create_bare,
    fetch,
    head_of,
    local_location,
    merge_base,
    move_head,
    open_repository,
    place_repository,
    push,
    remember_remote,
    remembered_remote,
    snapshot,
    store_commit,
    store_tree,
    tree_entries,
    write_index,
)
from .locking import take_lock

if TYPE_CHECKING:
    from dulwich.repo import Repo

__all__ = ["SyncError", "Synced", "Unreachable", "sync"]

Progress = Callable[[str], None]


@dataclass
class Synced:
    """What a sync did: ``came_in`` the evenings the remote brought (each a dict: session,
    outcome, file), ``went_out`` the evenings it got from here, ``conflicts`` every evening of
    the home in conflict now, ``refused`` one line per file of the remote not taken."""

    remote: str
    created: bool = False
    came_in: list[dict[str, Any]] = field(default_factory=list)
    went_out: list[str] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    roster_clashes: list[str] = field(default_factory=list)
    commit: str | None = None


def home_lock(home: Path, wait: float) -> Any:
    """The home's sync lock: one sync at a time in a home."""
    return take_lock(home / "sync", "sync", wait)


# ---- one sync ----------------------------------------------------------------------------------

def sync(home: Path, remote: str | None = None, create: bool = False, wait: float = 10.0,
         progress: Progress | None = None) -> Synced:
    """Sync the home with ``remote`` (else the one remembered): fetch, commit what changed
    here, decide file by file, commit the result and push it. Under the home's sync lock."""
    say = progress or (lambda step: None)
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SyncError(_("{folder}: cannot be created ({reason})").format(
            folder=home, reason=os_reason(error))) from None
    lock = home_lock(home, wait)
    try:
        from .home import Store

        Store(home).finish_pairs()  # a next evening left half made is finished first (D21)
        repo, fresh = open_repository(home)
        try:
            url, created = _remote_to_use(repo, remote, create)
            say(_("fetching from {remote}").format(remote=url))
            theirs = fetch(repo, url)
            theirs_entries = ({} if theirs is None
                              else tree_entries(repo, commit_tree(repo, theirs), url,
                                                last_synced(repo)))
        except BaseException:
            repo.close()
            if fresh:
                shutil.rmtree(home / ".git-new", ignore_errors=True)
            raise
        if fresh:
            repo = place_repository(home, repo)
        try:
            return _sync(home, repo, (url, theirs, theirs_entries), created, wait, say)
        finally:
            repo.close()
    finally:
        lock.release()


def last_synced(repo: Repo) -> frozenset[ObjectID]:
    """The blobs of this home's last sync (its head's tree): a remote's file among them is
    one this home holds already, and is not read again to be sized (of 1,000 evenings, one
    is new)."""
    head = head_of(repo)
    return frozenset(tree_entries(repo, commit_tree(repo, head)).values()) if head else frozenset()


def _sync(home: Path, repo: Repo, fetched: tuple[str, ObjectID | None, dict[str, ObjectID]],
          created: bool, wait: float, say: Progress) -> Synced:
    """A sync once the remote was fetched (``fetched``: its location, its head and that head's
    files, checked)."""
    url, theirs, theirs_entries = fetched
    remember_remote(repo, url)
    say(_("writing down what changed here"))
    ours = _commit_here(repo, home)
    synced = Synced(remote=url, created=created)
    head = ours
    if theirs is not None and theirs != ours:
        base = merge_base(repo, ours, theirs) if ours is not None else None
        if base != theirs:
            say(_("bringing in what came"))
            head = _merge(home, repo, ours, theirs, base, theirs_entries, url, wait, synced)
    if head is not None and head != theirs:
        say(_("sending to {remote}").format(remote=url))
        mine = tree_entries(repo, commit_tree(repo, head))
        synced.went_out = sorted(Path(p).stem for p, blob in mine.items()
                                 if p.startswith("sessions/") and theirs_entries.get(p) != blob)
        push(repo, url)
    write_index(repo, home, snapshot(repo, home))
    synced.commit = head.decode() if head else None
    synced.conflicts = sorted(conflicts(home).values(), key=lambda c: c.id)
    return synced


class NoSuchFolder(Unreachable):
    """The remote is a folder that is not there; nothing was changed. Its words name the
    command line's way to make one there (``--create``); the table app names its key."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        super().__init__(_("{remote}: no such folder; nothing was changed ('--create' makes a "
                           "repository there)").format(remote=folder))


def _remote_to_use(repo: Repo, remote: str | None, create: bool) -> tuple[str, bool]:
    """The remote to sync with, a folder made a bare repository when asked (``--create``)."""
    url = remote if remote is not None else remembered_remote(repo)
    if url is None:
        raise SyncError(_("no remote yet: name one, a folder (a bare repository on a stick or "
                          "a shared drive) or a URL: scorekeeper sync /media/stick/club.git"))
    folder = local_location(url)
    if folder is None:
        return url, False
    folder = folder.absolute()
    if create and (not folder.exists() or (folder.is_dir() and not any(folder.iterdir()))):
        create_bare(folder)
        return str(folder), True
    if not folder.exists():
        raise NoSuchFolder(folder)
    return str(folder), False


def _commit_here(repo: Repo, home: Path) -> ObjectID | None:
    """Commit what changed here since the last sync; the head after it."""
    old = head_of(repo)
    entries = snapshot(repo, home)
    tree = store_tree(repo, entries)
    before = tree_entries(repo, commit_tree(repo, old)) if old is not None else {}
    if old is not None and commit_tree(repo, old) == tree:
        return old
    new = store_commit(repo, tree, [old] if old is not None else [],
                       commit_message(home, before, entries, _("here")))
    move_head(repo, old, new)
    return new


def _merge(home: Path, repo: Repo, ours: ObjectID | None, theirs: ObjectID,
           base: ObjectID | None,
           theirs_entries: dict[str, ObjectID], url: str, wait: float, synced: Synced) -> ObjectID:
    """Bring in what the remote changed and commit the result on both; the new head."""
    from .syncmerge import merge_files, remove_own_copies

    base_entries = tree_entries(repo, commit_tree(repo, base)) if base is not None else {}
    local_entries = tree_entries(repo, commit_tree(repo, ours)) if ours is not None else {}
    merged = merge_files(home, base_entries, local_entries, theirs_entries,
                         lambda blob: blob_bytes(repo, ObjectID(blob)), url, wait)
    remove_own_copies(home)
    synced.came_in, synced.refused = merged.came_in, merged.refused
    synced.roster_clashes = merged.roster_clashes
    entries = snapshot(repo, home)
    tree = store_tree(repo, entries)
    if tree == commit_tree(repo, theirs):
        new = theirs
    else:
        parents = [ours, theirs] if ours is not None else [theirs]
        new = store_commit(repo, tree, parents,
                           commit_message(home, theirs_entries, entries, url))
    move_head(repo, ours, new)
    return new


def commit_message(home: Path, before: dict[str, ObjectID], after: dict[str, ObjectID],
                   where: str) -> str:
    """The commit's message: the evenings changed (with their hands) and where from."""
    from .listing import summarise

    lines = []
    for path in sorted(p for p in after if p.startswith("sessions/")):
        if before.get(path) == after[path]:
            continue
        entry = summarise(home / path, path)
        summary = entry.get("summary") or {}
        lines.append(f"{Path(path).stem}: {summary.get('hands', '?')} hands "
                     f"({summary.get('game', '?')}: {', '.join(summary.get('players', []))})")
    head = ngettext("sync ({where}): {count} evening", "sync ({where}): {count} evenings",
                    len(lines)).format(where=where, count=len(lines))
    return "\n".join([head, ""] + lines) + "\n"
