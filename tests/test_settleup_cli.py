"""``scorekeeper settle``: the table, the cents rule and the transfers; the JSON document; the
settle-up recorded as an event (stale refused, not written twice, audited, shown, exported);
bad input refused with one line and nothing written."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from scorekeeper import jsontext
from scorekeeper.audit import audit_document
from scorekeeper.chain import event_hash
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.script import replay_file
from scorekeeper.store import Store

from .conftest import EXAMPLES


def saved(tmp_path: Path, name: str, hands: int | None = None) -> tuple[Store, str]:
    """A stored session of an example's first ``hands`` hands, in the ``run`` fixture's home."""
    store = Store(tmp_path / "home")
    ledger = replay_file(EXAMPLES / f"{name}.toml")
    records = [s.record for s in ledger.settlements][:hands]
    return store, store.create(ledger.config, records).id


def file_of(store: Store, session: str) -> Path:
    return store.resolve(session)


def test_the_json_document_has_every_amount_as_an_exact_decimal_string(run, tmp_path):
    store, session = saved(tmp_path, "kratzen")
    before = store.open(session).digest
    result = run("settle", session, "--value", "0.10", "--currency", "eur", "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert document["session"] == session and document["recorded"] is True
    assert document["digest"] != before and document["digest"] == store.open(session).digest
    assert (document["game"], document["unit"], document["after_hand"]) == ("kratzen", "chip", 4)
    assert (document["currency"], document["value"], document["cent"]) == ("EUR", "0.1", "0.01")
    assert document["rounding"] == "largest-remainder"
    # docs/rules.md, the worked Kratzen settle-up, by hand.
    assert document["players"] == [
        {"name": "Anna", "score": "-45", "result": "-45", "exact": "-4.5", "money": "-4.5"},
        {"name": "Ben", "score": "14.25", "result": "14.25", "exact": "1.425", "money": "1.43"},
        {"name": "Cleo", "score": "-27.75", "result": "-27.75", "exact": "-2.775",
         "money": "-2.78"},
        {"name": "Dora", "score": "6.5", "result": "6.5", "exact": "0.65", "money": "0.65"}]
    assert document["pot"] == {"score": "52", "result": "52", "exact": "5.2", "money": "5.2"}
    assert document["transfers"] == [
        {"from": "Anna", "to": "pot", "amount": "4.5"},
        {"from": "Cleo", "to": "Ben", "amount": "1.43"},
        {"from": "Cleo", "to": "pot", "amount": "0.7"},
        {"from": "Cleo", "to": "Dora", "amount": "0.65"}]


def test_the_text_shows_the_table_the_cents_rule_and_the_transfers(run, tmp_path):
    store, session = saved(tmp_path, "kratzen")
    result = run("settle", session, "--value", "0.10", "--currency", "EUR")
    assert result.code == 0 and result.err == ""
    out = result.out
    assert "Value: 0.10 EUR a chip." in out
    assert "1.425   1.43 EUR  up 0.005" in out and "-2.775  -2.78 EUR  down 0.005" in out
    assert "first rounded down to the" in out  # the rule itself, every time
    assert "Here 1 cent was missing after rounding down: it goes to Ben." in out
    assert ("Who pays whom (4 transfers):\n  Anna pays 4.50 EUR into the pot\n"
            "  Cleo pays Ben 1.43 EUR\n  Cleo pays 0.70 EUR into the pot\n"
            "  Cleo pays Dora 0.65 EUR\n") in out
    assert f"recorded in the history of session {session}; digest now " in out


def test_without_a_value_results_and_transfers_are_in_chips_or_points(run, tmp_path):
    store, session = saved(tmp_path, "letzter")
    result = run("settle", session, "--json")
    document = json.loads(result.out)
    assert (document["currency"], document["value"], document["rounding"]) == (None, None, None)
    assert document["pot"] is None  # no pot in this game
    assert [(p["name"], p["score"], p["result"], p["money"]) for p in document["players"]] == [
        ("Anna", "3", "-2", None), ("Ben", "3", "-2", None), ("Cleo", "3", "-2", None),
        ("Dora", "1", "6", None)]
    assert [(t["from"], t["to"], t["amount"]) for t in document["transfers"]] == [
        ("Anna", "Dora", "2"), ("Ben", "Dora", "2"), ("Cleo", "Dora", "2")]
    text = run("settle", session, "--preview").out
    assert "Anna pays Dora 2 points" in text and "No value given" in text


BAD = [
    (["--value", "abc", "--currency", "EUR"], "error: --value: 'abc' is not an amount"),
    (["--value", "-0.10", "--currency", "EUR"], "error: --value: '-0.10' is not more than 0"),
    (["--value", "0", "--currency", "EUR"], "error: --value: '0' is not more than 0"),
    (["--value", "0.10", "--currency", "EURO"], "error: --currency: 'EURO' is not a currency"),
    (["--value", "0.10", "--currency", "€"], "error: --currency: '€' is not a currency"),
    (["--value", "0.10", "--currency", "E1R"], "error: --currency: 'E1R' is not a currency"),
    (["--value", "0.10"], "error: --currency: give the currency of --value"),
    (["--currency", "EUR"], "error: --value: give what a chip or point is worth"),
    (["--value", "1e-40", "--currency", "EUR"], "error: --value: '1e-40' has too many digits"),
    (["--expect", "xyz"], "error: --expect: 'xyz' is not a digest"),
    (["--expect", "0" * 12], "error: sessions/"),  # ... the session changed meanwhile
]


@pytest.mark.parametrize("preview", [[], ["--preview"], ["--json"]])
@pytest.mark.parametrize("args, message", BAD)
def test_bad_input_is_one_error_line_exit_2_and_nothing_written(run, tmp_path, args, message,
                                                                 preview):
    store, session = saved(tmp_path, "kratzen")
    path = file_of(store, session)
    before = path.read_bytes()
    result = run("settle", session, *args, *preview)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(message) and result.err.count("\n") == 1, result.err
    if "--expect" in args and "xyz" not in args:
        assert "the session changed meanwhile" in result.err
    assert "Traceback" not in result.err
    assert path.read_bytes() == before


def test_a_session_without_hands_has_nothing_to_settle(run, tmp_path):
    store = Store(tmp_path / "home")
    session = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna")).id
    before = file_of(store, session).read_bytes()
    for extra in ([], ["--preview"]):
        result = run("settle", session, "--value", "1", "--currency", "EUR", *extra)
        assert result.code == 2 and "no hand has been played yet: nothing to settle" in result.err
    assert file_of(store, session).read_bytes() == before


def test_preview_writes_nothing_and_a_second_settle_up_is_not_written_twice(run, tmp_path):
    store, session = saved(tmp_path, "letzter-stich")
    path = file_of(store, session)
    before = path.read_bytes()
    preview = json.loads(run("settle", session, "--value", "0.1", "--currency", "EUR",
                             "--preview", "--json").out)
    assert preview["recorded"] is False and path.read_bytes() == before
    first = json.loads(run("settle", session, "--value", "0.1", "--currency", "EUR",
                           "--json").out)
    assert first["recorded"] is True
    after = path.read_bytes()
    assert after != before
    again = run("settle", session, "--value", "0.10", "--currency", "EUR")
    assert again.code == 0 and "already recorded" in again.out
    assert path.read_bytes() == after
    events = [e for e in store.open(session).events if type(e).__name__ == "SettledUp"]
    assert len(events) == 1
    # A different value is a different settle-up: recorded.
    other = json.loads(run("settle", session, "--value", "0.2", "--currency", "EUR",
                           "--json").out)
    assert other["recorded"] is True
    assert {k: v for k, v in preview.items() if k not in ("recorded", "digest")} == \
        {k: v for k, v in first.items() if k not in ("recorded", "digest")}


def test_a_settle_up_made_against_an_old_digest_is_refused(run, tmp_path):
    store, session = saved(tmp_path, "kratzen", 2)
    seen = store.open(session).digest
    third = replay_file(EXAMPLES / "kratzen.toml").settlements[2].record
    store.record(session, third)
    path = file_of(store, session)
    before = path.read_bytes()
    result = run("settle", session, "--value", "0.1", "--currency", "EUR", "--expect", seen)
    assert result.code == 2 and "the session changed meanwhile" in result.err
    assert path.read_bytes() == before
    now = store.open(session).digest
    assert run("settle", session, "--expect", now).code == 0


def test_show_audit_and_the_exports_say_what_was_agreed(run, tmp_path):
    store, session = saved(tmp_path, "kratzen", 3)
    assert run("settle", session, "--value", "0.10", "--currency", "EUR").code == 0
    shown = run("show", session).out
    assert "settled up (kept in the file):\n  after hand 3 (" in shown
    assert "at 0.10 EUR a chip: " in shown and "settle up again" not in shown
    assert run("audit", session).code == 0
    exported = json.loads(run("export", session, "--format", "json").out)
    agreed = json.loads(run("settle", session, "--value", "0.10", "--currency", "EUR",
                            "--preview", "--json").out)
    assert exported["settle_up"] == {k: v for k, v in agreed.items()
                                     if k not in ("session", "digest", "recorded")}
    raw = json.loads(file_of(store, session).read_text("utf-8"))["events"]
    settles = [e for e in raw.values() if e["type"] == "settle"]
    assert [e for e in exported["events"] if e["type"] == "settle"] == settles
    assert event_hash(settles[0]) == settles[0]["hash"]  # the export's copy is the sealed one
    md = run("export", session, "--format", "md").out
    html = run("export", session, "--format", "html").out
    said = run("settle", session, "--value", "0.10", "--currency", "EUR", "--preview").out
    payments = said.split("transfers):\n")[1].split("\n\n")[0].split("\n")
    assert len(payments) == len(agreed["transfers"]) == 4
    for text in (md, html):
        assert "Settled up" in text and "after hand 3" in text.lower()
        for payment, line in zip(agreed["transfers"], payments, strict=True):
            assert f"{Decimal(payment['amount']):.2f} EUR" in line
            assert (f"- {line.strip()}\n" in text) if text is md else (
                f"<li>{line.strip()}</li>" in text)
    # A hand after it: the settle-up stays as agreed, and show says to settle again.
    store.record(session, HandRecord(indicator=("7S",), tricks=("Anna", "Ben", "Cleo", "Dora")))
    shown = run("show", session).out
    assert "hands have changed since the last settle-up: settle up again" in shown
    assert run("audit", session).code == 0


def resealed(data: dict) -> dict:
    """The file's events sealed again after a change (what someone rewriting the chain does)."""
    previous = "0" * 64
    for key in sorted(data["events"], key=int):
        event = data["events"][key]
        event["prev"] = previous
        event["hash"] = event_hash({k: v for k, v in event.items() if k != "hash"})
        previous = event["hash"]
    return data


