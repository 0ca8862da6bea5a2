"""The table's language: catalogs complete and shipped compiled, the language chosen from
--lang, the home folder's setting and the locale, German, Portuguese and Spanish at the
command line, and JSON (and every other document for programs) the same in every language."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
from decimal import Decimal
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper import i18n
from scorekeeper.amounts import format_amount, format_decimal, parse_typed_amount
from scorekeeper.cards import Card, Suit, parse_cards
from scorekeeper.errors import CardError
from scorekeeper.i18n import current_language, language_from_environment, speaking, use_language
from scorekeeper.rules import HandRecord, get_ruleset, make_config
from scorekeeper.rules.play import finding_words
from scorekeeper.settings import language_setting, save_language_setting

from .conftest import EXAMPLES, ROOT

LOCALE = ROOT / "scorekeeper" / "locale"
TRANSLATED = ("de", "pt", "es")


def _catalogs_tool():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(path: Path, locale: str | None = None):
    with path.open("rb") as stream:
        return read_po(stream, locale=locale)


# ---- the catalogs ----------------------------------------------------------------------------

BRACES = re.compile(r"\{[^{}]*\}")
PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]")


def placeholders(text: str) -> set[str]:
    """The placeholders of a message (named ``{player}`` and %-style); a translation may use
    one twice, never drop one or add one."""
    return set(BRACES.findall(text) + PERCENT.findall(text))


def catalog_problems(template, catalog) -> list[str]:
    """Every message of ``template`` that ``catalog`` leaves untranslated (or fuzzy), and every
    translation that drops or adds a placeholder."""
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if found is None or found.fuzzy:
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        for text in strings:
            if placeholders(text) != placeholders(ids[-1]) and \
                    placeholders(text) != placeholders(ids[0]):
                problems.append(f"placeholders differ: {ids[0]!r} -> {text!r}")
    return problems


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_has_a_translation_with_the_same_placeholders(language):
    template = _read(LOCALE / "scorekeeper.pot")
    assert len(template) > 400
    catalog = _read(LOCALE / language / "LC_MESSAGES" / "scorekeeper.po", language)
    assert catalog_problems(template, catalog) == []


def test_the_completeness_check_finds_a_gap_and_a_lost_placeholder(tmp_path):
    """The check above can fail: a missing translation and a dropped name are both named."""
    template = _read(LOCALE / "scorekeeper.pot")
    catalog = _read(LOCALE / "de" / "LC_MESSAGES" / "scorekeeper.po", "de")
    catalog.delete("Tricks: {winners}")
    catalog["{player} plays"].string = "geht mit"
    catalog["'{amount}' is not an amount"].string = "'{betrag}' ist kein Betrag"
    assert sorted(catalog_problems(template, catalog)) == sorted([
        "untranslated: 'Tricks: {winners}'",
        "placeholders differ: \"'{amount}' is not an amount\" -> \"'{betrag}' ist kein Betrag\"",
        "placeholders differ: '{player} plays' -> 'geht mit'"])


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_mo_files_are_the_po_files_compiled(language):
    assert (LOCALE / language / "LC_MESSAGES" / "scorekeeper.mo").read_bytes() == \
        _catalogs_tool().compiled(language)


def test_the_template_holds_every_message_of_the_code():
    """A message wrapped in the code but not extracted (tools/catalogs.py extract) would never
    be translated: the committed template is what extraction gives now."""
    tool = _catalogs_tool()
    fresh = {(m.context, m.id) for m in tool.template() if m.id}
    committed = {(m.context, m.id) for m in _read(LOCALE / "scorekeeper.pot") if m.id}
    assert fresh - committed == set(), "run: python tools/catalogs.py extract"
    assert committed - fresh == set(), "run: python tools/catalogs.py extract"


def test_no_message_is_looked_up_inside_an_f_string():
    """Extraction (on Python 3.11) does not see ``_()`` inside an f-string's braces: such a
    message would stay English."""
    found = []
    pattern = re.compile(r"""\bf(["'])[^"']*\{[^}]*\b(_|ngettext|pgettext)\(""")
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            if pattern.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_catalogs_are_package_data():
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    assert '"locale/*/LC_MESSAGES/*.mo"' in text


def test_importing_the_core_reads_no_catalog():
    code = ("import scorekeeper.presentation, scorekeeper.export.source, "
            "scorekeeper.export.data, scorekeeper.export.pages, scorekeeper.export.bean, "
            "scorekeeper.export.night, scorekeeper.script, scorekeeper.referee\n"
            "from scorekeeper import i18n\nprint(len(i18n._catalogs))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={"LANG": "de_DE.UTF-8", "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip() == "0"


# ---- choosing the language ---------------------------------------------------------------------

@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LANG": "pt_BR.UTF-8"}, "pt"),
    ({"LANG": "pt_PT"}, "pt"),
    ({"LANG": "es_AR.UTF-8"}, "es"),
    ({"LANG": "es_ES@euro"}, "es"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": "es_ES.UTF-8"}, "es"),
    ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pt_PT.UTF-8"}, "pt"),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, "en"),
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "es:de"}, "es"),
    ({"LANG": "C", "LANGUAGE": "de"}, "en"),
])
def test_the_locale_names_the_language(environ, language):
    assert language_from_environment(environ) == language


