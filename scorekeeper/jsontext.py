"""JSON text, written by orjson: session files, event hashes, the documents the commands print.

orjson writes exactly what ``json.dumps`` writes for every value scorekeeper itself stores
(text, whole numbers of up to 64 bits, true, false, null, lists and objects with text keys):
with ``OPT_SORT_KEYS`` it gives the compact, sorted, UTF-8 text of
``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``, the
canonical text that event hashes are made of, byte for byte (``tests/test_jsontext.py``).

A session file edited by hand can hold what orjson refuses: whole numbers beyond 64 bits, text
with lone surrogates (``"\\ud800"``), keys that are not text. For those values, and only
those, the standard library's ``json.dumps`` writes the text here, so that such a file is
hashed (and its damage reported) or rewritten as the standard library would, never a
traceback. Floats, which scorekeeper never writes, are written by orjson in its own way
(``1e-05`` becomes ``0.00001``): ``reference_canonical`` is the standard library's text, for
a caller that must compare with what an older scorekeeper hashed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import orjson

_SORTED = orjson.OPT_SORT_KEYS
_INDENTED = orjson.OPT_INDENT_2


def reference_canonical(value: Any) -> bytes:
    """``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`` in
    UTF-8 (a lone surrogate, which UTF-8 cannot hold, is kept as its three bytes: the text
    still has a hash, which no event written by scorekeeper has)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8", "surrogatepass")


def canonical(value: Any) -> bytes:
    """The canonical JSON text of ``value`` in UTF-8, as event hashes are made of it: compact,
    keys sorted, every character as itself (``reference_canonical`` for the values orjson
    refuses)."""
    try:
        return orjson.dumps(value, option=_SORTED)
    except TypeError:  # orjson.JSONEncodeError: a value only a hand-edited file holds
        return reference_canonical(value)


def compact(value: Any) -> bytes:
    """``value`` as compact JSON text in UTF-8, as session files are written. A value orjson
    refuses is written by the standard library, non-ASCII escaped (``\\ud800`` can be written
    and read back only so): the file reads back as the same values either way."""
    try:
        return orjson.dumps(value)
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value, separators=(",", ":")).encode("ascii")


def text(value: Any) -> str:
    """``compact`` as text, for messages."""
    return compact(value).decode("utf-8")


def indented(value: Any, newline: bool = False) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``: the documents the commands print
    and export (``tests/test_jsontext.py`` checks the two agree); ``newline``: with a newline
    after it (written with the text, not added to a copy of it: an export of 10,000 hands is
    16 MiB of text)."""
    try:
        return orjson.dumps(value, option=_INDENTED | (orjson.OPT_APPEND_NEWLINE if newline
                                                        else 0)).decode("utf-8")
    except TypeError:  # orjson.JSONEncodeError
        written = json.dumps(value, indent=2, ensure_ascii=False)
        try:
            written.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: only its escape can be printed
            written = json.dumps(value, indent=2)
        return written + "\n" if newline else written


def piece(value: Any) -> str:
    """``value`` as ``json.dumps(value, indent=2, ensure_ascii=False)`` writes it, for a
    document written in pieces (``indented_pieces``): a lone surrogate, which escapes the whole
    document (``indented``), raises ``UnicodeEncodeError``: the caller writes the document
    whole instead."""
    try:
        return orjson.dumps(value, option=_INDENTED).decode("utf-8")
    except TypeError:  # orjson.JSONEncodeError: a whole number beyond 64 bits, say
        written = json.dumps(value, indent=2, ensure_ascii=False)
        written.encode("utf-8")
        return written


@dataclass(frozen=True, slots=True)
class Written:
    """A value of a document in pieces already written by ``piece``."""

    text: str


def indented_pieces(document: dict[str, Any]) -> Iterator[str]:
    """``indented(document, newline=True)`` in pieces, for a document too long to hold twice:
    a value given as an iterator (not a list) is written one element at a time, each element
    made only when its turn comes, and the whole text is never made (the json export of 10,000
    hands is 16 MiB of text: made whole, with its bytes, it peaked at 1.36x ``json.load`` of the
    session file; tests/benchmarks, "peak memory: export json"). A value or an element may be
    given as ``Written`` already.

    The text is ``json.dumps(indent=2)``'s: a value at depth ``d`` is written by ``piece`` and
    indented by ``2 * d`` spaces after each line break (a line break in JSON text is always
    between tokens: one within text is written ``\\n``)."""
    if not document:
        yield "{}\n"
        return
    before = "{\n  "
    for key, value in document.items():
        yield before + piece(key) + ": "
        before = ",\n  "
        if isinstance(value, Iterator):
            opening = "[\n    "
            for item in value:
                text = item.text if isinstance(item, Written) else piece(item)
                yield opening + text.replace("\n", "\n    ")
                opening = ",\n    "
            yield "[]" if opening == "[\n    " else "\n  ]"
        else:
            text = value.text if isinstance(value, Written) else piece(value)
            yield text.replace("\n", "\n  ")
    yield "\n}\n"
