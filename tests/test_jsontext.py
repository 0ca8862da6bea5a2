"""The JSON writer used for session files and event hashes writes what json.dumps writes."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import jsontext
from scorekeeper.jsontext import json_writer

# JSON values as session files hold them: text (any characters), whole numbers, true/false/null,
# lists and objects.
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=25)

OPTIONS = [{"ensure_ascii": False},
           {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False},
           {}]


@pytest.mark.parametrize("options", OPTIONS, ids=["file", "canonical", "default"])
@settings(max_examples=200, deadline=None)
@given(value=VALUES)
def test_the_writer_writes_what_json_dumps_writes(options, value):
    assert json_writer(**options)(value) == json.dumps(value, **options)


@pytest.mark.parametrize("options", OPTIONS, ids=["file", "canonical", "default"])
def test_without_the_c_accelerator_it_still_writes_the_same(monkeypatch, options):
    monkeypatch.setattr(jsontext.json.encoder, "c_make_encoder", None)
    value = {"b": ["Zoë", "\u2028", "[red]x", 1, None, True], "a": {"\n": "\"quoted\""}}
    assert json_writer(**options)(value) == json.dumps(value, **options)
