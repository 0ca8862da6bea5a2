"""A figure forged and every seal and hash written again (what someone with the file and this
program can do) is never exported: every export format prints the figure the rules give, as
``show`` does, and ``audit`` names the hand (issue 24)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from scorekeeper import chain
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store

FORMATS = ("csv", "json", "md", "html", "beancount")


def reseal(data: dict[str, Any]) -> None:
    """Each hand's seal, then each event's hash, written again over the file as it now is."""
    events, hands = data["events"], data["hands"]
    for key in sorted(events, key=int):
        event = events[key]
        if event.get("type") == "hand":
            event["figures"] = chain.figures_seal(hands[str(event["number"])])
    previous = chain.GENESIS
    for key in sorted(events, key=int):
        event = events[key]
        event["prev"] = previous
        event.pop("hash")
        event["hash"] = previous = chain.event_hash(event)


@pytest.fixture
def evening(tmp_path):
    """Anna, Ben and Cleo play three hands of Kratzen and settle up at 10 cents a chip."""
    clock = iter(f"2026-11-30T20:{m:02d}:00.000000Z" for m in range(60))
    store = Store(tmp_path / "home", now=lambda: next(clock))
    session = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna"))
    # 1: Anna deals a Muss (the pot is empty): everyone pays in, Ben takes three tricks.
    store.record(session.id, HandRecord(indicator=("KC",), tricks=("Ben", "Ben", "Ben",
                                                                     "Cleo")))
    # 2: Ben deals, Cleo plays with him and takes two tricks.
    store.record(session.id, HandRecord(indicator=("9S",), entered=("Cleo",),
                                        tricks=("Ben", "Cleo", "Cleo", "Ben")))
    store.settle_up(session.id, Decimal("0.10"), "EUR")
    return store, session


def test_a_resealed_forged_figure_is_exported_as_the_rules_give_it(evening, run):
    store, session = evening
    data = json.loads(session.path.read_text(encoding="utf-8"))
    true_pot = data["hands"]["2"]["pot_after"]
    honest = {fmt: run("export", session.id, "--format", fmt) for fmt in FORMATS}
    shown = run("show", session.id, "--json").out

    forged = "98765"  # a figure no id, digest, time or count of this evening holds
    data["hands"]["2"]["pot_after"] = forged
    data["hands"]["2"]["scores_after"]["Ben"] = "-" + forged
    assert forged not in session.path.read_text(encoding="utf-8")
    old_hashes = [data["events"][k]["hash"] for k in sorted(data["events"], key=int)]
    old_seal = data["events"]["3"]["figures"]
    reseal(data)
    session.path.write_text(json.dumps(data), encoding="utf-8")
    new_hashes = [data["events"][k]["hash"] for k in sorted(data["events"], key=int)]

    def as_forged(text: str) -> str:
        """The honest export with the rewritten chain's hashes and seal in place of the old."""
        for old, new in [*zip(old_hashes, new_hashes, strict=True),
                         (old_seal, data["events"]["3"]["figures"])]:
            text = text.replace(old, new).replace(old[:12], new[:12])
        return text

    assert run("show", session.id, "--json").out == shown  # show settles again: the rules'
    for fmt in FORMATS:
        result = run("export", session.id, "--format", fmt)
        assert result.code == 0, result.err
        assert forged not in result.out, fmt
        assert result.out == as_forged(honest[fmt].out), fmt
    assert f'"pot_after": "{true_pot}"' in run("export", session.id, "--format", "json").out

    audited = run("audit", session.id, "--json")
    assert audited.code == 1
    found = json.loads(audited.out)["findings"]
    assert any(f["hand"] == 2 and "pot_after" in f["message"] and forged in f["message"]
               for f in found)
