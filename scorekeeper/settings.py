"""The settings a person keeps in the home folder (``settings.json``): today the language the
table app and the commands speak when ``--lang`` does not say. A missing or unreadable file is
no setting at all: the locale decides, and nothing stops because of it. The file is read and
written by the store, through TinyDB (a table ``settings`` of one document:
``store.storage.OneDocument``), its bytes on disk as they always were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import ScorekeeperError
from .i18n import LANGUAGES, _, normalize
from .paths import settings_file

SETTINGS = "settings"  # TinyDB's table of the file's one document


def read_settings(home: Path) -> dict[str, object]:
    """The settings kept in ``home`` (an empty table when there are none, or they cannot be
    read: a setting never stops a command)."""
    from .store.storage import OneDocument, read_document  # as a session file: never a pipe

    path = settings_file(home)
    try:
        return read_document(path, str(path), OneDocument(SETTINGS, False, True)) or {}
    except ScorekeeperError:
        return {}


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
    from .store.storage import OneDocument, write_document  # only when a setting is written

    def change(settings: dict[str, Any] | None) -> dict[str, Any]:
        settings = dict(settings or {})
        if language is None:
            settings.pop("language", None)
        else:
            settings["language"] = language
        return settings

    home.mkdir(parents=True, exist_ok=True)
    path = settings_file(home)
    write_document(path, str(path), OneDocument(SETTINGS, False, True), change)