def test_lang_beats_the_setting_and_the_setting_beats_the_locale(run, monkeypatch, tmp_path):
    monkeypatch.setenv("LANG", "pt_PT.UTF-8")
    assert "vaza" in run("rules", "letzter-stich").out
    home = tmp_path / "home"
    save_language_setting(home, "es")
    assert language_setting(home) == "es"
    assert "baza" in run("rules", "letzter-stich").out
    assert "Stich" in run("--lang", "de", "rules", "letzter-stich").out
    assert "trick" in run("--lang", "en", "rules", "letzter-stich").out
    save_language_setting(home, None)
    assert language_setting(home) is None
    assert "vaza" in run("rules", "letzter-stich").out


def test_lang_beats_the_setting_of_a_home_given_on_the_command_line(run, tmp_path):
    home = tmp_path / "elsewhere"
    save_language_setting(home, "es")
    assert "baza" in run("--home", str(home), "rules", "letzter-stich").out
    assert "den **letzten Stich** macht" in run("--lang", "de", "--home", str(home), "rules",
                                                "letzter-stich").out
    assert "den **letzten Stich** macht" in run("--home", str(home), "--lang", "de", "rules",
                                                "letzter-stich").out


def test_a_broken_settings_file_is_no_setting(run, monkeypatch, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text("{not json", "utf-8")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert language_setting(home) is None
    assert "Stich" in run("rules", "letzter").out


def test_the_lang_option_is_in_the_help_and_refuses_other_languages(run):
    assert "--lang" in run("--help").out
    refused = run("--lang", "fr", "rules", "letzter")
    assert refused.code == 2 and refused.err.startswith("error:")


def test_the_help_speaks_the_language(run):
    assert "Ein Partieskript abrechnen und den Stand zeigen." in run("--lang", "de", "--help").out
    helped = run("--lang", "es", "replay", "--help").out
    assert "Liquidar un guion de partida" in helped and "Ejemplos:" in helped
    assert "Guardar también la partida" in helped


# ---- the done-when: German, Portuguese, Spanish at the command line ---------------------------

BAD_SCRIPT = ('game = "kratzen"\nplayers = ["Anna", "Ben", "Cleo", "Dora"]\n'
              'first_dealer = "Anna"\n[[hands]]\nindicator = "KC"\n'
              'entered = ["Ben", "Cleo"]\ntricks = ["Ben", "Ben", "Cleo", "Dora"]\n')

# Words each language's table uses, checked against docs/rules.md's worked session (4 hands,
# Ben wins with 14¼, the pot of 52 stays) and the seeds' vocabulary.
SPOKEN = {
    "de": {"rules": ["Weli", "Stich", "Geber", "Pott", "Muss", "Schellen", "bedienen"],
           "replay": ["Spieler  Saldo", "Pott: 52 (bleibt im Pott)", "Gewinner: Ben",
                      "Geber", "Zwangs-Muss", "14¼"],
           "refusal": "error: night.toml: Spiel 1: entered: im Muss darf keiner passen: "
                      "Dora muss auch spielen (oder 'entered' weglassen)"},
    "pt": {"rules": ["Weli", "vaza", "dador", "pote", "trunfo", "assist"],
           "replay": ["jogador  saldo", "pote: 52 (fica no pote)", "vencedor: Ben", "dador",
                      "Muss forçado", "14¼"],
           "refusal": "error: night.toml: mão 1: entered: num Muss ninguém pode desistir: "
                      "Dora também tem de jogar (ou deixe 'entered' de fora)"},
    "es": {"rules": ["Weli", "baza", "crupier", "bote", "triunfo", "asist"],
           "replay": ["jugador  saldo", "bote: 52 (se queda en el bote)", "ganador: Ben",
                      "crupier", "Muss forzado", "14¼"],
           "refusal": "error: night.toml: mano 1: entered: en un Muss nadie puede pasar: "
                      "Dora también debe jugar (o deje fuera 'entered')"},
}


def _speak(run, monkeypatch, language, how, *args):
    if how == "locale":
        monkeypatch.setenv("LANG", {"de": "de_DE.UTF-8", "pt": "pt_BR.UTF-8",
                                    "es": "es_ES.UTF-8"}[language])
        return run(*args)
    return run("--lang", language, *args)


@pytest.mark.parametrize("how", ["locale", "option"])
@pytest.mark.parametrize("language", TRANSLATED)
def test_rules_replay_and_a_refusal_in_the_language(run, monkeypatch, tmp_path, language, how):
    words = SPOKEN[language]
    card = _speak(run, monkeypatch, language, how, "rules", "kratzen")
    assert card.code == 0
    for word in words["rules"]:
        assert word in card.out, word
    assert "trick" not in card.out and "dealer" not in card.out
    replayed = _speak(run, monkeypatch, language, how, "replay", str(EXAMPLES / "kratzen.toml"))
    assert replayed.code == 0
    for word in words["replay"]:
        assert word in replayed.out, word
    script = tmp_path / "night.toml"
    script.write_text(BAD_SCRIPT, "utf-8")
    refused = _speak(run, monkeypatch, language, how, "replay", str(script))
    assert refused.code == 2
    assert refused.err == words["refusal"].replace("night.toml", str(script)) + "\n"


def test_english_stays_as_it_was(run, tmp_path):
    """The tests' locale is C: English, word for word as before (README's tour)."""
    replayed = run("replay", str(EXAMPLES / "kratzen.toml"))
    assert "  player  balance" in replayed.out
    assert ("4  Dora    forced Muss  51 -> P 52 -> 52  Anna ±0, Ben ±0, Cleo ±0, Dora -1"
            in replayed.out)
    script = tmp_path / "night.toml"
    script.write_text(BAD_SCRIPT, "utf-8")
    assert run("replay", str(script)).err == (
        f"error: {script}: hand 1: entered: in a Muss nobody may drop: Dora must play too "
        f"(or leave 'entered' out)\n")


def test_a_german_hand_recorded_with_the_german_pack(run):
    made = json.loads(run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo,Dora",
                          "--dealer", "Anna", "--json").out)
    said = run("--lang", "de", "record", made["id"], "--indicator", "DH",
               "--cards", "AH,8H,UH,9H; 7C,KC,AC,8C; AS,KS,QS,10S; 10C,9C,QC,7S")
    assert said.code == 0, said.err
    # Dame (D) of hearts typed the German way is the Ober of hearts: trump ♥ (Herz).
    assert "P = 5; Trumpf ♥ (Herz) (aufgeschlagen: O♥)." in said.out
    assert "Der Pott ist leer: ein Muss. Anna (Geber) zahlt 2, alle anderen 1." in said.out
    assert "als Nächstes: Spiel 2, Ben gibt, Ben spielt aus" in said.out
    # What the file keeps stays data: English, the contract's letters.
    stored = json.loads((Path(made["file"])).read_text("utf-8"))
    text = json.dumps(stored)
    assert "The pot is empty: a Muss." in text and "Der Pott" not in text


