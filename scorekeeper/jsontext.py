"""JSON text of small documents, made often (a hand's documents, an event's hash)."""

from __future__ import annotations

import json
import json.encoder
from typing import Any, Callable


def json_writer(**options: Any) -> Callable[[Any], str]:
    """A function that gives what ``json.dumps(value, **options)`` gives, with the encoder
    built once. ``json.dumps`` and ``JSONEncoder.encode`` build a new encoder for every value
    (a good part of the cost of a document of a few hundred characters, and recording a hand
    writes several). The documents written here are trees: no check for reference cycles."""
    encoder = json.JSONEncoder(check_circular=False, **options)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None or encoder.indent is not None:  # no C accelerator: the plain way
        return encoder.encode
    strings = json.encoder.encode_basestring_ascii if encoder.ensure_ascii \
        else json.encoder.encode_basestring
    encode = make(None, encoder.default, strings, None, encoder.key_separator,
                  encoder.item_separator, encoder.sort_keys, encoder.skipkeys, encoder.allow_nan)

    def dumps(value: Any) -> str:
        return "".join(encode(value, 0))

    return dumps
