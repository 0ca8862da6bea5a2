"""Every invalid script exits 2 with exactly one ``error:`` line naming file, hand and field."""

import json
import subprocess
import sys

import pytest

from .conftest import EXAMPLES

KRATZEN = 'game = "kratzen"\nplayers = ["Anna", "Ben", "Cleo", "Dora"]\nfirst_dealer = "Anna"\n'
STICH = 'game = "letzter-stich"\nplayers = ["Anna", "Ben", "Cleo", "Dora"]\nfirst_dealer = "Anna"\n'
EIGHT = '["Ben", "Cleo", "Cleo", "Dora", "Anna", "Ben", "Ben", "Cleo"]'
MUSS = '[[hands]]\nindicator = "KC"\ntricks = ["Ben", "Ben", "Cleo", "Dora"]\n'

CASES = {
    "unknown player in tricks": (
        STICH + '[[hands]]\n'
        'tricks = ["Ben", "Cleo", "Cleo", "Eve", "Anna", "Ben", "Ben", "Cleo"]\n',
        "night.toml: hand 1: tricks: 'Eve' is not playing in this session (the players: Anna, "
        "Ben, Cleo, Dora)"),
    "a typo in a player's name": (
        STICH + '[[hands]]\n'
        'tricks = ["Ben", "Cleo", "Cleo", "Anan", "Anna", "Ben", "Ben", "Cleo"]\n',
        "night.toml: hand 1: tricks: 'Anan' is not playing in this session; did you mean Anna?"),
    "duplicate player ignoring case": (
        'game = "letzter"\nplayers = ["Anna", "Ben", "anna"]\nfirst_dealer = "Anna"\n',
        "night.toml: players: 'anna' and 'Anna' are the same name"),
    "two players": (
        'game = "letzter"\nplayers = ["Anna", "Ben"]\nfirst_dealer = "Anna"\n',
        "night.toml: players: Letzter is for 3 to 4 players, not 2"),
    "seven players for kratzen": (
        'game = "kratzen"\nplayers = ["A", "B", "C", "D", "E", "F", "G"]\nfirst_dealer = "A"\n',
        "night.toml: players: Kratzen is for 3 to 6 players, not 7"),
    "wrong number of tricks": (
        STICH + '[[hands]]\ntricks = ["Ben", "Cleo"]\n',
        "night.toml: hand 1: tricks: 8 trick winners are needed, 2 were given"),
    "a trick won by someone who dropped": (
        KRATZEN + MUSS + '[[hands]]\nindicator = "AH"\nentered = ["Cleo"]\n'
        'tricks = ["Ben", "Cleo", "Dora", "Ben"]\n',
        "night.toml: hand 2: tricks: 'Dora' is not playing in this hand"),
    "a hand after the session finished": (
        'game = "letzter"\nplayers = ["Anna", "Ben", "Cleo"]\nfirst_dealer = "Anna"\n'
        '[options]\nrounds = 1\n'
        + '[[hands]]\ntricks = ["Anna", "Anna", "Anna", "Anna", "Anna", "Anna", "Anna", "Ben"]\n'
        * 4,
        "night.toml: hand 4: hand: the session finished after hand 3"),
    "the Weli alone as indicator": (
        KRATZEN + '[[hands]]\nindicator = "W"\ntricks = ["Ben", "Ben", "Cleo", "Dora"]\n',
        "night.toml: hand 1: indicator: the Weli was turned"),
    "entered in a Muss that does not name everyone": (
        KRATZEN + '[[hands]]\nindicator = "KC"\nentered = ["Ben", "Cleo"]\n'
        'tricks = ["Ben", "Ben", "Cleo", "Dora"]\n',
        "night.toml: hand 1: entered: in a Muss nobody may drop: Dora must play"),
    "tricks in a walkover": (
        KRATZEN + MUSS + '[[hands]]\nindicator = "AH"\nentered = []\n'
        'tricks = ["Ben", "Ben", "Ben", "Ben"]\n',
        "night.toml: hand 2: tricks: everyone else dropped: a walkover has no tricks"),
    "an option of another game": (
        STICH + '[options]\nrounds = 2\n',
        "night.toml: options.rounds: is not an option of letzter-stich"),
    "a card that does not exist": (
        KRATZEN + '[[hands]]\nindicator = "6H"\ntricks = ["Ben", "Ben", "Cleo", "Dora"]\n',
        "night.toml: hand 1: indicator: '6H' is not a card"),
    "an unknown game": (
        'game = "skat"\nplayers = ["Anna", "Ben", "Cleo"]\nfirst_dealer = "Anna"\n',
        "night.toml: game: 'skat' is not a game here"),
    "a first dealer who is not seated": (
        'game = "letzter"\nplayers = ["Anna", "Ben", "Cleo"]\nfirst_dealer = "Dora"\n',
        "night.toml: first_dealer: 'Dora' is not one of the players"),
    "starting chips of zero": (
        STICH + '[options]\nstarting_chips = 0\n',
        "night.toml: options.starting_chips: 0: input should be greater than or equal to 1"),
    "an unknown key in a hand": (
        STICH + '[[hands]]\ntricks = ' + EIGHT + '\nwinner = "Ben"\n',
        "night.toml: hand 1: winner: is not a known key"),
    "an unknown top-level key": (STICH + 'colour = "red"\n',
                                 "night.toml: colour: is not a known key"),
    "tricks that are not a list": (STICH + '[[hands]]\ntricks = "Ben"\n',
                                   "night.toml: hand 1: tricks: must be a list of player names"),
    "a normal hand without entered": (
        KRATZEN + MUSS + '[[hands]]\nindicator = "AH"\ntricks = ["Ben", "Ben", "Cleo", "Dora"]\n',
        "night.toml: hand 2: entered: the pot is not empty"),
    "the dealer named in entered": (
        KRATZEN + MUSS + '[[hands]]\nindicator = "AH"\nentered = ["Ben", "Cleo"]\n'
        'tricks = ["Ben", "Ben", "Cleo", "Ben"]\n',
        "night.toml: hand 2: entered: 'Ben' deals and always plays"),
    "an indicator in letzter-stich": (
        STICH + '[[hands]]\nindicator = "KC"\ntricks = ' + EIGHT + '\n',
        "night.toml: hand 1: indicator: letzter-stich has no indicator"),
    "a name that is too long": (
        'game = "letzter"\nplayers = ["' + "x" * 25 + '", "Ben", "Cleo"]\nfirst_dealer = "Ben"\n',
        "night.toml: players: '" + "x" * 25 + "' is longer than 24 characters"),
    "an empty name": ('game = "letzter"\nplayers = ["  ", "Ben", "Cleo"]\nfirst_dealer = "Ben"\n',
                      "night.toml: players: a name cannot be empty"),
    "a name with a control character": (
        'game = "letzter"\nplayers = ["An\\u0007na", "Ben", "Cleo"]\nfirst_dealer = "Ben"\n',
        "night.toml: players: 'An\\x07na' contains an invisible or control character (U+0007)"),
    "a TOML syntax error": ('game = "letzter\n', "night.toml: not valid TOML"),
    "a missing first dealer": ('game = "letzter"\nplayers = ["Anna", "Ben", "Cleo"]\n',
                               "night.toml: first_dealer: is required"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_invalid_script_is_one_error_line(run, tmp_path, monkeypatch, case):
    text, expected = CASES[case]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "night.toml").write_text(text, encoding="utf-8")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = run("replay", "night.toml")
    assert result.code == 2
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("error: ")
    assert expected in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_json_scripts_are_read_by_extension(run, tmp_path):
    script = {"game": "letzter", "players": ["Anna", "Ben", "Cleo"], "first_dealer": "Cleo",
              "hands": [{"tricks": ["Anna"] * 8}]}
    (tmp_path / "s.json").write_text(json.dumps(script))
    result = run("replay", str(tmp_path / "s.json"), "--json")
    assert result.code == 0
    assert json.loads(result.out)["hands"][0]["kind"] == "durchmarsch"
    (tmp_path / "bad.json").write_text('{"game": ')
    bad = run("replay", str(tmp_path / "bad.json"))
    assert bad.code == 2 and "bad.json: not valid JSON" in bad.err


def test_a_note_that_is_not_text_is_refused_before_anything_is_saved(run, tmp_path):
    """A JSON script can spell a lone surrogate ("\\ud800"): not a character, and not
    something a session file can hold. It was a traceback when saved."""
    script = ('{"game": "letzter", "players": ["Anna", "Ben", "Cleo"], "first_dealer": "Anna", '
              '"hands": [{"tricks": ["Anna", "Anna", "Anna", "Anna", "Anna", "Anna", "Anna", '
              '"Ben"], "note": "bad \\ud800 note"}]}')
    (tmp_path / "s.json").write_text(script, encoding="utf-8")
    home = tmp_path / "home"
    result = run("--home", str(home), "replay", str(tmp_path / "s.json"), "--save")
    assert result.code == 2 and result.out == ""
    assert result.err.splitlines() == [
        f"error: {tmp_path / 's.json'}: hand 1: note: contains U+D800, which is not a character"]
    assert not list(home.rglob("*.json"))


@pytest.mark.parametrize("name, expected", [
    ("missing.toml", "missing.toml: no such file"),
    ("script.yaml", "script.yaml: a session script must end in .toml or .json"),
])
def test_unusable_files(run, tmp_path, name, expected):
    result = run("replay", str(tmp_path / name))
    assert result.code == 2 and expected in result.err and len(result.err.splitlines()) == 1


def test_invalid_utf8_is_refused(run, tmp_path):
    (tmp_path / "s.toml").write_bytes(b'game = "letzter\xff"\n')
    result = run("replay", str(tmp_path / "s.toml"))
    assert result.code == 2 and "is not UTF-8" in result.err


def test_a_real_process_prints_no_traceback(tmp_path):
    (tmp_path / "night.toml").write_text(CASES["tricks in a walkover"][0])
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "replay",
                           str(tmp_path / "night.toml")],
                          capture_output=True, text=True, env={"PATH": "", "HOME": str(tmp_path)})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("error: ") and len(done.stderr.splitlines()) == 1


def test_python_dash_m_runs_replay():
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "replay",
                           str(EXAMPLES / "letzter.toml"), "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["leaders"] == ["Dora"]


def test_unknown_command_and_option_are_one_error_line(run):
    for args in (["frobnicate"], ["replay"], ["replay", "x.toml", "--colour"]):
        result = run(*args)
        assert result.code == 2 and len(result.err.strip().splitlines()) == 1
        assert result.err.startswith("error: ")
