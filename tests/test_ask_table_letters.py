"""``record --ask`` reads a card as the table app does in the language in use (issue 26, trial
30 pt/en defect 1): the table's suit keys (Portuguese with a German pack b♣ s♦ c♥ f♠, German
e♣ s♦ h♥ l♠), its rank keys, the signs, and its prompt names them; a letter that is no suit
there is one line and the question again. English reads as before (C D H S too). The options
--indicator and --cards keep the contract's C D H S in every language, and the help of a
language whose table reads one of those letters otherwise names both readings."""

from __future__ import annotations

import io

import pytest

from scorekeeper.rules import make_config
from scorekeeper.store import Store

FOUR = ["Anna", "Ben", "Cleo", "Dora"]
WINNERS = ["1", "2", "3", "4"]  # hand 1 is a Muss (empty pot): no decisions, four tricks


def kratzen(tmp_path, deck: str = "german") -> tuple[Store, str]:
    store = Store(tmp_path / "home")
    session = store.create(make_config("kratzen", FOUR, "Anna", {"deck": deck}))
    return store, session.id


def ask(run, monkeypatch, session_id: str, answers: list[str], *lang: str):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    return run(*lang, "record", session_id, "--ask")


def indicator(store: Store, session_id: str) -> list[str]:
    return [str(card) for card in store.open(session_id).ledger().settlements[0].record.indicator]


@pytest.mark.parametrize(("lang", "deck", "typed", "card"), [
    ("pt", "german", "kb", "KC"),  # b bolotas ♣: refused before (b was no suit)
    ("pt", "german", "kc", "KH"),  # c copas ♥ at the table: K♣ before
    ("pt", "german", "ks", "KD"),  # s sinos ♦: K♠ before
    ("pt", "german", "kf", "KS"),  # f folhas ♠
    ("pt", "german", "10c", "10H"),
    ("pt", "german", "tc", "10H"),  # t for the 10, as at the table
    ("pt", "german", "os", "QD"),  # the Ober of bells
    ("pt", "french", "rc", "KH"),  # rei de copas: the King of clubs before
    ("pt", "french", "dp", "QC"),  # dama de paus
    ("de", "german", "ks", "KD"),  # Schellen-König: K♠ before
    ("de", "german", "ue", "JC"),  # Eichel-Unter
    ("de", "french", "da", "QD"),  # Karo-Dame: a is Karo at a French-pack table
    ("pt", "german", "K♥", "KH"),  # the signs as well
])
def test_a_card_asked_is_read_with_the_table_keys_of_the_language(run, tmp_path, monkeypatch,
                                                                  lang, deck, typed, card):
    store, sid = kratzen(tmp_path, deck)
    done = ask(run, monkeypatch, sid, [typed, *WINNERS], "--lang", lang)
    assert done.code == 0, done
    assert indicator(store, sid) == [card]


def test_the_prompt_names_the_keys_and_a_wrong_letter_is_asked_again(run, tmp_path,
                                                                     monkeypatch):
    store, sid = kratzen(tmp_path)
    # kp: p is no suit with a German pack in Portuguese; kd: the English d is none either.
    done = ask(run, monkeypatch, sid, ["kp", "kd", "kb", *WINNERS], "--lang", "pt")
    assert done.code == 0, done
    assert indicator(store, sid) == ["KC"]
    assert done.out.count("b♣ s♦ c♥ f♠") == 3  # the question, asked three times, names them
    assert "a k o u t 9 8 7" in done.out  # the ranks, as the table names them
    # What is said after each question (the answer typed is not echoed: stdin is no terminal)
    said = [line.rpartition("w = Weli:")[2].strip() for line in done.out.splitlines()]
    refused = [line for line in said if "b ♣ bolotas  s ♦ sinos  c ♥ corações" in line]
    assert [line.split()[0] for line in refused] == ["p", "d"]  # one line each, saying which


def test_the_weli_and_the_card_after_it_with_the_table_keys(run, tmp_path, monkeypatch):
    store, sid = kratzen(tmp_path)
    # The Weli turned, then the card that fixes the suit: a s, the Daus of bells (♦) in
    # Portuguese (the Ace of spades before).
    done = ask(run, monkeypatch, sid, ["w", "as", *WINNERS], "--lang", "pt")
    assert done.code == 0, done
    assert indicator(store, sid) == ["6D", "AD"]
    assert "w = Weli" in done.out


def test_a_rank_that_is_no_rank_is_one_line_and_the_question_again(run, tmp_path,
                                                                   monkeypatch):
    store, sid = kratzen(tmp_path)
    done = ask(run, monkeypatch, sid, ["xs", "6h", "ks", *WINNERS], "--lang", "de")
    assert done.code == 0, done
    assert indicator(store, sid) == ["KD"]
    said = [line.rpartition("w = Weli:")[2].strip() for line in done.out.splitlines()]
    refused = [line for line in said if line.startswith("'")]
    assert [line.split()[0] for line in refused] == ["'xs'", "'6h'"]
    assert all("e♣ s♦ h♥ l♠" in line and "a k o u t 9 8 7" in line for line in refused)


@pytest.mark.parametrize(("deck", "typed", "cards"), [
    ("german", ["kc"], ["KC"]), ("german", ["qh"], ["QH"]), ("german", ["10s"], ["10S"]),
    ("german", ["6d", "kc"], ["6D", "KC"]), ("german", ["W", "Ks"], ["6D", "KS"]),
    ("german", ["Weli", "ad"], ["6D", "AD"]), ("german", ["o♣"], ["QC"]),
    ("german", ["ka"], ["KC"]),  # the table's keys in English too: a acorns, l leaves
    ("german", ["kl"], ["KS"]),
    ("french", ["kd"], ["KD"]), ("french", ["js"], ["JS"]),
])
def test_english_reads_as_before(run, tmp_path, monkeypatch, deck, typed, cards):
    store, sid = kratzen(tmp_path, deck)
    done = ask(run, monkeypatch, sid, [*typed, *WINNERS])
    assert done.code == 0, done
    assert indicator(store, sid) == cards


def test_the_options_keep_the_contract_letters_in_every_language(run, tmp_path):
    store, sid = kratzen(tmp_path)
    done = run("--lang", "de", "record", sid, "--indicator", "KS", "--tricks", "1,2,3,4")
    assert done.code == 0, done
    assert indicator(store, sid) == ["KS"]  # Laub ♠, as in a script: not Schellen


@pytest.mark.parametrize(("lang", "letter", "table", "option"), [
    ("de", "s", "♦ Schellen", "♠ Laub"),
    ("pt", "c", "♥ corações", "♣ bolotas"),  # German pack
    ("pt", "c", "♥ copas", "♣ paus"),  # French pack
    ("pt", "s", "♦ sinos", "♠ folhas"),
    ("es", "h", "♠ hojas", "♥ corazones"),
])
@pytest.mark.parametrize("command", ["record", "amend"])
def test_the_help_names_both_readings_of_a_letter(run, lang, letter, table, option, command):
    done = run("--lang", lang, command, "--help")
    assert done.code == 0, done
    line = next(line.strip() for line in done.out.splitlines()
                if line.strip().startswith(f"{letter}: {table} "))
    assert option in line and "--indicator" in line and "--ask" in line


def test_the_english_help_is_as_before(run):
    done = run("record", "--help")
    assert "--ask" in done.out and "at the table and with --ask" not in done.out
