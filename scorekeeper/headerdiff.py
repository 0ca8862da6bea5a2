"""What a session file's header says otherwise than the history sealed, setting by setting
(a header changed by hand): the audit names each (``options.deck: german in the sealed history,
french in the file``), where it said only that the settings differ (trial 30). Pure."""

from __future__ import annotations

from typing import Any

from . import jsontext
from .errors import one_line
from .i18n import _

MISSING = object()
LONGEST_VALUE = 60


def setting_differences(sealed: Any, written: Any, path: str = "") -> list[tuple[str, str, str]]:
    """Each setting the file's header says otherwise than the history sealed (a header
    changed by hand): its dotted name (``options.deck``), the value sealed and the value
    written (trial 30: "the settings differ" named none)."""
    if isinstance(sealed, dict) and isinstance(written, dict):
        found = []
        for key in [*sealed, *(k for k in written if k not in sealed)]:
            name = f"{path}.{key}" if path else str(key)
            found += setting_differences(sealed.get(key, MISSING), written.get(key, MISSING),
                                         name)
        return found
    if sealed == written:
        return []
    return [(one_line(path) or _("the settings"), setting_value(sealed),
             setting_value(written))]


def setting_value(value: Any) -> str:
    """A setting's value as a message shows it: text as it is, anything else as JSON, one
    line and short (a hand-edited file may hold anything)."""
    if value is MISSING:
        return _("nothing")
    shown = one_line(value if isinstance(value, str) else jsontext.text(value))
    return shown if len(shown) <= LONGEST_VALUE else shown[:LONGEST_VALUE - 1] + "…"
