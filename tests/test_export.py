"""Every export format: bean-check accepts beancount, CSV cells are neutralised, HTML escaped."""

import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from scorekeeper.errors import StoreError
from scorekeeper.export import FORMATS
from scorekeeper.export.bean import beancount_account, export_beancount
from scorekeeper.export.data import csv_text_cell, export_csv
from scorekeeper.export.source import ExportSource
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store

from .test_store import EXAMPLE_NAMES, saved_id

BEAN_CHECK = (shutil.which("bean-check", path=str(Path(sys.executable).parent))
              or shutil.which("bean-check"))


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_bean_check_accepts_the_beancount_export_of_every_example(run, tmp_path, name):
    assert BEAN_CHECK, "bean-check (from the beancount package) is needed for this test"
    session_id = saved_id(run, name)
    target = tmp_path / f"{name}.beancount"
    result = run("export", session_id, "--format", "beancount", "-o", str(target))
    assert result.code == 0, result.err
    checked = subprocess.run([BEAN_CHECK, str(target)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text = target.read_text()
    assert text.count(" balance ") >= 4  # one per player after the evening at least


def test_beancount_balances_go_on_the_morning_after_each_evening(tmp_path):
    clock = {"now": "2026-11-27T20:00:00.000000Z"}
    store = Store(tmp_path, now=lambda: clock["now"])
    session = store.create(make_config("letzter-stich", ["Anna", "Ben", "Cleo"], "Anna"))
    hand = HandRecord(tricks=("Anna",) * 7 + ("Ben",))
    store.record(session.id, hand)                   # evening of the 27th
    clock["now"] = "2026-11-28T20:00:00.000000Z"
    store.record(session.id, hand)                   # evening of the 28th
    opened = store.open(session.id)
    text = export_beancount(opened.export_source())
    assert "2026-11-28 balance Assets:Players:Seat2-Ben  4 CHIP" in text
    assert "2026-11-29 balance Assets:Players:Seat2-Ben  3 CHIP" in text
    assert "2026-11-29 balance Assets:Pot  2 CHIP" in text
    target = tmp_path / "two-evenings.beancount"
    target.write_text(text)
    assert subprocess.run([BEAN_CHECK, str(target)], capture_output=True).returncode == 0


def test_beancount_accounts_are_valid_and_unique_for_any_name():
    names = ["Anna", "anna ", "Łukasz", "李雷", "=cmd", "a:b", "  ", "x" * 24]
    accounts = [beancount_account(i, n) for i, n in enumerate(names, start=1)]
    assert len(set(accounts)) == len(accounts)
    for account in accounts:
        assert all(c.isascii() and (c.isalnum() or c in ":-") for c in account)
    assert beancount_account(3, "Łukasz") == "Assets:Players:Seat3-Lukasz"
    assert beancount_account(2, "李雷") == "Assets:Players:Seat2"


@pytest.mark.parametrize("value, expected", [
    ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-Bob", "'-Bob"), ("@x", "'@x"),
    ("\tx", "'\tx"), ("\rx", "'\rx"), ("Anna", "Anna"), ("pot", "pot"),
])
def test_csv_text_cells_are_neutralised(value, expected):
    assert csv_text_cell(value) == expected


def test_csv_keeps_amounts_numeric_and_neutralises_names(run):
    made = run("new", "--game", "kratzen", "--players", "=Anna,-Ben,@Cleo", "--dealer", "=Anna",
               "--json")
    session_id = json.loads(made.out)["id"]
    assert run("record", session_id, "--indicator", "KC",
               "--tricks", "-Ben,-Ben,@Cleo,=Anna").code == 0
    rows = list(csv.reader(io.StringIO(run("export", session_id, "--format", "csv").out)))
    assert rows[0] == ["hand", "time", "dealer", "kind", "from", "to", "amount", "reason",
                       "pot_after"]
    first = rows[1]
    assert first[2] == "'=Anna" and first[4] == "'=Anna" and first[6] == "2"
    penalty = [r for r in rows if r[7].startswith("penalty")][0]
    assert penalty[4] == "'=Anna" and penalty[6] == "8"
    standings = list(csv.reader(io.StringIO(
        run("export", session_id, "--format", "csv", "--standings").out)))
    assert standings[1] == ["1", "'=Anna", "-10", "no"]   # a negative amount stays a number
    assert standings[2][1] == "'-Ben"


def test_html_is_one_self_contained_escaped_page(run):
    made = run("new", "--game", "letzter-stich", "--players", "<b>Anna</b>,Ben & Co,Cleo",
               "--dealer", "Cleo", "--json")
    session_id = json.loads(made.out)["id"]
    run("record", session_id, "--tricks", "Cleo,Cleo,Cleo,Cleo,Cleo,Cleo,Cleo,<b>Anna</b>")
    page = run("export", session_id, "--format", "html").out
    assert "<b>Anna</b>" not in page and "&lt;b&gt;Anna&lt;/b&gt;" in page
    assert "Ben &amp; Co" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page and "<script" not in page and "<link" not in page
    svg = page[page.index("<svg"):page.index("</svg>") + 6]
    tree = ElementTree.fromstring(svg)
    assert len(tree.findall("{http://www.w3.org/2000/svg}polyline")) == 3


def test_markdown_shows_names_literally(run):
    made = run("new", "--game", "letzter", "--players", "A|B,*C*,[D](x)", "--dealer", "A|B",
               "--json")
    session_id = json.loads(made.out)["id"]
    run("record", session_id, "--tricks", "*C*,*C*,*C*,*C*,*C*,*C*,*C*,A|B")
    sheet = run("export", session_id, "--format", "md").out
    assert "A\\|B" in sheet and "\\*C\\*" in sheet and "\\[D\\]\\(x\\)" in sheet
    assert "| 1 | A\\|B | last trick |" in sheet  # the kind in words, not its data word


def test_json_export_is_the_standings_document_plus_events(run):
    session_id = saved_id(run, "kratzen")
    exported = json.loads(run("export", session_id, "--format", "json").out)
    shown = json.loads(run("show", session_id, "--json").out)
    assert {k: exported[k] for k in shown} == shown
    assert exported["session"] == session_id and len(exported["digest"]) == 12
    assert [e["type"] for e in exported["events"]] == ["created"] + ["hand"] * 4


def _both_ways(opened):
    """An export source from the file's stored figures and the exports' own, the hands settled
    again (issue 24: a figure forged and sealed anew is never exported)."""
    stored = ExportSource(config=opened.config, state=opened.state(),
                          settlements=tuple(opened.hand(n)
                                            for n in range(1, opened.hands_played + 1)),
                          events=tuple(opened.events), session_id=opened.id,
                          digest=opened.digest)
    return stored, opened.export_source()


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_exports_from_stored_figures_equal_exports_settled_again(run, tmp_path, name):
    session_id = saved_id(run, name)
    opened = Store(tmp_path / "home").open(session_id)
    stored, settled = _both_ways(opened)
    assert stored.settlements is not settled.settlements
    assert len(stored.settlements) == len(settled.settlements) > 0
    for fmt, export in FORMATS.items():
        assert export(stored) == export(settled), fmt


def test_exports_of_a_long_random_kratzen_session_agree_both_ways(tmp_path):
    from tests.benchmarks.conftest import kratzen_session

    config, records = kratzen_session(300, seed=7)
    store = Store(tmp_path)
    opened = store.open(store.create(config, records).id)
    stored, settled = _both_ways(opened)
    for fmt, export in FORMATS.items():
        assert export(stored) == export(settled), fmt


def _one_hand_with_stored_figures_changed(tmp_path, change):
    """A one-hand Kratzen session whose stored hand 1 ``change`` edits."""
    store = Store(tmp_path)
    config = make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna")
    session = store.create(config, [HandRecord(indicator=("KC",), tricks=("Anna",) * 4)])
    data = json.loads(session.path.read_text())
    change(data["hands"]["1"])
    session.path.write_text(json.dumps(data))
    return store, session


# Issue 13 changed what these two tests expect. A stored figure is shown only when the hash
# chain vouches for it (each hand's event seals its figures): a changed or damaged figure is
# no longer exported (as it was, when audit was the only check) nor settled again quietly;
# the export says the file is damaged, and audit names the hand.

@pytest.mark.parametrize("change", [
    lambda hand: hand["transfers"][0].update(amount="two"),  # damaged
    lambda hand: hand.update(pot_after="99"),               # changed by hand, well formed
], ids=["damaged", "tampered"])
def test_changed_stored_figures_are_never_exported(tmp_path, change):
    store, session = _one_hand_with_stored_figures_changed(tmp_path, change)
    with pytest.raises(StoreError, match="hand 1's stored figures are not those its history "
                                         "sealed"):
        export_csv(store.open(session.id).export_source())
    findings = store.audit(session.id)[1]
    assert any(f.hand == 1 for f in findings)


def _whole_json(source):
    """The json export as it was written before it was written in pieces: the whole document,
    made, then ``jsontext.indented``."""
    from scorekeeper.chain import GENESIS
    from scorekeeper.export.source import standings_document
    from scorekeeper.history import event_to_json
    from scorekeeper.jsontext import indented

    previous = [GENESIS] + [e.hash for e in source.events]
    assert not source.count_checks() and not source.settled_up()[0]
    document = standings_document(source) | {
        "session": source.session_id, "digest": source.digest,
        "events": [event_to_json(e, p) for e, p in zip(source.events, previous, strict=False)],
        "settle_up": None, "settle_up_stale": False, "counts": []}
    return indented(document, newline=True)


@pytest.mark.parametrize("edit", ["none", "event", "reason", "finding"])
def test_the_json_export_in_pieces_is_the_whole_document(tmp_path, edit):
    """``export_pieces`` writes the json export a hand at a time: the same text as the whole
    document, also for what only a hand-edited file holds (a lone surrogate, which escapes
    every character of the document; a name with an accent shows whether it was)."""
    import dataclasses

    from scorekeeper.export import export_pieces
    from scorekeeper.export.data import export_json
    from scorekeeper.rules.results import transfer

    config = make_config("letzter", ["Zoë", "Ben", "Cleo"], "Zoë")
    store = Store(tmp_path)
    session = store.create(config, [HandRecord(tricks=("Zoë",) * 8),
                                    HandRecord(tricks=("Ben",) * 8)])
    source = Store(tmp_path).open(session.id).export_source()
    odd = "x\ud800"
    if edit == "event":
        first = source.events[0]
        source = dataclasses.replace(source, events=(first.model_copy(update={"at": odd}),
                                                     *source.events[1:]))
    elif edit in ("reason", "finding"):
        hand = source.settlements[1]
        changed = (dataclasses.replace(hand, transfers=(transfer("Ben", "Cleo", hand.transfers[0]
                                                                  .amount, odd),))
                   if edit == "reason" else dataclasses.replace(hand, findings=(odd,)))
        source = dataclasses.replace(source, settlements=(source.settlements[0], changed))
    whole = _whole_json(source)
    assert ("\\u00eb" in whole) == (edit != "none")  # escaped only beside a lone surrogate
    assert "".join(export_pieces("json", source)) == export_json(source) == whole
    for fmt, export in FORMATS.items():
        assert "".join(export_pieces(fmt, source)) == export(source), fmt
