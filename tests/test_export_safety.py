"""Exports that hold whatever the clock did, cells that stay distinct and literal, and a pot too
large to keep exactly: one error naming the hand, at the command line and at the table."""

import functools
import json
import re
import subprocess
from decimal import Decimal

import pytest

from scorekeeper.errors import ScorekeeperError
from scorekeeper.export.bean import export_beancount
from scorekeeper.export.data import csv_text_cell, export_csv
from scorekeeper.export.pages import export_md
from scorekeeper.export.source import md_cell
from scorekeeper.rules import HandRecord, get_ruleset, make_config
from scorekeeper.store import Store
from scorekeeper.tui.screens.table import TableScreen

from .test_export import BEAN_CHECK
from .tui_helpers import make_app

# ---- 1. beancount: dates never go backwards ----------------------------------------------------

HAND = HandRecord(tricks=("Anna",) * 7 + ("Ben",))


class Clock:
    """A store's clock, set by the test before each thing it writes."""

    def __init__(self, now: str) -> None:
        self.now = now

    def __call__(self) -> str:
        return self.now


def _bean_check(tmp_path, text: str, name: str) -> None:
    assert BEAN_CHECK, "bean-check (from the beancount package) is needed for this test"
    target = tmp_path / f"{name}.beancount"
    target.write_text(text)
    checked = subprocess.run([BEAN_CHECK, str(target)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr + text


def _dates(text: str) -> list[str]:
    """The date of every entry but the notes (written last), in the order the file writes
    them; each note's date is checked not to come before the opening."""
    dated = re.findall(r"^(\d{4}-\d\d-\d\d) (\w+)", text, flags=re.MULTILINE)
    opened = dated[0][0] if dated else ""
    assert all(day >= opened for day, kind in dated if kind == "note"), text
    return [day for day, kind in dated if kind != "note"]


def test_beancount_holds_when_the_clock_is_set_back_between_hands(tmp_path):
    clock = Clock("2026-11-27T20:00:00.000000Z")
    store = Store(tmp_path, now=clock)
    session = store.create(make_config("letzter-stich", ["Anna", "Ben", "Cleo"], "Anna"))
    clock.now = "2026-11-28T20:00:00.000000Z"
    store.record(session.id, HAND)                   # hand 1
    clock.now = "2026-11-26T20:00:00.000000Z"        # the clock was set back two days
    store.record(session.id, HAND)                   # hand 2
    clock.now = "2026-11-28T21:00:00.000000Z"
    store.record(session.id, HAND)                   # hand 3
    clock.now = "2026-11-25T22:00:00.000000Z"        # set back again: a chip count
    store.count(session.id, {"Anna": Decimal(0)})
    text = export_beancount(store.open(session.id).export_source())
    dates = _dates(text)
    assert dates == sorted(dates), text
    assert dates[0] == "2026-11-27"          # the opening: the earliest date the export uses
    assert '2026-11-28 * "Hand 2: Ben deals' in text   # moved forward to hand 1's day
    assert '2026-11-28 note Assets:Players:Seat1-Anna "chip count after hand 3' in text
    _bean_check(tmp_path, text, "clock-set-back")


def test_beancount_holds_when_the_session_was_started_with_the_clock_ahead(tmp_path):
    clock = Clock("2027-01-15T09:00:00.000000Z")     # created: the clock was ahead
    store = Store(tmp_path, now=clock)
    session = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna"))
    clock.now = "2026-11-27T20:00:00.000000Z"
    store.record(session.id, HandRecord(indicator="KC", tricks=("Ben", "Ben", "Cleo", "Cleo")))
    clock.now = "2026-11-28T20:00:00.000000Z"
    store.record(session.id, HandRecord(indicator="KC", entered=("Cleo", "Anna"),
                                        tricks=("Cleo", "Cleo", "Anna", "Anna")))
    text = export_beancount(store.open(session.id).export_source())
    dates = _dates(text)
    assert dates == sorted(dates), text
    assert dates[0] == "2026-11-27"
    assert '2026-11-27 * "Hand 1: Anna deals' in text
    _bean_check(tmp_path, text, "clock-ahead")


@pytest.mark.parametrize("times", [
    ["not a time", "2026-11-28T20:00:00.000000Z", "", "9999-12-31T23:59:59.000000Z",
     "2026-02-30T20:00:00.000000Z"],
    ["9999-12-31T23:59:59.000000Z", "0001-01-01T00:00:00.000000Z", "2026-11-28"],
])
def test_beancount_holds_whatever_the_clock_says(tmp_path, times):
    clock = Clock(times[0])
    store = Store(tmp_path, now=clock)
    session = store.create(make_config("letzter-stich", ["Anna", "Ben", "Cleo"], "Anna"))
    for now in times[1:]:
        clock.now = now
        store.record(session.id, HAND)
    text = export_beancount(store.open(session.id).export_source())
    dates = _dates(text)
    assert dates == sorted(dates), text
    _bean_check(tmp_path, text, "any-clock")


# ---- 2. CSV cells stay distinct; Markdown shows & literally ------------------------------------

@pytest.mark.parametrize("first, second", [
    ("=1", "'=1"), ("'=1", "''=1"), ("-Bob", "'-Bob"), ("'", "''"), ("@x", "'@x"),
])
def test_csv_cells_of_different_names_differ(first, second):
    assert csv_text_cell(first) != csv_text_cell(second)


@pytest.mark.parametrize("value, expected", [
    ("=1", "'=1"), ("'=1", "''=1"), ("'Anna", "''Anna"), ("Anna's", "Anna's"),
    ("+SUM(A1)", "'+SUM(A1)"), ("\tx", "'\tx"), ("Anna", "Anna"),
])
def test_csv_cells_are_neutralised_and_a_leading_quote_is_kept_apart(value, expected):
    assert csv_text_cell(value) == expected


def test_csv_export_keeps_two_names_that_differ_by_a_quote_apart(tmp_path):
    store = Store(tmp_path, now=lambda: "2026-11-28T20:00:00.000000Z")
    session = store.create(make_config("letzter", ["=1", "'=1", "Cleo"], "=1"))
    text = export_csv(store.open(session.id).export_source(), standings=True)
    cells = [line.split(",")[1] for line in text.splitlines()[1:]]
    assert cells == ["'=1", "''=1", "Cleo"]


def test_markdown_shows_an_ampersand_literally(tmp_path):
    assert md_cell("A &amp; B") == "A &amp;amp; B"
    assert md_cell("Ben & Co") == "Ben &amp; Co"
    store = Store(tmp_path, now=lambda: "2026-11-28T20:00:00.000000Z")
    session = store.create(make_config("letzter", ["&amp;", "&lt;b&gt;", "Cleo"], "Cleo"))
    sheet = export_md(store.open(session.id).export_source())
    assert "| 1 | &amp;amp; (leading) |" in sheet and "| 2 | &amp;lt;b&amp;gt; (leading) |" in sheet
    assert "| kind | &amp;amp; | &amp;lt;b&amp;gt; | Cleo |" in sheet
    assert "| &amp; " not in sheet and "&lt;b" not in sheet.replace("&amp;lt;b", "")


# ---- 3. a pot too large to keep exactly -------------------------------------------------------

PLAYERS = ("Anna", "Ben", "Cleo")


def _doubling_hand(i: int) -> dict:
    """Hand ``i + 1`` (from 0): the dealer takes no trick and pays 2P; the pot doubles."""
    others = [PLAYERS[(i + 1) % 3], PLAYERS[(i + 2) % 3]]
    hand: dict = {"indicator": "KC", "tricks": [others[0], others[0], others[1], others[1]]}
    if i:
        hand["entered"] = others
    return hand


@functools.cache
def _first_too_large() -> int:
    """The first hand whose amounts no longer fit the exact context (the ruleset's own
    ``settle``, which raises the context's ArithmeticError)."""
    ruleset = get_ruleset("kratzen")
    config = make_config("kratzen", list(PLAYERS), "Anna", {"rotations": 1000})
    state = ruleset.initial_state(config)
    for i in range(600):
        try:
            settlement = ruleset.settle(config, state, HandRecord(**_doubling_hand(i)))
        except ArithmeticError:
            return i + 1
        state = ruleset.advance(config, state, settlement)
    raise AssertionError("the pot never grew too large")


def test_replaying_a_pot_too_large_names_the_hand(run, tmp_path):
    hands = [_doubling_hand(i) for i in range(450)]
    script = tmp_path / "doubling.json"
    script.write_text(json.dumps({"game": "kratzen", "players": list(PLAYERS),
                                  "first_dealer": "Anna", "options": {"rotations": 1000},
                                  "hands": hands}))
    result = run("replay", str(script))
    assert result.code == 2
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.err
    assert f"hand {_first_too_large()}: " in lines[0], lines[0]
    assert "too large to be kept exactly" in lines[0]


def test_recording_a_pot_too_large_names_the_hand(tmp_path):
    n = _first_too_large()
    store = Store(tmp_path, now=lambda: "2026-11-28T20:00:00.000000Z")
    config = make_config("kratzen", list(PLAYERS), "Anna", {"rotations": 1000})
    session = store.create(config, [HandRecord(**_doubling_hand(i)) for i in range(n - 1)])
    with pytest.raises(ScorekeeperError, match=f"hand {n}: .*too large to be kept exactly"):
        store.record(session.id, HandRecord(**_doubling_hand(n - 1)))


async def test_the_table_says_a_pot_too_large_and_does_not_crash(tmp_path):
    n = _first_too_large()
    store = Store(tmp_path, now=lambda: "2026-11-28T20:00:00.000000Z")
    config = make_config("kratzen", list(PLAYERS), "Anna", {"rotations": 1000})
    session = store.create(config, [HandRecord(**_doubling_hand(i)) for i in range(n - 1)])
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = _doubling_hand(n - 1)
        keys = ["k", "a"]  # the King of acorns (the German pack, in English)
        keys += ["p" if p in hand["entered"] else "d"
                 for p in config.clockwise_from(screen.state.dealer)[1:]]
        keys += [str(config.seat_of(w) + 1) for w in hand["tricks"]]
        await pilot.press(*keys)
        assert screen.entry.complete, screen.entry.prompt()
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        said = app.said
        assert any(f"hand {n}: " in m and "too large to be kept exactly" in m for m in said), said
    assert store.open(session.id).hands_played == n - 1