@pytest.mark.parametrize("field, value", [
    ("money", {"Anna": "-4.5", "Ben": "1.42", "Cleo": "-2.77", "Dora": "0.65", "pot": "5.2"}),
    ("transfers", [{"from": "Anna", "to": "pot", "amount": "4.5"}]),
    ("results", {"Anna": "-44", "Ben": "13.25", "Cleo": "-27.75", "Dora": "6.5", "pot": "52"}),
    ("currency", "eur"),
    ("rounding", "half-even"),
    ("payments", "largest-first"),  # the transfers are the same here, the rule is not
    ("payments", "cheapest"),  # no such rule
])
def test_audit_works_a_settle_up_out_again_even_under_a_rewritten_chain(run, tmp_path, field,
                                                                        value):
    store, session = saved(tmp_path, "kratzen")
    assert run("settle", session, "--value", "0.10", "--currency", "EUR").code == 0
    path = file_of(store, session)
    data = json.loads(path.read_text("utf-8"))
    settle = next(e for e in data["events"].values() if e["type"] == "settle")
    settle[field] = value
    data = resealed(data)
    findings = audit_document(data)
    assert findings and all(f.kind == "settle" for f in findings), findings
    assert findings[0].message.startswith("settle-up after hand 4 (event 6)")
    path.write_bytes(jsontext.canonical(data))
    result = run("audit", session)
    assert result.code == 1 and "settle-up after hand 4 (event 6)" in result.out


