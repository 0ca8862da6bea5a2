"""The JSON text of session files, event hashes and printed documents: orjson's, byte for byte
what ``json.dumps`` wrote before (the hashes of existing session files depend on it), and the
standard library's for what orjson refuses."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.jsontext import (
    Written,
    canonical,
    compact,
    indented,
    indented_pieces,
    piece,
    reference_canonical,
    text,
)

# JSON values as session files hold them: text (any character but a lone surrogate, control
# characters, U+2028 and keys needing sorting included), whole numbers of up to 64 bits,
# true/false/null, lists and objects.
TEXT = st.text() | st.sampled_from(["", "Zoë", "李", "\u2028", "\u2029", "\x00\x1f\x7f",
                                    "\"\\/\b\f\n\r\t", "\U0001F600", "\uffff", "é", "e"])
INTS = st.integers(min_value=-2**63, max_value=2**64 - 1) | st.sampled_from(
    [0, -1, 2**53 + 1, -2**63, 2**63 - 1, 2**64 - 1])
VALUES = st.recursive(
    st.none() | st.booleans() | INTS | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=30)
CANONICAL = {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False}


@settings(max_examples=500, deadline=None)
@given(value=VALUES)
def test_the_canonical_text_is_what_json_dumps_wrote(value):
    assert canonical(value) == json.dumps(value, **CANONICAL).encode("utf-8")
    assert reference_canonical(value) == canonical(value)


@settings(max_examples=300, deadline=None)
@given(value=VALUES)
def test_a_file_reads_back_as_it_was_written(value):
    assert json.loads(compact(value)) == value
    assert compact(value) == json.dumps(value, ensure_ascii=False,
                                        separators=(",", ":")).encode("utf-8")


@settings(max_examples=300, deadline=None)
@given(value=VALUES)
def test_the_printed_documents_are_what_json_dumps_printed(value):
    assert indented(value) == json.dumps(value, indent=2, ensure_ascii=False)
    assert indented(value, newline=True) == json.dumps(value, indent=2, ensure_ascii=False) + "\n"


# What a session file edited by hand can hold and orjson refuses: the standard library's text.
REFUSED = [2**64, -2**63 - 1, 10**40, "x\ud800y", {"a": ["\udfff", 2**70]}, {1: "one"}]


@pytest.mark.parametrize("value", REFUSED, ids=repr)
def test_what_orjson_refuses_is_written_by_the_standard_library(value):
    assert canonical(value) == json.dumps(value, **CANONICAL).encode("utf-8", "surrogatepass")
    read_back = json.loads(compact(value))
    assert read_back == (json.loads(json.dumps(value)))  # as json.dumps would have kept it
    assert json.loads(indented(value)) == read_back
    assert json.loads(text(value)) == read_back


def test_big_whole_numbers_keep_the_text_an_older_scorekeeper_hashed():
    value = {"b": 2**70, "a": "Zoë"}
    assert canonical(value) == json.dumps(value, **CANONICAL).encode("utf-8")
    assert indented(value) == json.dumps(value, indent=2, ensure_ascii=False)
    assert indented(value, newline=True) == indented(value) + "\n"  # the standard library


@settings(max_examples=300, deadline=None)
@given(document=st.dictionaries(TEXT, VALUES, max_size=5),
       lists=st.dictionaries(TEXT, st.lists(VALUES, max_size=4), max_size=3),
       big=st.booleans())
def test_a_document_in_pieces_is_the_document_indented(document, lists, big):
    """``indented_pieces`` (the json export, written a hand at a time) writes what
    ``json.dumps(indent=2)`` writes, with a value given as an iterator written as a list, and
    an element or a value already ``Written``; a whole number beyond 64 bits (which orjson
    refuses) too."""
    document = document | lists | ({"big": [2**70, {"n": -2**65}]} if big else {})
    whole = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    assert whole == indented(document, newline=True)
    given_lazily = {k: iter(v) if k in lists else v for k, v in document.items()}
    assert "".join(indented_pieces(given_lazily)) == whole
    given_written = {k: iter([Written(piece(e)) for e in v]) if k in lists else Written(piece(v))
                     for k, v in document.items()}
    assert "".join(indented_pieces(given_written)) == whole


def test_a_lone_surrogate_in_a_piece_is_said_so():
    """A lone surrogate escapes the whole document (``indented``): a piece cannot be written
    alone, and says so."""
    with pytest.raises(UnicodeEncodeError):
        piece({"at": "x\ud800"})
    assert indented({"a": "é", "b": "\ud800"}) == json.dumps({"a": "é", "b": "\ud800"},
                                                             indent=2)
