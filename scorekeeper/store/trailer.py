"""A session's line in the listing and its figures for a season, sealed into the session file
itself: its last table, ``listing``, written with every write of the session.

Why: a home's first listing or season (no index yet: a new laptop, evenings brought by a sync,
the index deleted) read and checked every session's whole history, about 2.6 ms a file of 50
hands (parsing its JSON alone 0.9 ms). With the line and figures sealed at the end of the
file, the file is read and hashed whole (SHA-256, in C: about 0.1 ms for 50 hands), not
parsed. Measured in tests/benchmarks (test_many_evenings.py, "season, 1,000 evenings of 50
hands, first run").

What ties it to the file: its seal is the SHA-256 of every byte of the file before the seal
(after a fixed prefix), so a byte changed anywhere (a figure edited by hand, a file cut short,
a history re-chained) and the entry is not believed: the file is then read and checked whole,
as every command reads it, and its damage is said. The entry is made by the writer from the
session it has just checked and written, never from an entry read back (``SessionStorage``
keeps none it read). Out of reach, as for a history re-chained by hand: an entry forged with
this program's own hashing.

What is sealed is made by ``sessionline.sealed_in_file``. The table is ``{"1": ENTRY}``
with the seal as the last key of ENTRY: the file ends with ``,"seal":"<64 hex digits>"}}}``."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import orjson

from .. import jsontext

LISTING = "listing"
SEAL_PREFIX = b"scorekeeper listing sealed in its file 1\n"
_OPEN = b',"' + LISTING.encode() + b'":{"1":'
_SEAL = b',"seal":"'
_CLOSE = b'"}}'  # the seal's string, the entry and the table closed (then the file's brace)
_TAIL = len(_SEAL) + 64 + len(_CLOSE) + 1


def sealed_listing(before: Iterable[bytes], entry: dict[str, Any]) -> bytes:
    """The ``listing`` table's text, sealed, to follow the file's text ``before`` (every piece
    of it, its closing brace not yet written: it follows)."""
    body = jsontext.compact(entry)
    text = _OPEN + body[:-1]  # the entry without its closing brace: the seal comes last
    seal = hashlib.sha256(SEAL_PREFIX)
    for piece in before:
        seal.update(piece)
    seal.update(text)
    return text + _SEAL + seal.hexdigest().encode("ascii") + _CLOSE


def sealed_entry(raw: bytes) -> dict[str, Any] | None:
    """The entry sealed at the end of a session file's bytes, when its seal holds for them;
    else ``None`` (a file without one, written before, or changed since)."""
    cut = len(raw) - _TAIL
    if cut < 0 or not raw.endswith(_CLOSE + b"}") or raw[cut:cut + len(_SEAL)] != _SEAL:
        return None
    seal = hashlib.sha256(SEAL_PREFIX)
    seal.update(memoryview(raw)[:cut])
    if seal.hexdigest().encode("ascii") != raw[cut + len(_SEAL):-len(_CLOSE) - 1]:
        return None
    start = raw.rfind(_OPEN, 0, cut)
    if start < 0:
        return None
    try:
        entry = orjson.loads(raw[start + len(_OPEN):cut] + b"}")
    except orjson.JSONDecodeError:
        return None
    return entry if isinstance(entry, dict) else None
