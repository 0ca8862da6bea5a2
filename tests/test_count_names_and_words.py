"""``count`` reads a player as ``record`` does (issue 26, trial item 15): the whole name in any
case, the seat number, or the unique start of a name (``Eleo=331,5 2=166,25``); a start that
fits several players is one error line naming them, and nothing is written. And the command
line in German, Portuguese and Spanish (item 14): an error line is ``error:`` (the contract
keeps that word for programs in every language) and then no English word; ``count --help``
says its placeholders in the language and gives an example amount as the language types it,
which ``count`` takes."""

from __future__ import annotations

import json
import re

import pytest

from .test_no_english_words import WORD

LANGUAGES = ("de", "pt", "es")
OPTION = re.compile(r"--[a-z][a-z-]*")


def _evening(run, players: str = "Anna,Ben,Cleo,Dora") -> str:
    """A Kratzen evening of one hand, Anna dealing with K♣ turned: after it Anna holds -12 and
    the pot 15 (tests/test_accounts.py counts the same hand: ``--pot 15 Anna=-12`` agrees)."""
    first = players.split(",")[0]
    made = run("new", "--game", "kratzen", "--players", players, "--dealer", first, "--json")
    assert made.code == 0, made.err
    session = json.loads(made.out)["id"]
    recorded = run("record", session, "--indicator", "KC", "--tricks", "Ben,Ben,Cleo,Dora")
    assert recorded.code == 0, recorded.err
    return session


@pytest.mark.parametrize("name", ["Anna", "anna", "An", "a", "1", " An "])
def test_count_takes_a_seat_number_or_the_start_of_a_name(run, name):
    session = _evening(run)
    counted = run("count", session, f"{name}=-12", "--pot", "15", "--json")
    assert counted.code == 0, counted.err  # Anna -12 and the pot 15 agree with the ledger
    assert json.loads(counted.out)["counted"] == {"Anna": "-12", "pot": "15"}


def test_count_in_german_with_starts_seats_and_decimal_commas(run):
    session = _evening(run)
    counted = run("--lang", "de", "count", session, "An=-12,0", "2=3,5", "pot=15")
    # Ben won two tricks of P/4: the ledger says what he holds; 3,5 is off by the difference.
    assert counted.code == 1, counted.err
    lines = counted.out.splitlines()
    assert lines[0] == "  Anna: gezählt -12, Kassenbuch -12  stimmt"
    assert lines[1].startswith("  Ben: gezählt 3½, Kassenbuch ")
    assert lines[2] == "  Pott: gezählt 15, Kassenbuch 15  stimmt"


def test_an_unclear_start_names_the_players_it_could_be_and_writes_nothing(run):
    session = _evening_two_fries(run)
    said = run("count", session, "Fri=1", "Ben=2")
    assert said.code == 2 and said.out == ""
    assert said.err == ("error: count: 'Fri' could be Friedrich, Frieda: type more of the "
                        "name, or the seat number\n")
    assert run("audit", session).code == 0  # nothing was counted, so nothing is off
    exact = run("count", session, "Frieda=1", "Friedr=0", "--json")  # whole, and a longer start
    assert exact.code == 1 and json.loads(exact.out)["counted"] == {"Frieda": "1",
                                                                    "Friedrich": "0"}


def _evening_two_fries(run) -> str:
    made = run("new", "--game", "kratzen", "--players", "Friedrich,Frieda,Ben,Cleo", "--dealer",
               "Friedrich", "--json")
    assert made.code == 0, made.err
    session = json.loads(made.out)["id"]
    recorded = run("record", session, "--indicator", "KC", "--tricks", "Ben,Ben,Cleo,Frieda")
    assert recorded.code == 0, recorded.err
    return session


@pytest.mark.parametrize("argv, said", [
    (["Anna=1", "1=2"], "error: count: Anna is counted twice"),
    (["An=1", "anna=2"], "error: count: Anna is counted twice"),
    (["pot=1", "POT=2"], "error: count: the pot is counted twice"),
    (["pot=1", "--pot", "2"], "error: count: the pot is counted twice"),
])
def test_a_player_or_the_pot_counted_twice_is_refused(run, argv, said):
    session = _evening(run)
    refused = run("count", session, *argv)
    assert refused.code == 2 and refused.err == said + "\n"
    assert run("audit", session).code == 0  # no count was written


