"""Words in the language in use (issue 26, trial 28: de item 4b, pt/es items 3, 5, 9). Read from
the shipped catalogs (.po), so these fail until /work/notes/h-words2-catalog.py is merged:

- "audit" is never an English word inside a German, Portuguese or Spanish sentence: the check
  is said in the language's word (Prüfung, verificação, verificación) and, where a command can
  be run, the command follows as typed ('scorekeeper audit'); Portuguese and Spanish use one
  word for it (not auditoria/auditoría beside verificação/verificación);
- Portuguese says "assento" for a seat at the table ("lugar 5 LÍDER" read as 5th place);
- a key's word is the same in the key bar and in F1 (pt Enter "Liquidar", not "Acertar",
  which is ctrl+u's "Acertar contas"; Backspace; F1's ctrl+z "anulada" as its dialog);
- Portuguese: no "(s)" for a count of hands, one word for a finding, "marcador" (not the
  Brazilian "placar"), and 0 is plural ("0 mãos", as European Portuguese counts)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import scorekeeper
from scorekeeper.i18n import ngettext, speaking

LOCALE = Path(scorekeeper.__file__).parent / "locale"
TRANSLATED = ("de", "pt", "es")


def catalog(language: str):
    with (LOCALE / language / "LC_MESSAGES" / "scorekeeper.po").open("rb") as po:
        return read_po(po)


def translations(language: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) of every translated message of ``language`` (each plural form)."""
    found = []
    for message in catalog(language):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        found += [(ids[0], s) for s in strings if s]
    return found


def said(language: str, msgid: str) -> str:
    found = catalog(language).get(msgid)
    assert found is not None, f"{msgid!r} is not in the {language} catalog"
    return found.string


# "audit" as a word that is not the command typed ("scorekeeper audit")
ENGLISH_AUDIT = re.compile(r"(?<!scorekeeper )\baudit\b")


@pytest.mark.parametrize("language", TRANSLATED)
def test_audit_is_no_english_word_in_another_language(language):
    english = [(i[:60], s[:100]) for i, s in translations(language) if ENGLISH_AUDIT.search(s)]
    assert english == []


@pytest.mark.parametrize("language, word", [("pt", r"\bauditori|\bauditad|\bauditar\b"),
                                            ("es", r"\bauditor[ií]a|\baudita")])
def test_portuguese_and_spanish_say_the_check_with_one_word(language, word):
    others = [(i[:60], s[:100]) for i, s in translations(language)
              if re.search(word, s, re.IGNORECASE)]
    assert others == []


@pytest.mark.parametrize("language, msgid, words", [
    ("de", "The count is recorded; audit will show it until it is explained.", "die Prüfung"),
    ("pt", "The count is recorded; audit will show it until it is explained.",
     "a verificação"),
    ("es", "The count is recorded; audit will show it until it is explained.",
     "la verificación"),
    ("de", "digest: {digest}  (write it down: audit checks the file against it)",
     "'scorekeeper audit'"),
    ("pt", "digest: {digest}  (write it down: audit checks the file against it)",
     "'scorekeeper audit'"),
    ("es", "{file}: damaged: {problem}; run audit", "'scorekeeper audit'"),
])
def test_the_check_is_named_in_the_language_and_the_command_as_typed(language, msgid, words):
    assert words in said(language, msgid)


def test_portuguese_seats_are_assentos_not_places_in_a_ranking():
    places = [(i[:60], s[:100]) for i, s in translations("pt") if re.search(r"\blugar(es)?\b", s)]
    assert places == []
    assert said("pt", "seat") == "assento"
    assert said("pt", "seat {number}") == "assento {number}"


def test_the_seats_of_a_portuguese_deal_take_their_articles(run):
    dealt = run("--lang", "pt", "deal", "letzter", "--players", "4")
    assert dealt.code == 0, dealt.err
    assert "o assento 1 passa 3 cartas viradas para baixo ao assento 2" in dealt.out


@pytest.mark.parametrize("language, bar, help_name", [
    ("pt", "Settle", "Settle the hand"),
    ("es", "Settle", "Settle the hand"),
    ("de", "Settle", "Settle the hand"),
])
def test_enter_has_the_same_verb_in_the_bar_and_in_f1(language, bar, help_name):
    verb = said(language, bar)
    assert verb.casefold() in said(language, help_name).casefold()
    assert verb != said(language, "Settle up").split()[0]  # not ctrl+u's (pt "Acertar contas")


def test_backspace_has_the_same_word_in_the_bar_and_in_f1():
    """The bar says the table's Backspace with F1's words ("Back" is every dialog's Escape,
    pt "Voltar")."""
    from scorekeeper.tui.screens.table import TableScreen

    [back] = [b for b in TableScreen.BINDINGS if getattr(b, "id", None) == "table-back"]
    assert back.description == "Take back"


def test_portuguese_f1_marks_a_withdrawn_hand_as_its_dialog_does():
    dialog = said("pt", "It stays in the history, marked withdrawn.")  # "marcada como anulada"
    help_line = said("pt", "asks first; the hand stays in the history, marked withdrawn")
    assert dialog.split("marcada como ")[1].rstrip(".") in help_line


def test_portuguese_words_for_counts_findings_and_the_scoreboard():
    texts = [s for _i, s in translations("pt")]
    assert not [s for s in texts if "corrigida(s)" in s]
    assert not [s for s in texts if re.search(r"\bachados?\b", s)]
    assert not [s for s in texts if re.search(r"\bplacar\b", s, re.IGNORECASE)]
    assert said("pt", "Scoreboard") == "Marcador"


def test_portuguese_counts_zero_as_plural():
    """European Portuguese: "0 mãos" (the catalog's Plural-Forms said 0 was singular)."""
    with speaking("pt"):
        none = ngettext("Audit clean: {count} hand settled again and matched; chain intact.",
                        "Audit clean: {count} hands settled again and matched; chain intact.",
                        0).format(count=0)
    assert "0 mãos" in none, none
