"""Where an output (an export, a night's summary, the season's table: whatever ``-o`` names) may
be written: outside the home folder, or in its exports folder, never anywhere else in the home
(the sessions, the trash of deleted ones, the imported histories, the index, the players'
names, the settings, their locks and temporary files), however the path is spelled: ``..``,
symbolic links, and letters of another case on a file system that ignores case. Folders are
compared by name once every link is followed, and by identity (device and inode) too, which no
spelling changes."""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from ..errors import StoreError, one_line, os_reason
from ..i18n import _
from ..paths import exports_folder, imported_folder, sessions_folder, trash_folder
from .atomic import atomic_write

Identity = tuple[int, int]


def kept_folders(home: Path) -> list[Path]:
    """The home's folders of session files (the sessions, the trash, the imported histories):
    never written to by an output, wherever a link puts them."""
    return [sessions_folder(home), trash_folder(home), imported_folder(home)]


def check_output_path(home: Path, output: str | os.PathLike[str],
                      session_file: Path | None = None) -> Path:
    """The path to write the output ``output`` to, once it is known to be outside the home
    folder ``home`` or in its exports folder, and not the session file read (``session_file``,
    given when a session was read from a path of its own) nor its lock; else a ``StoreError``
    of one line naming ``output``."""
    shown = one_line(os.fspath(output))
    target = Path(output)
    try:
        places = landing_places(target)
        for place in places:
            _refuse_inside_home(place, home, shown)
        if session_file is not None:
            _refuse_session_file(places, session_file, shown)
    except (OSError, ValueError, RuntimeError) as error:
        raise StoreError(_("-o {file}: cannot be followed to a file ({reason})").format(
            file=shown, reason=os_reason(error))) from None
    return target


def write_output_file(home: Path, output: str | os.PathLike[str], text: str | list[bytes],
                      session_file: Path | None = None) -> Path:
    """Write ``text`` (a string, or pieces of UTF-8) whole to ``output`` (``check_output_path``
    first); a ``StoreError`` naming ``output`` when it may not or cannot be written. Returns
    the path written."""
    target = check_output_path(home, output, session_file)
    try:
        if _same_folder(target.parent, exports_folder(home)):
            exports_folder(home).mkdir(exist_ok=True)  # the home's own, made at its first use
        atomic_write(target, text)
    except OSError as error:
        raise StoreError(_("{file}: cannot be written ({reason})").format(
            file=one_line(os.fspath(output)), reason=os_reason(error))) \
            from None
    return target


def _same_folder(one: Path, other: Path) -> bool:
    """Whether two paths name one folder, by real path in the system's normal case."""
    return os.path.normcase(os.path.realpath(one)) == os.path.normcase(os.path.realpath(other))


def landing_places(target: Path) -> list[Path]:
    """Where the bytes written to ``target`` may land, every link followed: the folder's real
    path with the name (a rename replaces a link named ``target`` itself) and, when
    ``target`` is a link, where it leads."""
    whole = Path(os.path.realpath(target))
    if target.name in ("", ".", ".."):
        return [whole]
    entry = Path(os.path.realpath(target.parent)) / target.name
    return [entry] if entry == whole else [entry, whole]


def _refuse_inside_home(place: Path, home: Path, shown: str) -> None:
    """Refuse ``place`` (a path with every link followed) inside ``home`` but not inside its
    exports folder: by name, then by the identity of the folders it is in."""
    verdict = _inside_by_name(place, home) or _inside_by_identity(place, home)
    if verdict is None:
        return
    if verdict != home:
        raise StoreError(_("-o {file}: is in the sessions folder {folder}; an export never "
                           "replaces a session: write it elsewhere").format(
            file=shown, folder=one_line(str(verdict))))
    raise StoreError(_("-o {file}: is in the home folder {folder}, which keeps only sessions "
                       "and its own files; write it to {exports} or outside the home").format(
        file=shown, folder=one_line(str(home)), exports=one_line(str(exports_folder(home)))))


