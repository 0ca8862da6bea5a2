"""Values read as people write them, and the last odd inputs (issue 24): an amount is one of the
forms the contract names (never Python's ``0_10`` for 10), the input language follows --lang
with --json too, a script that cannot be read is one line (a number of 5,000 digits, a named
pipe), look-alike names are refused at ``new``, a name with a comma can be given (quoted, or by
seat number), and a previous id that is not an id never reaches the terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata

import pytest

from scorekeeper.amounts import parse_typed_amount
from scorekeeper.errors import ScorekeeperError

FOUR = "Anna,Ben,Cleo,Dora"


def new_session(run, *args: str) -> str:
    result = run("new", "--json", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)["id"]


def letzter_stich(run, players: str = FOUR) -> str:
    return new_session(run, "--game", "letzter-stich", "--players", players, "--dealer",
                       players.split(",")[-1].strip('"'), "--option", "starting_chips=2")


def one_error_line(result) -> str:
    assert result.code == 2, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.err
    assert "Traceback" not in result.err
    return lines[0]


# ---- amounts -----------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["0_10", "1_0", "1_0/4", "５", "٣", "1 000", "4¼¼"])
def test_an_amount_in_no_form_the_contract_names_is_refused(typed):
    with pytest.raises(ScorekeeperError, match="is not an amount"):
        parse_typed_amount(typed)


@pytest.mark.parametrize("typed, value", [("3", "3"), ("-27.75", "-27.75"), (".5", "0.5"),
                                          ("4¼", "4.25"), ("¾", "0.75"), ("17/4", "4.25"),
                                          ("−2", "-2"), ("1e3", "1E+3")])
def test_the_forms_the_contract_names_are_read(typed, value):
    assert str(parse_typed_amount(typed)) == value


def test_settle_value_with_digit_grouping_is_refused_and_nothing_is_written(run, tmp_path):
    session = letzter_stich(run)
    assert run("record", session, "--tricks", "Anna,Ben,Cleo,Dora,Anna,Ben,Cleo,Dora").code == 0
    path = tmp_path / "home" / "sessions" / f"{session}.json"
    before = path.read_bytes()
    line = one_error_line(run("settle", session, "--value", "0_10", "--currency", "EUR"))
    assert line == "error: --value: '0_10' is not an amount"
    assert path.read_bytes() == before


# ---- the input language follows --lang, with --json too -----------------------------------------

def test_a_count_typed_with_a_decimal_comma_is_read_with_json_too(run):
    # Kratzen keeps quarters of a chip (Letzter Stich, whole chips, refuses 2½: trial 34).
    session = new_session(run, "--game", "kratzen", "--players", FOUR, "--dealer", "Anna")
    plain = run("--lang", "de", "count", session, "Anna=2,50")
    assert plain.code == 1, plain.err  # Anna holds 0 (the start), not 2.50
    result = run("--lang", "de", "count", "--json", session, "Anna=-1,75", "--pot", "0,25")
    assert result.code == 1, result.err
    document = json.loads(result.out)
    assert document["counted"] == {"Anna": "-1.75", "pot": "0.25"}
    assert document["off"] == {"Anna": "-1.75", "pot": "0.25"}  # she holds 0, the pot 0
    refused = run("--lang", "de", "count", letzter_stich(run), "Anna=2,50")
    assert refused.code == 2 and "2½" in refused.err  # read as 2½, which no count can be there


def test_settle_json_says_its_error_in_english(run):
    session = letzter_stich(run)
    assert run("record", session, "--tricks", "Anna,Ben,Cleo,Dora,Anna,Ben,Cleo,Dora").code == 0
    line = one_error_line(run("--lang", "de", "settle", session, "--json", "--value", "abc",
                              "--currency", "EUR"))
    assert line == "error: --value: 'abc' is not an amount"
    german = one_error_line(run("--lang", "de", "settle", session, "--value", "abc",
                                "--currency", "EUR"))
    assert german == "error: --value: 'abc' ist kein Betrag"


def test_settle_json_takes_a_value_with_a_decimal_comma_in_german(run):
    session = letzter_stich(run)
    assert run("record", session, "--tricks", "Anna,Ben,Cleo,Dora,Anna,Ben,Cleo,Dora").code == 0
    result = run("--lang", "de", "settle", session, "--json", "--preview", "--value", "0,10",
                 "--currency", "EUR")
    assert result.code == 0, result.err
    assert json.loads(result.out)["value"] == "0.1"


# ---- scripts that cannot be read ---------------------------------------------------------------

def scorekeeper(*args: str, home, timeout: float = 60) -> subprocess.CompletedProcess:
    env = os.environ | {"SCOREKEEPER_HOME": str(home), "LC_ALL": "C.UTF-8", "LANGUAGE": ""}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                          text=True, env=env, timeout=timeout, stdin=subprocess.DEVNULL)


def test_a_json_script_with_a_number_of_5000_digits_is_one_line(run, tmp_path):
    script = tmp_path / "night.json"
    script.write_text('{"game": "letzter-stich", "players": ["Anna", "Ben", "Cleo"], '
                      '"first_dealer": "Anna", "options": {"starting_chips": ' + "7" * 5000
                      + '}, "hands": []}')
    line = one_error_line(run("replay", str(script)))
    assert line == f"error: {script}: holds a number too long to read"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_called_like_a_script_is_refused_at_once(tmp_path):
    pipe = tmp_path / "night.toml"
    os.mkfifo(pipe)
    done = scorekeeper("replay", str(pipe), home=tmp_path / "home", timeout=20)
    assert done.returncode == 2
    assert done.stderr == (f"error: {pipe}: is not a regular file (a named pipe or a device); "
                           "it is not read\n")


# ---- names -------------------------------------------------------------------------------------

ZOE = "Zoé"
LOOK_ALIKES = [
    (unicodedata.normalize("NFC", ZOE), unicodedata.normalize("NFD", ZOE)),
    ("Anna", "\u0410nna"),  # a Cyrillic А
    ("Cleo", "Cle\u03bf"),  # a Greek ο
]


@pytest.mark.parametrize("one, other", LOOK_ALIKES)
def test_names_that_look_the_same_are_refused_at_new(run, tmp_path, one, other):
    assert one != other
    line = one_error_line(run("new", "--game", "letzter-stich", "--players",
                              f"{one},Ben,{other}", "--dealer", "Ben"))
    assert line.startswith("error: --players: ") and "look the same" in line
    assert not (tmp_path / "home" / "sessions").exists() or not any(
        (tmp_path / "home" / "sessions").iterdir())


def test_names_that_only_look_near_are_two_players(run):
    assert letzter_stich(run, "Anna,Änna,Ann,Ben")


def test_a_name_with_a_comma_is_given_in_quotes_or_by_seat(run):
    session = letzter_stich(run, '"Smith, Jo",Friedrich,Frieda,Ben')
    shown = run("show", session, "--json")
    assert [p["name"] for p in json.loads(shown.out)["players"]] == [
        "Smith, Jo", "Friedrich", "Frieda", "Ben"]
    # Seats 1 and 4, "smith, jo" in quotes (any case), a unique start of Friedrich's name.
    result = run("record", session, "--json", "--tricks",
                 '1,"smith, jo",Friedr,Frieda,4,1,1,Friedr')
    assert result.code == 0, result.err
    done = json.loads(result.out)
    # Friedrich won the last trick (and one before it): he pays one chip into the pot.
    assert done["hand"]["transfers"] == [{"from": "Friedrich", "to": "pot", "amount": "1",
                                          "reason": "won the last trick"}]
    assert done["explanation"] == [
        "Friedrich won the last trick (2 tricks in all): pays 1 chip into the pot."]


def test_a_start_of_several_names_says_which_it_could_be(run, tmp_path):
    session = letzter_stich(run, "Anna,Friedrich,Frieda,Ben")
    path = tmp_path / "home" / "sessions" / f"{session}.json"
    before = path.read_bytes()
    line = one_error_line(run("record", session, "--tricks", "Fried,1,1,1,1,1,1,1"))
    assert line == ("error: --tricks: 'Fried' could be Friedrich, Frieda: type more of the "
                    "name, or the seat number")
    assert path.read_bytes() == before


def test_amend_reads_seat_numbers_too(run):
    session = letzter_stich(run)
    assert run("record", session, "--tricks", "Anna,Ben,Cleo,Dora,Anna,Ben,Cleo,Dora").code == 0
    result = run("amend", session, "1", "--tricks", "1,1,1,1,1,1,1,2")
    assert result.code == 0, result.err
    shown = json.loads(run("show", session, "--json").out)
    assert shown["hands"][0]["transfers"] == [{"from": "Ben", "to": "pot", "amount": "1",
                                               "reason": "won the last trick"}]


# ---- a previous id that is no id ---------------------------------------------------------------

def test_an_imported_opening_entry_whose_previous_id_is_not_an_id_is_refused(run, tmp_path):
    from tests.test_settleup_cli import resealed

    first = letzter_stich(run)
    assert run("record", first, "--tricks", "Anna,Ben,Cleo,Dora,Anna,Ben,Cleo,Dora").code == 0
    second = json.loads(run("new", "--continue", first, "--json").out)["id"]
    path = tmp_path / "home" / "sessions" / f"{second}.json"
    data = json.loads(path.read_text())
    opening = next(e for e in data["events"].values() if e["type"] == "opening")
    opening["previous_id"] = "\x1b[31mabc"
    elsewhere = tmp_path / "elsewhere" / f"{second}.json"
    elsewhere.parent.mkdir()
    elsewhere.write_text(json.dumps(resealed(data)))
    result = run("--home", str(tmp_path / "other"), "import", str(elsewhere))
    assert result.code == 2, result
    assert "\x1b" not in result.out + result.err
    assert "previous_id" in result.err
    assert not (tmp_path / "other" / "sessions" / f"{second}.json").exists()
