"""`count`'s `error:` lines name the command one way, as typed (issue 26, trial 28 pt/es item 8;
docs/contract.md "Language": a command's name in an error line is the name as typed): a name
nobody has said "error: contagem: …" in Portuguese, "recuento:" in Spanish, "Kassensturz:" in
German, beside "error: count: …" for every other mistake. Fails before (3 of 5)."""

from __future__ import annotations

import pytest


@pytest.fixture
def session(run):
    started = run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo", "--dealer", "Anna")
    assert started.code == 0, started.err
    return started.out.split()[1]


@pytest.mark.parametrize("language, words", [
    ("pt", "error: count: 'Zed' não joga nesta sessão"),
    ("es", "error: count: 'Zed' no juega en esta partida"),
    ("de", "error: count: 'Zed' spielt in dieser Partie nicht mit"),
    ("en", "error: count: 'Zed' is not playing in this session"),
])
def test_a_name_nobody_has_is_said_under_the_command_as_typed(run, session, language, words):
    counted = run("--lang", language, "count", session, "Anna=1", "Zed=1")
    assert counted.code == 2
    assert counted.err.startswith(words), counted.err
    assert counted.err.count("\n") == 1


def test_the_other_mistakes_name_it_the_same_way(run, session):
    twice = run("--lang", "es", "count", session, "Anna=1", "anna=2")
    assert twice.err.startswith("error: count: Anna se cuenta dos veces"), twice.err
