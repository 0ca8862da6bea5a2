"""One family of exceptions, each carrying a message fit to show a person at the table."""

from __future__ import annotations

import unicodedata

from .i18n import N_, _, pgettext


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


# What the standard library's JSON parser says is wrong (``JSONDecodeError.msg``, English
# whatever the language), in our words: a damaged file's line says it in the language in use.
_JSON_PROBLEMS = {
    "Expecting value": N_("Expecting value"),
    "Expecting ',' delimiter": N_("Expecting ',' delimiter"),
    "Expecting ':' delimiter": N_("Expecting ':' delimiter"),
    "Expecting property name enclosed in double quotes":
        N_("Expecting property name enclosed in double quotes"),
    "Unterminated string starting at": N_("Unterminated string starting"),
    "Extra data": N_("Extra data"),
}
# Its messages that go on with what it found ("Invalid control character '\\n' at"), or that
# would name a backslash's "escape" (a word the key names use: German "Esc").
_JSON_PROBLEM_STARTS = (
    ("Invalid control character", N_("Invalid control character in a string")),
    ("Invalid \\", N_("Invalid backslash sequence")),  # \\q, or \\u not followed by 4 digits
    ("Illegal trailing comma", N_("Illegal trailing comma")),
)


def json_problem(parser_message: str) -> str:
    """What the JSON parser found wrong (its ``JSONDecodeError.msg``), said in the language in
    use (``Expecting value``: German ``Wert erwartet``); a message it may add some day is said
    as ``Unexpected text``, never in the parser's English. The line and column are the
    caller's to add."""
    known = _JSON_PROBLEMS.get(parser_message)
    if known is None:
        known = next((words for start, words in _JSON_PROBLEM_STARTS
                      if parser_message.startswith(start)), N_("Unexpected text"))
    return _(known)


class ScorekeeperError(Exception):
    """Anything the user can fix: bad input, an unusable file, a rule broken in a record."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class CardError(ScorekeeperError, ValueError):
    """A card that cannot be read or does not exist in the pack."""


def field_words(field: str) -> str:
    """A part of a hand's record (``entered``) as an error says it in the language in use
    (German: ``es spielen``): English keeps the key, the script's and the contract's word, and
    so does every language for a key no catalog knows (rules/fields.py marks them)."""
    return pgettext("record field", field)


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
        self.problem = message if hint is None else f"{message} ({hint})"
        super().__init__(self._said(field_words(field), self.problem))

    def _said(self, field: str, problem: str) -> str:
        if self.hand is None:
            return f"{field}: {problem}"
        return _("hand {number}: {field}: {problem}").format(number=self.hand, field=field,
                                                            problem=problem)

    def keyed(self) -> str:
        """The message naming the field by its key (``entered``) in every language: for a
        session script, whose keys are written so whatever the language."""
        return self._said(self.field, self.problem)

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