def test_settle_and_share_speak_the_language(run):
    """docs/rules.md's worked Kratzen session at 0.10 EUR a chip: Anna -4.50, Ben 1.425 (up
    to 1.43, the one cent missing), Cleo -2.775 (down to -2.78), Dora 0.65, the pot 5.20;
    the one who owes most pays the one owed most."""
    saved = run("replay", str(EXAMPLES / "kratzen.toml"), "--save").out
    session = saved.split()[-1]
    said = run("--lang", "de", "settle", session, "--value", "0.10", "--currency", "EUR",
               "--preview").out
    for words in ("Schlussabrechnung der Partie", "Wert: 0,10 EUR je Chip.",
                  "Hier fehlte nach dem Abrunden 1 Cent: er geht an Ben.",
                  "Wer zahlt wem (4 Zahlungen):", "  Anna zahlt 4,50 EUR in den Pott",
                  "  Cleo zahlt Ben 1,43 EUR", "  Cleo zahlt 0,70 EUR in den Pott",
                  "  Cleo zahlt Dora 0,65 EUR", "nicht festgehalten (--preview)"):
        assert words in said, words
    refused = run("--lang", "pt", "settle", session, "--value", "1", "--currency", "EU")
    assert refused.code == 2
    assert refused.err == ("error: --currency: 'EU' não é um código de moeda (três letras, "
                           "como EUR, USD ou CHF)\n")
    assert "Aún sin liquidar." in run("--lang", "es", "share", session).out.splitlines()
    # In chips: Anna pays her 45 into the pot (owed most: 52); Cleo's 27¾ go to Ben (14¼),
    # the pot (the 7 left) and Dora (6½).
    run("settle", session)
    shared = run("--lang", "es", "share", session).out
    assert "Liquidado tras la mano 4, en fichas:" in shared
    assert "  Anna paga 45 fichas al bote" in shared
    assert "  Cleo paga a Ben 14¼ fichas" in shared
    assert "  Cleo paga 7 fichas al bote" in shared
    assert "  Cleo paga a Dora 6½ fichas" in shared
    assert "partida" in shared and "session" not in shared
    assert '<html lang="pt">' in run("--lang", "pt", "share", session, "--format", "html").out


