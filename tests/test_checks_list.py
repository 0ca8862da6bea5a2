"""The audit is a list of checks, one function each (beancount's validations are the model):
a check added to ``audit.AUDIT_CHECKS`` is named by ``audit``; one added to
``sessionfile.READING_CHECKS`` too makes the file damaged for ``show``, the exports and the
table app, which run those before they show anything (issue 25)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scorekeeper import audit, sessionfile
from scorekeeper.script import replay_file
from scorekeeper.sessionfile import Finding, SessionFile
from scorekeeper.tui.screens.table import TableScreen

from .conftest import EXAMPLES
from .test_stale import notices
from .tui_helpers import fixed_store, make_app

FORMATS = ("csv", "json", "md", "html", "beancount")
LIMIT = Decimal(50)


def pot_limit(file: SessionFile) -> list[Finding]:
    """A club's own rule: the pot never holds more than 50 chips after a hand."""
    return [Finding(hand=n, kind="conservation", message=(
                f"hand {n}: the pot holds {hand['pot_after']}, over the club's limit of 50"))
            for n, hand in sorted(file.stored.items())
            if hand.get("pot_after") is not None and Decimal(hand["pot_after"]) > LIMIT]


@pytest.fixture
def kratzen_evening(tmp_path):
    """The worked Kratzen example (RULES.md §3), stored: the pot after each hand is 15, 16, 51
    and 52, so the club's limit is passed at hands 3 and 4."""
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    assert [s.pot_after for s in ledger.settlements] == [15, 16, 51, 52]
    home = tmp_path / "home"
    session = fixed_store(home).create(ledger.config, [s.record for s in ledger.settlements])
    return home, session.id


def test_a_check_added_to_the_audit_is_named_by_audit_alone(kratzen_evening, run,
                                                            monkeypatch):
    _home, session_id = kratzen_evening
    assert run("audit", session_id).code == 0
    monkeypatch.setattr(audit, "AUDIT_CHECKS", [*audit.AUDIT_CHECKS, pot_limit])
    audited = run("audit", session_id, "--json")
    assert audited.code == 1
    assert json.loads(audited.out)["findings"] == [
        {"hand": 3, "kind": "conservation",
         "message": "hand 3: the pot holds 51, over the club's limit of 50"},
        {"hand": 4, "kind": "conservation",
         "message": "hand 4: the pot holds 52, over the club's limit of 50"}]
    assert run("show", session_id).code == 0  # the readers run their own list
    assert run("export", session_id, "--format", "csv").code == 0


def test_a_check_every_reader_runs_is_said_by_audit_show_the_exports_and_the_table(
        kratzen_evening, run, monkeypatch):
    home, session_id = kratzen_evening
    monkeypatch.setattr(audit, "AUDIT_CHECKS", [*audit.AUDIT_CHECKS, pot_limit])
    monkeypatch.setattr(sessionfile, "READING_CHECKS", [*sessionfile.READING_CHECKS, pot_limit])
    said = "hand 3: the pot holds 51, over the club's limit of 50"

    audited = run("audit", session_id)
    assert audited.code == 1 and said in audited.out
    shown = run("show", session_id)
    assert shown.code == 2 and f"damaged: {said}; run audit" in shown.err
    assert "52" not in shown.out  # nothing of the session is shown
    for fmt in FORMATS:
        exported = run("export", session_id, "--format", fmt)
        assert exported.code == 2 and said in exported.err, fmt
        assert exported.out == "", fmt


async def test_the_table_app_says_a_readers_finding_and_does_not_open_the_session(
        kratzen_evening, monkeypatch):
    home, session_id = kratzen_evening
    monkeypatch.setattr(sessionfile, "READING_CHECKS", [*sessionfile.READING_CHECKS, pot_limit])
    app = make_app(home, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        assert "hand 3: the pot holds 51, over the club's limit of 50" in notices(app)


def test_the_lists_are_what_the_audit_and_the_readers_run(kratzen_evening, monkeypatch):
    """Without its checks the audit finds nothing and the readers refuse nothing: what is
    checked is the lists, and nothing else."""
    home, session_id = kratzen_evening
    store = fixed_store(home)
    path = store.open(session_id).path
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"]["2"]["pot_after"] = "17"  # a figure changed by hand: its seal no longer fits
    path.write_text(json.dumps(data), encoding="utf-8")
    kinds = [f.kind for f in store.audit(session_id)[1]]
    assert kinds[0] == "figures" and "conservation" in kinds
    monkeypatch.setattr(audit, "AUDIT_CHECKS", [audit.audit_chain])
    monkeypatch.setattr(sessionfile, "READING_CHECKS", [sessionfile.read_chain])
    assert store.audit(session_id)[1] == []
    assert store.open(session_id).hand(2).pot_after == 17


# ---- the record's checks of who led and who won, with the cards ---------------------------------

@pytest.mark.parametrize("given, message", [
    ({"led_by": ["Ben"] + ["Dora"] * 6},
     "led_by: 8 names are needed (who led each trick), 7 were given"),
    ({"led_by": ["Anna"] + ["Dora"] * 7},
     "cards: trick 1 was led by Anna, but Ben leads it (the first lead is theirs)"),
    ({"led_by": ["Ben", "Dora", "Cleo"] + ["Dora"] * 5},
     "cards: trick 3 was led by Cleo, but Dora leads it (Dora won trick 2)"),
    ({"tricks": ["Dora"] * 7 + ["Anna"]},
     "tricks: trick 8 was won by Dora according to its cards, not Anna"),
])
def test_leads_and_winners_beside_the_cards_are_checked_one_by_one(given, message):
    """Anna deals Letzter Stich, so Ben leads trick 1; Dora plays the highest card of every
    trick, so she wins each and leads every trick after the first."""
    from scorekeeper.errors import RecordError

    from .conftest import play
    from .test_referee import SWEEP_CARDS

    assert play("letzter-stich", [{"cards": SWEEP_CARDS, "led_by": ["Ben"] + ["Dora"] * 7,
                                   "tricks": ["Dora"] * 8}]).state.hands_played == 1
    with pytest.raises(RecordError) as error:
        play("letzter-stich", [{"cards": SWEEP_CARDS, **given}])
    assert message in str(error.value)