def test_a_player_called_pot_is_a_player_and_the_pot_is_the_pot(run, tmp_path):
    store = Store(tmp_path / "home")
    config = make_config("letzter-stich", ["pot", "Ben", "Cleo"], "pot",
                         {"starting_chips": 3})
    tricks = ("Ben",) * 7 + ("pot",)
    session = store.create(config, [HandRecord(tricks=tricks)] * 2).id
    document = json.loads(run("settle", session, "--json").out)
    assert document["players"][0]["name"] == "pot"
    assert document["transfers"] == [{"from": "player:pot", "to": "pot", "amount": "2"}]
    assert "pot pays 2 chips into the pot" in run("settle", session, "--preview").out
    assert run("audit", session).code == 0


def test_names_in_the_exported_settle_up_are_neutralised(run, tmp_path):
    store = Store(tmp_path / "home")
    names = ["<b>Anna</b>", "*Ben*", "Cleo"]
    config = make_config("letzter", names, names[0])
    session = store.create(config, [HandRecord(tricks=("Cleo",) * 7 + (names[0],))]).id
    assert run("settle", session, "--value", "1", "--currency", "EUR").code == 0
    html = run("export", session, "--format", "html").out
    md = run("export", session, "--format", "md").out
    assert "<li>&lt;b&gt;Anna&lt;/b&gt; pays " in html and "<b>Anna" not in html
    assert "- \\<b\\>Anna\\</b\\> pays " in md
    assert "\\*Ben\\*" in md