def _within(place: str, folder: str) -> bool:
    """Whether the path ``place`` is ``folder`` or inside it (both real, in normal case)."""
    return place == folder or place.startswith(folder.rstrip(os.sep) + os.sep)


def _inside_by_name(place: Path, home: Path) -> Path | None:
    """The kept folder (or the home) ``place`` is in, compared by real path in the system's
    normal case; ``None`` when it is outside the home or in its exports folder."""
    spot = os.path.normcase(str(place))
    for kept in kept_folders(home):
        if _within(spot, os.path.normcase(os.path.realpath(kept))):
            return kept
    real_home = os.path.normcase(os.path.realpath(home))
    if not _within(spot, real_home):
        return None
    exports = os.path.normcase(os.path.realpath(exports_folder(home)))
    if _within(spot, exports) and spot != exports and _within(exports, real_home) \
            and exports != real_home:
        return None
    return home


def identity(path: Path) -> Identity | None:
    """What a file or folder is whatever its name says (device and inode), if it is there."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_dev, status.st_ino)


def _inside_by_identity(place: Path, home: Path) -> Path | None:
    """The kept folder (or the home) ``place`` is in, found by walking up from it and
    comparing each folder's identity with theirs (a name in another case, a second mount of
    the same folder); ``None`` when the exports folder is met before the home, or neither."""
    marks: dict[Identity, Path] = {}
    for mark in [exports_folder(home), *kept_folders(home), home]:  # later ones win
        known = identity(mark)
        if known is not None:
            marks[known] = mark
    in_exports = False
    exports = os.path.normcase(os.path.realpath(exports_folder(home)))
    for step in [place, *place.parents]:
        found = identity(step)
        if found is None and os.path.normcase(str(step)) == exports:
            in_exports = True  # the exports folder, not made yet: the export makes it
        folder = None if found is None else marks.get(found)
        if folder is None:
            continue
        if folder == exports_folder(home):
            in_exports = True
        elif folder != home or not in_exports:
            return folder
    return None


def _refuse_session_file(places: list[Path], session_file: Path, shown: str) -> None:
    """Refuse the session file read (by its path outside the home) and its lock and
    temporary files beside it."""
    own = Path(os.path.realpath(session_file))
    own_folder, own_name = identity(own.parent), os.path.normcase(own.name)
    own_id = identity(own)
    for place in places:
        name = os.path.normcase(place.name)
        beside = (os.path.normcase(str(place.parent)) == os.path.normcase(str(own.parent))
                  or (own_folder is not None and identity(place.parent) == own_folder))
        ours = name == own_name or name.startswith((f"{own_name}.", f".{own_name}."))
        if (beside and ours) or (own_id is not None and identity(place) == own_id):
            raise StoreError(_("-o {file}: is the session file being exported (or its lock); "
                               "write the export elsewhere").format(file=shown))


def shared_file_name(session_id: str, created: str, suffix: str) -> str:
    """The name a night's summary to share (``share``, the settle-up's ``ctrl+y``) is written
    under in the home's exports folder: the session's id and the day it began there, by this
    machine's clock (``59e57973-2026-12-03.md``). No word in it, so it reads the same in every
    language; a session without a readable start is named by its id alone."""
    try:
        day = datetime.fromisoformat(created.replace("Z", "+00:00")).astimezone().date()
    except ValueError:
        return f"{session_id}.{suffix}"
    return f"{session_id}-{day.isoformat()}.{suffix}"


def write_shared(home: Path, session_id: str, created: str,
                 texts: Iterable[tuple[str, str]]) -> list[str]:
    """Write a night's summary in each format (``(suffix, text)``) to the home's exports folder
    under ``shared_file_name``, each whole; a ``StoreError`` naming the folder when one cannot
    be written. Returns the names written, in order."""
    folder = exports_folder(home)
    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for suffix, text in texts:
            target = folder / shared_file_name(session_id, created, suffix)
            atomic_write(target, text)
            written.append(target.name)
    except OSError as error:
        raise StoreError(_("{file}: cannot be written ({reason})").format(
            file=one_line(str(folder)), reason=os_reason(error))) from None
    return written
