"""The command line's placeholders in the language in use (issue 26): ``--help`` in German
said ``scorekeeper show [OPTIONEN] SESSION`` and ``--home DIR``, ``--expect DIGEST``,
``-o FILE``, ``[required]``: every metavar that is a word goes through the catalog, as the
serve hint's ``ADDRESS`` already did, and the English help stays as it was."""

from __future__ import annotations

import gettext
import re

import click
import pytest

from scorekeeper import i18n
from scorekeeper.cli import cli

from .test_cli_conventions import subcommands

# A word of English in a placeholder: two capital letters or more (not A,B,… nor N nor C,C,…).
WORD = re.compile(r"[A-Z]{2,}")


def commands(group: click.Group = cli, path: tuple[str, ...] = ()):
    """Every command's words (``("referee", "trick")``) with the command itself."""
    for name, command in sorted(subcommands(group).items()):
        if command.hidden:
            continue
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


COMMANDS = [words for words, _command in commands()]


def placeholders(command: click.Command) -> list[str]:
    """The metavars of ``command`` that are words (its game fields too)."""
    context = click.Context(command)
    return [param.metavar for param in command.get_params(context)
            if isinstance(param.metavar, str) and WORD.search(param.metavar)
            and not getattr(param, "hidden", False)]


class Marked(gettext.NullTranslations):
    """A catalog that says every message between ‹ and ›: what went through it shows."""

    def gettext(self, message: str) -> str:
        return f"‹{message}›"


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_every_placeholder_of_a_command_goes_through_the_catalog(run, monkeypatch, words):
    """With a catalog that marks what it says, each placeholder of the help is marked (before,
    ``--home DIR`` and ``SESSION`` were printed as written, in every language)."""
    monkeypatch.setattr(i18n, "catalog", lambda code: Marked())
    command = dict(commands())[words]
    result = run("--lang", "de", *words, "--help")
    assert result.code == 0, result.err
    out = " ".join(result.out.split())  # a long usage line wraps
    for metavar in placeholders(command):
        assert f"‹{metavar}›" in out, (words, metavar, result.out)
        unmarked = out
        while re.search("‹[^‹›]*›", unmarked):  # a word filled into a message is marked inside it
            unmarked = re.sub("‹[^‹›]*›", "", unmarked)
        assert not re.search(rf"(?<![\w‹]){re.escape(metavar)}(?![\w›])", unmarked), (
            words, metavar, result.out)


def test_the_english_help_is_as_it_was(run):
    """The placeholders in English are the words they were, brackets and all."""
    lines = {
        ("tui",): "Usage: scorekeeper tui [OPTIONS] [SESSION]",
        ("sync",): "Usage: scorekeeper sync [OPTIONS] [REMOTE]",
        ("count",): "Usage: scorekeeper count [OPTIONS] SESSION NAME=AMOUNT… [pot=AMOUNT]",
        ("amend",): "Usage: scorekeeper amend [OPTIONS] SESSION HAND",
        ("import",): "Usage: scorekeeper import [OPTIONS] FILE…",
        ("player",): "Usage: scorekeeper player [OPTIONS] NAME | merge NAME OTHER | unmerge "
                     "NAME | apart NAME OTHER",
        ("rules",): "Usage: scorekeeper rules [OPTIONS] GAME",
        ("replay",): "Usage: scorekeeper replay [OPTIONS] SCRIPT",
    }
    for words, line in lines.items():
        assert line in " ".join(run("--lang", "en", *words, "--help").out.split())
    settle = run("--lang", "en", "settle", "--help").out
    assert "--value AMOUNT" in settle and "--currency CODE" in settle
    assert "--expect DIGEST" in settle and "--home DIR" in settle
    assert "--host ADDRESS" in run("--lang", "en", "serve", "--help").out
    assert "--indicator CARD[,CARD]" in run("--lang", "en", "record", "--help").out
    assert "[required]" in run("--lang", "en", "referee", "trick", "--help").out