def test_share_says_the_night_in_text_markdown_and_html(run, tmp_path):
    store, session = saved(tmp_path, "kratzen")
    before = run("share", session)
    assert before.code == 0 and "Not settled up yet." in before.out
    assert run("settle", session, "--value", "0.10", "--currency", "EUR").code == 0
    digest = store.open(session).digest
    text = run("share", session).out
    assert text.startswith("Kratzen, ") and f"session {session}, 4 hands, finished\n" in text
    assert ("Standings (balance):\n  1. Ben    14¼  (winner)\n  2. Dora    6½\n"
            "  3. Cleo  -27¾\n  4. Anna   -45\nPot left: 52 (stays in the pot)\n") in text
    assert ("Settled up after hand 4, at 0.10 EUR a chip:\n  Anna pays 4.50 EUR into the pot\n"
            "  Cleo pays Ben 1.43 EUR\n  Cleo pays 0.70 EUR into the pot\n"
            "  Cleo pays Dora 0.65 EUR\n") in text
    assert text.endswith(f"Digest: {digest}\n")
    md = run("share", session, "--format", "md").out
    assert "- Cleo pays Ben 1.43 EUR\n" in md and f"Digest: `{digest}`" in md
    target = tmp_path / "night.html"
    result = run("share", session, "--format", "html", "-o", str(target))
    assert result.code == 0 and "<li>Cleo pays Ben 1.43 EUR</li>" in target.read_text("utf-8")
    refused = run("share", session, "-o", str(tmp_path / "home" / "sessions" / "x.txt"))
    assert refused.code == 2 and refused.err.startswith("error: -o ")


