"""Session scripts: a whole session written down in TOML or JSON, read into validated models.

Every problem becomes one ``ScriptError`` whose message names the file, the hand and the
field: ``night.toml: hand 3: tricks: 'Eve' is not playing in this hand``.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .errors import ConfigError, RecordError, ScriptError, json_problem, os_reason
from .i18n import N_, _
from .ledger import Ledger, settle_hands
from .rules import HandRecord, SessionConfig, make_config
from .rules.record import RECORD_SHAPES, Frozen, describe_validation_error, record_key

TOP_LEVEL_KEYS = ("game", "players", "first_dealer", "options", "hands")
HAND_KEYS = tuple(HandRecord.model_fields)


class SessionScript(Frozen):
    """A script's settings and its hands, each hand checked for shape (not yet for the rules)."""

    config: SessionConfig
    hands: tuple[HandRecord, ...]


def read_document(path: Path, label: str) -> dict[str, Any]:
    """The raw table in a ``.toml`` or ``.json`` file."""
    suffix = path.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise ScriptError(_("{file}: a session script must end in .toml or .json").format(
            file=label))
    data = _script_bytes(path, label)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ScriptError(_("{file}: is not UTF-8 text (byte {byte})").format(
            file=label, byte=error.start)) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        if suffix == ".toml":
            document = tomllib.loads(text)
        else:
            document = json.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScriptError(toml_problem(label, str(error))) from None
    except json.JSONDecodeError as error:
        raise ScriptError(_("{file}: not valid JSON: {problem} (line {line}, column {column})")
                          .format(file=label, problem=json_problem(error.msg), line=error.lineno,
                                  column=error.colno)) from None
    except RecursionError:
        raise ScriptError(_("{file}: nested too deeply to be a session script").format(
            file=label)) from None
    except ValueError:  # a whole number of more digits than Python converts (4300)
        raise ScriptError(_("{file}: holds a number too long to read").format(
            file=label)) from None
    if not isinstance(document, dict):
        raise ScriptError(_("{file}: must hold a table (game, players, first_dealer, hands)")
                          .format(file=label))
    return document


MAX_SCRIPT_BYTES = 64 * 1024 * 1024  # a script of tens of thousands of hands is a few MiB


def _script_bytes(path: Path, label: str) -> bytes:
    """The bytes of a script file: never a named pipe or a device (reading one would wait
    for ever: it is opened without waiting and looked at before a byte is read), never more
    than ``MAX_SCRIPT_BYTES``."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise ScriptError(_("{file}: no such file").format(file=label)) from None
    except OSError as error:
        raise ScriptError(_("{file}: cannot be read ({reason})").format(
            file=label, reason=os_reason(error))) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise ScriptError(_("{file}: is a folder, not a file").format(file=label))
        if not stat.S_ISREG(mode):
            raise ScriptError(_("{file}: is not a regular file (a named pipe or a device); "
                              "it is not read").format(file=label))
        with os.fdopen(os.dup(fd), "rb") as stream:
            data = stream.read(MAX_SCRIPT_BYTES + 1)
    except OSError as error:
        raise ScriptError(_("{file}: cannot be read ({reason})").format(
            file=label, reason=os_reason(error))) from None
    finally:
        os.close(fd)
    if len(data) > MAX_SCRIPT_BYTES:
        raise ScriptError(_("{file}: too large: more than {limit} MiB; it is not read").format(
            file=label, limit=MAX_SCRIPT_BYTES // (1024 * 1024)))
    return data


def parse_script(document: dict[str, Any], label: str) -> SessionScript:
    """Check a script's settings and the shape of every hand."""
    for key in document:
        if key not in TOP_LEVEL_KEYS:
            raise ScriptError(_("{file}: {key}: is not a known key (known: {known})").format(
                file=label, key=key, known=", ".join(TOP_LEVEL_KEYS)))
    for key in ("game", "players", "first_dealer"):
        if key not in document:
            raise ScriptError(_("{file}: {key}: is required").format(file=label, key=key))
    try:
        config = make_config(document["game"], document["players"], document["first_dealer"],
                             document.get("options"), new=True)
    except ConfigError as error:
        raise ScriptError(f"{label}: {error}") from None
    raw_hands = document.get("hands", [])
    if not isinstance(raw_hands, list):
        raise ScriptError(_("{file}: hands: must be a list of hands ([[hands]] in TOML)").format(
            file=label))
    checked: dict[tuple[Any, ...], HandRecord] = {}
    hands = tuple(parse_hand(raw, label, number, checked)
                  for number, raw in enumerate(raw_hands, 1))
    return SessionScript.model_construct(config=config, hands=hands)


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


