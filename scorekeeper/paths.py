"""Where the home folder is: ``--home``, else ``SCOREKEEPER_HOME``, else the user data folder."""

from __future__ import annotations

import os
from pathlib import Path

ENV_HOME = "SCOREKEEPER_HOME"


def home_folder(option: str | os.PathLike[str] | None = None) -> Path:
    """The folder that holds ``sessions/``; nothing is created here."""
    if option:
        return Path(option).expanduser()
    env = os.environ.get(ENV_HOME)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


def sessions_folder(home: Path) -> Path:
    return home / "sessions"