# ---- JSON and the other documents for programs: the same bytes in every language ----------------

def _normalised(text: str, session_id: str, digest: str | None = None) -> str:
    text = text.replace(session_id, "SESSION")
    return text.replace(digest, "DIGEST") if digest else text


def _json_runs(run, how: list[str], session: str) -> list[str]:
    """Every JSON (and CSV, beancount) a set of commands prints, run with ``how`` (a --lang
    or nothing), on the stored ``session`` and on new sessions of their own."""
    outputs = []
    for example in sorted(EXAMPLES.glob("*.toml")) + sorted((EXAMPLES / "cards").glob("*.toml")):
        outputs.append(run(*how, "replay", str(example), "--json").out)
    outputs.append(run(*how, "show", session, "--json").out)
    outputs.append(run(*how, "settle", session, "--value", "0.10", "--currency", "EUR",
                       "--preview", "--json").out)
    outputs.append(run(*how, "audit", session, "--json").out)
    for fmt in ("json", "csv", "beancount"):
        outputs.append(run(*how, "export", session, "--format", fmt).out)
    outputs.append(run(*how, "export", session, "--format", "csv", "--standings").out)
    outputs.append(run(*how, "referee", "trick", "--game", "kratzen", "--trump", "C",
                       "--cards", "KC,6D,8C", "--hand", "AC,QC,7H", "--json").out)
    outputs.append(run(*how, "referee", "trick", "--game", "letzter", "--cards", "9S,KS",
                       "--hand", "8H,QH", "--json").out)
    # the season, a player and an import: of sessions the runs below add nothing to (Dora is
    # not at their table; they are Kratzen)
    outputs.append(run(*how, "season", "--game", "letzter-stich", "--json").out)
    outputs.append(run(*how, "season", "--game", "letzter-stich", "--format", "csv").out)
    outputs.append(run(*how, "player", "Dora", "--json").out)
    imported = run(*how, "import", "--json", str(_session_file(run, session)))
    outputs.append(imported.out + imported.err)
    made = json.loads(run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo",
                          "--dealer", "Anna", "--json").out)
    recorded = run(*how, "record", made["id"], "--indicator", "KC",
                   "--cards", "9C,QC,AH; KH,7H,8H; 10S,JS,AS; 7S,8S,9S", "--json").out
    document = json.loads(recorded)
    outputs.append(_normalised(recorded, made["id"], document["digest"]))
    # Typed with a decimal point: read alike in every language. (A decimal comma is read in
    # the language of --lang, --json or not: tests/test_values_as_written.py.)
    counted = run(*how, "count", made["id"], "Anna=-2.5", "Ben=0", "--json")
    outputs.append(_normalised(counted.out + counted.err, made["id"]))
    counted = run(*how, "count", made["id"], "Anna=-2", "Ben=1.5", "--json")
    outputs.append(_normalised(counted.out + counted.err, made["id"]))
    sessions = json.loads(run(*how, "sessions", "--json").out)
    outputs.append(json.dumps([s for s in sessions if s.get("id") == session]))
    return outputs


