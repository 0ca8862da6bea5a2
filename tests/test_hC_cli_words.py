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