_SHAPE_CHECKS: dict[str, Callable[[Any], bool]] = {
    "names": _texts,
    "cards": lambda value: isinstance(value, str) or _texts(value),
    "tricks": lambda value: isinstance(value, list) and all(_texts(t) for t in value),
    "text": lambda value: isinstance(value, str),
}
_SHAPE_WORDS = {"names": N_("must be a list of player names"),
                "cards": N_("must be a card or a list of cards"),
                "tricks": N_("must be a list of tricks, each a list of cards"),
                "text": N_("must be text")}


def parse_hand(raw: Any, label: str, number: int,
               checked: dict[tuple[Any, ...], HandRecord] | None = None) -> HandRecord:
    """One hand's record, checked for shape: known keys, lists of names, readable cards.
    ``checked``: the records of the hands before, by what they hold (a hand written exactly as
    one before is that record: checking it again would find what was found)."""
    if not isinstance(raw, dict):
        raise ScriptError(_("{where}: must be a table of {keys}").format(
            where=_where(label, number), keys=", ".join(HAND_KEYS)))
    # A hand written exactly as one before is that one's record (``record_key`` says why).
    key = record_key(raw) if checked is not None else None
    if key is not None and checked is not None:
        found = checked.get(key)
        if found is not None:
            return found
    for name in raw:
        if name not in HAND_KEYS:
            raise ScriptError(_("{where}: {key}: is not a known key (known: {known})").format(
                where=_where(label, number), key=name, known=", ".join(HAND_KEYS)))
    for name, shape in RECORD_SHAPES.items():
        if name in raw and not _SHAPE_CHECKS[shape](raw[name]):
            raise ScriptError(f"{_where(label, number)}: {name}: " + _(_SHAPE_WORDS[shape]))
    try:
        record = HandRecord(**raw)
    except ValidationError as error:
        field, message = describe_validation_error(error)
        raise ScriptError(f"{_where(label, number)}: {field}: {message}") from None
    if key is not None and checked is not None:
        checked[key] = record
    return record


def _where(label: str, number: int) -> str:
    return _("{file}: hand {number}").format(file=label, number=number)


def load_script(path: str | Path) -> SessionScript:
    """Read a session script from disk (TOML or JSON, by its extension)."""
    path = Path(path)
    label = str(path)
    return parse_script(read_document(path, label), label)


def settle_script(script: SessionScript, label: str) -> Ledger:
    """Settle every hand of a script; a broken rule is a ``ScriptError`` naming the hand."""
    try:
        return settle_hands(script.config, script.hands)
    except RecordError as error:  # the script's key, as written in it
        raise ScriptError(f"{label}: {error.keyed()}") from None


def replay_file(path: str | Path) -> Ledger:
    """Load and settle a script file in one step."""
    return settle_script(load_script(path), str(path))


def toml_problem(label: str, parser_message: str) -> str:
    """Where the TOML parser stopped, in the language in use (its own words are English and
    say no more than where: ``Invalid value (at line 3, column 7)``)."""
    where = re.search(r"\(at line (\d+), column (\d+)\)", parser_message)
    if where is None:  # ("at end of document")
        return _("{file}: not valid TOML (at its end)").format(file=label)
    return _("{file}: not valid TOML (line {line}, column {column})").format(
        file=label, line=where[1], column=where[2])