def _session_file(run, session: str) -> str:
    """The path of a stored session's file (the ``run`` fixture's home)."""
    return os.path.join(os.environ["SCOREKEEPER_HOME"], "sessions", f"{session}.json")


@pytest.mark.parametrize("language", TRANSLATED)
def test_json_and_csv_are_the_same_bytes_in_every_language(run, monkeypatch, language):
    saved = run("replay", str(EXAMPLES / "cards" / "kratzen-five.toml"), "--save").out
    session = saved.split()[-1]
    run("replay", str(EXAMPLES / "letzter-stich.toml"), "--save")
    run("count", session, "Anna=1.25")  # a count that disagrees: words in the exports
    english = _json_runs(run, [], session)
    assert "must follow trump" in "".join(english)  # the referee's reasons, in English
    assert any("The pot is empty: a Muss." in o for o in english)  # record --json
    assert any("chip count: ledger" in o for o in english)  # the csv's count row
    assert _json_runs(run, ["--lang", language], session) == english
    monkeypatch.setenv("LANG", {"de": "de_AT.UTF-8", "pt": "pt_PT.UTF-8",
                                "es": "es_MX.UTF-8"}[language])
    assert _json_runs(run, [], session) == english


def _season_runs(run, how: list[str], damaged: str) -> list[str]:
    outputs = [run(*how, "players", "--json").out, run(*how, "player", "anna", "--json").out,
               run(*how, "season", "--json").out, run(*how, "season", "--format", "csv").out]
    refused = run(*how, "import", "--json", damaged)
    unknown = run(*how, "player", "Zoe", "--json").err  # an error line for programs: English
    return outputs + [unknown.replace(os.environ["SCOREKEEPER_HOME"], "HOME"),
                      refused.out + refused.err]


@pytest.mark.parametrize("language", TRANSLATED)
def test_players_season_and_import_json_are_the_same_bytes_in_every_language(run, tmp_path,
                                                                             language):
    """Look-alike names, a settle-up's money, an average rounded, a refused import's error."""
    for script in ("kratzen.toml", "kratzen-five.toml"):
        session = run("replay", str(EXAMPLES / script), "--save").out.split()[-1]
        run("settle", session, "--value", "0.05", "--currency", "EUR")
    run("new", "--game", "kratzen", "--players", "Änna,Ben,Cleo", "--dealer", "Ben")
    made = json.loads(run("sessions", "--json").out)[0]
    run("record", made["id"], "--indicator", "KC", "--tricks", "Ben,Ben,Cleo,Änna")
    damaged = tmp_path / "damaged.json"
    source = tmp_path / "home" / "sessions" / made["file"]
    damaged.write_text(source.read_text("utf-8").replace('"Ben"', '"Bea"', 1),
                       "utf-8")
    english = _season_runs(run, [], str(damaged))
    assert '"lookalikes": [\n    [\n      "Anna",\n      "Änna"' in english[0]
    assert english[-1].count("error: ") == 1
    assert _season_runs(run, ["--lang", language], str(damaged)) == english


# ---- cards, numbers, findings ------------------------------------------------------------------

@pytest.mark.parametrize(("language", "french", "german", "weli"), [
    ("en", "queen of clubs", "Ober of acorns", "the Weli (6 of bells)"),
    ("de", "Kreuz-Dame", "Eichel-Ober", "der Weli (Schellen-6)"),
    ("pt", "dama de paus", "Ober de bolotas", "o Weli (6 de sinos)"),
    ("es", "reina de tréboles", "Ober de bellotas", "el Weli (6 de cascabeles)"),
])
def test_card_names_per_pack_and_language(language, french, german, weli):
    queen = Card.parse("QC")
    with speaking(language):
        assert queen.name("french") == french
        assert queen.name("german") == german
        assert Card.parse("W").name("german") == weli
    assert queen.symbol("german") == "O♣" and Card.parse("JS").symbol("german") == "U♠"
    assert queen.symbol() == "Q♣" and str(queen) == "QC"


