"""The settings a person keeps in the home folder (``settings.json``): today the language the
table app and the commands speak when ``--lang`` does not say. A missing or unreadable file is
no setting at all: the locale decides, and nothing stops because of it."""

from __future__ import annotations

import json
from pathlib import Path

from .errors import ScorekeeperError
from .i18n import LANGUAGES, _, normalize
from .paths import settings_file


def read_settings(home: Path) -> dict[str, object]:
    """The settings kept in ``home`` (an empty table when there are none, or they cannot be
    read: a setting never stops a command)."""
    from .store.files import read_file_bytes  # as a session file is: never a named pipe

    path = settings_file(home)
    try:
        data = json.loads(read_file_bytes(path, str(path)))
    except (ScorekeeperError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def language_setting(home: Path) -> str | None:
    """The language chosen in the table app and kept in ``home``, if any."""
    return normalize(value) if isinstance(value := read_settings(home).get("language"),
                                          str) else None


def save_language_setting(home: Path, code: str | None) -> None:
    """Keep ``code`` as the language in ``home`` (``None`` forgets it: the locale decides).
    The other settings are kept as they were; the file is replaced whole."""
    language = normalize(code)
    if code is not None and language is None:
        raise ScorekeeperError(_("'{code}' is not a language here (choose {languages})").format(
            code=code, languages=", ".join(LANGUAGES)))
    settings = read_settings(home)
    if language is None:
        settings.pop("language", None)
    else:
        settings["language"] = language
    from .store.atomic import atomic_write  # the store only when a setting is written

    home.mkdir(parents=True, exist_ok=True)
    atomic_write(settings_file(home), json.dumps(settings, indent=2, sort_keys=True) + "\n")
