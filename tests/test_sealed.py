"""Everything shown is sealed: any single-field change to a session file (its header, an
event, a stored figure) is named by audit and refused by every reader and writer."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from scorekeeper.audit import audit_document
from scorekeeper.errors import StoreError
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store


def evening(tmp_path, continued: bool = False):
    """A Kratzen session of three hands, an amendment, a chip count and a settle-up, named,
    archived and taken out of the archive again; ``continued``: the next evening after one
    (its opening entry carries the pot the first left)."""
    clock = iter(f"2026-11-30T20:{m:02d}:00.000000Z" for m in range(60))
    store = Store(tmp_path, now=lambda: next(clock))
    players = ["Anna", "Ben", "Cleo", "Dora"]
    session = store.create(make_config("kratzen", players, "Dora" if continued else "Anna"),
                           language="de")  # the language it was played in: sealed too
    if continued:  # Dora deals a Muss; the next evening opens with its pot, Anna dealing
        store.record(session.id, HandRecord(indicator=("KC",), tricks=("Ben", "Ben", "Cleo",
                                                                         "Dora")))
        session = store.next_evening(session.id).session
    store.record(session.id, HandRecord(indicator=("KC",), entered=("Ben", "Cleo", "Dora"),
                                        tricks=("Ben", "Ben", "Cleo", "Dora")))
    store.record(session.id, HandRecord(indicator=("W", "AH"), entered=("Cleo", "Anna"),
                                        tricks=("Ben", "Cleo", "Ben", "Ben")))
    store.record(session.id, HandRecord(indicator=("9S",), entered=("Dora",),
                                        tricks=("Cleo", "Dora", "Dora", "Cleo")))
    store.amend(session.id, 1, {"tricks": ("Anna", "Anna", "Cleo", "Dora")})
    store.count(session.id, {"Anna": Decimal(-3)})
    store.settle_up(session.id, Decimal("0.10"), "EUR")  # every field of a settle-up, too
    store.name(session.id, "Friday at Anna's")
    store.archive(session.id)
    store.archive(session.id, archived=False)
    return store, session


def leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in leaves(v, (*path, i))]
    return [path]


def changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "1" if value and value[-1].isdigit() else value + "x"
    return "x"  # None


@pytest.mark.parametrize("continued", [False, True], ids=["first evening", "next evening"])
def test_every_single_field_change_is_named_and_refused(tmp_path, continued):
    store, session = evening(tmp_path, continued)
    if continued:  # the opening entry and every field of it are in the file
        assert session.rows[1]["type"] == "opening" and session.rows[1]["pot"] != "0"
    original = session.path.read_bytes()
    data = json.loads(original)
    # (The line and figures sealed at the end of the file for the listing are not the
    # session: a change there is only not believed, tests/test_listing_sealed.py.)
    paths = [path for path in leaves(data) if path[0] != "listing"]
    assert len(paths) > 200
    missed = []
    for path in paths:
        copy = json.loads(original)
        node = copy
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = changed(node[path[-1]])
        session.path.write_text(json.dumps(copy), encoding="utf-8")
        fresh = Store(tmp_path)
        found = audit_document(copy)
        try:
            fresh.open(session.id)
            opened = True
        except StoreError:
            opened = False
        try:
            fresh.record(session.id, HandRecord(indicator=("QD",), entered=(),
                                                tricks=()))
            written = True
        except StoreError:
            written = False
        if not found or opened or written:
            missed.append((path, bool(found), opened, written))
    session.path.write_bytes(original)
    assert not missed, missed[:10]


def test_a_changed_pot_is_said_by_show_sessions_export_and_refused_by_record(tmp_path, capsys):
    from scorekeeper.cli import main

    store, session = evening(tmp_path)
    data = json.loads(session.path.read_text(encoding="utf-8"))
    forged = "98765"  # a figure no id, digest or count of this session holds
    data["hands"]["3"]["pot_after"] = forged  # by hand, well formed
    session.path.write_text(json.dumps(data), encoding="utf-8")

    def run(*argv: str) -> tuple[int, str]:
        with pytest.raises(SystemExit) as done:
            main(["--home", str(tmp_path), *argv])
        out, err = capsys.readouterr()
        return int(done.value.code or 0), out + err

    for argv in (["show", session.id], ["export", session.id, "--format", "csv"],
                 ["record", session.id, "--indicator", "QD", "--entered", "", "--tricks", ""],
                 ["count", session.id, "Anna=1"], ["undo", session.id]):
        code, text = run(*argv)
        assert code == 2 and "hand 3's stored figures are not those its history sealed" in text
        assert forged not in text
    code, text = run("sessions")
    assert "DAMAGED" in text and forged not in text
    code, text = run("audit", session.id)
    assert code == 1 and "hand 3" in text


def test_a_language_given_to_a_file_that_had_none_is_refused(tmp_path):
    """A session started before sessions kept their language has none, in its header and in
    its start: it stays valid, and a language written into its header alone is damage."""
    store = Store(tmp_path)
    session = store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))
    data = json.loads(session.path.read_text(encoding="utf-8"))
    assert "language" not in data["session"]["1"] and "language" not in data["events"]["1"]
    assert Store(tmp_path).open(session.id).language is None
    data["session"]["1"]["language"] = "de"
    session.path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StoreError, match="the header's field 'language' is not what the "
                                         "session was started with"):
        Store(tmp_path).open(session.id)
    assert any("language" in f.message for f in audit_document(data))