def test_the_german_pack_names_every_suit_and_the_daus():
    with speaking("de"):
        assert [s.name_in("german") for s in Suit] == ["Eichel", "Schellen", "Herz", "Laub"]
        assert Card.parse("AD").name("german") == "Schellen-Daus"
        assert Card.parse("10H").name("french") == "Herz-10"


@pytest.mark.parametrize(("language", "typed", "card"), [
    ("de", "DH", "QH"), ("de", "BC", "JC"), ("de", "OS", "QS"), ("de", "U♦", "JD"),
    ("pt", "RC", "KC"), ("pt", "DS", "QS"), ("pt", "VH", "JH"),
    ("es", "RD", "KD"), ("es", "DC", "QC"), ("es", "JS", "JS"),
    ("en", "QH", "QH"), ("de", "QH", "QH"), ("pt", "KC", "KC"),
])
def test_typed_cards_take_the_letters_of_the_language(language, typed, card):
    with speaking(language):
        assert str(Card.parse_typed(typed)) == card
        assert parse_cards(typed + ",7C", typed=True)[0] == Card.parse(card)


def test_a_script_reads_the_same_in_every_language():
    """Scripts are data: the contract's letters only, whatever the language (DH is no card)."""
    for language in ("en", "de", "pt", "es"):
        with speaking(language), pytest.raises(CardError):
            Card.parse("DH")
    with pytest.raises(CardError):
        Card.parse_typed("DH")  # English: no Dame


@pytest.mark.parametrize(("language", "text"), [("en", "14.125"), ("de", "14,125"),
                                                 ("pt", "14,125"), ("es", "14,125")])
def test_decimals_for_people_take_the_language_s_mark(language, text):
    with speaking(language):
        assert format_decimal(Decimal("14.125")) == text
        assert format_amount(Decimal("14.125")) == text
        assert format_amount(Decimal("14.25")) == "14¼"
        assert parse_typed_amount(text) == Decimal("14.125")


def test_a_decimal_comma_is_read_only_where_the_language_writes_one():
    with pytest.raises(Exception, match="not an amount"):
        parse_typed_amount("14,25")


def test_a_chip_count_in_a_german_export_has_a_decimal_comma(run):
    made = json.loads(run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo",
                          "--dealer", "Anna", "--json").out)
    run("record", made["id"], "--indicator", "KC", "--tricks", "Ben,Anna,Cleo,Anna")
    counted = run("--lang", "de", "count", made["id"], "Ben=4,25")
    assert "Ben: gezählt 4¼" in counted.out
    # the md export writes quarters, as every human text does (issue 26): no decimal point
    assert "nach Spiel 1: Ben 4¼" in run("--lang", "de", "export", made["id"],
                                          "--format", "md").out
    csv_text = run("--lang", "de", "export", made["id"], "--format", "csv").out
    assert "4.25" in csv_text and "4,25" not in csv_text


def test_the_referee_s_finding_is_said_in_the_language_with_the_pack_s_letters():
    finding = "trick 3: Ben played 8♣: illegal: held Q♥ and the Weli and had to follow ♥"
    with speaking("de"):
        assert finding_words(finding, "german") == (
            "Stich 3: Ben spielte 8♣: regelwidrig: hatte O♥ und Weli und musste ♥ bedienen")
    with speaking("es"):
        assert finding_words("trick 1: Ana played KS: not a finding") == \
            "trick 1: Ana played KS: not a finding"


def test_an_explanation_is_data_in_english_and_words_in_the_language():
    config = make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna")
    ruleset = get_ruleset("kratzen")
    record = HandRecord(indicator=("QC",), tricks=("Ben", "Ben", "Cleo", "Dora"))
    with speaking("pt"):
        settlement = ruleset.settle(config, ruleset.initial_state(config), record)
        assert settlement.explanation[1] == "P = 5; trump ♣ (Q♣ turned)."
        assert settlement.explanation_words(config)[1] == \
            "P = 5; trunfo ♣ (bolotas) (indicador: O♣)."
        assert ruleset.kind_words(settlement.kind) == "Muss"
    assert settlement.kind == "muss"