# ---- the words themselves (they come with the catalogs: h-words-catalog.py)

# Each language's placeholder for the English one, where it is another word.
SAID = {
    "de": {"SESSION": "PARTIE", "DIR": "ORDNER", "DIGEST": "PRÜFSUMME", "FILE": "DATEI",
           "HAND": "NUMMER", "GAME": "SPIELART", "SCRIPT": "SKRIPT", "DATE": "DATUM",
           "REMOTE": "ZIEL", "OTHER": "ANDERER", "SUIT": "FARBE", "ADDRESS": "ADRESSE",
           "AMOUNT": "BETRAG", "CARD": "KARTE", "COMMAND": "BEFEHL", "KEY": "SCHLÜSSEL",
           "VALUE": "WERT"},
    "pt": {"SESSION": "SESSÃO", "DIR": "PASTA", "DIGEST": "RESUMO", "FILE": "FICHEIRO",
           "HAND": "NÚMERO", "GAME": "JOGO", "SCRIPT": "GUIÃO", "DATE": "DATA",
           "REMOTE": "REMOTO", "OTHER": "OUTRO", "SUIT": "NAIPE", "ADDRESS": "ENDEREÇO",
           "AMOUNT": "VALOR", "CARD": "CARTA", "COMMAND": "COMANDO", "NAME": "NOME",
           "TEXT": "TEXTO", "PORT": "PORTA", "CODE": "CÓDIGO", "KEY": "CHAVE"},
    "es": {"SESSION": "PARTIDA", "DIR": "CARPETA", "DIGEST": "RESUMEN", "FILE": "ARCHIVO",
           "HAND": "NÚMERO", "GAME": "JUEGO", "SCRIPT": "GUION", "DATE": "FECHA",
           "REMOTE": "REMOTO", "OTHER": "OTRO", "SUIT": "PALO", "ADDRESS": "DIRECCIÓN",
           "AMOUNT": "CANTIDAD", "CARD": "CARTA", "COMMAND": "COMANDO", "NAME": "NOMBRE",
           "TEXT": "TEXTO", "PORT": "PUERTO", "CODE": "CÓDIGO", "KEY": "CLAVE",
           "VALUE": "VALOR"},
}


def test_the_german_help_of_show_says_its_placeholders_in_german(run):
    out = run("--lang", "de", "show", "--help").out
    assert "Aufruf: scorekeeper show [OPTIONEN] PARTIE" in out
    assert "--home ORDNER" in out
    assert "SESSION" not in out and "DIR" not in out


@pytest.mark.parametrize("language", sorted(SAID))
def test_no_english_placeholder_in_any_help(run, language):
    """Every command's help (and the group's) in ``language``: none of the English
    placeholders that the language says in other words, nor click's [required]."""
    english = re.compile(r"(?<![\w$])(" + "|".join(SAID[language]) + r")(?![\w])")
    for words in [(), *COMMANDS]:
        out = run("--lang", language, *words, "--help").out
        in_english = run("--lang", "en", *words, "--help").out
        found = english.findall(out)
        assert not found, (language, words, found, out)
        assert "[required]" not in out, (language, words, out)
        for english_word, word in SAID[language].items():
            if re.search(rf"(?<![\w-]){english_word}(?!\w)", in_english):
                assert word in out, (language, words, english_word, word, out)


@pytest.mark.parametrize("language, word", [("de", "PARTIE"), ("pt", "SESSÃO"),
                                            ("es", "PARTIDA")])
def test_a_missing_session_is_named_in_the_language(run, language, word):
    result = run("--lang", language, "show")
    assert result.code == 2
    assert f"'{word}'" in result.err and "SESSION" not in result.err


@pytest.mark.parametrize("language", ["de", "pt", "es"])
def test_with_json_the_missing_session_is_named_in_english(run, language):
    """--json prints in English, click's error line too: its placeholder as well."""
    result = run("--lang", language, "show", "--json")
    assert (result.code, result.err) == (2, "error: Missing argument 'SESSION'.\n")
