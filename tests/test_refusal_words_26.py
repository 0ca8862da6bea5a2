"""Every word in the language in use (issue 26, trial 30 defects 3 and 6): a script's option
out of range or of the wrong type, and the system's reason a file cannot be written, are said
in German and Portuguese; they printed pydantic's and the system's English inside the
translated line. The line keeps its shape (file, field, value, words) and English stays as
it was where a test pins it."""

from __future__ import annotations

import errno
from decimal import Decimal

import pytest
from pydantic import BaseModel, Field, ValidationError

from scorekeeper.errors import os_reason, validation_problem
from scorekeeper.i18n import speaking

from .conftest import EXAMPLES

KRATZEN = ('game = "kratzen"\nplayers = ["Anna", "Ben", "Cleo", "Dora"]\n'
           'first_dealer = "Anna"\n[options]\n')
LETZTER = 'game = "letzter"\nplayers = ["Anna", "Ben", "Cleo"]\nfirst_dealer = "Anna"\n[options]\n'
STICH = ('game = "letzter-stich"\nplayers = ["Anna", "Ben", "Cleo"]\nfirst_dealer = "Anna"\n'
         '[options]\n')

# (the options, the language, what the line says after "error: FILE: ")
CASES = [
    (KRATZEN + "rotations = 0\n", "en",
     "options.rotations: 0: input should be greater than or equal to 1"),
    (KRATZEN + "rotations = 0\n", "de", "options.rotations: 0: muss größer oder gleich 1 sein"),
    (KRATZEN + "rotations = 0\n", "pt", "options.rotations: 0: tem de ser maior ou igual a 1"),
    (KRATZEN + "rotations = 100001\n", "de",
     "options.rotations: 100001: muss kleiner oder gleich 100000 sein"),
    (KRATZEN + 'rotations = "eins"\n', "en",
     "options.rotations: 'eins': input should be a valid integer"),
    (KRATZEN + 'rotations = "eins"\n', "de",
     "options.rotations: 'eins': muss eine ganze Zahl sein"),
    (KRATZEN + 'rotations = "um"\n', "pt",
     "options.rotations: 'um': tem de ser um número inteiro"),
    (KRATZEN + "rotations = 1.5\n", "pt", "options.rotations: 1.5: tem de ser um número inteiro"),
    (KRATZEN + "rotations = true\n", "de", "options.rotations: True: muss eine ganze Zahl sein"),
    (KRATZEN + 'deck = "spanish"\n', "en",
     "options.deck: 'spanish': input should be 'german' or 'french'"),
    (KRATZEN + 'deck = "spanish"\n', "de",
     "options.deck: 'spanish': muss 'german' oder 'french' sein"),
    (KRATZEN + 'deck = "spanish"\n', "pt",
     "options.deck: 'spanish': tem de ser 'german' ou 'french'"),
    (KRATZEN + "deck = 2\n", "pt", "options.deck: 2: tem de ser 'german' ou 'french'"),
    (LETZTER + "rounds = 0\n", "pt", "options.rounds: 0: tem de ser maior ou igual a 1"),
    (LETZTER + 'rounds = "drei"\n', "de", "options.rounds: 'drei': muss eine ganze Zahl sein"),
    (STICH + 'insufficient_pot = "borrow"\n', "de",
     "options.insufficient_pot: 'borrow': muss 'pay-what-exists' sein"),
    (STICH + "starting_chips = -3\n", "pt",
     "options.starting_chips: -3: tem de ser maior ou igual a 1"),
]


@pytest.mark.parametrize("text, language, said", CASES)
def test_an_option_out_of_range_or_of_the_wrong_type_is_said_in_the_language(
        run, tmp_path, text, language, said):
    script = tmp_path / "badopt.toml"
    script.write_text(text, encoding="utf-8")
    before = sorted(tmp_path.rglob("*"))
    refused = run("--lang", language, "replay", str(script), "--save")
    assert refused.code == 2
    assert refused.out == ""
    assert refused.err == f"error: {script}: {said}\n"
    assert sorted(tmp_path.rglob("*")) == before


class _Kinds(BaseModel):
    """Fields of the kinds the session file's events and records hold."""

    flag: bool = False
    text: str = ""
    items: tuple[int, ...] = ()
    table: dict[str, int] = {}
    amount: Decimal = Decimal(0)
    count: int = Field(0, gt=0, lt=10)
    short: str = Field("ab", min_length=2)


def _problem(**fields: object) -> str:
    with pytest.raises(ValidationError) as refused:
        _Kinds(**fields)
    return validation_problem(refused.value.errors()[0])


@pytest.mark.parametrize("fields, german", [
    ({"flag": "vielleicht"}, "'vielleicht': muss true oder false sein"),
    ({"text": 3}, "3: muss Text sein"),
    ({"items": "1,2"}, "'1,2': muss eine Liste sein"),
    ({"table": [1]}, "[1]: muss eine Tabelle aus Schlüsseln und Werten sein"),
    ({"amount": "viel"}, "'viel': muss eine Zahl sein"),
    ({"count": 0}, "0: muss größer als 0 sein"),
    ({"count": 10}, "10: muss kleiner als 10 sein"),
    ({"short": "a"}, "'a': ist nicht gültig"),  # a kind not listed: said, not in English
])
def test_each_kind_of_refusal_has_german_words(fields, german):
    with speaking("de"):
        assert _problem(**fields) == german


def test_a_kind_not_listed_keeps_pydantic_s_words_in_english_only():
    assert _problem(short="a") == "'a': string should have at least 2 characters"
    assert _problem(text=3) == "3: input should be text"


def test_a_long_value_is_cut_to_keep_the_line_short():
    with speaking("pt"):
        said = _problem(text=["x" * 100])
    assert said == "['" + "x" * 37 + "…: tem de ser texto"


@pytest.mark.parametrize("number, system, language, said", [
    (errno.ENOENT, "No such file or directory", "de", "Datei oder Ordner existiert nicht"),
    (errno.ENOENT, "No such file or directory", "pt", "o ficheiro ou a pasta não existe"),
    (errno.EACCES, "Permission denied", "pt", "permissão negada"),
    (errno.ENOSPC, "No space left on device", "de", "kein Platz mehr auf dem Datenträger"),
    (errno.EROFS, "Read-only file system", "es", "sistema de archivos de solo lectura"),
    (errno.ENOSPC, "No space left on device", "en", "No space left on device"),
    (errno.EIO, "Input/output error", "de", "Input/output error"),  # not a common one
])
def test_the_system_s_reason_in_the_language(number, system, language, said):
    with speaking(language):
        assert os_reason(OSError(number, system)) == said
        assert os_reason(ValueError("a\nb")) == "a\\x0ab"  # no errno: its text, on one line


@pytest.mark.parametrize("language, said", [
    ("en", "cannot be written (No such file or directory)"),
    ("de", "kann nicht geschrieben werden (Datei oder Ordner existiert nicht)"),
    ("pt", "não pode ser escrito (o ficheiro ou a pasta não existe)"),
])
def test_an_export_to_a_missing_folder_says_why_in_the_language(run, tmp_path, language, said):
    session = run("replay", str(EXAMPLES / "kratzen.toml"), "--save").out.split()[-1]
    target = tmp_path / "no-such-folder" / "x.md"
    refused = run("--lang", language, "export", session, "--format", "md", "-o", str(target))
    assert refused.code == 2
    assert refused.err == f"error: {target}: {said}\n"
    assert not target.parent.exists()