def test_rule_cards_exist_in_every_language():
    from scorekeeper.rulecards import rule_card
    from scorekeeper.rules import GAMES

    for game in GAMES:
        cards = {language: rule_card(game, language) for language in ("en", *TRANSLATED)}
        assert len(set(cards.values())) == 4, game
        for language in TRANSLATED:
            assert (ROOT / "scorekeeper" / "rulecards" / f"{game}.{language}.md").is_file()


def test_use_language_takes_locale_names_and_falls_back_to_english():
    assert use_language("de_AT.UTF-8") == "de"
    assert i18n.current_language() == "de"
    assert use_language("fr") == "en"
    assert use_language(None) == "en"


def test_a_worker_may_speak_another_language_than_the_screen():
    """``speaking`` holds in the thread that says it: a worker exporting a German session does
    not turn the screen's words German meanwhile."""
    use_language("es")
    inside, outside = [], []
    started, done = threading.Event(), threading.Event()

    def worker() -> None:
        with speaking("de"):
            started.set()
            inside.append(current_language())
            done.wait(5)

    thread = threading.Thread(target=worker)
    thread.start()
    started.wait(5)
    outside.append(current_language())
    done.set()
    thread.join(5)
    assert inside == ["de"] and outside == ["es"]
    assert current_language() == "es"


# ---- the store's and the audit's words ---------------------------------------------------------

def test_the_store_s_refusals_speak_the_language(run, monkeypatch):
    """A session that is not there, a write based on a digest the session has moved on from, a
    damaged file: one ``error:`` line in German (the prefix stays), exit 2."""
    session = run("replay", str(EXAMPLES / "letzter-stich.toml"), "--save").out.split()[-1]
    missing = run("--lang", "de", "show", "nosuch")
    assert missing.code == 2 and missing.err.startswith("error: keine Partie 'nosuch' in ")
    assert missing.err.endswith(" (siehe 'scorekeeper sessions')\n")
    stale = run("--lang", "de", "undo", session, "--expect", "000000000000")
    assert stale.code == 2
    assert "die Partie hat sich inzwischen geändert (ihre Prüfsumme ist jetzt " in stale.err
    assert ", nicht 000000000000); nichts wurde geschrieben\n" in stale.err
    with open(_session_file(run, session), "w", encoding="utf-8") as damaged:
        damaged.write('{"session": ')
    broken = run("--lang", "pt", "show", session)
    assert broken.code == 2
    assert f"sessions/{session}.json: danificado: JSON inválido (" in broken.err
    assert "); fica como está\n" in broken.err
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert "error: no hay ninguna partida 'nosuch' en " in run("show", "nosuch").err
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert run("show", "nosuch").err.startswith("error: keine Partie 'nosuch' in ")
    english = run("--lang", "en", "show", "nosuch").err
    assert english.startswith("error: no session 'nosuch' in ")


def test_the_audit_s_findings_speak_the_language_and_its_json_does_not(run):
    """A stored figure changed by hand: the audit says so in the language in use; its JSON is
    the same bytes in every language (the findings' messages English)."""
    session = run("replay", str(EXAMPLES / "kratzen.toml"), "--save").out.split()[-1]
    path = _session_file(run, session)
    with open(path, encoding="utf-8") as stream:
        data = json.load(stream)
    data["hands"]["2"]["pot_after"] = "99"
    with open(path, "w", encoding="utf-8") as stream:
        json.dump(data, stream)
    english = run("audit", session, "--json")
    assert english.code == 1
    assert "hand 2: its stored figures are not those its history sealed" in english.out
    german = run("--lang", "de", "audit", session)
    assert german.code == 1
    assert ("Spiel 2: seine gespeicherten Zahlen sind nicht die von der Geschichte "
            "versiegelten (nach dem Schreiben geändert)") in german.out
    assert "Spiel 2: gespeichertes pot_after 99 weicht vom neu abgerechneten" in german.out
    assert "hand 2" not in german.out
    for language in TRANSLATED:
        assert run("--lang", language, "audit", session, "--json").out == english.out


