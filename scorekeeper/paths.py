"""Where the home folder is: ``--home``, else ``SCOREKEEPER_HOME``, else the user data folder."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import ScorekeeperError

ENV_HOME = "SCOREKEEPER_HOME"


def home_folder(option: str | os.PathLike[str] | None = None) -> Path:
    """The folder that holds ``sessions/``; nothing is created here. ``option`` is the folder
    given on the command line (``--home``): it wins over the environment. An empty one is
    refused, as is a ``~user`` that names nobody; an empty ``SCOREKEEPER_HOME`` counts as
    unset."""
    if option is not None:
        return _expanded(os.fspath(option), "--home")
    env = os.environ.get(ENV_HOME)
    if env:
        return _expanded(env, ENV_HOME)
    import platformdirs

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


def _expanded(text: str, source: str) -> Path:
    if not text.strip():
        raise ScorekeeperError(f"{source}: the folder is empty; give a folder's path")
    try:
        return Path(text).expanduser()
    except (RuntimeError, KeyError, OSError):
        raise ScorekeeperError(f"{source}: '{text}': no such user's home folder to start "
                               f"from") from None


def sessions_folder(home: Path) -> Path:
    return home / "sessions"


def trash_folder(home: Path) -> Path:
    """Where deleted sessions go, to be brought back (``<home>/trash``)."""
    return home / "trash"


def imported_folder(home: Path) -> Path:
    """Where ``import`` keeps histories that part from ours (``<home>/imported``)."""
    return home / "imported"


def exports_folder(home: Path) -> Path:
    """The one folder of the home an output may be written to (``<home>/exports``)."""
    return home / "exports"


def settings_file(home: Path) -> Path:
    """The person's settings (the table app's language): ``<home>/settings.json``."""
    return home / "settings.json"
