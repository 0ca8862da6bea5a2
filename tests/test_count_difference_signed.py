"""A chip count's difference is said with its sign wherever people read it (issue 26, trial
item 19): ``count``, ``show``, ``audit`` and the md and html exports all say +46 for a player
who counted 46 more than the ledger and -49 for 49 fewer (the table already said "+6"); JSON
keeps its exact decimal strings ("46", "-49"), as the contract shows them. ``show``'s history
writes a list of names with a space after each comma. The md export ends with a newline
(item 16) in every language, on the terminal and in a file."""

from __future__ import annotations

import json
import re

import pytest

LANGUAGES = ("en", "de", "pt", "es")


@pytest.fixture
def counted_off(run):
    """The worked Kratzen evening of docs/rules.md (examples/kratzen.toml: after hand 4 the
    ledger says Anna -45 and the pot 52), counted as Anna 1 and the pot 3: Anna is off by
    1 - (-45) = +46, the pot by 3 - 52 = -49."""
    saved = run("replay", "examples/kratzen.toml", "--save")
    session = saved.out.split()[-1]
    counted = run("count", session, "Anna=1", "pot=3", "--json")
    assert counted.code == 1
    assert json.loads(counted.out)["off"] == {"Anna": "46", "pot": "-49"}  # JSON as it was
    return session


@pytest.mark.parametrize("language, plus, minus", [
    ("en", "Anna off by +46", "pot off by -49"),
    ("de", "Anna 46 zu viel", "Pott 49 zu wenig"),
])
def test_show_says_the_signed_difference(run, counted_off, language, plus, minus):
    shown = run("--lang", language, "show", counted_off).out
    assert plus in shown and minus in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_audit_and_the_exports_say_the_same_signed_figures(run, counted_off, language):
    audit = run("--lang", language, "audit", counted_off)
    assert audit.code == 1
    md = run("--lang", language, "export", counted_off, "--format", "md").out
    html = run("--lang", language, "export", counted_off, "--format", "html").out
    md_line = next(line for line in md.splitlines() if line.startswith("- ") and "Anna 1" in line)
    html_line = next(line for line in html.splitlines()
                     if line.startswith("<li>") and "Anna 1" in line)
    # English signs the difference; German, Portuguese and Spanish say it in words ("46 zu
    # viel", "49 a menos": trial 34 read "DANEBEN um -5", "Differenz -5" and "daneben um -5"
    # for one figure)
    more, fewer = {"en": ("+46", "-49"), "de": ("46 zu viel", "49 zu wenig"),
                   "pt": ("46 a mais", "49 a menos"), "es": ("46 de más", "49 de menos")}[language]
    for said, where in ((audit.out, "audit"), (md_line, "md"), (html_line, "html")):
        assert more in said, (where, said)
        assert fewer in said, (where, said)
        # no 46 without its direction: every 46 said is the difference (counted 1, ledger
        # -45 elsewhere); the file's name left out (a random session id may hold "46")
        figures = re.sub(r"\S*\.json", "", said)
        assert figures.count("46") == figures.count(more), (where, said)


def test_audit_in_english_names_the_signed_difference(run, counted_off):
    audit = run("audit", counted_off).out
    assert "Anna's chips counted 1, the ledger says -45 (off by +46)" in audit
    assert "counted in the pot: 3, the ledger says 52 (off by -49)" in audit


def test_audit_json_keeps_its_fields(run, counted_off):
    document = json.loads(run("audit", counted_off, "--json").out)
    assert document["ok"] is False and [f["kind"] for f in document["findings"]] == ["count"]


@pytest.mark.parametrize("language, said", [
    ("en", "turned K♣; playing Ben, Cleo and Dora; tricks Ben, Ben, Cleo, Dora"),
    ("de", "aufgeschlagen K♣; es spielen Ben, Cleo und Dora; Stiche Ben, Ben, Cleo, Dora"),
])
def test_show_history_writes_a_space_after_each_comma(run, language, said):
    saved = run("replay", "examples/kratzen.toml", "--save")
    session = saved.out.split()[-1]
    assert run("amend", session, "1", "--note", "recounted").code == 0
    shown = run("--lang", language, "show", session).out
    history = shown.splitlines()[[i for i, line in enumerate(shown.splitlines())
                                  if line.startswith(("history", "Geschichte"))][0] + 1]
    assert said in history, history
    assert ",B" not in history and ",C" not in history and ",D" not in history


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_md_export_ends_with_a_newline(run, counted_off, tmp_path, language):
    assert run("settle", counted_off, "--value", "0.10", "--currency", "EUR").code == 0
    printed = run("--lang", language, "export", counted_off, "--format", "md").out
    assert printed.endswith(".\n") and not printed.endswith("\n\n")
    target = tmp_path / "night.md"
    assert run("--lang", language, "export", counted_off, "--format", "md", "-o",
               str(target)).code == 0
    assert target.read_bytes() == printed.encode("utf-8")
    shared = run("--lang", language, "share", counted_off, "--format", "md").out
    assert shared.endswith("`\n") and not shared.endswith("\n\n")
