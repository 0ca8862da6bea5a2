"""One family of exceptions, each carrying a message fit to show a person at the table."""

from __future__ import annotations

import unicodedata

from .i18n import _


def one_line(text: str) -> str:
    """A message fit for one terminal line: control, format and line-separator characters
    (which user input may carry into a message) are written as escapes."""
    out = []
    for ch in str(text):
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs"):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


class ScorekeeperError(Exception):
    """Anything the user can fix: bad input, an unusable file, a rule broken in a record."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class CardError(ScorekeeperError, ValueError):
    """A card that cannot be read or does not exist in the pack."""


class RecordError(ScorekeeperError, ValueError):
    """A hand's record breaks the rules. ``field`` names the part of the record at fault;
    ``detail`` is what the rules say, ``hint`` how a record could be written instead (for a
    script or the command line: said in brackets after the detail)."""

    def __init__(self, field: str, message: str, hand: int | None = None,
                 hint: str | None = None) -> None:
        self.field = field
        self.detail = message
        self.hand = hand
        self.hint = hint
        problem = message if hint is None else f"{message} ({hint})"
        if hand is None:
            super().__init__(f"{field}: {problem}")
        else:
            super().__init__(_("hand {number}: {field}: {problem}").format(
                number=hand, field=field, problem=problem))

    def in_hand(self, hand: int) -> RecordError:
        """The same problem, now naming the hand it belongs to."""
        return RecordError(self.field, self.detail, hand, self.hint)


class ConfigError(ScorekeeperError, ValueError):
    """A session's settings (game, players, dealer, options) are not acceptable."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.detail = message
        super().__init__(f"{field}: {message}")


class ScriptError(ScorekeeperError):
    """A session script (or any input file) is unusable. The message names the file."""


class StoreError(ScorekeeperError):
    """A session file cannot be read or written."""