def test_a_damaged_file_is_listed_in_the_language_and_kept_in_the_index_in_english(run):
    """The listing's index is data: the problem of a damaged file is kept in English whatever
    the language that listed it first, and said in the language in use."""
    session = run("replay", str(EXAMPLES / "letzter-stich.toml"), "--save").out.split()[-1]
    with open(_session_file(run, session), "w", encoding="utf-8") as damaged:
        damaged.write("")
    index = Path(os.environ["SCOREKEEPER_HOME"]) / "index.json"
    listed = run("--lang", "de", "sessions")
    assert f"{session}.json  BESCHÄDIGT: die Datei ist leer" in listed.out
    kept = index.read_bytes()
    assert b"damaged: the file is empty" in kept
    assert "damaged: the file is empty" in run("sessions", "--json").out
    index.unlink()
    run("--lang", "en", "sessions")
    assert index.read_bytes() == kept


# ---- click's own words -------------------------------------------------------------------------

def test_click_s_own_words_speak_the_language(run, monkeypatch):
    """Usage errors and the help's headings, which click words itself, in the language of
    --lang (or the locale); the exit status stays 2 for a usage error, 0 for the help."""
    missing = run("--lang", "de", "show")
    assert (missing.code, missing.err) == (2, "error: Fehlendes Argument 'PARTIE'.\n")
    unknown = run("--lang", "es", "show", "--bogus")
    assert (unknown.code, unknown.err) == (2, "error: No existe la opción '--bogus'.\n")
    extra = run("--lang", "pt", "show", "a", "b")
    assert (extra.code, extra.err) == (2, "error: Argumento a mais inesperado (b)\n")
    bad = run("--lang", "de", "rules", "nope")
    assert bad.code == 2 and bad.err.startswith("error: Ungültiger Wert für 'SPIELART': "), bad.err
    english = run("show", "--help")  # click keeps each command's help option once made
    assert "Usage: scorekeeper show [OPTIONS] SESSION" in english.out
    assert "Show this message and exit." in english.out
    helped = run("--lang", "de", "show", "--help")
    assert helped.code == 0
    assert helped.out.startswith("Aufruf: scorekeeper show [OPTIONEN] PARTIE\n")
    assert "\nOptionen:\n" in helped.out and "Diese Hilfe zeigen und beenden." in helped.out
    assert "Usage" not in helped.out and "Show this" not in helped.out
    top = run("--lang", "pt", "--help").out
    assert top.startswith("Uso: scorekeeper ") and "\nComandos:\n" in top
    assert run("show").err == "error: Missing argument 'SESSION'.\n"  # English as it was
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert run("show", "--bogus").err == "error: Keine Option '--bogus'.\n"


def test_a_lang_before_the_command_speaks_even_for_an_error_in_the_options_before_it(run):
    """click refuses an unknown option of scorekeeper itself while it parses, before --lang's
    callback: the --lang given there is read first."""
    assert run("--lang", "de", "--bogus").err == "error: Keine Option '--bogus'.\n"
    assert run("--bogus", "--lang=pt").err == "error: Não existe a opção '--bogus'.\n"
    refused = run("--lang", "es", "--lang", "xx")
    assert refused.code == 2
    assert refused.err.startswith("error: Valor no válido para '--lang': 'xx' no es ninguno de ")


def test_click_s_words_leave_the_environment_as_they_found_it(run, monkeypatch):
    import gettext

    monkeypatch.delenv("LANGUAGE", raising=False)
    domain = gettext.textdomain()
    run("--lang", "de", "show")
    assert "LANGUAGE" not in os.environ and gettext.textdomain() == domain
    monkeypatch.setenv("LANGUAGE", "fr:it")
    run("--lang", "pt", "show")
    assert os.environ["LANGUAGE"] == "fr:it" and gettext.textdomain() == domain


def test_a_command_given_json_is_refused_in_english_whatever_the_language(run, monkeypatch):
    """The contract: a command given --json prints in English, its error line too, even when
    click refuses the command line before the command runs."""
    for how in (["--lang", "de"], ["--lang=es"]):
        missing = run(*how, "show", "--json")
        assert (missing.code, missing.err) == (2, "error: Missing argument 'SESSION'.\n")
        unknown = run(*how, "sessions", "--bogus", "--json")
        assert (unknown.code, unknown.err) == (2, "error: No such option '--bogus'.\n")
        gone = run(*how, "show", "nosuch", "--json")
        assert gone.code == 2 and gone.err.startswith("error: no session 'nosuch' in ")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert run("show", "--json").err == "error: Missing argument 'SESSION'.\n"
    assert run("show").err == "error: Fehlendes Argument 'PARTIE'.\n"
