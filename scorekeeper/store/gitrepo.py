"""The git side of ``scorekeeper sync``: the home's repository (made on first use), its
tracked files as trees and commits, and the remote (fetch, push). With syncreason (the words
for its errors), the only module of the project that imports dulwich (pure-Python git), through
its public API. What is tracked:
``sessions/*.json``, ``conflicts/<id>-<digest>.json`` (the histories kept beside a session they
part from), ``players.json`` and ``settings.json``; never the lock files, the listing's index,
exports or the trash. A remote tree that holds anything else (a path outside the home, a link,
a file too large) is refused before anything is written."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import stat
import time
from pathlib import Path
from typing import Any

from dulwich import porcelain
from dulwich.graph import find_merge_base
from dulwich.index import Index, index_entry_from_stat
from dulwich.objects import Blob, Commit, ObjectID, Tree
from dulwich.refs import Ref
from dulwich.repo import Repo

from ..errors import StoreError, one_line, os_reason
from ..i18n import _
from .atomic import atomic_write
from .conflicts import CONFLICTS, COPY_NAME
from .files import MAX_FILE_BYTES as FILE_LIMIT
from .storage import SessionStorage  # the store's reader of a session file (and its like)
from .syncreason import remote_reason

MAIN = Ref(b"refs/heads/main")
SESSION_FILE = re.compile(r"[0-9a-f]{8}\.json")
TOP_FILES = ("players.json", "settings.json")
FOLDERS = {"sessions": SESSION_FILE, CONFLICTS: COPY_NAME}
MAX_FILE_BYTES = FILE_LIMIT  # no file of a home is larger; a test lowers it
REGULAR = (0o100644, 0o100755)
STAT_CACHE = "scorekeeper-stat.json"  # in .git: each tracked file's blob, by its status


class SyncError(StoreError):
    """Sync cannot be done; nothing was changed. The message is one line."""


class Unreachable(SyncError):
    """The remote cannot be reached (or is no repository); nothing was changed."""


# ---- the repository in the home -----------------------------------------------------------------

def open_repository(home: Path) -> tuple[Repo, bool]:
    """The home's repository, and whether it is new. A new one is made beside
    (``.git-new``) and put in place (``place_repository``) only once the remote answered: a
    sync that cannot reach its remote leaves no repository, and a stop while it is made
    leaves no half one."""
    if (home / ".git").is_dir():
        clear_stale_locks(home / ".git", older_than=0.0)  # the home's sync lock is held
        return Repo(str(home)), False
    fresh = home / ".git-new"
    shutil.rmtree(fresh, ignore_errors=True)
    repo = Repo.init_bare(str(fresh), mkdir=True, default_branch=b"main")
    config = repo.get_config()
    config.set((b"core",), b"bare", False)
    config.write_to_path()
    exclude = fresh / "info" / "exclude"
    exclude.parent.mkdir(parents=True, exist_ok=True)
    exclude.write_text("# scorekeeper tracks only these (sync)\n/*\n!/sessions/\n!/conflicts/\n"
                       "!/players.json\n!/settings.json\n/sessions/*.lock\n/sessions/.*\n",
                       encoding="utf-8")
    return repo, True


GIT_LOCKS = ("HEAD.lock", "config.lock", "packed-refs.lock", "refs/heads/main.lock",
             "index.lock")


def clear_stale_locks(git_folder: Path, older_than: float) -> None:
    """Remove the lock files a git writer killed midway left in ``git_folder`` (older than
    ``older_than`` seconds): git never takes a lock file over, so one left would stop every
    later sync. The ref it guarded is still the old one (a ref is renamed into place)."""
    now = time.time()
    packs = git_folder / "objects" / "pack"
    try:  # a pack's index written under a lock of its own (pack-<hash>.idx.lock)
        pack_locks = [f"objects/pack/{name}" for name in os.listdir(packs)
                      if name.endswith(".lock")]
    except OSError:
        pack_locks = []
    for name in (*GIT_LOCKS, *pack_locks):
        lock = git_folder / name
        try:
            if now - os.lstat(lock).st_mtime >= older_than:
                os.unlink(lock)
        except OSError:
            continue
    if older_than == 0.0 and packs.is_dir():
        # Held by this process alone: a pack moved in without its index, or a temporary
        # pack, was left by a writer killed midway (dulwich's own clean-up, public API).
        with contextlib.suppress(OSError, ValueError):
            repo = Repo(str(git_folder))
            try:
                repo.object_store.prune(grace_period=0)
            finally:
                repo.close()


def place_repository(home: Path, repo: Repo) -> Repo:
    """Put a new repository (``open_repository``) in its place, ``<home>/.git``."""
    repo.close()
    os.rename(home / ".git-new", home / ".git")
    return Repo(str(home))


def remembered_remote(repo: Repo) -> str | None:
    """The remote this home syncs with (kept in the repository's config)."""
    try:
        return repo.get_config().get((b"remote", b"origin"), b"url").decode("utf-8")
    except KeyError:
        return None


def remember_remote(repo: Repo, remote: str) -> None:
    config = repo.get_config()
    config.set((b"remote", b"origin"), b"url", remote.encode("utf-8"))
    config.write_to_path()


def local_location(remote: str) -> Path | None:
    """The folder a remote names, when it is one (not a URL)."""
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", remote) or re.match(r"^[^/]+@[^/]+:", remote):
        return None
    return Path(remote.removeprefix("file://")).expanduser()


def create_bare(folder: Path) -> None:
    """A new bare repository in ``folder`` (a stick or a shared drive)."""
    try:
        Repo.init_bare(str(folder), mkdir=not folder.exists(), default_branch=b"main").close()
    except (OSError, FileExistsError) as error:
        raise SyncError(_("{remote}: cannot be made a repository ({reason}); nothing was "
                          "changed").format(remote=folder, reason=os_reason(error))) from None


# ---- the home's tracked files as a tree ----------------------------------------------------------

def tracked_files(home: Path) -> dict[str, Path]:
    """The home's tracked files (regular files only, never followed through a link), by their
    path in the tree."""
    found: dict[str, Path] = {}
    for name in TOP_FILES:
        if _regular(home / name):
            found[name] = home / name
    for folder, pattern in FOLDERS.items():
        try:
            names = sorted(os.listdir(home / folder))
        except OSError:
            continue
        for name in names:
            if pattern.fullmatch(name) and _regular(home / folder / name):
                found[f"{folder}/{name}"] = home / folder / name
    return found


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def snapshot(repo: Repo, home: Path) -> dict[str, ObjectID]:
    """Each tracked file's blob id, its blob stored. A file whose status (inode, size, time) is
    the one seen before keeps its blob without being read: every write of the store replaces
    a file whole, so a changed file is a new inode."""
    cache_path = Path(repo.controldir()) / STAT_CACHE
    try:
        cache = json.loads(cache_path.read_bytes())
    except (OSError, ValueError):
        cache = {}
    entries: dict[str, ObjectID] = {}
    fresh: dict[str, list[Any]] = {}
    new_blobs: list[Blob] = []
    store = repo.object_store
    for tree_path, path in tracked_files(home).items():
        st = os.lstat(path)
        key = [st.st_ino, st.st_size, st.st_mtime_ns]
        seen = cache.get(tree_path)
        if isinstance(seen, list) and seen[:3] == key and seen[3].encode() in store:
            entries[tree_path] = ObjectID(seen[3].encode())
        else:
            blob = Blob.from_string(SessionStorage(path, tree_path).file_bytes())
            if blob.id not in store:
                new_blobs.append(blob)
            entries[tree_path] = blob.id
        fresh[tree_path] = key + [entries[tree_path].decode()]
    if new_blobs:
        store.add_objects([(blob, None) for blob in new_blobs])
    if fresh != cache:
        atomic_write(cache_path, json.dumps(fresh, sort_keys=True))
    return entries


def write_index(repo: Repo, home: Path, entries: dict[str, ObjectID]) -> None:
    """Git's index as the home's files are now (they are the head's tree after a sync), so
    that ``git status`` and ``git log`` in the home say what they should; sync itself never
    reads it."""
    index = Index(repo.index_path(), read=False)
    for tree_path, blob_id in entries.items():
        try:
            status = os.lstat(home / tree_path)
        except OSError:
            continue
        index[tree_path.encode()] = index_entry_from_stat(status, blob_id, 0o100644)
    index.write()


def store_tree(repo: Repo, entries: dict[str, ObjectID]) -> ObjectID:
    """The tree of ``entries`` (path -> blob id), stored; its id."""
    folders: dict[str, Tree] = {}
    root = Tree()
    for tree_path, blob_id in sorted(entries.items()):
        folder, _sep, name = tree_path.rpartition("/")
        if folder:
            folders.setdefault(folder, Tree()).add(name.encode(), 0o100644, blob_id)
        else:
            root.add(name.encode(), 0o100644, blob_id)
    objects = list(folders.values())
    for folder, tree in folders.items():
        root.add(folder.encode(), stat.S_IFDIR, tree.id)
    store = repo.object_store
    new = [(obj, None) for obj in objects + [root] if obj.id not in store]
    if new:
        store.add_objects(new)
    return root.id


def tree_entries(repo: Repo, tree_id: ObjectID, remote: str | None = None,
                 known: frozenset[ObjectID] = frozenset()) -> dict[str, ObjectID]:
    """The files of a tree, path -> blob id. With ``remote`` (how messages name it), a tree that
    holds anything but a home's tracked files is a ``SyncError`` (one line); a blob among
    ``known`` (the files of this home's last sync: the same bytes) is not read again for its
    size."""
    found: dict[str, ObjectID] = {}
    for entry in tree_at(repo, tree_id).items():
        name = entry.path.decode("utf-8", "replace")
        if entry.mode == stat.S_IFDIR and name in FOLDERS:
            for inner in tree_at(repo, entry.sha).items():
                inner_name = inner.path.decode("utf-8", "replace")
                check_entry(repo, remote, f"{name}/{inner_name}", inner.mode, inner.sha,
                            FOLDERS[name].fullmatch(inner_name) is not None, known)
                found[f"{name}/{inner_name}"] = inner.sha
            continue
        check_entry(repo, remote, name, entry.mode, entry.sha, name in TOP_FILES, known)
        found[name] = entry.sha
    return found


def check_entry(repo: Repo, remote: str | None, tree_path: str, mode: int, sha: ObjectID,
                ours: bool, known: frozenset[ObjectID] = frozenset()) -> None:
    """One entry of a remote's tree: a regular file of a home, of a sane size (a blob among
    ``known`` was sized before)."""
    if remote is None:
        return
    if mode == 0o120000:
        why = _("a symbolic link")
    elif mode not in REGULAR or not ours:
        why = _("not a file of a scorekeeper home")
    elif sha not in known and len(blob_bytes(repo, sha)) > MAX_FILE_BYTES:
        why = _("larger than {limit} bytes").format(limit=MAX_FILE_BYTES)
    else:
        return
    raise SyncError(_("{remote}: refused: its tree holds {path}, {why}; nothing was "
                      "changed").format(remote=remote, path=one_line(repr(tree_path)), why=why))


def store_commit(repo: Repo, tree_id: ObjectID, parents: list[ObjectID],
                 message: str) -> ObjectID:
    """A commit of ``tree_id`` on ``parents``, stored; its id."""
    commit = Commit()
    commit.tree = tree_id
    commit.parents = parents
    commit.author = commit.committer = b"scorekeeper <scorekeeper@localhost>"
    commit.author_time = commit.commit_time = int(time.time())
    commit.author_timezone = commit.commit_timezone = 0
    commit.encoding = b"UTF-8"
    commit.message = message.encode("utf-8")
    repo.object_store.add_object(commit)
    return commit.id


def head_of(repo: Repo) -> ObjectID | None:
    try:
        return repo.refs[MAIN]
    except KeyError:
        return None


def move_head(repo: Repo, old: ObjectID | None, new: ObjectID) -> None:
    """Move ``main`` from ``old`` to ``new`` (refused when another process moved it)."""
    try:
        if old is None:
            done = repo.refs.add_if_new(MAIN, new)
        else:
            done = repo.refs.set_if_equals(MAIN, old, new)
    except Exception as error:  # a lock held by a git command at work in the home, say
        raise SyncError(_("the home's repository cannot be written ({reason}); sync "
                          "again").format(reason=_reason(error))) from None
    if not done:
        raise SyncError(_("the home's repository changed during the sync; sync again"))
    repo.refs.set_symbolic_ref(Ref(b"HEAD"), MAIN)


# ---- talking to the remote ----------------------------------------------------------------------

# An ssh remote that does not answer (a laptop off the network, an address mistyped) kept
# sync waiting for minutes with nothing said (trial 31): ssh gives up connecting after
# SSH_CONNECT_SECONDS, and sync says why in one line. An ssh command the person set
# (GIT_SSH_COMMAND or GIT_SSH, as git reads them) is theirs, and used as it is.
SSH_CONNECT_SECONDS = 15


def _ssh_command() -> str | None:
    """The ssh dulwich runs to reach an ssh remote: with a time limit to connect (``None``:
    the person's own, which dulwich reads from the environment)."""
    if os.environ.get("GIT_SSH_COMMAND") or os.environ.get("GIT_SSH"):
        return None
    return f"ssh -o ConnectTimeout={SSH_CONNECT_SECONDS}"


def fetch(repo: Repo, remote: str) -> ObjectID | None:
    """The remote's ``main`` (``None``: it has none yet), its objects fetched; ``Unreachable``
    (one line) when it cannot be read."""
    try:
        result = porcelain.fetch(repo, remote, outstream=io.StringIO(), errstream=io.BytesIO(),
                                 quiet=True, ssh_command=_ssh_command())
    except Exception as error:  # every transport has its own errors: one line
        raise Unreachable(_("{remote}: cannot be reached ({reason}); nothing was "
                            "changed").format(remote=remote, reason=_reason(error))) from None
    return result.refs.get(MAIN)


def push(repo: Repo, remote: str) -> None:
    """Send ``main`` to the remote (never forced: it holds the remote's ``main`` already). A
    folder is pushed to under a lock of its own (``scorekeeper-push.lock``, released when its
    process ends, however it ends): holding it, a lock git left on a ref was left by a
    scorekeeper killed while it pushed, and is cleared; one older than a minute (a laptop
    stopped while it pushed to a shared drive) is cleared in any case."""
    folder = local_location(remote)
    if folder is None:
        _push(repo, remote)
        return
    from .locking import take_lock

    try:
        pushing = take_lock(folder / "scorekeeper-push", str(folder), 10.0)
    except StoreError:  # a folder this process cannot lock: git's own locks still guard it
        clear_stale_locks(folder, older_than=60.0)
        _push(repo, remote)
        return
    try:
        clear_stale_locks(folder, older_than=0.0)
        _push(repo, remote)
    finally:
        pushing.release()


def _push(repo: Repo, remote: str) -> None:
    try:
        result = porcelain.push(repo, remote, refspecs=[bytes(MAIN) + b":" + MAIN],
                                outstream=io.BytesIO(), errstream=io.BytesIO(),
                                ssh_command=_ssh_command())
    except Exception as error:  # as fetch
        raise Unreachable(_("{remote}: the evenings could not be sent ({reason}); the home "
                            "is synced with what came in; sync again").format(
            remote=remote, reason=_reason(error))) from None
    status = (result.ref_status or {}).get(MAIN)
    if status:
        raise Unreachable(_("{remote}: the evenings could not be sent ({reason}); sync "
                            "again").format(remote=remote, reason=one_line(str(status))))


def _reason(error: Exception) -> str:
    return remote_reason(error)  # in the language in use (store.syncreason)


def merge_base(repo: Repo, ours: ObjectID, theirs: ObjectID) -> ObjectID | None:
    bases = find_merge_base(repo, [ours, theirs])
    return bases[0] if bases else None


def blob_bytes(repo: Repo, blob_id: ObjectID) -> bytes:
    data: bytes = repo.object_store[blob_id].as_raw_string()
    return data


def commit_tree(repo: Repo, commit_id: ObjectID) -> ObjectID:
    """The tree of a commit."""
    commit = repo[commit_id]
    if not isinstance(commit, Commit):
        raise SyncError(_("{id}: not a commit; the repository is damaged").format(
            id=commit_id.decode()))
    tree: ObjectID = commit.tree
    return tree


def tree_at(repo: Repo, tree_id: ObjectID) -> Tree:
    tree = repo.object_store[tree_id]
    if not isinstance(tree, Tree):
        raise SyncError(_("{id}: not a tree; the repository is damaged").format(
            id=tree_id.decode()))
    return tree
