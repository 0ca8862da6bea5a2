"""Issue 26, trial 31: the command line in the language in use, nothing half-said (hC).

``count --help`` says the language's word for the pot throughout, ``sessions`` names the game
by its title and one winner in the singular."""

from __future__ import annotations

import json

import pytest

from tests.conftest import EXAMPLES

# ---- count --help: the pot's word of the language, in the text and the examples ----------------

@pytest.mark.parametrize(("language", "pot"), [("de", "Pott"), ("pt", "pote"), ("es", "bote")])
def test_count_help_says_the_languages_word_for_the_pot(run, language, pot):
    shown = run("--lang", language, "count", "--help")
    assert shown.code == 0
    usage, _, rest = shown.out.partition("\n")
    assert f"[{pot}=" in usage
    # the explanation (every line after the usage line) and both examples use the same word
    assert f"{pot}=" in rest.split("--pot")[0]
    assert f"Dora=0 {pot}=16" in rest
    assert f"3f2 {pot}=-6 Ben=-2 --pot 10" in rest
    assert " pot=16" not in rest and " pot=-6" not in rest


def test_count_help_in_english_is_unchanged_in_its_words(run):
    shown = run("count", "--help").out
    assert "[pot=AMOUNT]" in shown
    assert "pot=AMOUNT counts the pot unless a player" in " ".join(shown.split())
    assert "Dora=0 pot=16" in shown and "{pot}" not in shown


def test_the_helps_word_for_the_pot_is_the_word_count_reads(run):
    run("replay", str(EXAMPLES / "kratzen.toml"), "--save")
    session = json.loads(run("sessions", "--json").out)[0]["id"]
    counted = run("--lang", "de", "count", session, "Pott=0", "--json")
    assert counted.code in (0, 1)
    assert "pot" in json.loads(counted.out)["counted"]


# ---- sessions: the game's title, and one winner in the singular --------------------------------

def test_sessions_names_the_game_by_its_title_and_one_winner_in_the_singular(run):
    assert run("replay", str(EXAMPLES / "letzter-stich.toml"), "--save").code == 0
    line = run("sessions").out.splitlines()[0]
    assert "  Letzter Stich  " in line and "letzter-stich" not in line
    assert line.endswith("(winner: Dora)")
    listed = json.loads(run("sessions", "--json").out)[0]
    assert listed["game"] == "letzter-stich"  # the contract's id stays in the JSON


@pytest.mark.parametrize(("language", "plural"), [("pt", "vencedores:"), ("de", "Gewinner:")])
def test_sessions_in_another_language_titles_the_game(run, language, plural):
    run("replay", str(EXAMPLES / "kratzen.toml"), "--save")
    line = run("--lang", language, "sessions").out.splitlines()[0]
    assert "  Kratzen  " in line and "kratzen" not in line
    if language == "pt":
        assert plural not in line  # one winner: "vencedor:", never the plural


# ---- record --help: each letter that reads two ways under the pack it belongs to ---------------

def _pack_of_each_letter(text: str) -> dict[str, str]:
    """Each clashing letter's line (``c: ♥ copas …``) by the pack named above it
    (``deck=german`` / ``deck=french``, the option's value, the same in every language)."""
    packs: dict[str, str] = {}
    pack = ""
    for line in text.splitlines():
        if "(deck=german)" in line or "(deck=french)" in line:
            pack = "german" if "deck=german" in line else "french"
        elif " --ask" in line and line.strip()[1:2] == ":":
            packs[line.strip().split(" --ask")[0]] = pack
    return packs


@pytest.mark.parametrize("command", ["record", "amend"])
def test_record_help_names_the_pack_of_each_letter(run, command):
    shown = run("--lang", "pt", command, "--help").out
    packs = _pack_of_each_letter(shown)
    assert packs == {"s: ♦ sinos na mesa e em": "german",
                     "c: ♥ corações na mesa e em": "german",
                     "c: ♥ copas na mesa e em": "french"}, shown
    spanish = _pack_of_each_letter(run("--lang", "es", command, "--help").out)
    assert spanish == {"h: ♠ hojas en la mesa y con": "german",
                       "c: ♥ corazones en la mesa y con": "french"}


# ---- record/amend: a field the rules refuse is named by its option as typed --------------------

def _kratzen_with_a_pot(run) -> str:
    started = run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo,Dora", "--dealer",
                  "Anna", "--json")
    session = json.loads(started.out)["id"]
    assert run("record", session, "--indicator", "KC", "--tricks", "2,2,3,4").code == 0  # Muss
    return session


@pytest.mark.parametrize(("language", "field"), [("en", "entered:"), ("de", "es spielen:"),
                                                 ("pt", "entram:"), ("es", "juegan:")])
def test_record_names_the_option_the_rules_refuse(run, tmp_path, language, field):
    session = _kratzen_with_a_pot(run)
    file = tmp_path / "home" / "sessions" / f"{session}.json"
    before = file.read_bytes()
    refused = run("--lang", language, "record", session, "--indicator", "KS", "--tricks",
                  "2,2,3,3")
    assert refused.code == 2 and refused.out == ""
    line = refused.err.strip()
    assert line.startswith(f"error: sessions/{session}.json: ") and "\n" not in line
    assert ": --entered: " in line and f" {field} " not in line, line
    assert file.read_bytes() == before


def test_amend_names_the_option_the_rules_refuse(run, tmp_path):
    session = _kratzen_with_a_pot(run)
    assert run("record", session, "--indicator", "KS", "--entered", "Cleo", "--tricks",
               "2,2,3,3").code == 0
    file = tmp_path / "home" / "sessions" / f"{session}.json"
    before = file.read_bytes()
    refused = run("--lang", "de", "amend", session, "2", "--entered", "Ben,Cleo")
    assert refused.code == 2
    assert refused.err.startswith(f"error: sessions/{session}.json: Spiel 2: --entered: 'Ben' ")
    assert file.read_bytes() == before
    # a refusal that is no field of the record is said as before
    missing = run("amend", session, "3", "--entered", "Cleo")
    assert missing.code == 2
    assert missing.err == (f"error: sessions/{session}.json: hand 3 is not in force (hands 1 to "
                           "2 are)\n")


def test_the_listings_titles_are_the_rules_titles():
    from scorekeeper.cli.sessions import game_title
    from scorekeeper.rules import RULESETS

    assert RULESETS and all(game_title(game) == ruleset.title
                            for game, ruleset in RULESETS.items())


def test_the_rules_advice_names_the_option_too(run):
    started = run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo,Dora", "--dealer",
                  "Anna", "--json")
    session = json.loads(started.out)["id"]
    # hand 1: the pot is empty, a Muss: nobody may drop ("or leave 'entered' out")
    refused = run("--lang", "de", "record", session, "--indicator", "KS", "--entered", "Ben",
                  "--tricks", "2,2,2,2")
    assert refused.code == 2
    assert ": Spiel 1: --entered: " in refused.err and "--entered weglassen" in refused.err, (
        refused.err)
    assert "'entered'" not in refused.err


def test_count_help_says_whose_is_the_pot_word_in_its_second_example(run):
    """Trial 32 (t32a cli-01): "count 3f2 Pott=-6 Ben=-2 --pot 10" made sense only for a
    player named Pott, and nothing said so."""
    shown = " ".join(run("--lang", "de", "count", "--help").out.split())
    assert "3f2 Pott=-6 Ben=-2 --pot 10 (ein Spieler namens Pott)" in shown
