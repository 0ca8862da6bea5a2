"""The digest written down at the end of an evening stays findable once the next evening has
begun (trial 27, item 7): starting the next evening writes a ``continued`` event into the
evening before, which moves its digest on; ``show`` of that evening names the digest it had
until then beside the line that says where it goes on, in words that point the right way
("continued in", German "fortgesetzt in", not "von")."""

from __future__ import annotations

import json
import re

import pytest


@pytest.fixture
def went_on(run):
    """The worked Kratzen evening, its digest as ``show`` gave it to write down, then the next
    evening started from it."""
    session = run("replay", "examples/kratzen.toml", "--save").out.split()[-1]
    written = re.search(r"digest: ([0-9a-f]{12})", run("show", session).out)
    assert written is not None
    following = run("new", "--continue", session, "--json")
    assert following.code == 0, following.err
    return session, written.group(1), json.loads(following.out)["id"]


def test_show_names_the_digest_the_evening_ended_with(run, went_on):
    session, written, following = went_on
    shown = run("show", session).out
    now = re.search(r"^digest: ([0-9a-f]{12})", shown, re.M)
    assert now is not None and now.group(1) != written  # the continued event moved it on
    assert (f"continued in session {following}, the next evening (") in shown
    assert f"; the digest until then: {written}" in shown


@pytest.mark.parametrize("language, words", [
    ("de", "fortgesetzt in Partie {id}, dem nächsten Abend ("),
    ("pt", "continuada na sessão {id}, a noite seguinte ("),
    ("es", "continuada en la partida {id}, la noche siguiente ("),
])
def test_the_line_points_to_the_next_evening_in_every_language(run, went_on, language, words):
    session, written, following = went_on
    shown = run("--lang", language, "show", session).out
    assert words.format(id=following) in shown
    assert written in shown