def test_pot_stays_the_pot_beside_a_player_whose_name_starts_so(run):
    made = run("new", "--game", "kratzen", "--players", "Anna,Potter,Cleo,Dora", "--dealer",
               "Anna", "--json")
    session = json.loads(made.out)["id"]
    assert run("record", session, "--indicator", "KC", "--tricks",
               "Potter,Potter,Cleo,Dora").code == 0
    counted = run("count", session, "pot=15", "Po=0", "--json")
    assert json.loads(counted.out)["counted"] == {"pot": "15", "Potter": "0"}


# ---- the command line's words in German, Portuguese and Spanish (item 14) ----------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_an_error_line_is_error_then_the_language(run, language):
    """The contract keeps ``error:`` in every language (a program reads it, like a key); what
    follows it is in the language in use."""
    session = _evening(run)
    for argv in (["count", session, "Zed=1"], ["count", session, "Anna=x"],
                 ["count", session, "Anna"], ["show", session, "--bogus"],
                 ["record", session, "--indicator", "KX", "--tricks", "Ben,Ben,Cleo,Dora"]):
        said = run("--lang", language, *argv)
        assert said.code == 2 and said.err.startswith("error: "), (argv, said)
        # after error:, the command's name where the line gives it (``count: …``): a command's
        # name, and options (``--indicator``) as they are typed
        rest = OPTION.sub(" ", said.err.removeprefix("error: ").removeprefix("count: "))
        english = WORD.findall(rest)
        assert not english, (argv, english, said.err)


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unclear_start_is_said_in_the_language(run, language):
    other = _evening_two_fries(run)
    said = run("--lang", language, "count", other, "Fri=1")
    assert said.code == 2 and said.err.startswith("error: count: 'Fri' ")
    assert "Friedrich, Frieda" in said.err
    assert not WORD.findall(said.err.removeprefix("error: count:")), said.err


@pytest.mark.parametrize("language, mark", [("de", ","), ("pt", ","), ("es", ",")])
def test_count_help_in_the_language_with_an_example_it_takes(run, language, mark):
    helped = run("--lang", language, "count", "--help")
    assert helped.code == 0
    text = helped.out
    for english in ("[OPTIONS]", "AMOUNT", "Usage:", "Options:", "Examples:",
                    "Show this message and exit."):
        assert english not in text, (english, text)
    assert "Ben=14.25" not in text and f"Ben=14{mark}25" in text
    example = next(line.split() for line in text.splitlines()
                   if f"Ben=14{mark}25" in line)
    session = _evening(run)
    # The example as printed (its session id and names made ours): count takes it.
    words = [w for w in example[3:] if "=" in w and not w.startswith("pot")]
    taken = run("--lang", language, "count", session, *words)
    assert taken.code in (0, 1), taken.err


def test_english_help_keeps_its_words(run):
    helped = run("count", "--help").out
    assert helped.startswith("Usage: scorekeeper count [OPTIONS] SESSION NAME=AMOUNT… "
                             "[pot=AMOUNT]\n")
    assert "--pot AMOUNT" in helped and "Ben=14.25" in helped
    assert run("--help").out.startswith("Usage: scorekeeper [OPTIONS] [COMMAND] [ARGS]...\n")


@pytest.mark.parametrize("language, words", [
    ("en", "error: Missing argument 'GAME'. Choose from: "),
    ("de", "error: Fehlendes Argument 'SPIELART'. Zur Wahl: "),
])
def test_click_s_list_of_choices_is_one_readable_line(run, language, words):
    """click lists the choices a line each (``Choose from:\\n\\tkratzen,\\n\\t…``): the one
    error line runs them on, instead of showing the line breaks as ``\\x0a\\x09``."""
    said = run("--lang", language, "rules")
    assert said.code == 2 and said.err.startswith(words), said.err
    assert "\\x" not in said.err and said.err.count("\n") == 1
    assert "kratzen" in said.err and "letzter-stich, " in said.err


@pytest.mark.parametrize("language", LANGUAGES)
def test_settle_help_writes_its_example_value_as_the_language_types_it(run, language):
    helped = run("--lang", language, "settle", "--help").out
    assert "--value 0.10" not in helped and "--value 0,10 --currency EUR" in helped
    session = _evening(run)
    preview = run("--lang", language, "settle", session, "--value", "0,10", "--currency", "EUR",
                  "--preview")
    assert preview.code == 0, preview.err
    assert run("settle", "--help").out.count("--value 0.10 --currency EUR") == 1  # English
