"""A key as the help, the question line and the palette name it, in the language in use:
``Enter``, ``Rücktaste`` (Backspace in German), ``Strg+s``, ``Strg+↑``. Letters, digits and
``F1`` are written as they are; the names of the other keys and of ``ctrl`` are words, and go
through the catalogs like every word (issue 26: "ctrl+Up", "Backspace" and "Escape" were
English in the German help)."""

from __future__ import annotations

from ..i18n import NP_, pgettext

# Textual's name of a key -> its name in English, translated where it is shown (the key's
# name as the keyboards of the language write it: German Rücktaste, Entf, Strg).
_NAMES = {
    "enter": NP_("key", "Enter"),
    "backspace": NP_("key", "Backspace"),
    "escape": NP_("key", "Escape"),
    "delete": NP_("key", "Del"),  # as keyboards label it
    "up": NP_("key", "Up"),
    "down": NP_("key", "Down"),
    "left": NP_("key", "Left"),
    "right": NP_("key", "Right"),
    "ctrl": NP_("key", "ctrl"),
    "shift": NP_("key", "shift"),
}


def key_name(key: str) -> str:
    """``key`` (Textual's name: ``enter``, ``ctrl+up``, ``f1``, ``s``) as a person reads it
    in the language in use: ``Enter``, ``ctrl+Up`` (German ``Strg+↑``), ``F1``, ``s``."""
    parts = []
    for part in key.split("+"):
        name = _NAMES.get(part.lower())
        if name is not None:
            parts.append(pgettext("key", name))
        elif len(part) > 1:
            parts.append(part.capitalize())  # F1
        else:
            parts.append(part)
    return "+".join(parts)
