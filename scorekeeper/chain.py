"""The hash chain over a session file's history: each event sealed with its sequence number,
the hash of the event before it and its own hash; the seals of the stored figures each event
carries; and what a reader checks of them before anything else (the chain, the header the
first event sealed). Works on the rows as the file writes them, not on models. Pure.
"""

from __future__ import annotations

import hashlib
from typing import Any

from . import jsontext
from .i18n import _, normalize

GENESIS = "0" * 64


def event_hash(event: dict[str, Any]) -> str:
    """SHA-256 of an event's canonical JSON, its own ``hash`` left out: the text of
    ``json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`` in UTF-8,
    as ``jsontext.canonical`` writes it.

    That is orjson's text for everything scorekeeper writes. Only a float, which scorekeeper
    never writes, can be written differently by orjson (``0.00001`` for ``1e-05``); so when
    the event's stored hash is not that of orjson's text, the standard library's text is
    hashed, and that is the answer (the two agree whenever the event has no float)."""
    body = dict(event)
    stored = body.pop("hash", None)
    digest = hashlib.sha256(jsontext.canonical(body)).hexdigest()
    if stored is not None and stored != digest:  # changed, or a float: settle it exactly
        digest = hashlib.sha256(jsontext.reference_canonical(body)).hexdigest()
    return digest


def seal(event: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
    """The event with its sequence number, the previous event's hash and its own hash."""
    sealed = dict(event)
    sealed["seq"] = 1 if previous is None else previous["seq"] + 1
    sealed["prev"] = GENESIS if previous is None else previous["hash"]
    sealed["hash"] = event_hash(sealed)
    return sealed


def figures_seal(stored: dict[str, Any]) -> str:
    """The seal of a hand's stored figures: the SHA-256 of their canonical JSON. The event that
    stored them carries it (a hand event its hand's, an amendment the seals of every hand it
    settled again), so the chain vouches for every stored figure."""
    return hashlib.sha256(jsontext.canonical(stored)).hexdigest()


def sealed_figures(rows: list[dict[str, Any]]) -> dict[int, str | None]:
    """For each hand in force, the seal its figures must have, from the history as written;
    ``None`` for a hand stored by a version that did not seal figures (its figures are then
    settled again before they are shown)."""
    seals: dict[int, str | None] = {}
    for row in rows:
        kind, number, figures = row.get("type"), row.get("number"), row.get("figures")
        if type(number) is not int:
            continue
        if kind == "hand":
            seals[number] = figures if isinstance(figures, str) else None
        elif kind == "amend":
            for n in [k for k in seals if k >= number]:
                seals[n] = None
            if isinstance(figures, list):
                for offset, seal in enumerate(figures):
                    seals[number + offset] = seal if isinstance(seal, str) else None
        elif kind == "withdraw":
            seals.pop(number, None)
    return seals


def chain_problem(rows: list[dict[str, Any]]) -> str | None:
    """What is wrong with a history's hash chain, in words, or ``None`` when every event
    follows the one before it and matches its own hash."""
    previous: Any = GENESIS
    for i, row in enumerate(rows, start=1):
        if row.get("seq") != i or row.get("prev") != previous:
            return _("event {seq} does not follow the event before it").format(seq=i)
        try:
            if row.get("hash") != event_hash(row):
                return _("event {seq} does not match its hash (changed after it was "
                         "written)").format(seq=i)
        except (TypeError, ValueError):
            return _("event {seq} cannot be read").format(seq=i)
        previous = row.get("hash")
    return None


# The header fields the first event repeats (files written before the id, the ruleset and the
# time were sealed there repeat only the settings; their id is checked by its form).
_SEALED_HEADER = ("format", "settings", "dealer_drawn", "id", "ruleset", "created")
# Sealed since it was added: a file started without it has it in neither place.
_SEALED_IF_ANY = ("language",)


def session_language(code: str) -> str:
    """The language a session is played in, as its file keeps it (``de``): one of
    ``i18n.LANGUAGES``, else a ``ValueError`` (a bug: the program names its languages)."""
    language = normalize(code)
    if language is None:
        raise ValueError(f"{code!r} is not a language here")
    return language


def header_problem(header: dict[str, Any], rows: list[dict[str, Any]]) -> str | None:
    """What in a file's header differs from what its first event sealed, or ``None``."""
    if not rows:
        return None
    created = rows[0]
    if created.get("type") != "created":
        return _("the history does not begin with the session's start")
    for key in _SEALED_HEADER:
        if key in created and header.get(key) != created[key]:
            return _("the header's field '{key}' is not what the session was started with").format(
                key=key)
    for key in _SEALED_IF_ANY:
        if header.get(key) != created.get(key):
            return _("the header's field '{key}' is not what the session was started with").format(
                key=key)
    if created.get("settings") is None:
        return _("the session's start has no settings")
    return None


def raw_digest(events: list[dict[str, Any]]) -> str:
    """The digest of a file's events as they are written (``Event.hash`` once converted)."""
    last = events[-1].get("hash") if events else ""
    return last[:12] if isinstance(last, str) else ""