def test_the_shared_night_neutralises_names(run, tmp_path):
    store = Store(tmp_path / "home")
    names = ["<b>Anna</b>", "*Ben*", "Cleo"]
    session = store.create(make_config("letzter", names, names[0]),
                           [HandRecord(tricks=("Cleo",) * 7 + (names[0],))]).id
    assert run("settle", session).code == 0
    html = run("share", session, "--format", "html").out
    md = run("share", session, "--format", "md").out
    assert "<b>Anna" not in html and "&lt;b&gt;Anna&lt;/b&gt; pays \\*Ben\\*" not in html
    assert "<li>&lt;b&gt;Anna&lt;/b&gt; pays *Ben* 1 point</li>" in html
    assert "- \\<b\\>Anna\\</b\\> pays \\*Ben\\* 1 point" in md
    assert "<b>Anna</b> pays *Ben* 1 point" in run("share", session).out  # text: as it is


def test_the_same_settle_up_is_recorded_again_only_after_a_hand_changed(run, tmp_path):
    store, session = saved(tmp_path, "kratzen", 3)
    args = ("settle", session, "--value", "0.1", "--currency", "EUR", "--json")
    assert json.loads(run(*args).out)["recorded"] is True
    store.count(session, {"Anna": Decimal(-3)})  # a chip count changes no standing
    assert json.loads(run(*args).out)["recorded"] is False
    fourth = replay_file(EXAMPLES / "kratzen.toml").settlements[3].record
    store.record(session, fourth)
    store.undo(session)  # the standings are as they were, but hands changed meanwhile
    assert json.loads(run(*args).out)["recorded"] is True
    assert len([e for e in store.open(session).events if type(e).__name__ == "SettledUp"]) == 2


def test_a_settle_up_stored_before_the_rule_had_a_name_audits_by_its_own_rule(run, tmp_path):
    # docs/rules.md, the worked Letzter Stich settle-up: the rule before (the one who owes
    # most pays the one owed most) had Cleo pay the pot 0.20 first, then Ben pay Dora 0.10;
    # such a settle-up has no "payments". It is still what was agreed: audit is clean, and
    # show says those payments. The same payments under "fewest" are not what that rule says.
    store, session = saved(tmp_path, "letzter-stich")
    assert run("settle", session, "--value", "0.10", "--currency", "EUR").code == 0
    path = file_of(store, session)
    data = json.loads(path.read_text("utf-8"))
    settle = next(e for e in data["events"].values() if e["type"] == "settle")
    assert settle["transfers"] == [{"from": "Ben", "to": "Dora", "amount": "0.1"},
                                   {"from": "Cleo", "to": "pot", "amount": "0.2"}]
    settle["transfers"] = [{"from": "Cleo", "to": "pot", "amount": "0.2"},
                           {"from": "Ben", "to": "Dora", "amount": "0.1"}]
    path.write_bytes(jsontext.canonical(resealed(data)))
    findings = audit_document(json.loads(path.read_text("utf-8")))
    assert findings and "stored transfers" in findings[0].message
    del settle["payments"]
    path.write_bytes(jsontext.canonical(resealed(data)))
    assert audit_document(json.loads(path.read_text("utf-8"))) == []
    assert run("audit", session).code == 0
    shown = run("show", session).out
    assert shown.index("Cleo pays 0.20 EUR into the pot") < shown.index("Ben pays Dora 0.10 EUR")


def test_a_value_is_said_to_the_cent_and_a_game_without_a_pot_has_no_pot_in_its_cents_rule(
        run):
    """Trial 32: "at 0.1 EUR a chip" for the 0.10 typed, and Letzter's settle-up said "(equal
    losses: in seating order, the pot last)" though Letzter has no pot."""
    letzter = run("replay", str(EXAMPLES / "letzter.toml"), "--save").out.split()[-1]
    said = " ".join(run("settle", letzter, "--value", "0.10", "--currency", "EUR",
                        "--preview").out.split())
    assert "Value: 0.10 EUR a point." in said, said
    assert "(equal losses: in seating order)." in said and "the pot last" not in said
