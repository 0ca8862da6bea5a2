"""One family of exceptions, each carrying a message fit to show a person at the table."""

from __future__ import annotations

import contextlib
import errno
import re
import socket
import unicodedata
from collections.abc import Mapping
from typing import Any

from .i18n import DEFAULT_LANGUAGE, N_, _, current_language, pgettext


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


# What the system says when a file cannot be read or written (an ``OSError``'s ``strerror``,
# English whatever the language), for the common errors: in the system's words where no
# catalog has ours (English among them), so English lines stay as they were.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EEXIST: N_("File exists"),
    errno.ENAMETOOLONG: N_("File name too long"),
    # The network's (serve's address and port, sync's remote)
    errno.ECONNREFUSED: N_("Connection refused"),
    errno.ECONNRESET: N_("Connection reset by peer"),
    errno.ETIMEDOUT: N_("Connection timed out"),
    errno.EHOSTUNREACH: N_("No route to host"),
    errno.ENETUNREACH: N_("Network is unreachable"),
    errno.EADDRINUSE: N_("Address already in use"),
    errno.EADDRNOTAVAIL: N_("Cannot assign requested address"),
}
# What the resolver says of a host name (a ``socket.gaierror``'s codes, apart from errno's).
_NAME_REASONS = {
    getattr(socket, name): words for name, words in (
        ("EAI_NONAME", N_("Name or service not known")),
        ("EAI_AGAIN", N_("Temporary failure in name resolution")),
        ("EAI_FAIL", N_("Non-recoverable failure in name resolution")),
        ("EAI_NODATA", N_("No address associated with hostname")),
    ) if hasattr(socket, name)
}


def os_reason(error: BaseException) -> str:
    """Why the system refused (``error.strerror``, else the error's text), on one line in the
    language in use: ``No such file or directory`` is Portuguese ``ficheiro ou pasta
    inexistente``; an error not among the common ones keeps the system's own words."""
    system = one_line(getattr(error, "strerror", None) or str(error))
    reasons = _NAME_REASONS if isinstance(error, socket.gaierror) else _OS_REASONS
    words = reasons.get(getattr(error, "errno", None) or 0)
    if words is None and isinstance(error, TimeoutError):  # a socket's timeout: no errno
        words = _OS_REASONS[errno.ETIMEDOUT]
    if words is None or _(words) == words:
        return system
    return _(words)


# What pydantic says a value breaks (its error's ``type``; ``{ge}`` and the like are the
# error's ``ctx``), in our words: its own ``msg`` is English whatever the language.
_CHECKS = {
    "int_type": N_("input should be a valid integer"),
    "int_parsing": N_("input should be a valid integer"),
    "int_from_float": N_("input should be a valid integer"),
    "int_parsing_size": N_("input should be a valid integer of fewer digits"),
    "greater_than_equal": N_("input should be greater than or equal to {ge}"),
    "greater_than": N_("input should be greater than {gt}"),
    "less_than_equal": N_("input should be less than or equal to {le}"),
    "less_than": N_("input should be less than {lt}"),
    "bool_type": N_("input should be true or false"),
    "bool_parsing": N_("input should be true or false"),
    "string_type": N_("input should be text"),
    "string_unicode": N_("input should be text"),
    "string_pattern_mismatch": N_("input is not written in the expected form"),
    "literal_error": N_("input should be {expected}"),
    "enum": N_("input should be {expected}"),
    "list_type": N_("input should be a list"),
    "tuple_type": N_("input should be a list"),
    "dict_type": N_("input should be a table of keys and values"),
    "model_type": N_("input should be a table of keys and values"),
    "model_attributes_type": N_("input should be a table of keys and values"),
    "decimal_type": N_("input should be a number"),
    "decimal_parsing": N_("input should be a number"),
    "float_type": N_("input should be a number"),
    "float_parsing": N_("input should be a number"),
    "finite_number": N_("input should be a finite number"),
    "is_instance_of": N_("input is not of the expected kind"),
    "none_required": N_("input should be empty (null)"),
    "datetime_type": N_("input should be a date and time"),
    "datetime_parsing": N_("input should be a date and time"),
}
_CHOICE_SEPARATOR = re.compile(r", | or ")  # the values are ours: none holds either


def _choices(expected: str) -> str:
    """pydantic's list of what a value may be (``'a', 'b' or 'c'``), joined in the language
    in use (German ``'a', 'b' oder 'c'``)."""
    found = _CHOICE_SEPARATOR.split(expected)
    if len(found) == 1:
        return found[0]
    return _("{choices} or {last}").format(choices=", ".join(found[:-1]), last=found[-1])


def validation_problem(detail: Mapping[str, Any]) -> str:
    """The words for one problem pydantic found (an item of ``ValidationError.errors()``),
    after the value given where it helps to see it (``0: input should be greater than or
    equal to 1``), in the language in use. A check of its own (a validator's ``ValueError``)
    already says it in our words; a kind of error not listed here says pydantic's English in
    English and that the value is not valid in any other language."""
    kind = str(detail.get("type", ""))
    if kind == "extra_forbidden":
        return _("is not a known field")
    if kind == "missing":
        return _("is required")
    message = str(detail.get("msg", ""))
    if kind in ("value_error", "assertion_error"):
        return message.removeprefix("Value error, ").removeprefix("Assertion failed, ")
    ctx = dict(detail.get("ctx") or {})
    if "expected" in ctx:
        ctx["expected"] = _choices(str(ctx["expected"]))
    words = _CHECKS.get(kind)
    said = None
    if words is not None:
        with contextlib.suppress(KeyError, IndexError):  # a ctx without what the words name
            said = _(words).format(**ctx)
    if said is None:
        english = current_language() == DEFAULT_LANGUAGE and message
        said = message[0].lower() + message[1:] if english else _("input is not valid")
    value = detail.get("input")
    if value is None:
        return said
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:39] + "…"
    return f"{one_line(shown)}: {said}"


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
